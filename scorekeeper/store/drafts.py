"""Racks counted on the players' own phones: which phone holds each seat of a series, and
each seat's draft of the hand being recorded. A draft is never a hand: it changes no total,
and the scorer's save (store.hands.record_hand) clears the drafts of the hand it stores."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlite_utils import Database

from ..engine.drafts import draft_differs
from ..engine.variants import Variant
from .db import now, write_lock


class DraftRefused(Exception):
    """A draft or a claim that cannot be taken; the web layer words it for the phone."""


class SeatTaken(DraftRefused):
    """The seat is held by another phone until the scorer hands it over."""

    def __init__(self, seat: int):
        super().__init__(f"seat {seat} is held by another phone")
        self.seat = seat


class OtherSeat(DraftRefused):
    """This phone holds another seat of the series: one phone, one player."""

    def __init__(self, seat: int, held: int):
        super().__init__(f"this phone holds seat {held}, not seat {seat}")
        self.seat, self.held = seat, held


class NotHeld(DraftRefused):
    """The phone holds no seat of the series and may not take one (it has no join code)."""

    def __init__(self, seat: int):
        super().__init__(f"this phone does not hold seat {seat}")
        self.seat = seat


class OldHand(DraftRefused):
    """The draft is for a hand already saved: another one is being recorded now."""

    def __init__(self, sent_for: int, now_recording: int):
        super().__init__(f"hand {sent_for} is saved already; hand {now_recording} is next")
        self.sent_for, self.now_recording = sent_for, now_recording


class NewerDrafts(Exception):
    """Racks sent for the hand after the scorer's form last read them, which the hand being
    saved does not hold: nothing is stored, and the form shows them (`newer`: seat to draft)."""

    def __init__(self, newer: dict[int, dict]):
        super().__init__(f"newer racks for seats {sorted(newer)}")
        self.newer = newer


def client_key(client_id: str) -> str:
    """What is kept of a phone's random id: a hash, so the database holds no usable cookie."""
    return hashlib.sha256(client_id.encode()).hexdigest()


def next_number(db: Database, series_id: int) -> int:
    """The number the next hand of the series will be stored under (as record_hand gives it)."""
    (last,) = db.execute(
        "SELECT max(number) FROM hands WHERE series_id = ?", [series_id]
    ).fetchone()
    return (last or 0) + 1


def claims(db: Database, series_id: int) -> dict[int, str]:
    """Each claimed seat of the series and the key of the phone holding it."""
    return {
        row["seat"]: row["client"]
        for row in db.table("seat_claims").rows_where("series_id = ?", [series_id])
    }


def holders(db: Database, series_id: int) -> list[dict]:
    """Each held seat of the series in seat order: the phone's key and since when it holds it."""
    return list(
        db.table("seat_claims").rows_where(
            "series_id = ?", [series_id], select="seat, client, claimed", order_by="seat"
        )
    )


def seat_of(db: Database, series_id: int, client: str | None) -> int | None:
    """The seat this phone holds in the series, or None."""
    if client is None:
        return None
    return next((seat for seat, held in claims(db, series_id).items() if held == client), None)


def _log(db: Database, series_id: int, seat: int, action: str) -> None:
    db.table("seat_log").insert(
        {"series_id": series_id, "seat": seat, "action": action, "at": now()}
    )


def _take(db: Database, series_id: int, seat: int, client: str) -> None:
    """Give the seat to this phone, dropping any other seat it held in the series."""
    held = claims(db, series_id)
    if held.get(seat) not in (None, client):
        raise SeatTaken(seat)
    if held.get(seat) == client:
        return
    db.execute("DELETE FROM seat_claims WHERE series_id = ? AND client = ?", [series_id, client])
    db.table("seat_claims").insert(
        {"series_id": series_id, "seat": seat, "client": client, "claimed": now()}
    )
    _log(db, series_id, seat, "claimed")


def claim_seat(db: Database, series_id: int, seat: int, client: str) -> None:
    """ "I'm Ana": this phone holds the seat from now on (a seat it held before is let go)."""
    with write_lock(db):
        _take(db, series_id, seat, client)


def let_go(db: Database, series_id: int, client: str) -> None:
    """ "Not me": this phone gives up its seat of the series."""
    with write_lock(db):
        seat = seat_of(db, series_id, client)
        if seat is not None:
            db.execute(
                "DELETE FROM seat_claims WHERE series_id = ? AND seat = ?", [series_id, seat]
            )
            _log(db, series_id, seat, "let go")


