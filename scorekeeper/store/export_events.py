"""A night's events in an export file (optional: files written before m019 have none, and a
night without events leaves the field out): written from the database, and checked before
anything is imported, like every other part of the file.

An event is written whole: its format, its frozen variant, its roster and its tables, each
table naming its series by the series' uid in the same night. Table codes are not written:
a code lets a phone score a table, so it stays in the database it was made in, and an
import makes new ones.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from sqlite_utils import Database

from ..engine import RuleError, SeriesEnd, variant_from_dict
from ..engine.events import EventFormat, InvalidEvent, check_event_setup, read_place_points
from ..engine.names import name_key
from ..engine.words import Words, words
from .export_fields import END, fields_of
from .export_refusals import BadExport, Place, faulty, part_of

EVENT = {
    "uid": "text",
    "name": "text",
    "day": "text",
    "variant_id": "text",
    "variant": "an object",
    "rounds": "a whole number",
    "table_size": "a whole number",
    "end": "an object",
    "seating": "text",
    "points": "text",
    "place_points": "an object",
    "created": "text",
    "ended": "text or null",
    "players": "a list",
    "tables": "a list",
}
EVENT_PLAYER = {
    "name": "text",
    "checked_in": "true or false",
    "gone_after_round": "a whole number or null",
}
EVENT_TABLE = {
    "round": "a whole number",
    "table": "a whole number",
    "series": "text",
    "first_scorer_at": "text or null",
}


def event_in(where: Place, number: int) -> Words:
    return words("{where}, event {number}", where=where, number=number)


def table_in(where: Place, number: int) -> Words:
    return words("{where}, table {number}", where=where, number=number)


# --- Writing ------------------------------------------------------------------

EVENTS = """
SELECT e.*, (SELECT uid FROM uids WHERE kind = 'events' AND local_id = e.id) AS uid
FROM events e WHERE e.night_id IN ({marks}) ORDER BY e.id
"""
ROSTERS = """
SELECT event_id, name, checked_in, gone_after_round FROM event_players
JOIN players ON players.id = player_id WHERE event_id IN ({marks}) ORDER BY event_id, position
"""
TABLES = """
SELECT event_id, round, number, first_scorer_at,
  (SELECT uid FROM uids WHERE kind = 'series' AND local_id = series_id) AS series
FROM event_tables WHERE event_id IN ({marks}) ORDER BY event_id, round, number
"""


def exported_events(db: Database, night_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The events of these nights in the export format, by night id (nights without events
    left out)."""
    # A database not upgraded to m019 yet (an old one being read) has no events at all.
    if not night_ids or not db["events"].exists():
        return {}
    marks = ",".join("?" * len(night_ids))
    events = list(db.query(EVENTS.format(marks=marks), night_ids))
    ids = [e["id"] for e in events]
    players: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    tables: dict[int, list[dict[str, Any]]] = {i: [] for i in ids}
    if ids:
        marks = ",".join("?" * len(ids))
        for row in db.query(ROSTERS.format(marks=marks), ids):
            players[row["event_id"]].append(
                {
                    "name": row["name"],
                    "checked_in": bool(row["checked_in"]),
                    "gone_after_round": row["gone_after_round"],
                }
            )
        for row in db.query(TABLES.format(marks=marks), ids):
            tables[row["event_id"]].append(
                {
                    "round": row["round"],
                    "table": row["number"],
                    "series": row["series"],
                    "first_scorer_at": row["first_scorer_at"],
                }
            )
    found: dict[int, list[dict[str, Any]]] = {}
    for e in events:
        found.setdefault(e["night_id"], []).append(
            {
                "uid": e["uid"],
                "name": e["name"],
                "day": e["day"],
                "variant_id": e["variant_id"],
                "variant": json.loads(e["variant_rules"]),
                "rounds": e["rounds"],
                "table_size": e["table_size"],
                "end": {"kind": e["end_kind"], "value": e["end_value"]},
                "seating": e["seating"],
                "points": e["points"],
                "place_points": json.loads(e["place_points"]),
                "created": e["created"],
                "ended": e["ended"],
                "players": players[e["id"]],
                "tables": tables[e["id"]],
            }
        )
    return found


# --- Checking -----------------------------------------------------------------


def event_format(event: dict[str, Any], where: Place) -> EventFormat:
    """The event's format as the file gives it; BadExport where it is not one."""
    end = fields_of(event["end"], part_of(where, "end"), END)
    try:
        return EventFormat(
            rounds=event["rounds"],
            table_size=event["table_size"],
            end=SeriesEnd(end["kind"], end["value"]),
            seating=event["seating"],
            points=event["points"],
            place_points=read_place_points(event["place_points"]),
        )
    except (InvalidEvent, RuleError) as error:
        raise faulty(where, error) from None


def check_event(event: Any, where: Place, names: set[str], night_series: set[str]) -> None:
    """Refuse an event of the file unless it could have been played: a known format and
    variant, a roster the app would take (of the file's players), and tables of this
    night's series, each round within the event's and no table or series twice."""
    fields_of(event, where, EVENT)
    try:
        date.fromisoformat(event["day"])
        variant = variant_from_dict(event["variant"])
    except ValueError:
        raise BadExport(
            words('{where}, "day": must look like {example}', where=where, example="2025-11-22")
        ) from None
    except (RuleError, TypeError) as error:
        raise faulty(part_of(where, "variant"), error) from None
    fmt = event_format(event, where)
    roster = []
    for k, player in enumerate(event["players"], start=1):
        fields_of(player, words("{where}, player {number}", where=where, number=k), EVENT_PLAYER)
        if name_key(player["name"]) not in names:
            raise BadExport(
                words(
                    '{where}: "{name}" is not in the file\'s players',
                    where=where,
                    name=player["name"][:40],
                )
            )
        roster.append(player["name"])
    try:
        check_event_setup(variant, roster, fmt)
    except InvalidEvent as error:
        raise faulty(where, error) from None
    places: set[tuple[int, int]] = set()
    used: set[str] = set()
    for k, table in enumerate(event["tables"], start=1):
        at = table_in(where, k)
        fields_of(table, at, EVENT_TABLE)
        if table["series"] not in night_series:
            raise BadExport(
                words(
                    '{where}, "series": this night has no series with the uid "{uid}"',
                    where=at,
                    uid=table["series"][:64],
                )
            )
        if not 1 <= table["round"] <= fmt.rounds or table["table"] < 1:
            raise BadExport(
                words(
                    "{where}: the round must be from 1 to {rounds}, the table from 1",
                    where=at,
                    rounds=fmt.rounds,
                )
            )
        place = (table["round"], table["table"])
        if place in places or table["series"] in used:
            raise BadExport(words("{where}: the event lists this table twice", where=at))
        places.add(place)
        used.add(table["series"])


def check_events(night: dict[str, Any], where: Place, checked: Any) -> None:
    """The night's events, if the file has them (checked: export_format.Checked, which
    refuses a uid used twice in the file)."""
    if "events" not in night:
        return
    night_series = {s["uid"] for s in night["series"]}
    for k, event in enumerate(night["events"], start=1):
        at = event_in(where, k)
        fields_of(event, at, EVENT)
        checked.take("events", event["uid"], at)
        check_event(event, at, checked.names, night_series)
