"""The organiser's print pages of a round: a seating slip per table (the round, the table, its
players in order of play and the table's code) and a score sheet per table, laid out for one
A4 sheet each (static/events.css, `@media print`). They carry the table codes: the passcode
is needed to see them."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

from ...store import events as store
from ..access.scorer import is_scorer
from ..shell.db import get_db
from . import shown

bp = Blueprint("event_print", __name__)

# A score sheet to a target has this many lines to fill; one to a number of hands, one each.
TARGET_LINES = 12
# A sheet holds at most this many lines (more hands than that are kept on a phone).
MOST_LINES = 30


def round_or_current(event_id: int) -> int:
    """The round asked for (?round=2), else the round in play."""
    db = get_db()
    asked = request.args.get("round", "")
    current = store.current_round(db, event_id)
    return int(asked) if asked.isdigit() and 1 <= int(asked) <= current else current


@bp.route("/events/<int:event_id>/print/slips")
def slips(event_id: int):
    """A seating slip per table of the round, to cut and lay on each table."""
    if not is_scorer():
        return redirect(url_for("access.become", next=request.full_path.rstrip("?")))
    db = get_db()
    event = shown.event_or_404(db, event_id)
    number = round_or_current(event.id)
    tables = store.tables_of(db, event.id, number)
    return render_template(
        "events/slips.html",
        event=event,
        round_number=number,
        tables=tables,
        codes={t.series_id: shown.table_code(t.series_id) for t in tables},
    )


@bp.route("/events/<int:event_id>/print/sheets")
def sheets(event_id: int):
    """A paper score sheet per table of the round, for a table without a phone."""
    if not is_scorer():
        return redirect(url_for("access.become", next=request.full_path.rstrip("?")))
    db = get_db()
    event = shown.event_or_404(db, event_id)
    number = round_or_current(event.id)
    end = event.fmt.end
    return render_template(
        "events/sheets.html",
        event=event,
        round_number=number,
        tables=store.tables_of(db, event.id, number),
        lines=min(end.value, MOST_LINES) if end.kind == "hands" else TARGET_LINES,
    )
