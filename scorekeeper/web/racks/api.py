"""The JSON API of the racks counted on the players' phones: the hand being drafted, and one
seat's draft. Beside the API of web/api.py, with its refusals in the same shape."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ...store import join_codes
from ...store.series import Series
from .. import api
from ..access.checks import TooManyGuesses, bearer_grant
from ..access.scorer import too_many
from ..api import ApiError, json_body, series_or_api_404
from ..shell.db import get_db
from . import drafts as rack_drafts
from .drafts import DraftProblem

bp = Blueprint("draft_api", __name__, url_prefix="/api")


# Refused as the rest of the API refuses: JSON with a message and where it is, in the app's
# words where it has them.
bp.register_error_handler(ApiError, api.api_error)
bp.register_error_handler(HTTPException, api.http_error)


@bp.get("/series/<int:series_id>/draft")
def read_draft(series_id: int):
    """The hand being drafted: its number, each seat's draft and who sent it. The scorer's
    form asks every second: an answer the same as the last one it had is a 304 (its ETag is
    a digest of the answer, which depends on the asking phone too), read from a few rows."""
    response = jsonify(rack_drafts.state(series_or_api_404(series_id)))
    response.add_etag()
    # Asked again every time (never taken from a cache unasked), but answered 304 when same.
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.put("/series/<int:series_id>/draft/seats/<int:seat>")
def put_draft(series_id: int, seat: int):
    """Set one seat's draft: the scorer (with the passcode, where one is set) for any seat;
    a phone for the seat it holds, or, with the series' join code as its bearer code, an
    open seat while it holds none; with the code of the event table this series is, any
    seat, as the scorer. A wrong code is a wrong guess (web/access/checks.py); another
    table's code is refused, but is no guess."""
    one = series_or_api_404(series_id)
    data = json_body()
    if not isinstance(data, dict):
        raise ApiError(400, 'send a JSON object such as {"rack": "r12 k3 j"}')
    try:
        granted = bearer_grant(join_codes.code_of(get_db(), series_id), series_id)
    except TooManyGuesses as error:
        return too_many(error)
    if granted is None and request.headers.get("Authorization"):
        raise ApiError(
            403,
            gettext("that code is neither the passcode nor this series' join code"),
            "Authorization",
        )
    raw, hand = _without_hand(data)
    # The scorer of the series' event table sets any seat's draft, as the scorer does.
    scorer = granted in ("scorer", "table")
    client = None if scorer else rack_drafts.phone_key(create=True)
    try:
        number = rack_drafts.send(one, seat, raw, client, hand, may_take=granted == "seat")
    except DraftProblem as problem:
        return _refused(problem)
    return jsonify(_answer(one, number, seat)), 200


def _without_hand(data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The draft's fields, and the hand number the sender counted for, if it says."""
    raw = dict(data)
    hand = raw.pop("hand", None)
    if hand is not None and (not isinstance(hand, int) or isinstance(hand, bool) or hand < 1):
        raise ApiError(400, "hand must be the number of the hand being recorded", "hand")
    return raw, hand


def _refused(problem: DraftProblem):
    body = {"error": problem.message, "where": problem.field}
    response = jsonify(body)
    response.status_code = problem.status
    if problem.retry_after is not None:
        response.headers["Retry-After"] = str(problem.retry_after)
    return response


def _answer(one: Series, number: int, seat: int) -> dict[str, Any]:
    state = rack_drafts.state(one)
    return {
        "hand": number,
        "seat": seat,
        "name": one.names[seat],
        "draft": state["seats"][seat]["draft"],
        "sent_by": state["seats"][seat]["sent_by"],
    }
