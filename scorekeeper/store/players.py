"""The players: one row per person, however their name is typed (engine.names.name_key)."""

from __future__ import annotations

from sqlite_utils import Database

from ..engine.names import NAME_MAX, lookalike, name_key, name_problem, tidy_name

__all__ = [
    "NAME_MAX",
    "add_player",
    "all_players",
    "find_player",
    "lookalike",
    "name_key",
    "name_problem",
    "tidy_name",
]


def find_player(db: Database, name: str) -> dict | None:
    """Return the player with this name, in any case or form, or None."""
    rows = db.query("SELECT id, name FROM players WHERE name_key = ?", [name_key(name)])
    return next(rows, None)


def add_player(db: Database, name: str) -> int:
    """Return the id of the player with this name, adding them if they are new. A name
    drawn like a known player's (a Cyrillic dze, U+0405, for a Latin "S":
    engine.names.lookalike) is that player: nobody could tell the two apart."""
    found = find_player(db, name)
    if found is not None:
        return int(found["id"])
    known = all_players(db)
    twin = lookalike(name, [row["name"] for row in known])
    if twin is not None:
        return next(int(row["id"]) for row in known if row["name"] == twin)
    # One statement, so two phones adding the same new name cannot both insert it.
    db.execute(
        "INSERT OR IGNORE INTO players (name, name_key) VALUES (?, ?)",
        [tidy_name(name), name_key(name)],
    )
    player = find_player(db, name)
    assert player is not None
    return player["id"]


def all_players(db: Database) -> list[dict]:
    """Return every player, in alphabetical order."""
    return list(db.query("SELECT id, name FROM players ORDER BY name COLLATE NOCASE, id"))
