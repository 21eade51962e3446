"""The JSON API: create a series, add a hand in the hand format, read the standings."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from flask import Blueprint, current_app, jsonify, request, url_for
from flask_babel import gettext, ngettext
from sqlite_utils import Database
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..engine import (
    InvalidHand,
    InvalidSeries,
    InvalidVariant,
    Variant,
    check_series_setup,
    direction,
    read_end,
    read_players,
    variant_from_dict,
)
from ..engine.limits import HAND_BYTES
from ..engine.words import Words
from ..store import hands, join_codes, nights, series, variants
from ..store.db import write_lock
from ..store.drafts import NewerDrafts
from ..store.once import API_HANDS, KEY_MAX, Once, fingerprint, keep_answer
from .access.scorer import is_scorer
from .shell import ids
from .shell.db import get_db
from .shell.site import ERRORS

bp = Blueprint("api", __name__, url_prefix="/api")


class ApiError(Exception):
    """A refused request: status, message and where the problem is."""

    def __init__(self, status: int, message: Words | str, where: Words | str | None = None):
        super().__init__(message)
        self.status, self.message, self.where = status, message, where


@bp.errorhandler(ApiError)
def api_error(error: ApiError):
    """Every refusal is JSON with a message."""
    body = {"error": error.message}
    if error.where:
        body["where"] = error.where
    return jsonify(body), error.status


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    """Errors Flask raises (not found, too large) are JSON here too, in the app's words where
    it has them."""
    words = ERRORS.get(type(error))
    return jsonify({"error": str(words[1]) if words else error.description}), error.code


def json_body() -> Any:
    """The request's JSON body; JSON requests must say they are JSON."""
    if request.mimetype != "application/json":
        raise ApiError(
            415, gettext("send JSON with %(header)s", header="Content-Type: application/json")
        )
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        raise ApiError(400, gettext("the body is nested too deeply")) from None
    if data is None:
        raise ApiError(400, gettext("the body is not valid JSON"))
    try:
        # A \ud800 escape parses into text that SQLite cannot store.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(
            400,
            gettext(
                "the body holds an escape that is not a character (a lone "
                "surrogate such as %(escape)s)",
                escape="\\ud800",
            ),
        ) from None
    return data


def series_or_api_404(series_id: int) -> series.Series:
    """The series with this id, or the API's JSON 404 (web/shell/lookup.py has the pages')."""
    found = series.get_series(get_db(), series_id)
    if found is None:
        raise ApiError(404, gettext("there is no series %(id)d", id=series_id))
    return found


def standings(one: series.Series) -> dict[str, Any]:
    """A series' state as the API returns it: its standing as kept with it (store.tallies)
    and every hand's stored scores, read as they are, never tallied again."""
    db = get_db()
    result = series.standing(db, one)
    rows = hands.sheet_hands(db, one.id)
    return {
        "id": one.id,
        "night_id": one.night_id,
        "name": one.name,
        "variant": one.variant_id,
        "variant_name": one.variant.name,
        "players": one.names,
        "end": one.end.to_dict(),
        "totals": result.totals,
        "games_won": result.games_won,
        "finished": result.finished,
        "winners": result.winners,
        "standings": [
            {"name": s.name, "total": s.total, "hands_won": s.hands_won, "rank": s.rank}
            for s in result.standings
        ],
        "next_dealer": series.dealer_next(one, result),
        # Which way play goes, and who plays first in the hand being played (null once the
        # series is over): engine.play_order.
        "direction": direction(one.variant),
        "starter": series.starter_next(one, result),
        "hands": [
            {
                "number": row["number"],
                "winner": row["outcome"].winner,
                "scores": row["outcome"].scores,
            }
            for row in rows
        ],
        "url": url_for("series.show", series_id=one.id, _external=True),
    }


def variant_of(db: Database, value: Any) -> Variant:
    if isinstance(value, str):
        found = variants.get_variant(db, value)
        if found is None:
            raise ApiError(400, gettext("unknown variant %(name)s", name=repr(value)), "variant")
        return found
    try:
        return variant_from_dict(value)
    except InvalidVariant as error:
        raise ApiError(400, str(error), "variant") from None


@bp.post("/series")
def create_series():
    """Start a series; the night defaults to a new one dated today."""
    data, db = json_body(), get_db()
    if not isinstance(data, dict):
        raise ApiError(400, gettext("send a JSON object"))
    variant = variant_of(db, data.get("variant"))
    first = data.get("first_dealer", 0)
    # The engine reads the players and decides the set-up (how many players, the end, the
    # first dealer), as for the series form, import and the command line.
    try:
        names = read_players(data.get("players"))
        end = read_end(data.get("end"))
        check_series_setup(variant, names, end, first)
    except InvalidSeries as error:
        raise ApiError(400, error.detail, error.field or "end") from None
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > 80):
        raise ApiError(
            400, gettext("name must be text of at most %(count)d characters", count=80), "name"
        )
    night_id = data.get("night_id")
    # The new night and the series are one write: a crash between them leaves neither.
    with write_lock(db):
        if night_id is None:
            night_id = nights.create_night(db, date.today(), None, None)
        elif not ids.is_id(night_id) or nights.get_night(db, night_id) is None:
            raise ApiError(400, gettext("there is no night %(id)s", id=night_id), "night_id")
        series_id = series.create_series(db, night_id, name, variant, names, end, first)
    # Only the scorer starts a series: the answer carries the code players join it with.
    answer = {
        **standings(series.series_of(db, series_id)),
        "join_code": join_codes.code_of(db, series_id),
    }
    return jsonify(answer), 201


