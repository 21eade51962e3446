"""Joining a series for "My rack": a phone takes a seat only with the series' join code,
which the table has (the viewer link's QR code on the scorer's phone, and the code shown
beside it) and a phone elsewhere does not (issue 23).

A phone that opens the QR link (`/series/ID/view?join=CODE`) or types the code keeps it in
its session for that series; "I'm Ana" then works without typing. The code is checked as
a passcode guess is (web/access/checks.py, the same limiter), and grants a seat, nothing else."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response

from ...store import join_codes
from ..access.checks import (
    TooManyGuesses,
    admit_guess,
    current_hash,
    limiter,
    took_join_code,
)
from ..access.scorer import is_scorer
from ..shell.db import get_db
from ..shell.lookup import series_or_404
from .forms import JoinForm

bp = Blueprint("join_codes", __name__)

# The session keeps the codes of the latest series this phone joined, no more.
SESSION_KEY = "joined"
MOST_KEPT = 10


def joined(series_id: int) -> bool:
    """Whether this phone has the series' join code (kept from a link or typed)."""
    kept = session.get(SESSION_KEY)
    code = join_codes.code_of(get_db(), series_id)
    if not isinstance(kept, dict) or code is None:
        return False
    return join_codes.matches(str(kept.get(str(series_id), "")), code)


def may_take_seat(series_id: int) -> bool:
    """Whether this phone may take a seat of the series: it joined it, or it is the scorer
    (who may change everything, and is every phone where no passcode is set)."""
    return joined(series_id) or is_scorer()


def check_join_code(attempt: str, join_code: str) -> bool:
    """Whether a code a phone typed or opened a link with is the series' join code. Counted
    as the passcode's guesses are, by the same limiter (web/access/checks.py): a join code is
    guessed no faster than the passcode. Never checked as the passcode. Without a passcode
    every phone may take a seat anyway."""
    stored = current_hash()
    if stored is None:
        return join_codes.matches(attempt, join_code)
    _, place = admit_guess(stored, attempt)
    if took_join_code(attempt, join_code, place):
        return True
    limiter().wrong(place)
    return False


def _remember(series_id: int, code: str) -> None:
    kept = session.get(SESSION_KEY)
    kept = {k: v for k, v in kept.items() if k != str(series_id)} if isinstance(kept, dict) else {}
    kept[str(series_id)] = code
    session[SESSION_KEY] = dict(list(kept.items())[-MOST_KEPT:])


def _try(series_id: int, typed: str) -> bool:
    """Check a code offered for the series and keep it if it is right; say why not."""
    code = join_codes.code_of(get_db(), series_id)
    try:
        right = code is not None and check_join_code(typed, code)
    except TooManyGuesses as error:
        minutes = max(1, -(-error.seconds // 60))
        flash(
            ngettext(
                "Too many wrong codes from this phone. Try again in %(num)d minute.",
                "Too many wrong codes from this phone. Try again in %(num)d minutes.",
                minutes,
            ),
            "error",
        )
        return False
    if right and code is not None:
        _remember(series_id, code)
        return True
    flash(
        _(
            "That is not this series' join code: scan the QR code on the scorer's phone, or "
            "type the code it shows."
        ),
        "error",
    )
    return False


def from_link(series_id: int) -> Response | None:
    """For the viewer: a phone that opened the QR link keeps the code, and the page is drawn
    again at its plain address (the code never stays in the address bar or the history)."""
    typed = request.args.get("join")
    if typed is None:
        return None
    series_or_404(get_db(), series_id)
    if typed.strip():
        _try(series_id, typed[:200])
    return redirect(url_for("viewer.show", series_id=series_id))


@bp.post("/series/<int:series_id>/my-rack/join")
def join(series_id: int):
    """The join code typed on the phone; then "I'm Ana"."""
    series_or_404(get_db(), series_id)
    form = JoinForm()
    if form.validate():
        _try(series_id, form.code.data or "")
    else:
        for message in form.code.errors:
            flash(str(message), "error")
    return redirect(url_for("racks.mine", series_id=series_id))
