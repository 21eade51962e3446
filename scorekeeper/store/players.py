"""The players: one row per person, whatever case their name is typed in."""

from __future__ import annotations

import unicodedata

from sqlite_utils import Database

NAME_MAX = 40


def tidy_name(name: str) -> str:
    """Return the name without outer spaces and with inner runs of spaces made single."""
    return " ".join(name.split())


def name_problem(name: str) -> str | None:
    """What makes a name unusable (too long, a comma, an invisible control character), or None."""
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters"
    if "," in name:
        return "a name cannot contain a comma"
    # Control characters and lone surrogates cannot be shown, and SQLite cannot store the latter.
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return "a name cannot contain control characters"
    return None


def find_player(db: Database, name: str) -> dict | None:
    """Return the player with this name, in any case, or None."""
    rows = db.query(
        "SELECT id, name FROM players WHERE name = ? COLLATE NOCASE", [tidy_name(name)]
    )
    return next(rows, None)


def add_player(db: Database, name: str) -> int:
    """Return the id of the player with this name, adding them if they are new."""
    # One statement, so two phones adding the same new name cannot both insert it.
    db.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", [tidy_name(name)])
    player = find_player(db, name)
    assert player is not None
    return player["id"]


def all_players(db: Database) -> list[dict]:
    """Return every player, in alphabetical order."""
    return list(db.query("SELECT id, name FROM players ORDER BY name COLLATE NOCASE, id"))
