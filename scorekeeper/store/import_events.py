"""Import a night's events (store/export_events.py checked them): each event new here is
stored whole, with its roster and its tables, each table the series of this night the file
names; an event here already is left as it is. Every table gets a new scorer code."""

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
        if local_id(db, "events", event["uid"]) is not None:
            added.already += 1
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
            db.execute(
                "INSERT INTO event_players (event_id, player_id, position, checked_in,"
                " gone_after_round) VALUES (?, ?, ?, ?, ?)",
                [
                    event_id,
                    add_player(db, player["name"]),
                    position,
                    int(player["checked_in"]),
                    player["gone_after_round"],
                ],
            )
        for table in event["tables"]:
            _import_table(db, event_id, night_id, event, table)
        added.events += 1


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
