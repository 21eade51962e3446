"""Looking back: every night's results, the player pages with their charts, and merging two
players who are one person."""
