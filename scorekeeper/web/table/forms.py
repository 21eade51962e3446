"""The forms of table mode, and their translation to the engine's actions and the hand format."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectField,
    SubmitField,
)
from wtforms.validators import InputRequired

from ...engine.checks import nobody_out_words
from ...engine.hands import FINISH_WORDS
from ...engine.table import AddTiles, InvalidAction, NewMeld, SwapJoker, Table, hand_record
from ...engine.table_actions import FIRST_ROUND_OVER, JOKER_MELD, SAME_TURN
from ..forms import tally
from ..forms.common import SelectChoice, TilesField, sentence
from ..shell.page_words import lazy_say
from ..shell.tile_letters import page_tiles

MELD_FIELDS = 4  # an opening of 13 or 14 tiles holds at most four melds


def _meld_number(value: Any) -> int | None:
    """A meld chosen in a list (its index from 0), or None when none was chosen."""
    if value in (None, ""):
        return None
    return int(value)


class ActionForm(FlaskForm):
    """What every table action says: who, and how many actions the page showed (so a
    stale page cannot act). Every action is a later turn unless the scorer ticks the
    rare same-turn box; the first-round question is asked once, where it matters."""

    player = RadioField(
        lazy_gettext("Who?"), validators=[InputRequired(lazy_gettext("Choose the player."))]
    )
    same_turn = BooleanField(lazy_say(SAME_TURN))
    first_round_over = BooleanField(lazy_say(FIRST_ROUND_OVER))
    seen = HiddenField()


class NewMeldForm(ActionForm):
    """New melds from a rack; a player's first is their opening, every meld of it at once."""

    melds = FieldList(
        TilesField(lazy_gettext("Meld")), min_entries=MELD_FIELDS, max_entries=MELD_FIELDS
    )
    submit = SubmitField(lazy_gettext("Lay the meld"))


class AddTilesForm(ActionForm):
    """Tiles from a rack added to a meld on the table."""

    meld = SelectField(
        lazy_gettext("To which meld?"),
        coerce=_meld_number,
        validators=[InputRequired(lazy_gettext("Choose the meld the tiles go to."))],
    )
    tiles = TilesField(lazy_gettext("Tiles added"))
    submit = SubmitField(lazy_gettext("Add the tiles"))


class SwapJokerForm(ActionForm):
    """Real tiles replace a joker; the joker goes into a new meld (or to the rack)."""

    meld = SelectField(
        lazy_gettext("Which meld's joker?"),
        coerce=_meld_number,
        validators=[InputRequired(lazy_gettext("Choose the meld holding the joker."))],
    )
    tiles = TilesField(lazy_gettext("Tile(s) that replace the joker"))
    new_meld_tiles = TilesField(lazy_say(JOKER_MELD))
    submit = SubmitField(lazy_gettext("Swap the joker"))


class UndoForm(FlaskForm):
    """Take back the last action."""

    seen = HiddenField()


class EndPlayerForm(Form):
    """One player's end of the hand: the tiles left on the rack, and declarations."""

    rack = TilesField(lazy_gettext("Tiles left on the rack"))
    exposed_twin = BooleanField(lazy_gettext("Announced the exposed tile's twin"))
    left_table = BooleanField(lazy_gettext("Left the table"))


class EndHandForm(FlaskForm):
    """The end of a hand played in table mode."""

    # No default: a forgotten "who went out" would be scored as nobody (issue 18).
    went_out = RadioField(lazy_gettext("Who went out?"), validate_choice=False)
    finish = SelectField(lazy_gettext("How?"), validate_choice=False)
    players = FieldList(FormField(EndPlayerForm))
    seen = HiddenField()
    previewed = HiddenField()  # the fingerprint of the hand the scorer saw previewed
    preview = SubmitField(lazy_gettext("Preview"))
    save = SubmitField(lazy_gettext("Save hand"))


def _player_choices(names: list[str]) -> list[SelectChoice]:
    return [SelectChoice(n, n) for n in names]


