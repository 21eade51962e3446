"""Game nights: the home page with the way back to the game in play, a new night, and a
night's page."""