def carry_claims(db: Database, old_series: int, new_series: int) -> None:
    """A rematch seats the same players in the same seats: each phone keeps its player."""
    with write_lock(db):
        db.execute(
            "INSERT OR IGNORE INTO seat_claims (series_id, seat, client, claimed)"
            " SELECT ?, seat, client, ? FROM seat_claims WHERE series_id = ?",
            [new_series, now(), old_series],
        )


def hand_over(db: Database, series_id: int, seat: int) -> bool:
    """The scorer frees a seat for another phone; whether it was held."""
    with write_lock(db):
        found = db.execute(
            "DELETE FROM seat_claims WHERE series_id = ? AND seat = ?", [series_id, seat]
        ).rowcount
        if found:
            _log(db, series_id, seat, "handed over")
    return bool(found)


def seat_log(db: Database, series_id: int, last: int = 10) -> list[dict]:
    """The latest changes of who holds which seat, newest first."""
    return list(
        db.table("seat_log").rows_where(
            "series_id = ?", [series_id], order_by="id DESC", limit=last
        )
    )


def put_draft(
    db: Database,
    series_id: int,
    number: int,
    seat: int,
    fields: dict[str, Any],
    client: str | None,
    may_take: bool = False,
) -> None:
    """Keep a seat's draft of hand `number`. A phone (`client`) may send only for the seat
    it holds, or, with `may_take` (it sent the join code), an open seat while it holds none,
    which it then holds; the scorer (`client` None) for any seat. Refused (OldHand) once
    that hand is saved."""
    with write_lock(db):
        recording = next_number(db, series_id)
        if number != recording:
            raise OldHand(number, recording)
        if client is not None:
            held = seat_of(db, series_id, client)
            if held is not None and held != seat:
                raise OtherSeat(seat, held)
            if held is None and not may_take:
                raise NotHeld(seat)
            _take(db, series_id, seat, client)
        db.table("rack_drafts").upsert(
            {
                "series_id": series_id,
                "number": number,
                "seat": seat,
                "fields": json.dumps(fields),
                "by_player": client is not None,
                "sent": now(),
            },
            pk=("series_id", "number", "seat"),
        )


def drafts(db: Database, series_id: int, number: int) -> dict[int, dict]:
    """Each seat's draft of hand `number`: its fields, whether the player's phone sent it,
    and when."""
    found = db.table("rack_drafts").rows_where("series_id = ? AND number = ?", [series_id, number])
    return {
        row["seat"]: {
            "fields": json.loads(row["fields"]),
            "by_player": bool(row["by_player"]),
            "sent": row["sent"],
            "token": draft_token(row),
        }
        for row in found
    }


def draft_token(row: dict) -> str:
    """What a form keeps of a draft it read: a digest of the draft as stored. A seat's draft
    only ever changes by a new send, so another token is a newer draft (`sent` alone is
    kept to the second, and two sends may share one)."""
    kept = json.dumps([row["fields"], bool(row["by_player"]), row["sent"]])
    return hashlib.sha256(kept.encode()).hexdigest()[:16]


def check_seen(
    db: Database, series_id: int, v: Variant, players: list[dict], seen: dict[int, str]
) -> None:
    """Refuse (NewerDrafts) a hand whose form last read an older draft of a seat than the one
    kept now, when the newer one says something else than the hand's part for that seat.
    `players` are the hand's parts in seat order; `seen` each seat's token the form read
    (none: it read no draft). The player who went out has no rack to compare. Called under
    the write lock of the save, so no draft slips in between this check and the save."""
    newer = {
        seat: draft
        for seat, draft in drafts(db, series_id, next_number(db, series_id)).items()
        if draft["token"] != seen.get(seat, "")
        and seat < len(players)
        and not players[seat].get("went_out")
        and draft_differs(draft["fields"], players[seat], v)
    }
    if newer:
        raise NewerDrafts(newer)


def clear_drafts(db: Database, series_id: int, number: int) -> None:
    """Drop the drafts of hand `number` and any before it: that hand is saved. Called in
    the transaction that stores the hand."""
    db.execute("DELETE FROM rack_drafts WHERE series_id = ? AND number <= ?", [series_id, number])
