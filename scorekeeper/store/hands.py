"""Hands of a series: record, edit, delete with undo, each change kept in the audit trail."""

from __future__ import annotations

import json
from contextlib import suppress

from sqlite_utils import Database

from ..engine import (
    HandResult,
    InvalidHand,
    InvalidSeries,
    SeriesResult,
    read_hand,
    score_hand,
    tally_from,
    tally_series,
    with_hand,
)
from ..engine.table import Table, replay
from ..engine.words import Words
from . import clock, drafts, live_tables, tallies
from .db import insert, now, write_lock
from .hand_results import stored_result
from .once import Once, remember, remembered
from .series import Series, series_of, standing
from .spelling import as_seated


class AlreadySaved(Exception):
    """The request's one-time key already recorded a hand: nothing new is stored."""

    def __init__(self, hand: dict, request: dict):
        super().__init__(f"hand {hand['number']} was already saved")
        self.hand = hand
        self.request = request


class HandRefused(Exception):
    """A hand the engine refuses, or one that does not fit the series."""

    def __init__(self, error: InvalidHand | InvalidSeries | live_tables.TableChanged):
        super().__init__(str(error))
        self.error = error

    @property
    def words(self) -> Words | str:
        """The engine's message as it made it (its Words), for a page to read in its language;
        `str()` is its English, for the logs and the API."""
        if isinstance(self.error, (InvalidHand, InvalidSeries)):
            return self.error.words
        return str(self.error)


def series_hands(db: Database, series_id: int) -> list[dict]:
    """The series' hands that are not deleted, in the order they were played."""
    return list(
        db.table("hands").rows_where(
            "series_id = ? AND deleted_at IS NULL", [series_id], order_by="number"
        )
    )


# The whole series as one JSON array: reading it at once costs a third of reading each
# hand's scores on its own, which counts for a series of thousands of hands.
SHEET = """
SELECT json_group_array(json_array(id, number, winner, json(scores))) FROM (
  SELECT id, number, winner, scores FROM hands WHERE series_id = ? AND deleted_at IS NULL)
"""


def sheet_hands(db: Database, series_id: int) -> list[dict]:
    """The series' hands that are not deleted, in the order they were played, with only what
    standings and the score sheet read: id, number, and the outcome (scores and winner)."""
    (found,) = db.execute(SHEET, [series_id]).fetchone()
    hands = [
        {"id": i, "number": n, "outcome": HandResult(w, scores)}
        for i, n, w, scores in json.loads(found)
    ]
    return sorted(hands, key=lambda hand: hand["number"])


SLICE = """
SELECT id, number, winner, scores FROM hands WHERE series_id = ? AND deleted_at IS NULL
ORDER BY number LIMIT ? OFFSET ?
"""


def sheet_slice(db: Database, series_id: int, start: int, count: int) -> list[dict]:
    """`count` hands of the sheet from its `start`th (0 the first), as sheet_hands gives them,
    each with its place on the sheet (1 the first): a page shows these, never all of a
    series of thousands of hands."""
    start = max(start, 0)
    return [
        {"id": i, "number": n, "place": start + k + 1, "outcome": HandResult(w, json.loads(s))}
        for k, (i, n, w, s) in enumerate(db.execute(SLICE, [series_id, count, start]))
    ]


def place_of(db: Database, series_id: int, number: int) -> int:
    """Where a hand with this number stands, or would stand, on the sheet (1 the first)."""
    (before,) = db.execute(
        "SELECT count(*) FROM hands WHERE series_id = ? AND deleted_at IS NULL AND number < ?",
        [series_id, number],
    ).fetchone()
    return int(before) + 1


def row_of(db: Database, hand: dict) -> int:
    """The hand's number as every page, message and sentence of the API says it: its row on
    the score sheet (1 the first), a deleted hand's the row it would take back. The stored
    `number` only grows (a deleted hand keeps its own, so Undo puts it back in its place, and
    drafts and one-time keys hold to it): after a deletion it is not the row the sheet shows."""
    return place_of(db, hand["series_id"], hand["number"])


def next_row(db: Database, series_id: int) -> int:
    """The row the next hand saved will take on the score sheet (see row_of)."""
    return place_of(db, series_id, drafts.next_number(db, series_id))


def get_hand(db: Database, hand_id: int) -> dict | None:
    """The hand with this id (deleted or not), or None."""
    return next(db.table("hands").rows_where("id = ?", [hand_id]), None)


