"""Events: a club night or tournament of several tables and rounds. Storing one with its
roster and its night, seating each round (every table a series of that night, with its
scorer code), the roster's changes between rounds, ending it, and its standings.

The rules (how a round is seated, what a table's result is worth) are the engine's
(engine/events.py, seating.py, event_points.py); this module keeps what they decide. The
reads are in store/event_state.py and offered here too.
"""

from __future__ import annotations

import json
import random
from datetime import date

from sqlite_utils import Database

from ..engine import Variant
from ..engine.event_points import EventStanding, TableResult, event_standings
from ..engine.events import (
    EventFormat,
    InvalidEvent,
    check_event_name,
    check_event_setup,
    check_roster_name,
)
from ..engine.names import name_key
from ..engine.seating import meetings_of, seat_round, table_sizes
from ..engine.words import Words, counted, words
from . import players, series, table_codes
from .db import insert, now, write_lock
from .event_state import (
    Event,
    EventTable,
    RosterPlayer,
    all_tables,
    current_round,
    event_finished,
    get_event,
    list_events,
    roster,
    round_finished,
    seat_of,
    table_of_series,
    tables_of,
    tables_with_tallies,
)
from .nights import create_night

__all__ = [
    "Event",
    "EventOver",
    "EventRefused",
    "EventTable",
    "NoMoreRounds",
    "RosterPlayer",
    "RosterRefused",
    "RoundNotFinished",
    "add_late_player",
    "all_tables",
    "create_event",
    "current_round",
    "end_event",
    "event_finished",
    "get_event",
    "list_events",
    "mark_gone",
    "roster",
    "round_finished",
    "seat_next_round",
    "seat_of",
    "seating_refusal",
    "set_checked_in",
    "standings_of",
    "table_of_series",
    "tables_of",
]


class EventRefused(ValueError):
    """A change the event's state does not allow; `detail` says why, in words."""

    def __init__(self, detail: Words) -> None:
        super().__init__(detail.english)
        self.detail = detail


class RoundNotFinished(EventRefused):
    """The next round waits until every table of this one has finished."""


class NoMoreRounds(EventRefused):
    """Every round has been seated, or the event has ended."""


class EventOver(NoMoreRounds):
    """The event has ended: nothing about it changes any more."""


class RosterRefused(EventRefused):
    """A roster change that cannot be made (a player twice, or one not on the roster)."""


def _place_points_text(fmt: EventFormat) -> str:
    """The points per place as stored: JSON, {"4": [3, 2, 1, 0], ...}."""
    return json.dumps(
        {str(size): list(points) for size, points in sorted(fmt.place_points.items())}
    )


def create_event(
    db: Database,
    name: str,
    day: date,
    variant: Variant,
    names: list[str],
    fmt: EventFormat,
    rng: random.Random,
) -> int:
    """Store a new event on a new night of its day, with its roster (everyone checked in),
    and seat round 1: one write, so a failure leaves nothing behind. Raises the engine's
    InvalidEvent for a set-up that cannot be played."""
    check_event_name(name)
    check_event_setup(variant, names, fmt)
    with write_lock(db):
        night_id = create_night(db, day, None, None)
        event_id = insert(
            db,
            "events",
            {
                "night_id": night_id,
                "name": name,
                "day": day.isoformat(),
                "variant_id": variant.id,
                # Frozen, as a series' rules are: editing the variant later changes nothing.
                "variant_rules": variant.to_json(),
                "rounds": fmt.rounds,
                "table_size": fmt.table_size,
                "end_kind": fmt.end.kind,
                "end_value": fmt.end.value,
                "seating": fmt.seating,
                "points": fmt.points,
                "place_points": _place_points_text(fmt),
                "created": now(),
            },
        )
        for position, player_name in enumerate(names):
            db.table("event_players").insert(
                {
                    "event_id": event_id,
                    "player_id": players.add_player(db, player_name),
                    "position": position,
                    "checked_in": 1,
                }
            )
        _seat_round(db, _event_of(db, event_id), 1, rng)
    return event_id


def _event_of(db: Database, event_id: int) -> Event:
    event = get_event(db, event_id)
    if event is None:
        raise LookupError(f"there is no event {event_id}")
    return event


def _seat_round(db: Database, event: Event, number: int, rng: random.Random) -> None:
    """Seat a round: the checked-in players still here, at tables the engine draws up (from
    who has met whom so far, and the standings), each table a new series of the night."""
    here = _here(db, event.id)
    earlier = all_tables(db, event.id)
    rounds = [
        [t.players for t in earlier if t.round == r] for r in sorted({t.round for t in earlier})
    ]
    ranking = [s.player for s in _standings(db, event)]
    seated = seat_round(here, number, event.fmt, event.variant, meetings_of(rounds), ranking, rng)
    for table_number, players_in_order in enumerate(seated, start=1):
        # Listed in the order of play, seat 1 first; the name stays None: pages call it
        # "Round 2, table 3" through the event, in their reader's language.
        series_id = series.create_series(
            db, event.night_id, None, event.variant, list(players_in_order), event.fmt.end, 0
        )
        db.table("event_tables").insert(
            {
                "event_id": event.id,
                "round": number,
                "number": table_number,
                "series_id": series_id,
                "code": table_codes.unused_code(db),
            }
        )


