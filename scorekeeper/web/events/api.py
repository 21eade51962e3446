"""The events' JSON API: create an event (seating round 1), read it, seat the next round.

Only the scorer (the passcode holder: the organiser) creates events and seats rounds; the
guard (web/access/scorer.py) refuses every other phone, a table scorer's too. The answers
that seat a round carry each table's scorer code; reading an event never does.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from flask import Blueprint, jsonify
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ...engine import SeriesEnd
from ...engine.event_points import EventStanding
from ...engine.events import (
    MAX_EVENT_PLAYERS,
    EventFormat,
    InvalidEvent,
    default_place_points,
    read_place_points,
    round_end,
)
from ...store import events, table_codes
from ..api import ApiError, api_error, http_error, json_body, variant_of
from ..shell.db import get_db

bp = Blueprint("events_api", __name__, url_prefix="/api/events")
bp.errorhandler(ApiError)(api_error)
bp.errorhandler(HTTPException)(http_error)

ROUND_ENDS = ("hands", "target")


def _whole(data: dict[str, Any], field: str) -> int:
    value = data.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(400, gettext("%(field)s must be a whole number", field=field), field)
    return value


def _text(data: dict[str, Any], field: str) -> str:
    value = data.get(field)
    if not isinstance(value, str):
        raise ApiError(400, gettext("%(field)s must be text", field=field), field)
    return value


def _name(data: dict[str, Any]) -> str:
    """The event's name, tidied; the engine decides whether it will do (check_event_name)."""
    return " ".join(_text(data, "name").split())


def _players(data: dict[str, Any]) -> list[str]:
    names = data.get("players")
    if (
        not isinstance(names, list)
        or len(names) > MAX_EVENT_PLAYERS
        or not all(isinstance(n, str) for n in names)
    ):
        raise ApiError(
            400,
            gettext("players must be a list of at most %(count)d names", count=MAX_EVENT_PLAYERS),
            "players",
        )
    return names


def _round_end(data: dict[str, Any]) -> SeriesEnd:
    value = data.get("round_end")
    if (
        not isinstance(value, dict)
        or len(value) != 1
        or next(iter(value)) not in ROUND_ENDS
        or not isinstance(next(iter(value.values())), int)
        or isinstance(next(iter(value.values())), bool)
    ):
        raise ApiError(
            400,
            gettext(
                "round_end must be %(hands)s or %(target)s",
                hands='{"hands": N}',
                target='{"target": N}',
            ),
            "round_end",
        )
    ((kind, count),) = value.items()
    try:
        return round_end(kind, count)
    except InvalidEvent as error:
        # 0 hands, a target below 1, a number past what a round can last (engine/events.py).
        raise ApiError(400, error.detail, "round_end") from None


def read_format(data: dict[str, Any]) -> EventFormat:
    """The event's format as the body gives it; the engine decides whether it can be played
    (engine/events.py, check_event_setup)."""
    rounds, size = _whole(data, "rounds"), _whole(data, "table_size")
    end = _round_end(data)
    seating, points = _text(data, "seating"), _text(data, "points")
    place_points = (
        read_place_points(data["place_points"])
        if data.get("place_points") is not None
        else default_place_points()
    )
    return EventFormat(
        rounds=rounds,
        table_size=size,
        end=end,
        seating=seating,
        points=points,
        place_points=place_points,
    )


def _number(points: float) -> float | int:
    """Event points as JSON: a whole number as one (3, not 3.0), a half as it is (2.5)."""
    return int(points) if float(points).is_integer() else points


def standings_json(standings: list[EventStanding]) -> list[dict[str, Any]]:
    """The event's standings as the API gives them."""
    return [
        {
            "player": s.player,
            "points": _number(s.points),
            "score": s.score,
            "hands_won": s.hands_won,
            "rank": s.rank,
        }
        for s in standings
    ]


def seated_json(event_id: int) -> dict[str, Any]:
    """The round just seated, for the organiser: each table with its scorer code."""
    db = get_db()
    return {
        "id": event_id,
        "round": events.current_round(db, event_id),
        "tables": [
            {
                "table": t.number,
                "series": t.series_id,
                "players": t.players,
                "code": table_codes.code_of_table(db, t.series_id),
            }
            for t in events.tables_of(db, event_id)
        ],
        "standings": standings_json(events.standings_of(db, event_id)),
    }


def _event_or_404(event_id: int) -> events.Event:
    found = events.get_event(get_db(), event_id)
    if found is None:
        raise ApiError(404, gettext("there is no event %(id)d", id=event_id))
    return found


@bp.post("")
def create_event():
    """Create an event and seat its first round (201, each table with its code)."""
    data, db = json_body(), get_db()
    if not isinstance(data, dict):
        raise ApiError(400, gettext("send a JSON object"))
    try:
        name = _name(data)
        variant = variant_of(db, data.get("variant"))
        names = _players(data)
        fmt = read_format(data)
        event_id = events.create_event(db, name, date.today(), variant, names, fmt, random.Random())
    except InvalidEvent as error:
        raise ApiError(400, error.detail, error.field) from None
    return jsonify(seated_json(event_id)), 201


@bp.get("/<int:event_id>")
def read_event(event_id: int):
    """The event: its rounds' tables, whether it is over, and the standings (no codes)."""
    event, db = _event_or_404(event_id), get_db()
    tables = events.all_tables(db, event_id)
    numbers = sorted({t.round for t in tables})
    return jsonify(
        {
            "id": event.id,
            "name": event.name,
            "round": events.current_round(db, event_id),
            "finished": events.event_finished(db, event_id),
            "rounds": [
                {
                    "number": number,
                    "tables": [
                        {
                            "table": t.number,
                            "series": t.series_id,
                            "players": t.players,
                            "finished": t.finished,
                        }
                        for t in tables
                        if t.round == number
                    ],
                }
                for number in numbers
            ],
            "standings": standings_json(events.standings_of(db, event_id)),
        }
    )


@bp.post("/<int:event_id>/rounds")
def next_round(event_id: int):
    """Seat the next round once every table of this one has finished (201, as when the
    event was created); 409 before that, after the last round, or with too few players."""
    _event_or_404(event_id)
    try:
        events.seat_next_round(get_db(), event_id, random.Random())
    except events.EventRefused as refused:
        raise ApiError(409, refused.detail) from None
    except InvalidEvent as error:
        raise ApiError(409, error.detail, error.field) from None
    return jsonify(seated_json(event_id)), 201