# Deletion times are kept to the second, and a clock can be set back: the audit trail's
# order (its ids only grow) says which hand went last, whatever the times say.
LAST_DELETED = """
SELECT hands.* FROM hands LEFT JOIN hand_audit AS audit
  ON audit.hand_id = hands.id AND audit.action = 'deleted'
WHERE hands.series_id = ? AND hands.deleted_at IS NOT NULL
GROUP BY hands.id ORDER BY MAX(audit.id) DESC NULLS LAST, hands.id DESC LIMIT 1
"""


def last_deleted(db: Database, series_id: int) -> dict | None:
    """The series' most recently deleted hand, which can still be brought back."""
    return next(db.query(LAST_DELETED, [series_id]), None)


def hand_record(row: dict) -> dict:
    """The hand as it was saved, in the JSON hand format (without the variant)."""
    record: dict = json.loads(row["record"])
    return record


def hand_result(row: dict) -> HandResult:
    """The hand's whole result (every line of every score, who opened) as the engine gave
    it when the hand was saved or last fixed; the series' variant is frozen, so it holds."""
    if row["result"] is None:  # a record the engine cannot read (store.hand_results)
        return hand_outcome(row)
    return HandResult.from_record(json.loads(row["result"]))


def hand_outcome(row: dict) -> HandResult:
    """The hand's scores and winner as stored with its result, without the breakdown:
    all that totals and standings need."""
    return HandResult(row["winner"], json.loads(row["scores"]))


def tally(series: Series, hands: list[dict]) -> SeriesResult:
    """The series as its stored hands (from sheet_hands) make it: totals, hands won,
    standings, whether it ended."""
    return tally_series(
        series.variant, series.names, series.end, [hand["outcome"] for hand in hands]
    )


def check_hand(series: Series, record: dict) -> HandResult:
    """Score a hand record under the series' frozen variant, or raise HandRefused."""
    try:
        return score_hand(read_hand(record, series.variant, series.names))
    except InvalidHand as error:
        raise HandRefused(error) from None


def check_series(series: Series, results: list[HandResult]) -> SeriesResult:
    """The series as it would be with these hands' results, or HandRefused (a hand after
    the series ended)."""
    try:
        return tally_series(series.variant, series.names, series.end, results)
    except InvalidSeries as error:
        raise HandRefused(error) from None


def _audit(db: Database, hand_id: int, action: str, old: dict | None, new: dict | None) -> None:
    db.table("hand_audit").insert(
        {
            "hand_id": hand_id,
            "at": now(),
            "action": action,
            "old": json.dumps(old, sort_keys=True) if old is not None else None,
            "new": json.dumps(new, sort_keys=True) if new is not None else None,
        }
    )


def record_hand(
    db: Database,
    series: Series,
    record: dict,
    table_actions: list[dict] | None = None,
    once: Once | None = None,
    drafts_seen: dict[int, str] | None = None,
) -> dict:
    """Check the hand against the whole series and store it; return the stored row.

    A hand played in table mode keeps its `table_actions`, which must be the
    series' table in play. Either way the table in play was this hand's, so it is
    cleared in the same transaction: the next hand starts with an empty table.
    With a one-time key already used in this series through the same endpoint, nothing is
    stored: AlreadySaved says which hand of this series it recorded (looked up under the
    write lock, so two taps at once store one hand). The same key in another series is
    another request. With `drafts_seen` (each seat's draft token the form last read), a
    rack a phone sent since that the hand does not hold refuses the save (NewerDrafts)."""
    with write_lock(db):
        if once is not None:
            _not_saved_yet(db, series.id, once)
        if table_actions is not None and live_tables.live_actions(db, series.id) != table_actions:
            raise HandRefused(live_tables.TableChanged())
        result = check_hand(series, record)
        record = as_seated(record, series.names)
        if drafts_seen is not None:
            drafts.check_seen(db, series.id, series.variant, record["players"], drafts_seen)
        # The kept standing plus this hand: a save never tallies the whole series again.
        try:
            after = with_hand(
                series.variant,
                series.names,
                series.end,
                series.first_dealer,
                standing(db, series),
                result,
                series.listing,
            )
        except InvalidSeries as error:
            raise HandRefused(error) from None
        number = (
            db.execute("SELECT max(number) FROM hands WHERE series_id = ?", [series.id]).fetchone()[
                0
            ]
            or 0
        ) + 1
        stamp = now()
        hand_id = insert(
            db,
            "hands",
            {
                "series_id": series.id,
                "number": number,
                "record": json.dumps(record),
                "created": stamp,
                "updated": stamp,
                **stored_result(result),
                "table_actions": json.dumps(table_actions) if table_actions is not None else None,
            },
        )
        _audit(db, hand_id, "created", None, record)
        tallies.keep_tally(db, series.id, series.names, after)
        live_tables.clear_table(db, series.id)
        # The hand is over: its turn clock stops, set for the next hand (store.clock).
        clock.stop_clock(db, series, after.played + 1)
        # The racks the players sent for this hand are in it now (or were overruled).
        drafts.clear_drafts(db, series.id, number)
        if once is not None:
            remember(db, once, series.id, hand_id)
    return db.table("hands").get(hand_id)


