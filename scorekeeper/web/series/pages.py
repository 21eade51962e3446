"""Series: starting one, and its page with standings, who deals and who plays first in the
hand being played, and the score sheet."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup
from sqlite_utils import Database

from ...engine import PRESETS, SeriesEnd, dealer
from ...engine.play_order import drawn_words, first_label_words, rematch_words
from ...engine.reference import rule_for_param
from ...engine.words import said_here
from ...store import deletions, drafts, hands, live_tables, players, rulings, variants
from ...store.series import Series, create_series, standing, turn_next
from ..clock import state as clock_state
from ..forms.common import SelectChoice
from ..shell.db import get_db
from ..shell.language import long_date, say
from ..shell.lookup import night_or_404, series_or_404
from . import share
from .forms import (
    RematchForm,
    SeriesForm,
    chosen_seat,
    first_choices,
    first_hints,
    first_label,
    order_hints,
    variant_hints,
)
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
    offered = [*PRESETS.values(), *variants.custom_variants(db)]
    form.variant.choices = [SelectChoice(v.id, v.name) for v in offered]
    if request.method == "POST":
        form.name_dealers()
    hints = variant_hints(offered)
    # The variant the select shows: the one sent, else the first offered.
    chosen = hints.get(form.variant.data or "") or hints[offered[0].id]
    # The chosen variant's label, as the page's script keeps it; without the script one that
    # fits every variant (noscript.css shows it instead).
    form.first_dealer.label.text = Markup(
        '<span class="js-only">{}</span><span class="no-js-only">{}</span>'
    ).format(chosen["label"], first_label(offered))
    if form.validate_on_submit():
        variant = variants.get_variant(db, form.variant.data)
        if form.check(variant) and variant is not None:
            end = SeriesEnd(form.end_kind.data, form.end_value.data or 0)
            first, drawn = form.first_seat()
            names = form.seated()
            series_id = create_series(db, night_id, form.name.data, variant, names, end, first)
            flash(gettext("Series started. Record the first hand when it ends."))
            if drawn:
                flash(said_here(drawn_words(variant, names[first])))
            return redirect(url_for("series.show", series_id=series_id))
    return render_template(
        "series/new.html",
        night=night,
        form=form,
        known=players.all_players(db),
        hints=hints,
        chosen=chosen,
        order_hints=order_hints(offered),
        first_hints=first_hints(offered),
    )


@bp.route("/series/<int:series_id>")
def show(series_id: int):
    """Standings, who deals next and the score sheet."""
    db = get_db()
    return series_page(db, series_or_404(db, series_id))


def rematch_form(series: Series, played: int) -> RematchForm:
    """The rematch's choice of who goes first: by default the seat the series' order of play
    carries on to (the next dealer, or the next to play first where no one deals)."""
    form = RematchForm(prefix="rematch")
    form.first.label.text = said_here(first_label_words(series.variant))
    carried = dealer(series.variant, len(series.names), series.first_dealer, played, series.listing)
    choices = first_choices(series.names, len(series.names))
    # The one the order carries on to first, then a draw, then everyone else.
    form.first.choices = [choices[carried + 1], choices[0]] + [
        c for i, c in enumerate(choices[1:]) if i != carried
    ]
    if form.first.data is None:
        form.first.data = str(carried)
    return form


@bp.route("/series/<int:series_id>/rematch", methods=["POST"])
def rematch(series_id: int):
    """Start the same series again, in the same night: the same players in the same order,
    the same frozen rules and end; who goes first is the one the order of play carries on to,
    another chosen by name, or drawn at random."""
    db = get_db()
    series = series_or_404(db, series_id)
    tally = standing(db, series)
    if not tally.finished:
        abort(404)
    form = rematch_form(series, tally.played)
    if not form.validate_on_submit():
        return redirect(url_for("series.show", series_id=series_id))
    first, drawn = chosen_seat(form.first.data, len(series.names))
    # The players keep the order they were listed in, so the rematch keeps its listing.
    new_id = create_series(
        db,
        series.night_id,
        None,
        series.variant,
        series.names,
        series.end,
        first,
        series.listing,
    )
    drafts.carry_claims(db, series.id, new_id)  # each phone "My rack" keeps its player
    flash(said_here(rematch_words(series.variant, series.names[first], drawn)))
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
    deleted = deletions.deletion_to_undo(db, series.id)
    night = night_or_404(db, series.night_id)
    text = share.series_text(db, series, long_date(date.fromisoformat(night["date"])))
    return render_template(
        "series/show.html",
        series=series,
        night=night,
        share={"text": text, "links": share.share_links(text, say(series.title))},
        result=result,
        hands=shown,
        earlier=shown[0]["place"] - 1 if shown else 0,
        sheet=sheet_lines(series, shown),
        turn=turn_next(series, result),
        rematch=rematch_form(series, result.played) if result.finished else None,
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
