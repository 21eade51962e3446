"""Table mode pages: follow a hand's melds as they are laid, then save it like any hand.

Every action is replayed and checked by the engine (`engine/table.py`); this
module only reads the forms, stores the actions and shows what the engine says.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from sqlite_utils import Database

from ..engine import HandResult, InvalidHand, read_hand, score_hand
from ..engine.table import InvalidAction, Table, replay
from ..engine.tiles import COLOUR_NAMES, SUIT_NAMES
from ..store import hands, live_tables
from ..store.db import write_lock
from . import ids
from .db import get_db
from .forms import tally
from .forms.table import (
    EndHandForm,
    UndoForm,
    action_forms,
    attach_refusal,
    end_form,
    end_record,
    form_action,
    seen,
)
from .hands import summary
from .lookup import series_or_404

bp = Blueprint("table", __name__)


# --- Helpers for the pages ---------------------------------------------------------


def _playable_series(db: Database, series_id: int):
    """The series and the number of its hand in play, if it can play a hand in table mode
    now; else back to its page, saying why."""
    series = series_or_404(db, series_id)
    rows = hands.sheet_hands(db, series.id)
    refused = _playable(series, rows)
    if refused:
        flash(refused, "error")
        abort(redirect(url_for("series.show", series_id=series_id)))
    return series, len(rows) + 1


def _playable(series, rows: list[dict]) -> str | None:
    """Why the series, with these stored hands, cannot play a hand in table mode now, or None."""
    if not series.variant.table_mode:
        return (f"{series.variant.name} scores only the racks, so there is nothing to follow on "
                "the table: record its hands with the quick tally.")
    if hands.tally(series, rows).finished:
        return "This series has ended: no more hands can be played in it."
    return None


@bp.app_template_global("lying_tiles")
def lying(meld) -> list:
    """The meld's tiles as they lie, with None where middle tiles were taken."""
    tiles = iter(meld.tiles)
    return [None if token == "..." else next(tiles) for token in meld.text.split()]


@bp.app_template_global()
def colour_word(tile, suits: bool) -> str:
    """The tile's colour (or suit) in words, so colour is never the only label."""
    colour = tile.face_colour
    if colour is None:
        return ""
    return (SUIT_NAMES if suits else COLOUR_NAMES)[colour]


def _table_page(series, table: Table, number: int, forms: dict, status: int = 200,
                error: str | None = None):
    return render_template("table/live.html", series=series, table=table, forms=forms,
                           number=number, error=error,
                           clear_form=UndoForm(prefix="clear")), status


# --- Pages ----------------------------------------------------------------------


@bp.route("/series/<int:series_id>/table")
def live(series_id: int):
    """The table of the hand in play: each player's melds, stack and count, and the forms."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    table = replay(series.variant, series.names, live_tables.live_actions(db, series_id))
    chosen: dict[str, dict] = {}
    meld = request.args.get("meld", type=ids.sqlite_int)
    swap = request.args.get("swap", type=ids.sqlite_int)
    if meld is not None:
        chosen["add"] = {"meld": meld}
    if swap is not None:
        chosen["swap"] = {"meld": swap}
    return _table_page(series, table, number, action_forms(table, chosen=chosen))


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
        return _table_page(series, table, number, forms, 422)
    try:
        with write_lock(db):
            stored = live_tables.check_unchanged(db, series_id, seen(form))
            # Unchanged since it was read above (the usual case): no need to replay it again.
            base = table if stored == actions else replay(series.variant, series.names, stored)
            played = base.apply(form_action(kind, form))
            live_tables.store_actions(db, series_id, played.actions_to_list())
    except live_tables.TableChanged as changed:
        return _table_page(series, table, number, forms, 409, error=str(changed))
    except InvalidAction as refusal:
        attach_refusal(kind, form, refusal)
        return _table_page(series, table, number, forms, 422)
    return redirect(url_for("table.live", series_id=series_id) + "#guidance")


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
                    flash(f"Action {len(stored)} taken back: {undone[0]}")
        except live_tables.TableChanged as changed:
            flash(str(changed), "error")
    return redirect(url_for("table.live", series_id=series_id))


@bp.route("/series/<int:series_id>/table/clear", methods=["POST"])
def clear(series_id: int):
    """Start the table over: forget every action of the hand in play."""
    db = get_db()
    series_or_404(db, series_id)
    if UndoForm(prefix="clear").validate_on_submit():
        live_tables.clear_table(db, series_id)
        flash("The table was cleared; nothing of it was saved.")
    return redirect(url_for("series.show", series_id=series_id))


def _end_page(series, table: Table, form: EndHandForm, number: int,
              preview: HandResult | None = None, status: int = 200):
    return render_template("table/end.html", series=series, table=table, form=form,
                           number=number, preview=preview,
                           shows=tally.shows(series.variant)), status


@bp.route("/series/<int:series_id>/table/end", methods=["GET", "POST"])
def end(series_id: int):
    """End the hand: the racks and who went out; scored from the table like any hand."""
    db = get_db()
    series, number = _playable_series(db, series_id)
    actions = live_tables.live_actions(db, series_id)
    table = replay(series.variant, series.names, actions)
    form = end_form(series, table, request.form or None)
    if request.method == "GET":
        return _end_page(series, table, form, number)
    if not form.validate():
        return _end_page(series, table, form, number, status=422)
    if seen(form) != len(actions):
        form.form_errors.append(str(live_tables.TableChanged()))
        return _end_page(series, table, form, number, status=409)
    record = end_record(series, table, form)
    try:
        result = score_hand(read_hand(record, series.variant, series.names))
        if not form.save.data:
            return _end_page(series, table, form, number, preview=result)
        row = hands.record_hand(db, series, record, table_actions=actions)
    except InvalidHand as error:
        tally.attach_error(form, series.names, error)
        return _end_page(series, table, form, number, status=422)
    except hands.HandRefused as refused_hand:
        form.form_errors.append(str(refused_hand))
        return _end_page(series, table, form, number, status=422)
    flash(f"Hand {row['number']} saved from the table. " + summary(result))
    return redirect(url_for("hands.show", series_id=series_id, hand_id=row["id"]))

