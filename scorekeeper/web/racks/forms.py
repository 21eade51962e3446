"""The player's own rack ("My rack for hand N"), sent from their phone as a draft for the
scorer, and the choice of which player this phone is."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import IntegerField, StringField, SubmitField
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...engine.drafts import MOST_CHARACTERS, draft_fields
from ...engine.variants import Variant
from ..forms.common import TilesField
from ..forms.tally import CREDITED_JOKERS, MELDED_POINTS, RACK_JOKERS, RACK_POINTS, SWAPPED_JOKERS


class MyRackForm(FlaskForm):
    """What is left on this player's rack and, where the variant scores it, what they
    melded; the same boxes as their part of the record-hand form."""

    # The hand the page was drawn for: a rack sent after that hand was saved is refused.
    hand = IntegerField(widget=HiddenInput(), validators=[Optional(), NumberRange(1)])
    rack = TilesField(lazy_gettext("Tiles left on my rack"))
    rack_points = IntegerField(RACK_POINTS, validators=[Optional(), NumberRange(0, 1000)])
    rack_jokers = IntegerField(RACK_JOKERS, validators=[Optional(), NumberRange(0, 2)])
    swapped_jokers = IntegerField(SWAPPED_JOKERS, validators=[Optional(), NumberRange(0, 2)])
    melded_tiles = TilesField(lazy_gettext("Tiles I put on the table"))
    melded_points = IntegerField(MELDED_POINTS, validators=[Optional(), NumberRange(0, 2000)])
    credited_jokers = IntegerField(CREDITED_JOKERS, validators=[Optional(), NumberRange(0, 2)])
    send = SubmitField(lazy_gettext("Send my rack"))


class SeatForm(FlaskForm):
    """ "I'm Ana": which seat of the series this phone counts for."""

    seat = IntegerField(validators=[InputRequired(), NumberRange(0)])


# A join code is 8 letters and figures; typed with spaces or a dash it is still well under 20.
JOIN_CODE_MOST = 20


class JoinForm(FlaskForm):
    """The series' join code, typed on a phone that did not open the scorer's QR code."""

    code = StringField(
        lazy_gettext("Join code"),
        validators=[
            InputRequired(lazy_gettext("Type the join code shown on the scorer's phone.")),
            Length(
                max=JOIN_CODE_MOST,
                message=lazy_gettext(
                    "A join code has 8 letters and figures, as the scorer's phone shows it."
                ),
            ),
        ],
    )


def draft_of(form: MyRackForm, variant: Variant) -> dict[str, Any]:
    """The draft as the hand format writes a player's part: only the fields the variant
    has a rule for, and only those filled in."""
    raw: dict[str, Any] = {}
    for field in draft_fields(variant):
        value = form[field].data
        if isinstance(value, str):
            value = value.strip()[: MOST_CHARACTERS + 1]
        if value not in (None, "", 0) or (field == "rack_points" and value == 0):
            raw[field] = value
    return raw


def fill(form: MyRackForm, fields: dict[str, Any]) -> None:
    """Show a draft already sent in the boxes, to change it."""
    for field, value in fields.items():
        if field in form:
            form[field].data = value
