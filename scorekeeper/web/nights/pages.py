"""Game nights: the home page, the new night form and the night page."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext

from ...store.nights import create_night, nights_on, recent_nights
from ...store.rulings import night_rulings
from ..access import address
from ..events.shown import event_labels
from ..series import share
from ..shell.db import get_db
from ..shell.language import long_date
from ..shell.lookup import night_or_404
from . import in_play
from .forms import NightForm

bp = Blueprint("nights", __name__)


def long_day(iso_date: str) -> str:
    """Write a stored date the way people say it, in the page's language: Saturday 22
    November 2025."""
    return long_date(date.fromisoformat(iso_date))


@bp.route("/")
def home():
    """Show tonight's and recent game nights, and how other phones can join."""
    db, today = get_db(), date.today()
    join = address.page_join_url()
    return render_template(
        "home.html",
        tonight=nights_on(db, today),
        recent=recent_nights(db, other_than=today),
        playing=in_play.in_play(db, today),
        join_url=join,
        join_qr=address.qr_svg(join),
    )


@bp.route("/nights/new", methods=["GET", "POST"])
def new():
    """Start a game night."""
    form = NightForm()
    if form.validate_on_submit() and form.date.data is not None:
        night_id = create_night(get_db(), form.date.data, form.place.data, form.note.data)
        flash(gettext("Game night started."))
        return redirect(url_for("nights.show", night_id=night_id))
    return render_template("nights/new.html", form=form)


@bp.route("/nights/<int:night_id>")
def show(night_id: int):
    """Show a game night and its series: each in play or finished, its hands and who leads,
    and the series each player has won tonight."""
    db = get_db()
    night = night_or_404(db, night_id)
    states = in_play.night_states(db, night_id)
    # The night page calls an unnamed series "Series 2"; its rulings say the same.
    labels = {
        one.series.id: one.series.name or gettext("Series %(number)d", number=i)
        for i, one in enumerate(states, 1)
    }
    # A table of a club night is named by its event, round and table instead.
    labels.update(event_labels(db, [one.series.id for one in states]))
    day = long_day(night["date"])
    text = share.night_text(db, day, [one.series for one in states])
    return render_template(
        "nights/show.html",
        night=night,
        share={"text": text, "links": share.share_links(text, day)},
        states=states,
        won=in_play.series_won(states),
        rulings=night_rulings(db, night_id),
        series_labels=labels,
    )
