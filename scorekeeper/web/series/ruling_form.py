"""The house ruling form: what the table agreed, in which hand, and who agreed."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from flask_wtf import FlaskForm
from wtforms import Field, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from ..forms.common import strip

TEXT_MAX = 300
NAMES_MAX = 80


class RulingForm(FlaskForm):
    """A ruling made at the table: what was agreed, in which hand, and who agreed."""

    text = TextAreaField(
        lazy_gettext("What the table agreed"),
        filters=[strip],
        validators=[
            DataRequired(lazy_gettext("Write what the table agreed.")),
            Length(
                max=TEXT_MAX,
                message=lazy_gettext(
                    "A ruling can be at most %(count)d characters.", count=TEXT_MAX
                ),
            ),
        ],
    )
    hand_number = StringField(
        lazy_gettext("Which hand"),
        filters=[strip],
        description=lazy_gettext("Optional: the hand's number on the score sheet."),
    )
    agreed_by = StringField(
        lazy_gettext("Who agreed"),
        filters=[strip],
        description=lazy_gettext("Optional, e.g. everyone."),
        validators=[
            Optional(),
            Length(
                max=NAMES_MAX,
                message=lazy_gettext(
                    "Who agreed can be at most %(count)d characters.", count=NAMES_MAX
                ),
            ),
        ],
    )

    def __init__(self, *args: Any, hands_played: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hands_played = hands_played

    def validate_hand_number(self, field: Field) -> None:
        """A hand already on the sheet, or the one being played now."""
        if not field.data:
            return
        if not field.data.isdigit() or int(field.data) < 1:
            raise ValidationError(
                gettext(
                    "“%(typed)s” is not a hand number: write one like 3, or leave it empty.",
                    typed=field.data,
                )
            )
        playing = self.hands_played + 1
        if int(field.data) > playing:
            raise ValidationError(
                ngettext(
                    "There is no hand %(typed)s yet: %(num)d hand is on the score sheet, so a "
                    "ruling can be about hand 1 to %(playing)d.",
                    "There is no hand %(typed)s yet: %(num)d hands are on the score sheet, so a "
                    "ruling can be about hand 1 to %(playing)d.",
                    self.hands_played,
                    typed=field.data,
                    playing=playing,
                )
            )

    def hand(self) -> int | None:
        """The hand's number, or None when the ruling is for the whole series."""
        return int(self.hand_number.data) if self.hand_number.data else None
