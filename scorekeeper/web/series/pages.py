"""Series: starting one, and its page with standings, who deals next and the score sheet."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from sqlite_utils import Database

from ...engine import SeriesEnd, next_dealer
from ...engine.reference import rule_for_param
from ...store import drafts, hands, live_tables, players, rulings, variants
from ...store.nights import get_night
from ...store.series import Series, create_series, dealer_next, standing
from ..clock import state as clock_state
from ..forms.common import EmptyForm, SelectChoice
from ..shell.db import get_db
from ..shell.lookup import night_or_404, series_or_404
from .forms import SeriesForm
from .ruling_form import RulingForm
from .sheet import sheet_lines

bp = Blueprint("series", __name__)

# How many of the last hands the series page and the night page show; the earlier ones are
# on their own pages of EARLIER_HANDS each (series.earlier).
SHOWN_HANDS = 20
EARLIER_HANDS = 100


@bp.route("/nights/<int:night_id>/series/new", methods=["GET", "POST"])
def new(night_id: int):
    """Start a series in a game night."""
    db = get_db()
    night = night_or_404(db, night_id)
    form = SeriesForm()
    form.variant.choices = [SelectChoice(i, name) for i, name in variants.variant_choices(db)]
    if request.method == "POST":
        form.name_dealers()
    if form.validate_on_submit():
        variant = variants.get_variant(db, form.variant.data)
        if form.check(variant) and variant is not None:
            end = SeriesEnd(form.end_kind.data, form.end_value.data or 0)
            series_id = create_series(
                db, night_id, form.name.data, variant, form.seated(), end, form.first_dealer.data
            )
            flash(gettext("Series started. Record the first hand when it ends."))
            return redirect(url_for("series.show", series_id=series_id))
    return render_template("series/new.html", night=night, form=form, known=players.all_players(db))


@bp.route("/series/<int:series_id>")
def show(series_id: int):
    """Standings, who deals next and the score sheet."""
    db = get_db()
    return series_page(db, series_or_404(db, series_id))


@bp.route("/series/<int:series_id>/rematch", methods=["POST"])
def rematch(series_id: int):
    """Start the same series again, in the same night: the same players in the same seats,
    the same frozen rules and end; the deal carries on from where it stopped."""
    db = get_db()
    series = series_or_404(db, series_id)
    tally = standing(db, series)
    if not tally.finished:
        abort(404)
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("series.show", series_id=series_id))
    dealer = next_dealer(series.variant, len(series.names), series.first_dealer, tally.played)
    new_id = create_series(
        db, series.night_id, None, series.variant, series.names, series.end, dealer
    )
    drafts.carry_claims(db, series.id, new_id)  # each phone "My rack" keeps its player
    flash(gettext("Rematch started: %(player)s deals first.", player=series.names[dealer]))
    return redirect(url_for("series.show", series_id=new_id))


@bp.route("/series/<int:series_id>/hands")
def earlier(series_id: int):
    """The score sheet's earlier hands, a hundred a page, the latest first page last: what
    the series page leaves out of a long series."""
    db = get_db()
    series = series_or_404(db, series_id)
    result = standing(db, series)
    last = max(result.played - SHOWN_HANDS, 0)  # the hands before those on the series page
    # Up to hand `upto` (the link from the page of the hands after them), else up to the
    # first hand the series page shows.
    upto = min(max(request.args.get("upto", last, type=int) or last, 1), last)
    rows = hands.sheet_slice(db, series.id, upto - EARLIER_HANDS, min(upto, EARLIER_HANDS))
    return render_template(
        "series/earlier.html",
        series=series,
        result=result,
        hands=rows,
        sheet=sheet_lines(series, rows),
        before=rows[0]["place"] - 1 if rows else 0,
        later=min(upto + EARLIER_HANDS, last) if upto < last else None,
    )


def deleted_words(db: Database, deleted: dict | None, played: int) -> str | None:
    """What deleting the last deleted hand did to the numbers on the sheet, which count the
    `played` hands in play: "Hand 3 was deleted; hands 4 to 6 are now hands 3 to 5." """
    if deleted is None:
        return None
    place = hands.place_of(db, deleted["series_id"], deleted["number"])
    after = played - place + 1
    if after == 1:
        return gettext(
            "Hand %(number)d was deleted; hand %(next)d is now hand %(number)d.",
            number=place,
            next=place + 1,
        )
    if after > 1:
        return gettext(
            "Hand %(number)d was deleted; hands %(first)d to %(last)d are now hands "
            "%(number)d to %(new_last)d.",
            number=place,
            first=place + 1,
            last=place + after,
            new_last=place + after - 1,
        )
    return gettext("Hand %(number)d was deleted.", number=place)


def series_page(db: Database, series: Series, ruling_form: RulingForm | None = None):
    """Render the series page; a refused house ruling comes back as typed, with why."""
    result = standing(db, series)
    # The last hands only: a phone shows a dozen rows, and a series may hold thousands.
    shown = hands.sheet_slice(db, series.id, result.played - SHOWN_HANDS, SHOWN_HANDS)
    deleted = hands.last_deleted(db, series.id)
    return render_template(
        "series/show.html",
        series=series,
        night=get_night(db, series.night_id),
        result=result,
        hands=shown,
        earlier=shown[0]["place"] - 1 if shown else 0,
        sheet=sheet_lines(series, shown),
        dealer=dealer_next(series, result),
        standings=result.standings,
        deleted=deleted,
        deleted_words=deleted_words(db, deleted, result.played),
        rulings=rulings.series_rulings(db, series.id),
        ruling_form=ruling_form or RulingForm(),
        live=_live(db, series.id),
        # Who wins the series under its rules, in the rule reference's words.
        winner_rule=rule_for_param("series_winner").explain(series.variant),
        clock=clock_state.page_clock(series),
        turn_figures=clock_state.figures(series),
        limit_form=clock_state.limit_form(series),
    )


def _live(db: Database, series_id: int) -> dict | None:
    """The table in play for the series, as the page mentions it, or None."""
    actions = live_tables.live_actions(db, series_id)
    return {"actions": len(actions)} if actions else None
