"""The clock's JSON API: `GET /api/series/ID/clock` reads it, `POST` with
`{"do": "start" | "done" | "pause" | "resume"}` takes a step and answers the new clock; a
"done" may say which turn it ends (`"seat"`, `"turn"`: its number within the hand, `"hand"`),
refused 409 once that turn is over (said before any 403: the truth to a late Done).
A step needs the passcode where one is set (Authorization: Bearer), or the table's code in a
table's series of an event, except "done" from the phone holding the seat whose turn it is
(its My rack cookie): otherwise 403."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from flask_babel import gettext

from ...engine.turn_clock import ClockRefused, TurnMark
from ...store import clock, series, tallies
from ..access import table_scorer
from ..shell.db import get_db
from ..shell.language import sentence
from . import state

bp = Blueprint("clock_api", __name__, url_prefix="/api")


def _series(series_id: int):
    found = series.get_series(get_db(), series_id)
    if found is None:
        return None, (jsonify({"error": gettext("there is no series %(id)d", id=series_id)}), 404)
    return found, None


def tag(series_id: int) -> str:
    """What changes whenever the clock takes a step or a hand is recorded (a weak tag: the
    time left in the answer runs on, which a script counts down itself)."""
    db = get_db()
    return f"{clock.changes(db, series_id)}.{tallies.changes(db, series_id)}"


@bp.get("/series/<int:series_id>/clock")
def clock_state(series_id: int):
    """The series' clock; answered 304 to a poll that sends back the tag it was given."""
    one, refused = _series(series_id)
    if refused:
        return refused
    now_tag = tag(series_id)
    if request.if_none_match.contains_weak(now_tag):
        response = current_app.response_class(status=304)
    else:
        kept = clock.read_clock(get_db(), one)
        response = jsonify(state.answer(one, kept, state.now()))
    response.set_etag(now_tag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/series/<int:series_id>/clock")
def step(series_id: int):
    """Start, Done, Pause or Resume, for whoever may press it."""
    one, refused = _series(series_id)
    if refused:
        return refused
    if request.mimetype != "application/json":
        return jsonify(
            {"error": gettext("send JSON with %(header)s", header="Content-Type: application/json")}
        ), 415
    body = request.get_json(silent=True)
    do = body.get("do") if isinstance(body, dict) else None
    if do not in clock.STEPS:
        return jsonify(
            {
                "error": gettext(
                    'say what the clock should do: "do" is "start", "done", "pause" or "resume"'
                ),
                "where": "do",
            }
        ), 400
    mark, wrong = _mark(body if isinstance(body, dict) else {}, len(one.names))
    if wrong:
        return wrong
    db = get_db()
    kept = clock.read_clock(db, one)
    seat = state.phone_seat(series_id)
    try:
        # A Done for a turn already over is told so first, whoever sent it: the phone that
        # joined as Bo, late for Bo's turn, learns that it ended, not that it may not end it.
        state.check_done(one, kept, do, mark)
        if not state.may_step(series_id, kept, do, seat):
            # A table code sent for another table, a past round or an event that is over
            # is told why, as the hands API tells it (web/access/table_scorer.py).
            why = table_scorer.api_code_refusal() or refusal(one, kept.clock.seat, do, api=True)
            return jsonify({"error": why}), 403
        kept = clock.step(db, one, do, state.now(), mark)
    except ClockRefused as error:
        return jsonify({"error": sentence(error.detail), "where": "do"}), 409
    return jsonify(state.answer(one, kept, state.now()))


def _mark(body: dict, players: int):
    """The turn a "done" says it ends (`"seat"`, `"turn"`, `"hand"`, each optional), or a 400
    naming the field that is not a seat of the series or a number from 1."""
    said: dict[str, int | None] = {}
    for field, low, high in (("seat", 0, players - 1), ("turn", 1, None), ("hand", 1, None)):
        value = body.get(field)
        whole = isinstance(value, int) and not isinstance(value, bool)
        if value is not None and not (whole and low <= value and (high is None or value <= high)):
            if field == "seat":
                message = gettext(
                    '"seat" is the seat whose turn the "done" ends: a number from 0 to %(last)d',
                    last=players - 1,
                )
            else:
                message = gettext('"%(field)s" is a whole number from 1', field=field)
            return None, (jsonify({"error": message, "where": field}), 400)
        said[field] = value
    return TurnMark(said["seat"], said["turn"], said["hand"]), None


def refusal(one: series.Series, turn: int | None, do: str, api: bool = False) -> str:
    """Why this phone may not take the step, in the page's language (the API's saying how
    to send the passcode)."""
    header = "Authorization: Bearer <passcode>"
    if do == "done" and turn is not None:
        if api:
            return gettext(
                "only the phone that joined as %(name)s can end %(name)s's turn without the "
                "passcode: send it as %(header)s",
                name=one.names[turn],
                header=header,
            )
        return gettext(
            "Only the phone that joined as %(name)s, or the scorer, can end %(name)s's turn.",
            name=one.names[turn],
        )
    if api:
        return gettext(
            "only the scorer can start, pause or resume the clock: send the passcode as %(header)s",
            header=header,
        )
    return gettext("Only the scorer can start, pause or resume the clock.")
