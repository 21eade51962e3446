"""Each series' turn clock, kept on the server (m018): every phone reads the same clock, and a
reload or a restart loses nothing, the time left being worked out from stored timestamps.

The clock times the hand being played (the one after the hands recorded): recording a hand
stops it (store.hands calls `stop_clock` in the same transaction), and a clock stored for
another hand (one deleted or imported since) reads as not started. Each step is one
transaction under the write lock, so two phones pressing Done at once end one turn."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlite_utils import Database

from ..engine import SeriesTally
from ..engine.play_order import next_player
from ..engine.time_up import turn_limit
from ..engine.turn_clock import (
    Clock,
    ClockRefused,
    Turn,
    TurnMark,
    check_turn,
    done,
    last_turn,
    pause,
    resume,
    start,
    stopped,
)
from ..engine.words import words
from .db import now as stamp_now
from .db import write_lock
from .series import Series, standing

STEPS = ("start", "done", "pause", "resume")


def clock_time() -> float:
    """The server's time, in seconds since the epoch, as the clock reads it when a hand is
    recorded (the web layer hands every step its own `now`)."""
    return time.time()


def player_after(series: Series, seat: int) -> int:
    """Who plays after `seat`: the next player in the order of play (RULES.md, "Playing the
    hand"; a series listed by seat before then goes round the way its variant is played)."""
    return next_player(series.variant, len(series.names), seat, series.listing)


@dataclass(frozen=True)
class SeriesClock:
    """A series' clock as read: the clock itself, the series' own limit (None: the
    variant's, 0: off), the turns of the hand being played, and the change marker."""

    clock: Clock
    own_limit: int | None
    turns: list[Turn]
    changes: int


ROW = "SELECT hand, seat, since, used, own_limit, changes FROM series_clocks WHERE series_id = ?"


def read_clock(db: Database, series: Series, tally: SeriesTally | None = None) -> SeriesClock:
    """The series' clock for the hand being played."""
    tally = tally or standing(db, series)
    hand = tally.played + 1
    row = db.execute(ROW, [series.id]).fetchone()
    own = row[4] if row else None
    limit = turn_limit(series.variant, own)
    turns = turns_of(db, series.id, hand)
    if row is None or row[0] != hand or tally.finished:
        clock = stopped(hand, limit)
    else:
        turn = 0 if row[1] is None else len(turns) + 1
        clock = Clock(hand=hand, limit=limit, seat=row[1], since=row[2], used=row[3], turn=turn)
    return SeriesClock(clock, own, turns, row[5] if row else 0)


def changes(db: Database, series_id: int) -> int:
    """How many times the series' clock has changed: a poll's cheap marker."""
    row = db.execute("SELECT changes FROM series_clocks WHERE series_id = ?", [series_id])
    found = row.fetchone()
    return int(found[0]) if found else 0


def turns_of(db: Database, series_id: int, hand: int | None = None) -> list[Turn]:
    """The finished turns of the series (of one hand), in the order played."""
    where, args = (
        ("series_id = ?", [series_id])
        if hand is None
        else (
            "series_id = ? AND hand = ?",
            [series_id, hand],
        )
    )
    return [
        Turn(h, seat, seconds, bool(out))
        for h, seat, seconds, out in db.execute(
            f"SELECT hand, seat, seconds, ran_out FROM clock_turns WHERE {where}"
            " ORDER BY hand, turn",
            args,
        )
    ]


def step(
    db: Database, series: Series, do: str, now: float, mark: TurnMark | None = None
) -> SeriesClock:
    """Take one step of the clock ("start", "done", "pause", "resume") at time `now`; the
    engine's ClockRefused where the clock cannot take it, or where a "done" says which turn
    it ends (`mark`) and that turn is over: checked under the write lock, so of two Dones
    sent for one turn the second is refused and ends nobody else's turn."""
    if do not in STEPS:
        raise ClockRefused(
            words("say what the clock should do: start, done, pause or resume"), field="do"
        )
    with write_lock(db):
        tally = standing(db, series)
        if tally.finished:
            raise ClockRefused(words("The series is over: no hand is being played."), field="do")
        kept = read_clock(db, series, tally)
        clock = kept.clock
        if do == "start":
            # Who starts the hand is kept with the standing (engine/play_order.py decides).
            clock = start(clock, tally.starter or 0, now)
        elif do == "pause":
            clock = pause(clock, now)
        elif do == "resume":
            clock = resume(clock, now)
        else:
            check_turn(clock, mark or TurnMark(), series.names)
            clock, turn = done(clock, player_after(series, clock.seat or 0), now)
            _record(db, series.id, turn, len(kept.turns) + 1)
        _keep(db, series.id, clock, kept.own_limit)
        return read_clock(db, series, tally)


def _record(db: Database, series_id: int, turn: Turn, number: int) -> None:
    db.execute(
        "INSERT INTO clock_turns (series_id, hand, turn, seat, seconds, ran_out, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [series_id, turn.hand, number, turn.seat, turn.seconds, int(turn.ran_out), stamp_now()],
    )


KEEP = """
INSERT INTO series_clocks (series_id, hand, seat, since, used, own_limit, changes)
VALUES (:series_id, :hand, :seat, :since, :used, :own_limit, 1)
ON CONFLICT (series_id) DO UPDATE SET hand = :hand, seat = :seat, since = :since,
  used = :used, own_limit = :own_limit, changes = changes + 1
"""


def _keep(db: Database, series_id: int, clock: Clock, own_limit: int | None) -> None:
    db.execute(
        KEEP,
        {
            "series_id": series_id,
            "hand": clock.hand,
            "seat": clock.seat,
            "since": clock.since,
            "used": clock.used,
            "own_limit": own_limit,
        },
    )


def stop_clock(db: Database, series: Series, next_hand: int) -> None:
    """A hand was recorded: the clock stops, set for the next hand, whose first turn is its
    starter's once someone presses Start (inside the writer's transaction). The turn that
    was running (or had run out) is the hand's last: it is kept with the others first, so
    the series' figures count it."""
    row = db.execute(ROW, [series.id]).fetchone()
    if row is not None and row[0] == next_hand - 1 and row[1] is not None:
        limit = turn_limit(series.variant, row[4])
        running = Clock(hand=row[0], limit=limit, seat=row[1], since=row[2], used=row[3])
        turn = last_turn(running, clock_time())
        if turn is not None:
            _record(db, series.id, turn, len(turns_of(db, series.id, row[0])) + 1)
    db.execute(
        "UPDATE series_clocks SET hand = ?, seat = NULL, since = NULL, used = 0,"
        " changes = changes + 1 WHERE series_id = ?",
        [next_hand, series.id],
    )


def set_own_limit(db: Database, series: Series, own_limit: int | None) -> None:
    """The series' own time per turn: None for the variant's, 0 for no clock, else seconds
    (checked by the engine's bounds for a variant's limit)."""
    with write_lock(db):
        kept = read_clock(db, series)
        _keep(db, series.id, kept.clock, own_limit)


def import_turns(db: Database, series_id: int, own_limit: int | None, turns: list[dict]) -> int:
    """Keep the turns an export carried (a turn already kept is left as it is) and the
    series' own limit; return how many turns were new."""
    added = 0
    for turn in turns:
        cursor = db.execute(
            "INSERT OR IGNORE INTO clock_turns (series_id, hand, turn, seat, seconds, ran_out, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                series_id,
                turn["hand"],
                turn["turn"],
                turn["seat"],
                turn["seconds"],
                int(turn["ran_out"]),
                turn["at"],
            ],
        )
        added += cursor.rowcount
    if own_limit is not None:
        db.execute(
            "INSERT INTO series_clocks (series_id, hand, own_limit) VALUES (?, 0, ?)"
            " ON CONFLICT (series_id) DO UPDATE SET own_limit = excluded.own_limit",
            [series_id, own_limit],
        )
    return added


def exported(db: Database, within: str, args: list) -> dict[int, dict]:
    """Each series' clock as an export carries it (its own limit and every turn recorded),
    for the series that have one: a series never timed has no "clock", as before m018 (and a
    database not upgraded yet has none at all). `within` picks the series by their id, as
    the export's own query does ("series_id IN (SELECT id FROM series WHERE ...)")."""
    if not db["series_clocks"].exists():
        return {}
    found: dict[int, dict] = {}
    for series_id, own in db.execute(
        f"SELECT series_id, own_limit FROM series_clocks WHERE {within} AND own_limit IS NOT NULL",
        args,
    ):
        found[series_id] = {"own_limit": own, "turns": []}
    for series_id, hand, turn, seat, seconds, out, at in db.execute(
        "SELECT series_id, hand, turn, seat, seconds, ran_out, at FROM clock_turns"
        f" WHERE {within} ORDER BY series_id, hand, turn",
        args,
    ):
        found.setdefault(series_id, {"own_limit": None, "turns": []})["turns"].append(
            {
                "hand": hand,
                "turn": turn,
                "seat": seat,
                "seconds": seconds,
                "ran_out": bool(out),
                "at": at,
            }
        )
    return found
