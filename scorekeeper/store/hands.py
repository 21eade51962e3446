"""Hands of a series: record, edit, delete with undo, each change kept in the audit trail."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ..engine import (
    HandResult,
    InvalidHand,
    InvalidSeries,
    SeriesResult,
    read_hand,
    score_series,
)
from ..engine.table import Table, replay
from . import live_tables
from .db import now, write_lock
from .series import Series


class HandRefused(Exception):
    """A hand the engine refuses, or one that does not fit the series."""

    def __init__(self, error: InvalidHand | InvalidSeries | live_tables.TableChanged):
        super().__init__(str(error))
        self.error = error


def series_hands(db: Database, series_id: int) -> list[dict]:
    """The series' hands that are not deleted, in the order they were played."""
    return list(db["hands"].rows_where("series_id = ? AND deleted_at IS NULL", [series_id],
                                       order_by="number"))


def get_hand(db: Database, hand_id: int) -> dict | None:
    """The hand with this id (deleted or not), or None."""
    return next(db["hands"].rows_where("id = ?", [hand_id]), None)


def last_deleted(db: Database, series_id: int) -> dict | None:
    """The series' most recently deleted hand, which can still be brought back."""
    return next(db["hands"].rows_where("series_id = ? AND deleted_at IS NOT NULL",
                                       [series_id], order_by="deleted_at DESC, id DESC",
                                       limit=1), None)


def score(series: Series, rows: list[dict]) -> SeriesResult:
    """Score the stored hands with the series' frozen variant."""
    records = [read_hand(json.loads(r["record"]), series.variant, series.names) for r in rows]
    return score_series(series.variant, series.names, series.end, records)


def check_series(series: Series, records: list[dict]) -> SeriesResult:
    """Score the series as it would be with these hand records, or raise HandRefused."""
    try:
        checked = [read_hand(r, series.variant, series.names) for r in records]
    except InvalidHand as error:
        raise HandRefused(error) from None
    try:
        return score_series(series.variant, series.names, series.end, checked)
    except (InvalidSeries, InvalidHand) as error:
        raise HandRefused(error) from None


def _records(rows: list[dict]) -> list[dict]:
    return [json.loads(r["record"]) for r in rows]


def _audit(db: Database, hand_id: int, action: str, old: dict | None, new: dict | None) -> None:
    db["hand_audit"].insert({
        "hand_id": hand_id, "at": now(), "action": action,
        "old": json.dumps(old, sort_keys=True) if old is not None else None,
        "new": json.dumps(new, sort_keys=True) if new is not None else None,
    })


def _scores(result: HandResult) -> dict:
    return {"scores": json.dumps(result.scores), "winner": result.winner}


def record_hand(db: Database, series: Series, record: dict,
                table_actions: list[dict] | None = None) -> dict:
    """Check the hand against the whole series and store it; return the stored row.

    A hand played in table mode keeps its `table_actions`, which must be the
    series' table in play. Either way the table in play was this hand's, so it is
    cleared in the same transaction: the next hand starts with an empty table."""
    with write_lock(db):
        if table_actions is not None and live_tables.live_actions(db, series.id) != table_actions:
            raise HandRefused(live_tables.TableChanged())
        rows = series_hands(db, series.id)
        result = check_series(series, [*_records(rows), record])
        number = (db.execute("SELECT max(number) FROM hands WHERE series_id = ?",
                             [series.id]).fetchone()[0] or 0) + 1
        stamp = now()
        hand_id = db["hands"].insert({
            "series_id": series.id, "number": number, "record": json.dumps(record),
            "created": stamp, "updated": stamp, **_scores(result.hands[-1]),
            "table_actions": json.dumps(table_actions) if table_actions is not None else None,
        }).last_pk
        _audit(db, hand_id, "created", None, record)
        live_tables.clear_table(db, series.id)
    return get_hand(db, hand_id)


def hand_table(series: Series, hand: dict) -> Table | None:
    """The table of a hand played in table mode, rebuilt from its actions; else None."""
    if not hand.get("table_actions"):
        return None
    return replay(series.variant, series.names, json.loads(hand["table_actions"]))


def hand_export(series: Series, hand: dict) -> dict:
    """The hand in the JSON hand format, with its variant, as `scorekeeper score` reads it."""
    variant = series.variant.to_dict() if series.variant.custom else series.variant.id
    return {"variant": variant, **json.loads(hand["record"])}


def edit_hand(db: Database, series: Series, hand_id: int, record: dict) -> None:
    """Replace a hand's record; the whole series must still score."""
    with write_lock(db):
        rows = series_hands(db, series.id)
        index = next((i for i, r in enumerate(rows) if r["id"] == hand_id), None)
        if index is None:  # deleted from another phone since the form was opened
            raise HandRefused(InvalidSeries("this hand was deleted in the meantime"))
        records = _records(rows)
        old = records[index]
        records[index] = record
        result = check_series(series, records)
        db["hands"].update(hand_id, {"record": json.dumps(record), "updated": now(),
                                     **_scores(result.hands[index])})
        _audit(db, hand_id, "edited", old, record)


def delete_hand(db: Database, hand_id: int) -> None:
    """Set a hand aside; it can be brought back."""
    with write_lock(db):
        hand = get_hand(db, hand_id)
        db["hands"].update(hand_id, {"deleted_at": now()})
        _audit(db, hand_id, "deleted", json.loads(hand["record"]), None)


def restore_hand(db: Database, series: Series, hand_id: int) -> None:
    """Bring a deleted hand back in its place, if the series still has room for it."""
    with write_lock(db):
        hand = get_hand(db, hand_id)
        rows = [*series_hands(db, series.id), hand]
        rows.sort(key=lambda r: r["number"])
        check_series(series, _records(rows))
        db["hands"].update(hand_id, {"deleted_at": None})
        _audit(db, hand_id, "restored", None, json.loads(hand["record"]))


def hand_audit(db: Database, hand_id: int) -> list[dict]:
    """Every change to the hand, oldest first, with old and new records."""
    entries = list(db["hand_audit"].rows_where("hand_id = ?", [hand_id], order_by="id"))
    for entry in entries:
        entry["old"] = json.loads(entry["old"]) if entry["old"] else None
        entry["new"] = json.loads(entry["new"]) if entry["new"] else None
    return entries
