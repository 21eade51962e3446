"""Table mode pages: follow a hand's melds as they are laid, then save it like any hand.

Every action is replayed and checked by the engine (`engine/table.py`); this
module only reads the forms, stores the actions and shows what the engine says.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from . import hands, live_tables, tally
from .db import get_db, write_lock
from .engine import HandResult, InvalidHand, read_hand, score_hand
from .engine.hands import FINISH_WORDS
from .engine.table import (
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    Table,
    hand_record,
    replay,
)
from .engine.tiles import COLOUR_NAMES, SUIT_NAMES

bp = Blueprint("table", __name__)

MELD_FIELDS = 4  # an opening of 13 or 14 tiles holds at most four melds


# --- Forms --------------------------------------------------------------------


class ActionForm(FlaskForm):
    """What every table action says: who, whether it is a later turn of theirs,
    and how many actions the page showed (so a stale page cannot act)."""

    player = RadioField("Who?", validators=[InputRequired("Choose the player.")])
    new_turn = BooleanField("A later turn of this player's (nobody else touched the table since)")
    seen = HiddenField()


class NewMeldForm(ActionForm):
    """New melds from a rack; a player's first is their opening, every meld of it at once."""

    melds = FieldList(StringField("Meld"), min_entries=MELD_FIELDS, max_entries=MELD_FIELDS)
    submit = SubmitField("Lay the meld")


class AddTilesForm(ActionForm):
    """Tiles from a rack added to a meld on the table."""

    meld = RadioField("To which meld?", coerce=int,
                      validators=[InputRequired("Choose the meld the tiles go to.")])
    tiles = StringField("Tiles added")
    submit = SubmitField("Add the tiles")


class SwapJokerForm(ActionForm):
    """Real tiles replace a joker; the joker goes into a new meld (or to the rack)."""

    meld = RadioField("Which meld's joker?", coerce=int,
                      validators=[InputRequired("Choose the meld holding the joker.")])
    tiles = StringField("Tile(s) that replace the joker")
    new_meld_tiles = StringField("New meld with the joker (j and the tiles from the rack)")
    submit = SubmitField("Swap the joker")


class UndoForm(FlaskForm):
    """Take back the last action."""

    seen = HiddenField()


class EndPlayerForm(Form):
    """One player's end of the hand: the tiles left on the rack, and declarations."""

    rack = StringField("Tiles left on the rack")
    exposed_twin = BooleanField("Announced the exposed tile's twin")
    left_table = BooleanField("Left the table")


class EndHandForm(FlaskForm):
    """The end of a hand played in table mode."""

    went_out = RadioField("Who went out?", default=tally.NOBODY)
    finish = SelectField("How?", validate_choice=False)
    players = FieldList(FormField(EndPlayerForm))
    seen = HiddenField()
    preview = SubmitField("Preview")
    save = SubmitField("Save hand")


def _player_choices(names: list[str]) -> list[SelectChoice]:
    return [SelectChoice(n, n) for n in names]


def action_forms(table: Table, formdata: Any = None, posted: str | None = None,
                 chosen: dict | None = None) -> dict[str, FlaskForm]:
    """The forms of the live table page; only the posted one reads the request."""
    chosen = chosen or {}
    forms: dict[str, FlaskForm] = {}
    for kind, cls in (("meld", NewMeldForm), ("add", AddTilesForm), ("swap", SwapJokerForm)):
        data = formdata if kind == posted else None
        form = cls(formdata=data, prefix=kind, data=None if data else chosen.get(kind))
        form.player.choices = _player_choices(list(table.players))
        forms[kind] = form
    melds = [m for m in table.melds if not m.stacked]
    forms["add"].meld.choices = [SelectChoice(m.meld_index, meld_words(table, m)) for m in melds]
    forms["swap"].meld.choices = [SelectChoice(m.meld_index, meld_words(table, m))
                                  for m in melds if any(j is not None for j in m.jokers)]
    forms["undo"] = UndoForm(formdata=formdata if posted == "undo" else None, prefix="undo")
    for form in forms.values():
        form.seen.data = str(len(table.actions))
    return forms


