"""The table in play: the actions of each series' current hand in table mode, as stored."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from .db import now


class TableChanged(Exception):
    """The table changed on another phone since the page was loaded."""

    def __init__(self) -> None:
        super().__init__(
            "The table changed since this page was loaded (another phone recorded "
            "an action). Nothing was saved: check the table below and enter it "
            "again."
        )


def live_actions(db: Database, series_id: int) -> list[Any]:
    """The actions recorded so far for the series' hand in play; empty when none."""
    row = next(db.table("live_tables").rows_where("series_id = ?", [series_id]), None)
    return json.loads(row["actions"]) if row else []


def check_unchanged(db: Database, series_id: int, seen: int | None) -> list[Any]:
    """The stored actions, if there are as many as the page showed; else TableChanged."""
    actions = live_actions(db, series_id)
    if seen != len(actions):
        raise TableChanged
    return actions


def store_actions(db: Database, series_id: int, actions: list[dict]) -> None:
    """Keep the hand's actions (a table cleared before is then forgotten); with none
    left, the series has no table in play."""
    if not actions:
        clear_table(db, series_id)
        return
    db.table("live_tables").upsert(
        {"series_id": series_id, "actions": json.dumps(actions), "updated": now(), "cleared": None},
        pk="series_id",
    )


def clear_table(db: Database, series_id: int) -> None:
    """Forget the table in play (the hand was saved, or every action was undone)."""
    db.table("live_tables").delete_where("series_id = ?", [series_id])


def set_aside(db: Database, series_id: int, actions: list[Any]) -> None:
    """Clear the table in play but keep its actions, until the next action, to bring back."""
    db.table("live_tables").upsert(
        {"series_id": series_id, "actions": "[]", "updated": now(), "cleared": json.dumps(actions)},
        pk="series_id",
    )


def cleared_actions(db: Database, series_id: int) -> list[Any]:
    """The actions of a table the scorer cleared, while nothing new was recorded; else empty."""
    row = next(db.table("live_tables").rows_where("series_id = ?", [series_id]), None)
    if not row or not row.get("cleared") or json.loads(row["actions"]):
        return []
    return json.loads(row["cleared"])


def last_change(db: Database, series_id: int) -> str:
    """When the table in play last changed, and how many actions it holds: a tag for the
    viewer ('' when there is none)."""
    row = next(db.table("live_tables").rows_where("series_id = ?", [series_id]), None)
    return f"{len(json.loads(row['actions']))}@{row['updated']}" if row else ""
