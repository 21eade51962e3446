"""Reading an event back: the event with its frozen variant and format, its roster, its
tables round by round with how far each has got, and whether a round or the whole event is
over. The writes are in store/events.py, which offers these too."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from sqlite_utils import Database

from ..engine import SeriesEnd, SeriesTally, Variant, variant_from_dict
from ..engine.events import EventFormat, read_place_points
from ..engine.names import name_key
from . import series


@dataclass(frozen=True)
class Event:
    """A stored event: its night, its frozen variant and its format."""

    id: int
    night_id: int
    name: str
    day: date
    variant: Variant
    fmt: EventFormat
    # Ended early by the organiser (an event whose last round has finished is over too:
    # event_finished).
    ended: bool


@dataclass(frozen=True)
class EventTable:
    """One table of one round: its series, its players in order of play, how far it is."""

    event_id: int
    round: int
    number: int
    series_id: int
    players: list[str]
    finished: bool
    played: int
    # When a phone first used the table's code (UTC, ISO 8601), or None: never who.
    scorer_since: str | None


@dataclass(frozen=True)
class RosterPlayer:
    """A player on an event's roster."""

    name: str
    checked_in: bool
    # Left the event: seated in no later round, their results still counted.
    gone: bool


def _event(row: dict) -> Event:
    return Event(
        id=row["id"],
        night_id=row["night_id"],
        name=row["name"],
        day=date.fromisoformat(row["day"]),
        variant=variant_from_dict(json.loads(row["variant_rules"])),
        fmt=EventFormat(
            rounds=row["rounds"],
            table_size=row["table_size"],
            end=SeriesEnd(row["end_kind"], row["end_value"]),
            seating=row["seating"],
            points=row["points"],
            place_points=read_place_points(json.loads(row["place_points"])),
        ),
        ended=row["ended"] is not None,
    )


def get_event(db: Database, event_id: int) -> Event | None:
    """The event with this id, or None."""
    row = next(db.query("SELECT * FROM events WHERE id = ?", [event_id]), None)
    return None if row is None else _event(row)


def list_events(db: Database, since: date | None = None, until: date | None = None) -> list[Event]:
    """The events held between two days (both included; either may be open), newest first."""
    rows = db.query(
        "SELECT * FROM events WHERE (:since IS NULL OR day >= :since)"
        " AND (:until IS NULL OR day <= :until) ORDER BY day DESC, id DESC",
        {
            "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None,
        },
    )
    return [_event(row) for row in rows]


ROSTER = """
SELECT players.id AS player_id, players.name, checked_in, gone_after_round
FROM event_players JOIN players ON players.id = player_id
WHERE event_id = ? ORDER BY position
"""


def roster(db: Database, event_id: int) -> list[RosterPlayer]:
    """The event's players in the order they were entered (late players last)."""
    return [
        RosterPlayer(row["name"], bool(row["checked_in"]), row["gone_after_round"] is not None)
        for row in db.query(ROSTER, [event_id])
    ]


def current_round(db: Database, event_id: int) -> int:
    """The latest round seated, 0 before round 1 is."""
    row = db.execute(
        "SELECT coalesce(max(round), 0) FROM event_tables WHERE event_id = ?", [event_id]
    ).fetchone()
    return int(row[0])


def tables_with_tallies(
    db: Database, where: str, args: list[object]
) -> list[tuple[EventTable, SeriesTally]]:
    """The event tables a condition picks, round by round, each with its series' standing
    (read as kept with the series: store.tallies)."""
    rows = list(db.query(f"SELECT * FROM event_tables WHERE {where} ORDER BY round, number", args))
    found = []
    for row in rows:
        one = series.series_of(db, row["series_id"])
        tally = series.standing(db, one)
        table = EventTable(
            event_id=row["event_id"],
            round=row["round"],
            number=row["number"],
            series_id=row["series_id"],
            players=list(one.names),
            finished=tally.finished,
            played=tally.played,
            scorer_since=row["first_scorer_at"],
        )
        found.append((table, tally))
    return found


def _tables(db: Database, where: str, args: list[object]) -> list[EventTable]:
    return [table for table, _ in tables_with_tallies(db, where, args)]


def tables_of(db: Database, event_id: int, round_number: int | None = None) -> list[EventTable]:
    """The tables of one round (the current one when none is named), table 1 first."""
    number = current_round(db, event_id) if round_number is None else round_number
    return _tables(db, "event_id = ? AND round = ?", [event_id, number])


def all_tables(db: Database, event_id: int) -> list[EventTable]:
    """Every table of every round so far, round by round."""
    return _tables(db, "event_id = ?", [event_id])


def table_of_series(db: Database, series_id: int) -> EventTable | None:
    """The event table this series is, or None for a series of no event."""
    found = _tables(db, "series_id = ?", [series_id])
    return found[0] if found else None


def round_finished(db: Database, event_id: int) -> bool:
    """Whether every table of the current round has finished (False before round 1)."""
    tables = tables_of(db, event_id)
    return bool(tables) and all(table.finished for table in tables)


def event_finished(db: Database, event_id: int) -> bool:
    """Whether the event is over: ended early, or its last round all finished."""
    row = db.execute("SELECT rounds, ended FROM events WHERE id = ?", [event_id]).fetchone()
    if row is None:
        return True
    rounds, ended = row
    if ended is not None:
        return True
    return current_round(db, event_id) >= rounds and round_finished(db, event_id)


def seat_of(db: Database, event_id: int, player: str) -> tuple[int, int, int] | None:
    """Where a player sits in the current round: (round, table, seat counted from 1, seat 1
    playing first), or None when they are at no table of it."""
    key = name_key(player)
    for table in tables_of(db, event_id):
        for seat, name in enumerate(table.players, start=1):
            if name_key(name) == key:
                return table.round, table.number, seat
    return None
