"""The clock's forms: a step of the clock, and the series' own time per turn."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import AnyOf, NumberRange, Optional

from ...engine.time_up import OFF
from ...engine.variant_checks import BOUNDS
from ...store.clock import STEPS
from ..forms.common import SelectChoice

LOW, HIGH = BOUNDS["turn_limit"]


class StepForm(FlaskForm):
    """Start, Done, Pause or Resume (the button pressed), and the page to go back to."""

    do = HiddenField(validators=[AnyOf(STEPS)])
    next = HiddenField()


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