def action_forms(
    table: Table, formdata: Any = None, posted: str | None = None, chosen: dict | None = None
) -> dict[str, FlaskForm]:
    """The forms of the live table page; only the posted one reads the request."""
    chosen = chosen or {}
    forms: dict[str, FlaskForm] = {}
    for kind, cls in (("meld", NewMeldForm), ("add", AddTilesForm), ("swap", SwapJokerForm)):
        data = formdata if kind == posted else None
        form = cls(formdata=data, prefix=kind, data=None if data else chosen.get(kind))
        form.player.choices = _player_choices(list(table.players))
        forms[kind] = form
    melds = [m for m in table.melds if not m.stacked]
    none = SelectChoice("", lazy_gettext("Choose, or tap a meld below"))
    forms["add"].meld.choices = [
        none,
        *(SelectChoice(m.meld_index, meld_words(table, m)) for m in melds),
    ]
    forms["swap"].meld.choices = [
        none,
        *(
            SelectChoice(m.meld_index, meld_words(table, m))
            for m in melds
            if any(j is not None for j in m.jokers)
        ),
    ]
    forms["undo"] = UndoForm(formdata=formdata if posted == "undo" else None, prefix="undo")
    for form in forms.values():
        form.seen.data = str(len(table.actions))
    return forms


def meld_words(table: Table, meld) -> str:
    """A meld as the scorer finds it on the table: whose, what kind, as it lies."""
    lying = next(
        (m.text for m in table.area(meld.owner) if m.meld_index == meld.meld_index),
        " ".join(str(t) for t in meld.tiles),
    )
    # One whole sentence for each kind, so "set" and "run" are read in the page's language.
    if meld.kind == "set":
        return gettext(
            "%(number)d. %(player)s's set: %(tiles)s",
            number=meld.meld_index + 1,
            player=meld.owner,
            tiles=page_tiles(lying),
        )
    return gettext(
        "%(number)d. %(player)s's run: %(tiles)s",
        number=meld.meld_index + 1,
        player=meld.owner,
        tiles=page_tiles(lying),
    )


def form_action(kind: str, form: FlaskForm):
    """The engine action a posted form describes."""
    player = form.player.data
    turns = {
        "same_turn": bool(form.same_turn.data),
        "first_round_over": bool(form.first_round_over.data),
    }
    if kind == "meld":
        melds = [m.data.strip() for m in form.melds if m.data and m.data.strip()]
        return NewMeld(player, tuple(melds), **turns)
    if kind == "add":
        return AddTiles(player, form.meld.data, form.tiles.data or "", **turns)
    new_meld = (form.new_meld_tiles.data or "").strip() or None
    return SwapJoker(player, form.meld.data, form.tiles.data or "", new_meld, **turns)


def attach_refusal(kind: str, form: FlaskForm, refusal: InvalidAction) -> None:
    """Put the engine's refusal next to the field it is about, as its `field` says."""
    if refusal.field == "player":
        field = form.player
    elif refusal.field in ("same_turn", "first_round_over"):
        field = form[refusal.field]
    elif refusal.field == "meld_index":
        field = form.meld
    elif kind == "meld":
        # The action holds the melds typed, in order, without the empty boxes.
        typed = [m for m in form.melds if m.data and m.data.strip()] or [form.melds[0]]
        index = refusal.meld if refusal.meld is not None else 0
        field = typed[index] if index < len(typed) else typed[0]
    elif kind == "swap" and refusal.field == "new_meld_tiles":
        field = form.new_meld_tiles
    else:
        field = form.tiles
    field.errors = [*list(field.errors), sentence(refusal.detail)]


def seen(form: FlaskForm) -> int | None:
    """How many actions the page showed when the form was posted."""
    try:
        return int(form.seen.raw_data[0]) if form.seen.raw_data else None
    except ValueError:
        return None


def end_form(series, table: Table, formdata: Any = None) -> EndHandForm:
    """The end-of-hand form for the series' players."""
    form = EndHandForm(formdata=tally.posted_per_seat(formdata, len(series.names)))
    form.went_out.choices = [
        *_player_choices(series.names),
        SelectChoice(tally.NOBODY, nobody_out_words(series.variant)),
    ]
    form.finish.choices = [
        SelectChoice(f, FINISH_WORDS[f].as_sentence()) for f in series.variant.finishes
    ]
    tally.seat_players(form.players, series.names)
    form.seen.data = str(len(table.actions))
    return form


def end_record(series, table: Table, form: EndHandForm) -> dict:
    """The hand in the hand format, from the table and the end-of-hand form
    (without the variant: the series has it)."""
    racks = {
        name: (sub.form.rack.data or "").strip()
        for name, sub in zip(series.names, form.players, strict=True)
    }
    declared = {
        name: [d for d in ("exposed_twin", "left_table") if getattr(sub.form, d).data]
        for name, sub in zip(series.names, form.players, strict=True)
    }
    out = form.went_out.data if form.went_out.data != tally.NOBODY else None
    record = hand_record(
        table, racks, went_out=out, finish=form.finish.data if out else None, declared=declared
    )
    record.pop("variant")
    for player in record["players"]:
        if not player.get("rack"):
            player.pop("rack", None)
    return record