def _not_saved_yet(db: Database, series_id: int, once: Once) -> None:
    request = remembered(db, series_id, once)
    if request is not None:
        raise AlreadySaved(db.table("hands").get(request["hand_id"]), request)


def hand_table(series: Series, hand: dict) -> Table | None:
    """The table of a hand played in table mode, rebuilt from its actions; else None."""
    if not hand.get("table_actions"):
        return None
    return replay(series.variant, series.names, json.loads(hand["table_actions"]))


def hand_export(series: Series, hand: dict) -> dict:
    """The hand in the JSON hand format, with its variant, as `scorekeeper score` reads it."""
    variant = series.variant.to_dict() if series.variant.custom else series.variant.id
    return {"variant": variant, **hand_record(hand)}


def edit_hand(
    db: Database,
    series: Series,
    hand_id: int,
    record: dict,
    table_actions: list[dict] | None = None,
) -> None:
    """Replace a hand's record and its result; the series must still hold every hand (a
    lower total can end a series by target score sooner). A hand played in table mode
    whose table was fixed keeps its new `table_actions` too."""
    with write_lock(db):
        rows = series_hands(db, series.id)
        index = next((i for i, r in enumerate(rows) if r["id"] == hand_id), None)
        if index is None:  # deleted from another phone since the form was opened
            raise HandRefused(InvalidSeries("this hand was deleted in the meantime"))
        result = check_hand(series, record)
        record = as_seated(record, series.names)
        results = [hand_outcome(r) for r in rows]
        results[index] = result
        after = check_series(series, results)
        fixed = {"table_actions": json.dumps(table_actions)} if table_actions is not None else {}
        db.table("hands").update(
            hand_id,
            {"record": json.dumps(record), "updated": now(), **stored_result(result), **fixed},
        )
        _audit(db, hand_id, "edited", hand_record(rows[index]), record)
        _keep(db, series, after)


def delete_hand(db: Database, hand_id: int) -> None:
    """Set a hand aside; it can be brought back."""
    with write_lock(db):
        hand = db.table("hands").get(hand_id)
        db.table("hands").update(hand_id, {"deleted_at": now()})
        _audit(db, hand_id, "deleted", hand_record(hand), None)
        series = series_of(db, hand["series_id"])
        # Hands left past a target the deletion brought forward do not tally: left to the page.
        with suppress(HandRefused):
            _keep(
                db, series, check_series(series, [h["outcome"] for h in sheet_hands(db, series.id)])
            )


def restore_hand(db: Database, series: Series, hand_id: int) -> None:
    """Bring a deleted hand back in its place, if the series still has room for it."""
    with write_lock(db):
        hand = db.table("hands").get(hand_id)
        rows = [*series_hands(db, series.id), hand]
        rows.sort(key=lambda r: r["number"])
        after = check_series(series, [hand_outcome(r) for r in rows])
        db.table("hands").update(hand_id, {"deleted_at": None})
        _audit(db, hand_id, "restored", None, hand_record(hand))
        _keep(db, series, after)


def _keep(db: Database, series: Series, result: SeriesResult) -> None:
    """Keep the standing these hands make with the series (store.tallies)."""
    tallies.keep_tally(
        db,
        series.id,
        series.names,
        tally_from(
            series.variant, series.names, series.end, series.first_dealer, result, series.listing
        ),
    )


def hand_audit(db: Database, hand_id: int) -> list[dict]:
    """Every change to the hand, oldest first, with old and new records."""
    entries = list(db.table("hand_audit").rows_where("hand_id = ?", [hand_id], order_by="id"))
    for entry in entries:
        entry["old"] = json.loads(entry["old"]) if entry["old"] else None
        entry["new"] = json.loads(entry["new"]) if entry["new"] else None
    return entries
