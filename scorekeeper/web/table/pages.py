"""Table mode pages: follow a hand's melds as they are laid, then save it like any hand.

Every action is replayed and checked by the engine (`engine/table.py`); this
module only reads the forms, stores the actions and shows what the engine says.
"""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from sqlite_utils import Database

from ...engine import HandResult, InvalidHand, SeriesTally, read_hand, score_hand
from ...engine.melds import MELD_KINDS
from ...engine.table import InvalidAction, Table, hand_record, replay
from ...engine.table_actions import swap_tiles_hint
from ...engine.tiles import COLOUR_NAMES, SUIT_NAMES
from ...engine.words import Words
from ...store import hands, live_tables
from ...store.db import write_lock
from ...store.drafts import NewerDrafts
from ...store.series import standing
from ..forms import tally
from ..hands import words as hand_words
from ..hands.pages import flash_saved
from ..racks import drafts as rack_drafts
from ..racks import seen as rack_seen
from ..shell import ids
from ..shell.db import get_db
from ..shell.language import say
from ..shell.lookup import hand_or_404, series_or_404
from .fix_form import KIND_WORDS, attach_fix_refusal, fix_form, fixed_actions
from .forms import (
    EndHandForm,
    UndoForm,
    action_forms,
    attach_refusal,
    end_form,
    end_record,
    form_action,
    seen,
)
from .refused import refusal_words, table_changed

bp = Blueprint("table", __name__)


# --- Helpers for the pages ---------------------------------------------------------


def _playable_series(db: Database, series_id: int):
    """The series and the number of its hand in play, if it can play a hand in table mode
    now; else back to its page, saying why."""
    series = series_or_404(db, series_id)
    tally = standing(db, series)
    refused = _playable(series, tally)
    if refused:
        flash(refused, "error")
        abort(redirect(url_for("series.show", series_id=series_id)))
    return series, tally.played + 1


def _playable(series, tally: SeriesTally) -> str | None:
    """Why the series, standing so, cannot play a hand in table mode now, or None."""
    if not series.variant.table_mode:
        return gettext(
            "%(variant)s scores only the racks, so there is nothing to follow on the "
            "table: record its hands with the quick tally.",
            variant=say(series.variant.name),
        )
    if tally.finished:
        return gettext("This series has ended: no more hands can be played in it.")
    return None


def lying(meld) -> list:
    """The meld's tiles as they lie, with None where middle tiles were taken."""
    tiles = iter(meld.tiles)
    return [None if token == "..." else next(tiles) for token in meld.text.split()]


def colour_word(tile, suits: bool) -> Words | str:
    """The tile's colour (or suit) in words, so colour is never the only label."""
    colour = tile.face_colour
    if colour is None:
        return ""
    return (SUIT_NAMES if suits else COLOUR_NAMES)[colour]


def meld_kind(kind: str | None) -> object:
    """A meld's kind (set or run) in words, read in the page's language where it is drawn."""
    return MELD_KINDS.get(kind or "", kind or "")


KINDS = ("meld", "add", "swap")


def _table_page(
    series,
    table: Table,
    number: int,
    forms: dict,
    status: int = 200,
    error: str | None = None,
    shown: str = "meld",
):
    cleared = [] if table.actions else live_tables.cleared_actions(get_db(), series.id)
    return render_template(
        "table/live.html",
        series=series,
        table=table,
        forms=forms,
        number=number,
        error=error,
        shown=shown,
        cleared=len(cleared),
        restore_form=UndoForm(prefix="restore"),
        swap_hint=say(swap_tiles_hint(series.variant.swap_meld_with)),
    ), status


# --- Pages ----------------------------------------------------------------------