@bp.post("/series/<int:series_id>/hands")
def add_hand(series_id: int):
    """Record a hand (the hand format, without "variant": the series has it)."""
    one = series_or_api_404(series_id)
    # No hand that can be played comes near HAND_BYTES (engine/limits.py): a larger body is
    # refused (413) before it is read, whatever MAX_CONTENT_LENGTH allows.
    if (request.content_length or 0) > HAND_BYTES:
        raise RequestEntityTooLarge()
    request.max_content_length = min(request.max_content_length or HAND_BYTES, HAND_BYTES)
    data = json_body()
    if isinstance(data, dict) and "variant" in data:
        raise ApiError(
            400,
            gettext('a hand in a series takes the series\' variant: leave out "variant"'),
            "variant",
        )
    once = _idempotency_key(data)
    data, seen = _without_drafts_seen(data)
    try:
        row = hands.record_hand(get_db(), one, data, once=once, drafts_seen=seen)
    except hands.AlreadySaved as saved:
        return _repeat(one, saved, once)
    except NewerDrafts as newer:
        return _newer_drafts(one, newer)
    except hands.HandRefused as refused:
        where = getattr(refused.error, "where", None)
        raise ApiError(400, str(refused), where) from None
    except InvalidHand as error:
        raise ApiError(400, str(error), error.where) from None
    # Answered only now that the hand is committed, with the result stored with it: another
    # phone may have added a hand since, and the standings include it.
    answer = {"number": row["number"], **hands.hand_result(row).to_dict(), "series": standings(one)}
    # As JSON data (its words in English, by the app's JSON provider), to keep for a repeat.
    answer = current_app.json.loads(current_app.json.dumps(answer))
    if once is not None:
        keep_answer(get_db(), one.id, once, answer)
    return jsonify(answer), 201


def _without_drafts_seen(body: Any) -> tuple[Any, dict[int, str] | None]:
    """The hand, and the token of each seat's draft the script read (`"drafts_seen"`, from
    `GET .../draft`), when it says: then a rack sent since that the hand does not hold
    refuses the hand, as on the form. Without it the hand is saved as sent: a script that
    never read the drafts speaks for every rack itself."""
    if not isinstance(body, dict) or "drafts_seen" not in body:
        return body, None
    hand = dict(body)
    seen = hand.pop("drafts_seen")
    if not isinstance(seen, dict) or not all(
        isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in seen.items()
    ):
        raise ApiError(
            400,
            gettext(
                "drafts_seen gives each seat's draft token as read, e.g. %(example)s",
                example='{"1": "56ad0287b274df10"}',
            ),
            "drafts_seen",
        )
    return hand, {int(seat): token for seat, token in seen.items()}


def _newer_drafts(one: series.Series, refused: NewerDrafts):
    """409: racks came since the drafts the script read; nothing stored, and the newer ones
    are in the answer, with the tokens to send once the hand holds them or overrules them."""
    names = [one.names[seat] for seat in sorted(refused.newer)]
    body = {
        "error": ngettext(
            "a newer rack came for %(names)s since the drafts you read: nothing was saved",
            "newer racks came for %(names)s since the drafts you read: nothing was saved",
            len(names),
            names=", ".join(names),
        ),
        "where": "drafts_seen",
        "newer": [
            {"seat": seat, "name": one.names[seat], "draft": d["fields"], "token": d["token"]}
            for seat, d in sorted(refused.newer.items())
        ],
    }
    return jsonify(body), 409


def _idempotency_key(body: object) -> Once | None:
    """The request's Idempotency-Key, with its body's fingerprint, or None without one. The key
    is this endpoint's in the series asked for: the same key elsewhere is another request."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not key.strip() or len(key) > KEY_MAX:
        raise ApiError(
            400,
            gettext("an Idempotency-Key is 1 to %(count)d characters", count=KEY_MAX),
            "Idempotency-Key",
        )
    return Once(API_HANDS, key, fingerprint(body))


def _repeat(one: series.Series, saved: hands.AlreadySaved, once: Once | None):
    """The answer to a repeat: the first answer again when the body is the same."""
    if once is None or saved.request["fingerprint"] != once.fingerprint:
        raise ApiError(
            409,
            gettext(
                "this Idempotency-Key was already used for another hand "
                "(hand %(number)d): use a new key for a new hand",
                number=hands.row_of(get_db(), saved.hand),
            ),
            "Idempotency-Key",
        )
    if saved.request["answer"]:
        return jsonify(json.loads(saved.request["answer"])), 201
    # The first request was cut off before its answer was kept: the hand as stored.
    return jsonify(
        {
            "number": saved.hand["number"],
            **hands.hand_result(saved.hand).to_dict(),
            "series": standings(one),
        }
    ), 201


@bp.get("/series/<int:series_id>")
def read_series(series_id: int):
    """The standings of a series; to the scorer, its join code too (never to another phone:
    the code lets a phone take a player's seat, web/racks/join_codes.py)."""
    answer = standings(series_or_api_404(series_id))
    if is_scorer():
        answer["join_code"] = join_codes.code_of(get_db(), series_id)
    return jsonify(answer)
