"""The quick tally: the record-a-hand form, and its translation to and from the hand format."""

from __future__ import annotations

import re
import secrets
from typing import Any

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SubmitField,
)
from wtforms.validators import Length, NumberRange, Optional

from ...engine import InvalidHand, Variant
from ...engine.checks import nobody_out_words, player_fields
from ...engine.hands import FINISH_WORDS
from ...engine.melds import rack_value
from ...engine.tiles import COLOURS, JOKER, NUMBERS, Tile
from ..shell.language import say
from .common import SelectChoice, TilesField, sentence

NOBODY = "-"


# The words of a player's small boxes, the same on the scorer's form and on the player's own
# page ("My rack", forms/racks.py), so both say one thing one way.
RACK_POINTS = lazy_gettext("Rack points")
RACK_JOKERS = lazy_gettext("Jokers on the rack")
SWAPPED_JOKERS = lazy_gettext("Jokers taken by a swap")
MELDED_POINTS = lazy_gettext("Melded points")
CREDITED_JOKERS = lazy_gettext("Jokers credited")


class PlayerTallyForm(Form):
    """One player's part of the hand: what is left on the rack, what they melded."""

    # Set when a refusal is about the player rather than one of their fields.
    player_errors: list[str]

    rack = TilesField(lazy_gettext("Tiles left on the rack"))
    rack_points = IntegerField(RACK_POINTS, validators=[Optional(), NumberRange(0, 1000)])
    rack_jokers = IntegerField(RACK_JOKERS, default=0, validators=[Optional(), NumberRange(0, 2)])
    swapped_jokers = IntegerField(
        SWAPPED_JOKERS, default=0, validators=[Optional(), NumberRange(0, 2)]
    )
    melded_tiles = TilesField(lazy_gettext("Tiles put on the table"))
    melded_points = IntegerField(MELDED_POINTS, validators=[Optional(), NumberRange(0, 2000)])
    credited_jokers = IntegerField(
        CREDITED_JOKERS, default=0, validators=[Optional(), NumberRange(0, 2)]
    )
    exposed_twin = BooleanField(lazy_gettext("Announced the exposed tile's twin"))
    left_table = BooleanField(lazy_gettext("Left the table"))


class HandForm(FlaskForm):
    """Record or edit a hand in a series."""

    # No default: a forgotten choice must be refused, not scored as nobody going out.
    went_out = RadioField(lazy_gettext("Who went out?"), validate_choice=False)
    # The engine checks the way of going out against the variant and names the rule.
    finish = SelectField(lazy_gettext("How?"), validate_choice=False)
    all_at_once = BooleanField(lazy_gettext("All at once, without having opened before"))
    jokers_used = IntegerField(
        lazy_gettext("Jokers in that hand"), default=0, validators=[Optional(), NumberRange(0, 2)]
    )
    players = FieldList(FormField(PlayerTallyForm))
    # The form's one-time token: saving it again stores nothing new (store/once.py).
    once = HiddenField(validators=[Optional(), Length(max=100)])
    preview = SubmitField(lazy_gettext("Preview"))
    save = SubmitField(lazy_gettext("Save hand"))


def hand_form(
    variant: Variant, names: list[str], formdata: Any = None, record: dict | None = None
) -> HandForm:
    """The form for a series' players, filled from a request or a stored hand."""
    data = record_to_form(record, variant) if record is not None else None
    form = HandForm(formdata=posted_per_seat(formdata, len(names)), data=data)
    form.went_out.choices = [SelectChoice(n, n) for n in names] + [
        SelectChoice(NOBODY, nobody_out_words(variant))
    ]
    form.finish.choices = [SelectChoice(f, FINISH_WORDS[f].as_sentence()) for f in variant.finishes]
    seat_players(form.players, names)
    if formdata is None:
        form.once.data = secrets.token_urlsafe(16)
    return form


def fill_drafts(form: HandForm, seats: list[dict]) -> None:
    """Fill each player's boxes with the rack they sent from their own phone, if any."""
    for seat, sub in zip(seats, form.players, strict=False):
        for field, value in (seat["draft"] or {}).items():
            if field in _PLAYER_FIELDS and field in sub.form:
                sub.form[field].data = value


def take_draft(form: HandForm, seat: int, draft: dict) -> None:
    """Put a seat's draft in its boxes on a posted form, in place of what was typed there:
    each box a draft can fill holds the draft's value, or nothing where the draft has none."""
    sub = form.players[seat].form
    for field in _PLAYER_FIELDS:
        if field not in sub:
            continue
        box = sub[field]
        box.data = draft.get(field, box.default)
        # What was typed is shown again otherwise (a tile box's `typed`, a number's raw_data).
        box.raw_data = None
        if hasattr(box, "typed"):
            box.typed = None


def seat_players(players: FieldList, names: list[str]) -> None:
    """One entry of the players' field list per seat, each with its player's name."""
    while len(players) < len(names):
        players.append_entry()
    for name, sub in zip(names, players, strict=False):
        # The page heads each player's fieldset with it; WTForms fields take such attributes.
        sub.player_name = name


def posted_per_seat(formdata: Any, players: int) -> Any:
    """The posted fields with one entry per seat. WTForms numbers a field list by
    the indices that were posted, so a seat with nothing posted would shift every
    later player's tiles onto the wrong name; seats past the last player are dropped."""
    if formdata is None:
        return None
    fixed = formdata.copy()
    for key in list(fixed.keys()):
        match = re.match(r"players-(\d+)-", key)
        if match and int(match.group(1)) >= players:
            del fixed[key]
    for seat in range(players):
        fixed.setdefault(f"players-{seat}-rack", "")
    return fixed


