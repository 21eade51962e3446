"""A club night: several tables, rounds, seating, event points and standings (issue 27)."""
