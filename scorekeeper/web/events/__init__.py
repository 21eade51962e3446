"""Events (issue 27): a club night or tournament of several tables and rounds. The JSON API
(`api.py`); the organiser's, players' and big-screen pages beside it."""