def shows(variant: Variant) -> dict[str, bool]:
    """Which fields the variant has a rule for (the engine's `player_fields`), so the
    form shows only those."""
    fields = player_fields(variant)
    melded = "melded_tiles" in fields
    return {
        "finish": len(variant.finishes) > 1,
        "all_at_once": "all_at_once" in fields,
        "jokers_used": variant.all_at_once_bonus is not None
        and len(set(variant.all_at_once_bonus)) > 1,
        "melded": melded,
        "credited_jokers": "credited_jokers" in fields,
        "swapped_jokers": "swapped_jokers" in fields,
        "exposed_twin": variant.exposed_twin_bonus is not None,
        "left_table": variant.left_table_penalty is not None,
        "ace_places": melded and variant.ace_place_matters,
    }


def rack_costs(variant: Variant) -> dict[str, int]:
    """What each number and the joker cost on a rack under the variant, as the engine
    counts them (`rack_value`), for the tile pad's running points; the colour never
    changes a tile's cost. The joker's is under "joker"."""
    low, high = NUMBERS
    costs = {str(n): rack_value(Tile(COLOURS[0], n), variant) for n in range(low, high + 1)}
    costs["joker"] = rack_value(JOKER, variant)
    return costs


def form_to_record(form: HandForm, names: list[str]) -> dict:
    """The hand in the JSON hand format (without the variant: the series has it)."""
    out = form.went_out.data
    players = []
    for name, sub in zip(names, form.players, strict=True):
        p = sub.form
        entry: dict[str, Any] = {"name": name}
        if out == name:
            entry["went_out"] = True
            if form.finish.data:
                entry["finish"] = form.finish.data
            if form.all_at_once.data:
                entry["all_at_once"] = True
                if form.jokers_used.data:
                    entry["jokers_used"] = form.jokers_used.data
        rack = (p.rack.data or "").strip()
        if rack:
            entry["rack"] = rack
        if p.rack_points.data is not None:
            entry["rack_points"] = p.rack_points.data
            if p.rack_jokers.data:
                entry["rack_jokers"] = p.rack_jokers.data
        elif p.rack_jokers.data and not rack:
            entry["rack_points"], entry["rack_jokers"] = 0, p.rack_jokers.data
        if p.swapped_jokers.data:
            entry["swapped_jokers"] = p.swapped_jokers.data
        melded = (p.melded_tiles.data or "").strip()
        if melded:
            entry["melded_tiles"] = melded
        if p.melded_points.data is not None:
            entry["melded_points"] = p.melded_points.data
        if p.credited_jokers.data:
            entry["credited_jokers"] = p.credited_jokers.data
        declared = [
            d for d, f in (("exposed_twin", p.exposed_twin), ("left_table", p.left_table)) if f.data
        ]
        if declared:
            entry["declared"] = declared
        players.append(entry)
    return {"players": players}


def record_to_form(record: dict, variant: Variant) -> dict:
    """Form data for editing a stored hand."""
    players = record.get("players", [])
    out = next((p for p in players if p.get("went_out")), None)
    return {
        "went_out": out["name"] if out else NOBODY,
        "finish": (out or {}).get("finish", variant.finishes[0]),
        "all_at_once": bool((out or {}).get("all_at_once")),
        "jokers_used": (out or {}).get("jokers_used", 0),
        "players": [
            {
                "rack": p.get("rack", ""),
                "rack_points": p.get("rack_points"),
                "rack_jokers": p.get("rack_jokers", 0),
                "swapped_jokers": p.get("swapped_jokers", 0),
                "melded_tiles": p.get("melded_tiles", ""),
                "melded_points": p.get("melded_points"),
                "credited_jokers": p.get("credited_jokers", 0),
                "exposed_twin": "exposed_twin" in p.get("declared", []),
                "left_table": "left_table" in p.get("declared", []),
            }
            for p in players
        ],
    }


# The player's fields of the hand format that the form has a box for (the same names).
_PLAYER_FIELDS = (
    "rack",
    "rack_points",
    "rack_jokers",
    "swapped_jokers",
    "melded_tiles",
    "melded_points",
    "credited_jokers",
)
# The fields of the player who went out that the form asks once, for the whole hand.
_HAND_FIELDS = ("went_out", "finish", "all_at_once", "jokers_used")


def went_out_missing(form: FlaskForm, names: list[str], variant: Variant) -> bool:
    """Whether who went out is not chosen (or is no choice of the form); if so the
    field says what to do."""
    if form.went_out.data in (*names, NOBODY):
        return False
    form.went_out.errors = [
        *list(form.went_out.errors),
        gettext("Pick who went out, or “%(nobody)s”.", nobody=say(nobody_out_words(variant))),
    ]
    return True


def attach_error(form: HandForm, names: list[str], error: InvalidHand) -> None:
    """Put each of the engine's refusals next to the field it is about, as its `player`
    and `field` say."""
    for problem in error.problems:
        _attach_one(form, names, problem)


def _attach_one(form: HandForm, names: list[str], error: InvalidHand) -> None:
    if error.field in _HAND_FIELDS:
        field = form[error.field]
        field.errors = [*list(field.errors), sentence(error.detail)]
        return
    if error.player is not None and error.player in names:
        sub = form.players[names.index(error.player)].form
        if error.field in _PLAYER_FIELDS:
            field = sub[error.field]
            field.errors = [*list(field.errors), sentence(error.detail)]
            return
        sub.player_errors = [*getattr(sub, "player_errors", []), sentence(error.detail)]
        return
    form.form_errors.append(sentence(error.words))
