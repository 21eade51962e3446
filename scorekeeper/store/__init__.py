"""Storage: the SQLite database through sqlite-utils, and every row the score pad keeps.

Each function takes the database first. Nothing here imports Flask, WTForms or a page;
the rules come from the engine.
"""
