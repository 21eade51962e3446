"""The table code page: a phone types (or opens from the table's QR code) the code of one
table of an event, and scores that table's series from then on, and nothing else
(table_scorer.py). Works without JavaScript: a form that posts."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext

from ...store import event_state, table_codes
from ..shell.db import get_db
from .checks import TooManyGuesses, admit_guess, current_hash, limiter
from .forms import TableCodeForm
from .table_scorer import grant_table

bp = Blueprint("table_codes", __name__)


class CodeRefused(Exception):
    """The code typed grants nothing; the message says why."""


def check_table_code(typed: str) -> int:
    """The series a live table code scores. Each wrong code is a wrong guess under the
    passcode's limiter, checked only once the phone may guess (so a code is guessed no
    faster than the passcode); a code of an event that has ended grants nothing and is no
    guess. Raises TooManyGuesses or CodeRefused."""
    stored = current_hash()
    place = None
    if stored is not None:
        _, place = admit_guess(stored, typed)
    found = table_codes.look_up(get_db(), typed)
    if place is not None:
        if found is None:
            limiter().wrong(place)
        else:
            limiter().unchecked(place)
    if found is None:
        raise CodeRefused(
            gettext(
                "That is not a table code. Type the code printed on the table's slip, or scan "
                "its QR code."
            )
        )
    if found.state == "ended":
        raise CodeRefused(gettext("This event has ended: its table codes no longer work."))
    if found.state == "earlier_round":
        raise CodeRefused(
            gettext(
                "This code was for round %(round)d, and the next round has been seated: it no "
                "longer works. Ask the organiser for your table's new code.",
                round=found.round,
            )
        )
    return found.series_id


def _welcome(series_id: int) -> None:
    """Say which table this phone scores now, and what it may do there."""
    db = get_db()
    table = event_state.table_of_series(db, series_id)
    event = event_state.get_event(db, table.event_id) if table else None
    if table is None or event is None:
        return
    flash(
        gettext(
            "This phone now scores round %(round)d, table %(table)d of %(event)s. It can "
            "record, fix and delete that table's hands and run its turn clock, and nothing "
            "else.",
            round=table.round,
            table=table.number,
            event=event.name,
        )
    )


@bp.route("/table-code", methods=["GET", "POST"])
def enter():
    """Enter a table's code (a link with `?code=` fills it in) to score that table."""
    form = TableCodeForm()
    if request.method == "GET" and request.args.get("code"):
        form.code.data = request.args.get("code", "")[:40]
    status = 200
    if form.validate_on_submit():
        try:
            series_id = check_table_code(form.code.data or "")
        except TooManyGuesses as error:
            minutes = max(1, -(-error.seconds // 60))
            form.code.errors = [
                ngettext(
                    "Too many wrong codes from this phone. Try again in %(num)d minute.",
                    "Too many wrong codes from this phone. Try again in %(num)d minutes.",
                    minutes,
                )
            ]
            status = 429
        except CodeRefused as refused:
            form.code.errors = [str(refused)]
        else:
            grant_table(series_id)
            table_codes.note_scorer(get_db(), series_id)
            _welcome(series_id)
            return redirect(url_for("series.show", series_id=series_id))
    if form.errors and status == 200:
        status = 422
    return render_template("access/table_code.html", form=form), status
