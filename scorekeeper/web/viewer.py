"""The viewer: a read-only page per series, in big type, that follows the standings live."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext
from sqlite_utils import Database

from ..engine.table import InvalidAction, Table, replay
from ..store import hands, join_codes, live_tables, series, tallies
from .access import address
from .clock import state as clock_state
from .racks.join_codes import from_link
from .shell.db import get_db
from .shell.lookup import series_or_404

bp = Blueprint("viewer", __name__)

# Seconds between checks for a new hand: by script, or by reloading without script.
POLL_SECONDS = 2
RELOAD_SECONDS = 15
# Without script, in a series that can follow its hands in table mode: each action changes
# the table, and a table may start at any moment.
TABLE_RELOAD_SECONDS = 3


def version(db: Database, series_id: int) -> str:
    """A tag that changes whenever a hand of the series is recorded, fixed, deleted or
    restored (the series' change counter, store.tallies) or its table in play changes: two
    rows read, whatever the series' length."""
    return f"{tallies.changes(db, series_id)}.{live_tables.last_change(db, series_id)}"


def live_table(db: Database, one) -> Table | None:
    """The table of the hand in play, as the scorer recorded it so far; None without one."""
    actions = live_tables.live_actions(db, one.id)
    if not actions or not one.variant.table_mode:
        return None
    try:
        return replay(one.variant, one.names, actions)
    except InvalidAction:  # stored by an older version under other rules: show the standings
        return None


def viewer_link(series_id: int, join: bool = False) -> dict:
    """The viewer's address for other phones, and its QR code as inline SVG. With `join`
    (the scorer's page only), the address carries the series' join code: a phone that opens
    it may take a seat for "My rack" (web/racks/join_codes.py)."""
    base = address.page_join_url()
    code = join_codes.code_of(get_db(), series_id) if join else None
    url = base + url_for("viewer.show", series_id=series_id, join=code)
    return {"url": url, "qr": address.qr_svg(url), "code": join_codes.shown(code) if code else None}


@bp.route("/series/<int:series_id>/view")
def show(series_id: int):
    """The standings in big type, refreshed as hands are recorded."""
    joining = from_link(series_id)
    if joining is not None:
        return joining
    db = get_db()
    one = series_or_404(db, series_id)
    result = series.standing(db, one)
    shown = hands.sheet_slice(db, series_id, result.played - 1, 1)
    last = shown[0]["outcome"] if shown else None
    table = live_table(db, one)
    if one.variant.table_mode and not result.finished:
        reload_seconds = TABLE_RELOAD_SECONDS
    else:
        reload_seconds = current_app.config.get("VIEWER_RELOAD_SECONDS", RELOAD_SECONDS)
    return render_template(
        "viewer/show.html",
        series=one,
        result=result,
        standings=result.standings,
        last=last,
        turn=series.turn_next(one, result),
        version=version(db, series_id),
        poll_seconds=current_app.config.get("VIEWER_POLL_SECONDS", POLL_SECONDS),
        reload_seconds=reload_seconds,
        table=table,
        hand_number=result.played + 1,
        clock=clock_state.page_clock(one),
    )


@bp.route("/series/<int:series_id>/view.json")
def state(series_id: int):
    """What the viewer polls: whether anything changed since the page was drawn. Its tag is
    the ETag too: a poll that sends it back (If-None-Match) is answered 304, nothing more."""
    db = get_db()
    if not db.execute("SELECT 1 FROM series WHERE id = ?", [series_id]).fetchone():
        return jsonify({"error": gettext("there is no series %(id)d", id=series_id)}), 404
    return version_answer(version(db, series_id))


def version_answer(tag: str) -> Response:
    """A poll's answer: the page's version as JSON and as the ETag, or a bare 304 when the
    poll sent the same tag back (the viewer's and the big screen's)."""
    if tag in request.if_none_match:
        response = current_app.response_class(status=304)
    else:
        response = jsonify({"version": tag})
    response.set_etag(tag)
    # Asked again every time (never taken from a cache unasked), but answered 304 when same.
    response.headers["Cache-Control"] = "no-cache"
    return response
