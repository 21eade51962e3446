"""A series: starting one, its page with the standings and the score sheet, and the house
rulings recorded on it."""