@bp.route("/series/<int:series_id>/table")
def live(series_id: int):
    """The table of the hand in play: each player's melds, stack and count, and the forms."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    table = replay(series.variant, series.names, live_tables.live_actions(db, series_id))
    chosen: dict[str, dict] = {}
    shown = request.args.get("do", "meld")
    shown = shown if shown in KINDS else "meld"
    meld = request.args.get("meld", type=ids.sqlite_int)
    swap = request.args.get("swap", type=ids.sqlite_int)
    if meld is not None:
        chosen["add"], shown = {"meld": meld}, "add"
    if swap is not None:
        chosen["swap"], shown = {"meld": swap}, "swap"
    return _table_page(series, table, number, action_forms(table, chosen=chosen), shown=shown)


@bp.route("/series/<int:series_id>/table/<any(meld, add, swap):kind>", methods=["POST"])
def act(series_id: int, kind: str):
    """Record one table action, if the engine accepts it under the series' variant."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    actions = live_tables.live_actions(db, series_id)
    table = replay(series.variant, series.names, actions)
    forms = action_forms(table, request.form, posted=kind)
    form = forms[kind]
    if not form.validate():
        return _table_page(series, table, number, forms, 422, shown=kind)
    try:
        with write_lock(db):
            stored = live_tables.check_unchanged(db, series_id, seen(form))
            # Unchanged since it was read above (the usual case): no need to replay it again.
            base = table if stored == actions else replay(series.variant, series.names, stored)
            played = base.apply(form_action(kind, form))
            live_tables.store_actions(db, series_id, played.actions_to_list())
    except live_tables.TableChanged:
        return _table_page(series, table, number, forms, 409, error=table_changed(), shown=kind)
    except InvalidAction as refusal:
        attach_refusal(kind, form, refusal)
        return _table_page(series, table, number, forms, 422, shown=kind)
    # Back where the scorer was: the top of the page, what to move, the same form open.
    return redirect(url_for("table.live", series_id=series_id, do=kind))


@bp.route("/series/<int:series_id>/table/undo", methods=["POST"])
def undo(series_id: int):
    """Take back the last action recorded on the table."""
    db = get_db()
    series = series_or_404(db, series_id)
    form = UndoForm(prefix="undo")
    if form.validate_on_submit():
        try:
            with write_lock(db):
                stored = live_tables.check_unchanged(db, series_id, seen(form))
                if stored:
                    live_tables.store_actions(db, series_id, stored[:-1])
                    undone = replay(series.variant, series.names, stored).guidance
                    flash(
                        gettext(
                            "Action %(number)d taken back: %(action)s",
                            number=len(stored),
                            action=say(undone[0]),
                        )
                    )
        except live_tables.TableChanged:
            flash(table_changed(), "error")
    # Back to the form the scorer had open.
    shown = request.args.get("do")
    return redirect(
        url_for("table.live", series_id=series_id, do=shown if shown in KINDS else None)
    )


@bp.route("/series/<int:series_id>/table/clear", methods=["GET", "POST"])
def clear(series_id: int):
    """Start the table over, once the scorer has said so; it can be brought back."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    actions = live_tables.live_actions(db, series_id)
    form = UndoForm(prefix="clear")
    if not actions:
        return redirect(url_for("table.live", series_id=series_id))
    if not form.validate_on_submit():
        table = replay(series.variant, series.names, actions)
        form.seen.data = str(len(actions))
        return render_template(
            "table/clear.html", series=series, table=table, form=form, number=number
        )
    try:
        with write_lock(db):
            stored = live_tables.check_unchanged(db, series_id, seen(form))
            live_tables.set_aside(db, series_id, stored)
    except live_tables.TableChanged:
        flash(table_changed(), "error")
        return redirect(url_for("table.live", series_id=series_id))
    flash(
        ngettext(
            "The table was cleared: its %(num)d action can be brought back until the "
            "next action is recorded.",
            "The table was cleared: its %(num)d actions can be brought back until the "
            "next action is recorded.",
            len(stored),
        )
    )
    return redirect(url_for("table.live", series_id=series_id))


@bp.route("/series/<int:series_id>/table/restore", methods=["POST"])
def restore(series_id: int):
    """Bring back the table the scorer cleared, if nothing was recorded since."""
    db = get_db()
    series_or_404(db, series_id)
    if UndoForm(prefix="restore").validate_on_submit():
        with write_lock(db):
            cleared = live_tables.cleared_actions(db, series_id)
            if cleared:
                live_tables.store_actions(db, series_id, cleared)
        if cleared:
            flash(
                ngettext(
                    "The table is back, with its %(num)d action.",
                    "The table is back, with its %(num)d actions.",
                    len(cleared),
                )
            )
        else:
            flash(
                gettext("There is no cleared table to bring back: an action was recorded since."),
                "error",
            )
    return redirect(url_for("table.live", series_id=series_id))


def fingerprint(record: dict) -> str:
    """A short tag of a hand's record: the same tag, the same hand."""
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def _end_page(
    series,
    table: Table,
    form: EndHandForm,
    number: int,
    preview: HandResult | None = None,
    status: int = 200,
):
    return render_template(
        "table/end.html",
        series=series,
        table=table,
        form=form,
        number=number,
        preview=preview,
        drafted=rack_drafts.state(series),
        shows=tally.shows(series.variant),
    ), status