def meld_words(table: Table, meld) -> str:
    """A meld as the scorer finds it on the table: whose, what kind, as it lies."""
    lying = next((m.text for m in table.area(meld.owner) if m.meld_index == meld.meld_index),
                 " ".join(str(t) for t in meld.tiles))
    return f"{meld.owner}'s {meld.kind}: {lying}"


def form_action(kind: str, form: FlaskForm):
    """The engine action a posted form describes."""
    player, new_turn = form.player.data, bool(form.new_turn.data)
    if kind == "meld":
        melds = [m.data.strip() for m in form.melds if m.data and m.data.strip()]
        return NewMeld(player, melds, new_turn)
    if kind == "add":
        return AddTiles(player, form.meld.data, form.tiles.data or "", new_turn)
    new_meld = (form.new_meld_tiles.data or "").strip() or None
    return SwapJoker(player, form.meld.data, form.tiles.data or "", new_meld, new_turn)


def attach_refusal(kind: str, form: FlaskForm, message: str) -> None:
    """Put the engine's refusal next to the field it is about."""
    if "is not a player" in message or "has not opened yet" in message or (
            "opened in this turn" in message):
        field = form.player
    elif "there is no meld" in message or "holds no joker" in message or (
            "has left the table" in message):
        field = form.meld
    elif kind == "meld":
        typed = [m for m in form.melds if m.data and m.data.strip()]
        field = next((m for m in typed if " ".join(m.data.split()) in message),
                     typed[0] if typed else form.melds[0])
    elif kind == "swap" and ("new meld" in message or "meld the joker" in message):
        field = form.new_meld_tiles
    else:
        field = form.tiles
    field.errors = [*list(field.errors), message]


# --- Helpers for the pages ---------------------------------------------------------


def _series_or_404(db: Database, series_id: int):
    from .series import get_series

    return get_series(db, series_id) or abort(404)


def _playable(db: Database, series) -> str | None:
    """Why the series cannot play a hand in table mode now, or None."""
    if series.variant.scoring != "melded":
        return (f"{series.variant.name} scores only the racks, so there is nothing to follow on "
                "the table: record its hands with the quick tally.")
    if hands.score(series, hands.series_hands(db, series.id)).finished:
        return "This series has ended: no more hands can be played in it."
    return None


def _hand_number(db: Database, series) -> int:
    return len(hands.series_hands(db, series.id)) + 1


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


def _table_page(db: Database, series, table: Table, forms: dict, status: int = 200,
                error: str | None = None):
    return render_template("table/live.html", series=series, table=table, forms=forms,
                           number=_hand_number(db, series), error=error,
                           clear_form=UndoForm(prefix="clear")), status


# --- Pages ----------------------------------------------------------------------


@bp.route("/series/<int:series_id>/table")
def live(series_id: int):
    """The table of the hand in play: each player's melds, stack and count, and the forms."""
    db = get_db()
    series = _series_or_404(db, series_id)
    refused = _playable(db, series)
    if refused:
        flash(refused, "error")
        return redirect(url_for("series.show", series_id=series_id))
    table = replay(series.variant, series.names, live_tables.live_actions(db, series_id))
    chosen: dict[str, dict] = {}
    meld = request.args.get("meld", type=int)
    swap = request.args.get("swap", type=int)
    if meld is not None:
        chosen["add"] = {"meld": meld}
    if swap is not None:
        chosen["swap"] = {"meld": swap}
    return _table_page(db, series, table, action_forms(table, chosen=chosen))