def _here(db: Database, event_id: int) -> list[str]:
    """The players the next round seats: checked in and not gone."""
    return [p.name for p in roster(db, event_id) if p.checked_in and not p.gone]


def seating_refusal(db: Database, event_id: int) -> InvalidEvent | None:
    """Why the players here now could not be seated at the next round's tables (too few
    left, say), as the engine refuses it (engine/seating.py, table_sizes), or None."""
    event = _event_of(db, event_id)
    try:
        table_sizes(
            len(_here(db, event_id)),
            event.fmt.table_size,
            event.variant.min_players,
            event.variant.max_players,
        )
    except InvalidEvent as refused:
        return refused
    return None


def seat_next_round(db: Database, event_id: int, rng: random.Random) -> int:
    """Seat the next round and return its number. Raises RoundNotFinished while a table of
    this round plays on, NoMoreRounds after the last round (EventOver once ended), and the
    engine's InvalidEvent (field "players") when too few players are left to seat."""
    with write_lock(db):
        event = _event_of(db, event_id)
        number = current_round(db, event_id)
        _refuse_when_over(db, event)
        if number >= event.fmt.rounds:
            raise NoMoreRounds(
                words("All {rounds} rounds have been seated.", rounds=event.fmt.rounds)
            )
        if not round_finished(db, event_id):
            playing = sum(not t.finished for t in tables_of(db, event_id))
            raise RoundNotFinished(
                counted(
                    "Round {round} is not over yet: {n} table is still playing.",
                    "Round {round} is not over yet: {n} tables are still playing.",
                    round=number,
                    n=playing,
                )
            )
        _seat_round(db, event, number + 1, rng)
    return number + 1


def _refuse_when_over(db: Database, event: Event) -> None:
    if event.ended:
        raise EventOver(words("This event has ended."))


def end_event(db: Database, event_id: int) -> None:
    """End the event now (the organiser ends it early): no round is seated after it, and its
    table codes stop working. Ending it again changes nothing."""
    with write_lock(db):
        db.execute("UPDATE events SET ended = ? WHERE id = ? AND ended IS NULL", [now(), event_id])


def _entry(db: Database, event_id: int, name: str) -> dict | None:
    return next(
        db.query(
            "SELECT event_players.* FROM event_players JOIN players ON players.id = player_id"
            " WHERE event_id = ? AND name_key = ?",
            [event_id, name_key(name)],
        ),
        None,
    )


def _known_entry(db: Database, event: Event, name: str) -> dict:
    _refuse_when_over(db, event)
    entry = _entry(db, event.id, name)
    if entry is None:
        raise RosterRefused(words("{name} is not on this event's roster.", name=name))
    return entry


def add_late_player(db: Database, event_id: int, name: str) -> None:
    """Add a player who came late: checked in, seated from the next round on. A player who
    had left and comes back is simply here again. Raises the engine's InvalidEvent (field
    "players") for a name the roster could not take, RosterRefused for one already here."""
    with write_lock(db):
        event = _event_of(db, event_id)
        _refuse_when_over(db, event)
        entry = _entry(db, event_id, name)
        if entry is not None:
            if entry["gone_after_round"] is None and entry["checked_in"]:
                raise RosterRefused(words("{name} is already on this event's roster.", name=name))
            db.execute(
                "UPDATE event_players SET gone_after_round = NULL, checked_in = 1"
                " WHERE event_id = ? AND player_id = ?",
                [event_id, entry["player_id"]],
            )
            return
        # The same check as the players entered with the event (engine/events.py): a name
        # of spaces only, one too long, or one drawn like a player's already on the roster.
        check_roster_name(name, [p.name for p in roster(db, event_id)])
        (last,) = db.execute(
            "SELECT coalesce(max(position), -1) FROM event_players WHERE event_id = ?",
            [event_id],
        ).fetchone()
        db.table("event_players").insert(
            {
                "event_id": event_id,
                "player_id": players.add_player(db, name),
                "position": last + 1,
                "checked_in": 1,
            }
        )


def mark_gone(db: Database, event_id: int, name: str) -> None:
    """A player leaves: seated in no later round; what they played still counts."""
    with write_lock(db):
        event = _event_of(db, event_id)
        entry = _known_entry(db, event, name)
        if entry["gone_after_round"] is None:
            db.execute(
                "UPDATE event_players SET gone_after_round = ?"
                " WHERE event_id = ? AND player_id = ?",
                [current_round(db, event_id), event_id, entry["player_id"]],
            )


def set_checked_in(db: Database, event_id: int, name: str, present: bool) -> None:
    """Check a player in (here, to be seated) or out (not here yet) before the next round."""
    with write_lock(db):
        event = _event_of(db, event_id)
        entry = _known_entry(db, event, name)
        db.execute(
            "UPDATE event_players SET checked_in = ? WHERE event_id = ? AND player_id = ?",
            [int(present), event_id, entry["player_id"]],
        )


def _standings(db: Database, event: Event) -> list[EventStanding]:
    results = [
        TableResult(players=tuple(table.players), tally=tally)
        for table, tally in tables_with_tallies(db, "event_id = ?", [event.id])
    ]
    return event_standings([p.name for p in roster(db, event.id)], results, event.fmt)


def standings_of(db: Database, event_id: int) -> list[EventStanding]:
    """The event's standings: every player on the roster (those who left too), ranked by
    event points, then summed score, then hands won (engine/event_points.py)."""
    return _standings(db, _event_of(db, event_id))
