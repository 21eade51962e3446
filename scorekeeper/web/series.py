"""Series: starting one, and its page with standings, who deals next and the score sheet."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from sqlite_utils import Database

from ..engine import SeriesEnd
from ..store import hands, live_tables, players, rulings, variants
from ..store.nights import get_night
from ..store.series import Series, create_series, dealer_next
from .db import get_db
from .forms.common import SelectChoice
from .forms.rulings import RulingForm
from .forms.series import SeriesForm
from .lookup import night_or_404, series_or_404
from .sheet import sheet_lines

bp = Blueprint("series", __name__)


@bp.route("/nights/<int:night_id>/series/new", methods=["GET", "POST"])
def new(night_id: int):
    """Start a series in a game night."""
    db = get_db()
    night = night_or_404(db, night_id)
    form = SeriesForm()
    form.variant.choices = [SelectChoice(i, name) for i, name in variants.variant_choices(db)]
    if form.validate_on_submit():
        variant = variants.get_variant(db, form.variant.data)
        if form.check(variant) and variant is not None:
            end = SeriesEnd(form.end_kind.data, form.end_value.data or 0)
            series_id = create_series(db, night_id, form.name.data, variant, form.seated(),
                                      end, form.first_dealer.data)
            flash("Series started. Record the first hand when it ends.")
            return redirect(url_for("series.show", series_id=series_id))
    return render_template("series/new.html", night=night, form=form,
                           known=players.all_players(db))


@bp.route("/series/<int:series_id>")
def show(series_id: int):
    """Standings, who deals next and the score sheet."""
    db = get_db()
    return series_page(db, series_or_404(db, series_id))


def series_page(db: Database, series: Series, ruling_form: RulingForm | None = None):
    """Render the series page; a refused house ruling comes back as typed, with why."""
    stored = hands.sheet_hands(db, series.id)
    result = hands.tally(series, stored)
    return render_template(
        "series/show.html", series=series, night=get_night(db, series.night_id),
        result=result, hands=stored, sheet=sheet_lines(series, stored, result),
        dealer=dealer_next(series, result), standings=result.standings,
        deleted=hands.last_deleted(db, series.id),
        rulings=rulings.series_rulings(db, series.id),
        ruling_form=ruling_form or RulingForm(),
        live=_live(db, series.id),
    )


def _live(db: Database, series_id: int) -> dict | None:
    """The table in play for the series, as the page mentions it, or None."""
    actions = live_tables.live_actions(db, series_id)
    return {"actions": len(actions)} if actions else None
