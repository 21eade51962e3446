"""The house ruling form: what the table agreed, in which hand, and who agreed."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from .common import strip

TEXT_MAX = 300
NAMES_MAX = 80


class RulingForm(FlaskForm):
    """A ruling made at the table: what was agreed, in which hand, and who agreed."""

    text = TextAreaField("What the table agreed", filters=[strip], validators=[
        DataRequired("Write what the table agreed."),
        Length(max=TEXT_MAX, message=f"A ruling can be at most {TEXT_MAX} characters.")])
    hand_number = StringField("Which hand", filters=[strip],
                              description="Optional: the hand's number on the score sheet.")
    agreed_by = StringField("Who agreed", filters=[strip], description="Optional, e.g. everyone.",
                            validators=[Optional(), Length(max=NAMES_MAX, message=(
                                f"Who agreed can be at most {NAMES_MAX} characters."))])

    def __init__(self, *args: Any, hands_played: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hands_played = hands_played

    def validate_hand_number(self, field: Field) -> None:
        """A hand already on the sheet, or the one being played now."""
        if not field.data:
            return
        if not field.data.isdigit() or int(field.data) < 1:
            raise ValidationError(f"“{field.data}” is not a hand number: write one like 3, "
                                  "or leave it empty.")
        playing = self.hands_played + 1
        if int(field.data) > playing:
            raise ValidationError(
                f"There is no hand {field.data} yet: {self.hands_played} "
                f"{'hand is' if self.hands_played == 1 else 'hands are'} on the score sheet, "
                f"so a ruling can be about hand 1 to {playing}.")

    def hand(self) -> int | None:
        """The hand's number, or None when the ruling is for the whole series."""
        return int(self.hand_number.data) if self.hand_number.data else None