@bp.route("/series/<int:series_id>/table/end", methods=["GET", "POST"])
def end(series_id: int):
    """End the hand: the racks and who went out; scored from the table like any hand."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    actions = live_tables.live_actions(db, series_id)
    table = replay(series.variant, series.names, actions)
    form = end_form(series, table, request.form or None)
    seats = rack_drafts.state(series)["seats"]  # racks sent by phones, or a newer one taken
    if rack_seen.begin(form, request.method, request.form, seats) or request.method == "GET":
        return _end_page(series, table, form, number)
    if not form.validate():
        return _end_page(series, table, form, number, status=422)
    if seen(form) != len(actions):
        form.form_errors.append(table_changed())
        return _end_page(series, table, form, number, status=409)
    record = end_record(series, table, form)
    # Every problem at once: the racks are checked even when who went out is missing.
    missing = tally.went_out_missing(form, series.names, series.variant)
    try:
        checked = read_hand(record, series.variant, series.names)
        if missing:
            return _end_page(series, table, form, number, status=422)
        result = score_hand(checked)
        # Nothing is saved that the scorer has not seen previewed, exactly as it is saved.
        shown = fingerprint(record)
        if not form.save.data or form.previewed.data != shown:
            form.previewed.data = shown
            return _end_page(series, table, form, number, preview=result)
        row = hands.record_hand(db, series, record, actions, drafts_seen=form.drafts_seen)
    except InvalidHand as error:
        tally.attach_error(form, series.names, error)
        return _end_page(series, table, form, number, status=422)
    except hands.HandRefused as refused_hand:
        form.form_errors.append(refusal_words(refused_hand))
        return _end_page(series, table, form, number, status=422)
    except NewerDrafts as newer:
        rack_seen.refuse(form, series.names, newer)
        return _end_page(series, table, form, number, status=409)
    flash_saved(row, hand_words.saved_from_table(hands.row_of(db, row), result))
    return redirect(url_for("hands.show", series_id=series_id, hand_id=row["id"]))


# --- Fixing a saved hand's table ---------------------------------------------------------


def fixed_record(table: Table, stored: dict) -> dict:
    """The saved hand's record with the fixed table's melds: the racks, who went out and
    how, and what was declared stay as saved (without the variant: the series has it)."""
    players = stored["players"]
    out = next((p["name"] for p in players if p.get("went_out")), None)
    finish = next((p.get("finish") for p in players if p.get("went_out")), None)
    at_once = next((p.get("all_at_once") for p in players if p.get("went_out")), None)
    record = hand_record(
        table,
        {p["name"]: p.get("rack", "") for p in players},
        went_out=out,
        finish=finish,
        all_at_once=at_once or None,
        declared={p["name"]: p.get("declared", []) for p in players},
    )
    record.pop("variant")
    for player in record["players"]:
        if not player.get("rack"):
            player.pop("rack", None)
    return record


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/table", methods=["GET", "POST"])
def fix(series_id: int, hand_id: int):
    """Fix a saved table-mode hand's table: its melds, who supplied each tile, its jokers.
    The engine checks the whole table again and the hand is scored and stored anew."""
    db = get_db()
    series = series_or_404(db, series_id)
    hand = hand_or_404(db, series, hand_id)
    if hand["deleted_at"] or not hand.get("table_actions"):
        abort(404)
    form = fix_form(json.loads(hand["table_actions"]), series.names, request.form or None)
    status = 200
    if request.method == "POST":
        status = 422
        if form.validate():
            actions, rows = fixed_actions(form)
            try:
                table = replay(series.variant, series.names, actions)
                record = fixed_record(table, hands.hand_record(hand))
                hands.edit_hand(db, series, hand_id, record, table_actions=actions)
                result = hands.hand_result(hands.get_hand(db, hand_id) or hand)
            except InvalidAction as refusal:
                attach_fix_refusal(form, rows, refusal)
            except hands.HandRefused as refused_hand:
                form.form_errors.append(refusal_words(refused_hand))
            else:
                flash(hand_words.table_fixed(hands.row_of(db, hand), result))
                return redirect(url_for("hands.show", series_id=series_id, hand_id=hand_id))
    # The hand's first action answers the first-round question where the empty table asks it.
    asks_first_round = Table(series.variant, series.names).asks_first_round
    return render_template(
        "table/fix.html",
        series=series,
        hand=hand,
        number=hands.row_of(db, hand),
        form=form,
        kinds=KIND_WORDS,
        asks_first_round=asks_first_round,
    ), status
