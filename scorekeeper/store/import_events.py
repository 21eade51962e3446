"""Import a night's events (store/export_events.py checked them): each event new here is
stored whole, with its roster and its tables, each table the series of this night the file
names. An event here already gains what a later export of it brings: the players added late,
the tables of later rounds, its end. Every table gets a new scorer code."""

from __future__ import annotations

import json
from typing import Any

from sqlite_utils import Database

from ..engine import variant_from_dict
from ..engine.events import read_place_points
from ..engine.words import words
from .export_refusals import BadExport
from .import_rows import Added, insert_row, local_id
from .players import add_player
from .table_codes import unused_code


def _stored_place_points(value: Any) -> str:
    """The points per place as the store keeps them: JSON, {"4": [3, 2, 1, 0], ...}."""
    chosen = read_place_points(value)
    return json.dumps({str(size): list(points) for size, points in sorted(chosen.items())})


def import_events(db: Database, night_id: int, night: dict[str, Any], added: Added) -> None:
    """Store the night's events that are not here yet (after the night's series)."""
    for event in night.get("events", []):
        here = local_id(db, "events", event["uid"])
        if here is not None:
            added.already += 1
            _bring_up_to_date(db, here, night_id, event, added)
            continue
        event_id = insert_row(
            db,
            "events",
            event["uid"],
            {
                "night_id": night_id,
                "name": event["name"],
                "day": event["day"],
                "variant_id": event["variant_id"],
                "variant_rules": variant_from_dict(event["variant"]).to_json(),
                "rounds": event["rounds"],
                "table_size": event["table_size"],
                "end_kind": event["end"]["kind"],
                "end_value": event["end"]["value"],
                "seating": event["seating"],
                "points": event["points"],
                "place_points": _stored_place_points(event["place_points"]),
                "created": event["created"],
                "ended": event["ended"],
            },
            added,
        )
        for position, player in enumerate(event["players"]):
            _add_to_roster(db, event_id, position, player, None)
        for table in event["tables"]:
            _import_table(db, event_id, night_id, event, table)
        added.events += 1


def _add_to_roster(
    db: Database, event_id: int, position: int, player: dict[str, Any], added: Added | None
) -> None:
    """Put a player of the file on the event's roster (a row an import of an event here
    already writes is noted, to be taken back should the import fail)."""
    rowid = db.execute(
        "INSERT INTO event_players (event_id, player_id, position, checked_in,"
        " gone_after_round) VALUES (?, ?, ?, ?, ?)",
        [
            event_id,
            add_player(db, player["name"]),
            position,
            int(player["checked_in"]),
            player["gone_after_round"],
        ],
    ).lastrowid
    if added is not None:
        added.written.append(("event_players", rowid))


def _bring_up_to_date(
    db: Database, event_id: int, night_id: int, event: dict[str, Any], added: Added
) -> None:
    """Add to an event here what the file holds of it and this database lacks."""
    (own_night, ended) = db.execute(
        "SELECT night_id, ended FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if own_night != night_id:  # kept here with another night: left as it is
        return
    on_roster = {
        row[0]
        for row in db.execute("SELECT player_id FROM event_players WHERE event_id = ?", [event_id])
    }
    (last,) = db.execute(
        "SELECT coalesce(max(position), -1) FROM event_players WHERE event_id = ?", [event_id]
    ).fetchone()
    for player in event["players"]:
        if add_player(db, player["name"]) not in on_roster:
            last += 1
            _add_to_roster(db, event_id, last, player, added)
    seated = {
        (row[0], row[1])
        for row in db.execute(
            "SELECT round, number FROM event_tables WHERE event_id = ?", [event_id]
        )
    }
    for table in event["tables"]:
        if (table["round"], table["table"]) not in seated:
            _import_table(db, event_id, night_id, event, table)
    if ended is None and event["ended"] is not None:
        db.execute("UPDATE events SET ended = ? WHERE id = ?", [event["ended"], event_id])


def _import_table(
    db: Database, event_id: int, night_id: int, event: dict[str, Any], table: dict[str, Any]
) -> None:
    series_id = local_id(db, "series", table["series"])
    row = db.execute(
        "SELECT night_id, EXISTS (SELECT 1 FROM event_tables WHERE series_id = series.id)"
        " FROM series WHERE id = ?",
        [series_id],
    ).fetchone()
    # A series here already (known by its uid) may have been kept with another night, or be
    # a table of another event.
    if row is None or row[0] != night_id or row[1]:
        raise BadExport(
            words(
                'event "{name}", round {round}, table {table}: its series is of another night'
                " or event here",
                name=event["name"][:40],
                round=table["round"],
                table=table["table"],
            )
        )
    db.execute(
        "INSERT INTO event_tables (event_id, round, number, series_id, code, first_scorer_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            event_id,
            table["round"],
            table["table"],
            series_id,
            unused_code(db),
            table["first_scorer_at"],
        ],
    )