@bp.route("/series/<int:series_id>/table/<any(meld, add, swap):kind>", methods=["POST"])
def act(series_id: int, kind: str):
    """Record one table action, if the engine accepts it under the series' variant."""
    db = get_db()
    series = _series_or_404(db, series_id)
    refused = _playable(db, series)
    if refused:
        flash(refused, "error")
        return redirect(url_for("series.show", series_id=series_id))
    table = replay(series.variant, series.names, live_tables.live_actions(db, series_id))
    forms = action_forms(table, request.form, posted=kind)
    form = forms[kind]
    if not form.validate():
        return _table_page(db, series, table, forms, 422)
    try:
        with write_lock(db):
            stored = live_tables.check_unchanged(db, series_id, _seen(form))
            played = replay(series.variant, series.names, stored).apply(form_action(kind, form))
            live_tables.store_actions(db, series_id, played.actions_to_list())
    except live_tables.TableChanged as changed:
        return _table_page(db, series, table, forms, 409, error=str(changed))
    except InvalidAction as refusal:
        attach_refusal(kind, form, refusal.detail)
        return _table_page(db, series, table, forms, 422)
    return redirect(url_for("table.live", series_id=series_id) + "#guidance")


def _seen(form: FlaskForm) -> int | None:
    try:
        return int(form.seen.raw_data[0]) if form.seen.raw_data else None
    except ValueError:
        return None


@bp.route("/series/<int:series_id>/table/undo", methods=["POST"])
def undo(series_id: int):
    """Take back the last action recorded on the table."""
    db = get_db()
    series = _series_or_404(db, series_id)
    form = UndoForm(prefix="undo")
    if form.validate_on_submit():
        try:
            with write_lock(db):
                stored = live_tables.check_unchanged(db, series_id, _seen(form))
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
    _series_or_404(db, series_id)
    if UndoForm(prefix="clear").validate_on_submit():
        live_tables.clear_table(db, series_id)
        flash("The table was cleared; nothing of it was saved.")
    return redirect(url_for("series.show", series_id=series_id))


def end_form(series, table: Table, formdata: Any = None) -> EndHandForm:
    """The end-of-hand form for the series' players."""
    form = EndHandForm(formdata=tally._seated(formdata, len(series.names)))
    form.went_out.choices = [*_player_choices(series.names),
                             SelectChoice(tally.NOBODY, "Nobody: the pool ran out")]
    form.finish.choices = [SelectChoice(f, FINISH_WORDS[f].capitalize())
                           for f in series.variant.finishes]
    while len(form.players) < len(series.names):
        form.players.append_entry()
    for name, sub in zip(series.names, form.players, strict=False):
        sub.player_name = name
    form.seen.data = str(len(table.actions))
    return form


def end_record(series, table: Table, form: EndHandForm) -> dict:
    """The hand in the hand format, from the table and the end-of-hand form
    (without the variant: the series has it)."""
    racks = {name: (sub.form.rack.data or "").strip()
             for name, sub in zip(series.names, form.players, strict=True)}
    declared = {name: [d for d in ("exposed_twin", "left_table") if getattr(sub.form, d).data]
                for name, sub in zip(series.names, form.players, strict=True)}
    out = form.went_out.data if form.went_out.data != tally.NOBODY else None
    record = hand_record(table, racks, went_out=out,
                         finish=form.finish.data if out else None, declared=declared)
    record.pop("variant")
    for player in record["players"]:
        if not player.get("rack"):
            player.pop("rack", None)
    return record


def _end_page(series, table: Table, form: EndHandForm, number: int,
              preview: HandResult | None = None, status: int = 200):
    return render_template("table/end.html", series=series, table=table, form=form,
                           number=number, preview=preview,
                           shows=tally.shows(series.variant)), status


@bp.route("/series/<int:series_id>/table/end", methods=["GET", "POST"])
def end(series_id: int):
    """End the hand: the racks and who went out; scored from the table like any hand."""
    db = get_db()
    series = _series_or_404(db, series_id)
    refused = _playable(db, series)
    if refused:
        flash(refused, "error")
        return redirect(url_for("series.show", series_id=series_id))
    actions = live_tables.live_actions(db, series_id)
    table = replay(series.variant, series.names, actions)
    number = _hand_number(db, series)
    form = end_form(series, table, request.form or None)
    if request.method == "GET":
        return _end_page(series, table, form, number)
    if not form.validate():
        return _end_page(series, table, form, number, status=422)
    if _seen(form) != len(actions):
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
    flash(f"Hand {row['number']} saved from the table. " + hands._summary(result))
    return redirect(url_for("hands.show", series_id=series_id, hand_id=row["id"]))

