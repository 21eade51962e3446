"""Hands of a series: the quick tally to record or fix one (with a preview), its page
with every line of its score and its history, download, delete and undo."""

from __future__ import annotations

from typing import cast

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup
from sqlite_utils import Database

from ...engine import HandResult, InvalidHand, read_hand, score_hand
from ...store import live_tables
from ...store.drafts import NewerDrafts
from ...store.hands import (
    AlreadySaved,
    HandRefused,
    delete_hand,
    edit_hand,
    hand_audit,
    hand_export,
    hand_record,
    hand_result,
    hand_table,
    record_hand,
    restore_hand,
    row_of,
)
from ...store.once import FORM_HANDS, Once, used_form_tokens
from ...store.series import Series
from ..forms import tally
from ..forms.common import EmptyForm, sentence
from ..racks import drafts as rack_drafts
from ..racks import seen
from ..shell.db import get_db
from ..shell.language import say
from ..shell.lookup import hand_or_404, series_or_404
from . import words

# The flash category of the "Hand 5 saved" message, which base.html draws with its Undo.
SAVED = "saved"

bp = Blueprint("hands", __name__)


def _entry_page(
    series: Series, form: tally.HandForm, *, hand: dict | None, preview: HandResult | None = None
):
    shows = tally.shows(series.variant)
    table_mode = bool(hand and hand.get("table_actions"))
    if table_mode:
        # The melds come from the table as it was recorded; only the end of the hand is edited.
        shows = {**shows, "melded": False}
    # Recording the hand in play here would drop the table being followed for it: say so first.
    in_play = len(live_tables.live_actions(get_db(), series.id)) if hand is None else 0
    saved = used_form_tokens(get_db(), series.id) if hand is None else []
    # The racks players sent from their own phones ("My rack"), for a new hand only.
    drafted = rack_drafts.state(series) if hand is None else None
    return render_template(
        "hands/form.html",
        series=series,
        form=form,
        hand=hand,
        number=row_of(get_db(), hand) if hand is not None else None,
        preview=preview,
        shows=shows,
        table_mode=table_mode,
        in_play=in_play,
        saved_tokens=saved,
        drafted=drafted,
        rack_costs=tally.rack_costs(series.variant),
    )


def _preview_or_save(db: Database, series: Series, form: tally.HandForm, hand: dict | None):
    """Score what was typed: show the preview, or store it when Save was pressed."""
    record = tally.form_to_record(form, series.names)
    if hand is not None and hand.get("table_actions"):
        record["melds"] = hand_record(hand).get("melds", [])
    # Every problem at once: the racks are checked even when who went out is missing.
    missing = tally.went_out_missing(form, series.names, series.variant)
    try:
        checked = read_hand(record, series.variant, series.names)
        if missing:
            return _entry_page(series, form, hand=hand), 422
        result = score_hand(checked)
        if not form.save.data:
            return _entry_page(series, form, hand=hand, preview=result)
        if hand is None:
            once = Once(FORM_HANDS, form.once.data) if form.once.data else None
            row = record_hand(db, series, record, once=once, drafts_seen=form.drafts_seen)
            flash_saved(row, words.hand_saved(row_of(db, row), result))
        else:
            edit_hand(db, series, hand["id"], record)
            flash(words.hand_changed(row_of(db, hand), result))
    except InvalidHand as error:
        tally.attach_error(form, series.names, error)
        return _entry_page(series, form, hand=hand), 422
    except HandRefused as refused:
        form.form_errors.append(sentence(refused.words))
        return _entry_page(series, form, hand=hand), 422
    except NewerDrafts as newer:
        seen.refuse(form, series.names, newer)
        return _entry_page(series, form, hand=hand), 409
    except AlreadySaved as saved:
        flash(
            gettext(
                "Hand %(number)d was already saved from this form; nothing new was stored.",
                number=row_of(db, saved.hand),
            )
        )
        return redirect(url_for("hands.show", series_id=series.id, hand_id=saved.hand["id"]))
    return redirect(url_for("series.show", series_id=series.id))


