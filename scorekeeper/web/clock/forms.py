"""The clock's forms: a step of the clock, and the series' own time per turn."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import AnyOf, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...engine.time_up import OFF
from ...engine.turn_clock import TurnMark
from ...engine.variant_checks import BOUNDS
from ...store.clock import STEPS
from ..forms.common import SelectChoice

LOW, HIGH = BOUNDS["turn_limit"]


class StepForm(FlaskForm):
    """Start, Done, Pause or Resume (the button pressed), the page to go back to, and the
    turn the page showed (whose, its number within the hand, the hand): a Done ends that
    turn only, so a page behind the clock or a second tap cannot end the next one."""

    do = HiddenField(validators=[AnyOf(STEPS)])
    next = HiddenField()
    seat = IntegerField(widget=HiddenInput(), validators=[Optional(), NumberRange(min=0)])
    turn = IntegerField(widget=HiddenInput(), validators=[Optional(), NumberRange(min=1)])
    hand = IntegerField(widget=HiddenInput(), validators=[Optional(), NumberRange(min=1)])

    def mark(self, players: int) -> TurnMark:
        """The turn the page showed (a seat the series does not have counts as none)."""
        seat = self.seat.data if self.seat.data is not None and self.seat.data < players else None
        return TurnMark(seat, self.turn.data, self.hand.data)


class LimitForm(FlaskForm):
    """How long a turn may last in this series: as the variant says, no clock, or seconds."""

    kind = RadioField(
        lazy_gettext("Time per turn"),
        choices=[
            SelectChoice("variant", lazy_gettext("As the variant says")),
            SelectChoice("off", lazy_gettext("No clock")),
            SelectChoice("own", lazy_gettext("Our own time")),
        ],
        default="variant",
    )
    seconds = IntegerField(
        lazy_gettext("Seconds per turn"),
        validators=[
            Optional(),
            NumberRange(
                LOW,
                HIGH,
                lazy_gettext("Enter a whole number from %(low)d to %(high)d.", low=LOW, high=HIGH),
            ),
        ],
    )

    def validate(self, extra_validators=None) -> bool:
        """The seconds are needed only for the group's own time."""
        valid = super().validate(extra_validators)
        if valid and self.kind.data == "own" and self.seconds.data is None:
            self.seconds.errors = [lazy_gettext("Enter the seconds a turn may last.")]
            return False
        return valid

    def own_limit(self) -> int | None:
        """The series' own limit as the store keeps it (None: the variant's; 0: off)."""
        if self.kind.data == "off":
            return OFF
        if self.kind.data == "own":
            return self.seconds.data
        return None
