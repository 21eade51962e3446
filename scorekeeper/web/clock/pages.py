"""The clock's forms: Start, Done, Pause and Resume as every page posts them (without script
too), and the scorer's setting of the series' own time per turn."""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, request, url_for
from flask_babel import gettext

from ...engine.turn_clock import ClockRefused
from ...store import clock
from ..access.scorer import safe_next
from ..shell.db import get_db
from ..shell.language import sentence
from ..shell.lookup import series_or_404
from . import state
from .api import refusal
from .forms import LimitForm, StepForm

bp = Blueprint("clock", __name__)


def _wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "application/json"


@bp.post("/series/<int:series_id>/clock")
def step(series_id: int):
    """A button of the clock: the scorer presses any; the phone holding the seat whose turn
    it is presses Done (checked here: the endpoint is open to every phone)."""
    db = get_db()
    one = series_or_404(db, series_id)
    form = StepForm()
    back = safe_next(form.next.data or url_for("series.show", series_id=series_id))
    if not form.validate():
        return _answer(one, back, gettext("The page was out of date: try again."), 400)
    do = str(form.do.data)
    kept = clock.read_clock(db, one)
    seat = state.phone_seat(series_id)
    mark = form.mark(len(one.names))
    try:
        # A late Done is told that its turn is over before who may press it (as the API).
        state.check_done(one, kept, do, mark)
        if not state.may_step(series_id, kept, do, seat):
            return _answer(one, back, refusal(one, kept.clock.seat, do), 403)
        kept = clock.step(db, one, do, state.now(), mark)
    except ClockRefused as error:
        return _answer(one, back, sentence(error.detail), 409)
    if _wants_json():
        return jsonify(state.answer(one, kept, state.now()))
    return redirect(back)


def _answer(one, back: str, message: str, status: int):
    if _wants_json():
        return jsonify({"error": message}), status
    flash(message, "error")
    return redirect(back)


@bp.post("/series/<int:series_id>/clock/limit")
def limit(series_id: int):
    """The series' own time per turn (scorer only: web/access/scorer.py)."""
    db = get_db()
    one = series_or_404(db, series_id)
    form = LimitForm()
    if form.validate():
        clock.set_own_limit(db, one, form.own_limit())
        flash(gettext("Time per turn saved."))
    else:
        for errors in form.errors.values():
            for message in errors:
                flash(str(message), "error")
    return redirect(url_for("series.show", series_id=series_id, _anchor="clock-setting"))
