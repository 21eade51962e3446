"""The form that fixes a saved table-mode hand's table: every action as it was recorded,
each one editable or taken out, and one more meld left out at the time."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    SubmitField,
)
from wtforms.validators import NumberRange, Optional

from ...engine.table import InvalidAction
from ...engine.table_actions import FIRST_ROUND_OVER, JOKER_MELD, SAME_TURN
from ..forms.common import SelectChoice, TilesArea, TilesField, sentence
from ..shell.page_words import lazy_say

# What each kind of action is called on the page.
KIND_WORDS = {
    "new_meld": lazy_gettext("new meld"),
    "add_tiles": lazy_gettext("tiles added"),
    "swap_joker": lazy_gettext("joker swap"),
}


class FixActionForm(Form):
    """One recorded action: who, which meld, which tiles, the turn answers, or take it out."""

    kind = HiddenField()
    player = SelectField(lazy_gettext("Who"))
    melds = TilesArea(lazy_gettext("Melds laid, one a line"))
    meld = IntegerField(lazy_gettext("To meld number"), validators=[Optional(), NumberRange(min=1)])
    tiles = TilesField(lazy_gettext("Tiles"))
    new_meld_tiles = TilesField(lazy_say(JOKER_MELD))
    same_turn = BooleanField(lazy_say(SAME_TURN))
    first_round_over = BooleanField(lazy_say(FIRST_ROUND_OVER))
    remove = BooleanField(lazy_gettext("Take this action out"))


class FixTableForm(FlaskForm):
    """Every action of a saved hand's table, and a meld that was left out, laid last."""

    actions = FieldList(FormField(FixActionForm))
    save = SubmitField(lazy_gettext("Check and save the table"))


def fix_form(actions: list[dict], names: list[str], formdata: Any = None) -> FixTableForm:
    """The form for a hand's stored actions, and one empty new meld at the end."""
    rows = [_row(a) for a in actions] + [{"kind": "new_meld"}]
    form = FixTableForm(formdata=formdata, data={"actions": rows} if formdata is None else None)
    if formdata is not None:  # a posted form keeps its rows; the kinds say what each one is
        while len(form.actions) < len(rows):
            form.actions.append_entry(rows[len(form.actions)])
    for entry in form.actions:
        entry.form.player.choices = [SelectChoice(n, n) for n in names]
    return form


def _row(action: dict) -> dict:
    return {
        "kind": action["action"],
        "player": action["player"],
        "melds": "\n".join(action.get("melds", [])),
        "meld": action["meld_index"] + 1 if "meld_index" in action else None,
        "tiles": action.get("tiles", ""),
        "new_meld_tiles": action.get("new_meld_tiles") or "",
        "same_turn": action.get("same_turn", False),
        "first_round_over": action.get("first_round_over", False),
    }


def fixed_actions(form: FixTableForm) -> tuple[list[dict], list[int]]:
    """The actions the form now holds, as the table mode JSON, and for each one the number
    of the form's row it came from (to put a refusal next to it)."""
    actions, rows = [], []
    for i, entry in enumerate(form.actions):
        f = entry.form
        if f.remove.data:
            continue
        data: dict[str, Any] = {"action": f.kind.data, "player": f.player.data}
        if f.kind.data == "new_meld":
            data["melds"] = [m.strip() for m in (f.melds.data or "").splitlines() if m.strip()]
            if not data["melds"] and i == len(form.actions) - 1:
                continue  # the spare row, left empty
        else:
            data["meld_index"] = (f.meld.data or 0) - 1
            data["tiles"] = f.tiles.data or ""
        if f.kind.data == "swap_joker":
            data["new_meld_tiles"] = (f.new_meld_tiles.data or "").strip() or None
        for answer in ("same_turn", "first_round_over"):
            if getattr(f, answer).data:
                data[answer] = True
        actions.append(data)
        rows.append(i)
    return actions, rows


def attach_fix_refusal(form: FixTableForm, rows: list[int], refusal: InvalidAction) -> None:
    """Put the engine's refusal next to the field of the row it is about."""
    entry = form.actions[rows[refusal.action] if refusal.action is not None else -1].form
    field = {
        "player": entry.player,
        "meld_index": entry.meld,
        "melds": entry.melds,
        "new_meld_tiles": entry.new_meld_tiles,
        "same_turn": entry.same_turn,
        "first_round_over": entry.first_round_over,
    }.get(refusal.field or "", entry.tiles)
    if entry.kind.data == "new_meld" and field is entry.tiles:
        field = entry.melds
    field.errors = [*list(field.errors), sentence(refusal.detail)]
