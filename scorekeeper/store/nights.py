"""Game nights: storing one, and reading a night, the nights of a day and the latest ones."""

from __future__ import annotations

import json
from datetime import date

from sqlite_utils import Database

from ..engine.variant_data import stored_name
from .db import insert, now
from .series import seats


def create_night(db: Database, day: date, place: str | None, note: str | None) -> int:
    """Store a new game night and return its id."""
    row = {"date": day.isoformat(), "place": place or None, "note": note or None, "created": now()}
    return insert(db, "nights", row)


def get_night(db: Database, night_id: int) -> dict | None:
    """Return the night with this id, or None."""
    return next(db.table("nights").rows_where("id = ?", [night_id]), None)


NIGHTS_WITH_SERIES_COUNT = """
SELECT nights.*, (SELECT count(*) FROM series WHERE night_id = nights.id) AS series_count,
  (SELECT name FROM events WHERE night_id = nights.id ORDER BY id LIMIT 1) AS event_name
FROM nights WHERE {where} ORDER BY date DESC, id DESC
"""


def nights_on(db: Database, day: date) -> list[dict]:
    """Return the nights held on this day, newest first, with how many series each has and
    the name of the event it holds (an event's night is its own), or None."""
    sql = NIGHTS_WITH_SERIES_COUNT.format(where="date = ?")
    return list(db.query(sql, [day.isoformat()]))


def recent_nights(db: Database, other_than: date, limit: int = 10) -> list[dict]:
    """Return the latest nights held on another day, with how many series each has."""
    sql = NIGHTS_WITH_SERIES_COUNT.format(where="date != ?") + " LIMIT ?"
    return list(db.query(sql, [other_than.isoformat(), limit]))


def night_series(db: Database, night_id: int) -> list[dict]:
    """Return the night's series in the order they were started, each with its players."""
    series = list(db.table("series").rows_where("night_id = ?", [night_id], order_by="id"))
    seated = seats(db, [one["id"] for one in series])
    for one in series:
        one["variant_name"] = stored_name(
            one["variant_id"], json.loads(one["variant_rules"])["name"]
        )
        one["players"] = [name for _, name in seated[one["id"]]]
    return series