def flash_saved(row: dict, message: Markup) -> None:
    """Say the hand is saved, with the one tap that takes it back: the page draws an Undo
    (for the scorer only) that deletes this hand as "Delete this hand" does, so the series
    page's Undo can bring it back again (templates/hands/_saved.html)."""
    undo = url_for("hands.delete", series_id=row["series_id"], hand_id=row["id"], undo=1)
    # The message and the address of its Undo travel together, so the Undo is the one of
    # the hand the message names. A flash is kept in the session, which holds any JSON value
    # (Markup too); Flask's type for it says str.
    flash(cast(str, {"message": message, "undo": undo}), SAVED)


@bp.route("/series/<int:series_id>/hands/new", methods=["GET", "POST"])
def new(series_id: int):
    """Record the hand just played (quick tally)."""
    db = get_db()
    series = series_or_404(db, series_id)
    form = tally.hand_form(series.variant, series.names, formdata=request.form or None)
    # The racks sent from phones, and each seat's draft as the form last read it: Save
    # refuses a newer one that the hand does not hold (web/racks/seen.py).
    seats = rack_drafts.state(series)["seats"]
    if seen.begin(form, request.method, request.form, seats):
        return _entry_page(series, form, hand=None)  # a newer rack taken; nothing saved
    if request.method == "POST" and form.validate():
        return _preview_or_save(db, series, form, hand=None)
    status = 422 if request.method == "POST" else 200
    return _entry_page(series, form, hand=None), status


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/edit", methods=["GET", "POST"])
def edit(series_id: int, hand_id: int):
    """Change a hand already recorded; totals follow."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    if hand["deleted_at"]:
        abort(404)
    form = tally.hand_form(
        series.variant, series.names, formdata=request.form or None, record=hand_record(hand)
    )
    if request.method == "POST" and form.validate():
        return _preview_or_save(db, series, form, hand=hand)
    status = 422 if request.method == "POST" else 200
    return _entry_page(series, form, hand=hand), status


@bp.route("/series/<int:series_id>/hands/<int:hand_id>")
def show(series_id: int, hand_id: int):
    """Every player's score for the hand, line by line, and its history."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    record = hand_record(hand)
    result = hand_result(hand)
    return render_template(
        "hands/show.html",
        series=series,
        hand=hand,
        record=record,
        result=result,
        number=row_of(db, hand),
        audit=hand_audit(db, hand_id),
        form=EmptyForm(),
        table=hand_table(series, hand),
    )


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/hand.json")
def export(series_id: int, hand_id: int):
    """Download the hand in the JSON hand format, to score it with `scorekeeper score`."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    response = jsonify(hand_export(series, hand))
    name = f"series-{series.id}-hand-{row_of(db, hand)}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/delete", methods=["POST"])
def delete(series_id: int, hand_id: int):
    """Delete a hand; the series page offers to bring it back."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    if EmptyForm().validate_on_submit() and not hand["deleted_at"]:
        number = row_of(db, hand)
        delete_hand(db, hand_id)
        if request.args.get("undo"):  # the Undo in the "Hand 5 saved" message
            flash(
                gettext(
                    "Hand %(number)d taken back: it is no longer on the sheet.",
                    number=number,
                )
            )
        else:
            flash(
                gettext(
                    "Hand %(number)d deleted. To bring it back, tap Undo below.",
                    number=number,
                )
            )
    return redirect(url_for("series.show", series_id=series_id))


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/restore", methods=["POST"])
def restore(series_id: int, hand_id: int):
    """Undo the deletion of a hand."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    if EmptyForm().validate_on_submit() and hand["deleted_at"]:
        try:
            restore_hand(db, series, hand_id)
            flash(gettext("Hand %(number)d is back.", number=row_of(db, hand)))
        except HandRefused as refused:
            flash(
                gettext(
                    "Hand %(number)d cannot come back: %(reason)s.",
                    number=row_of(db, hand),
                    reason=say(refused.words),
                ),
                "error",
            )
    return redirect(url_for("series.show", series_id=series_id))
