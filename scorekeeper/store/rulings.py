"""House rulings: what a table agreed where the rules were unclear, kept with the series."""

from __future__ import annotations

from sqlite_utils import Database

from .db import insert, now


def add_ruling(
    db: Database,
    series_id: int,
    text: str,
    hand_number: int | None = None,
    agreed_by: str | None = None,
) -> int:
    """Store a ruling made at the table and return its id."""
    return insert(
        db,
        "rulings",
        {
            "series_id": series_id,
            "hand_number": hand_number,
            "text": text,
            "agreed_by": agreed_by or None,
            "created": now(),
        },
    )


def series_rulings(db: Database, series_id: int) -> list[dict]:
    """The rulings of one series, oldest first."""
    return list(db.query("SELECT * FROM rulings WHERE series_id = ? ORDER BY id", [series_id]))


def night_rulings(db: Database, night_id: int) -> list[dict]:
    """The rulings of every series of a night, oldest first, each with its series' id and name."""
    return list(
        db.query(
            "SELECT r.*, s.name AS series_name FROM rulings r JOIN series s ON s.id = r.series_id"
            " WHERE s.night_id = ? ORDER BY r.id",
            [night_id],
        )
    )
