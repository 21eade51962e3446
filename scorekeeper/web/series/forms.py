"""The form that starts a series: players in seat order, rules, the end, the first dealer."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...engine import InvalidSeries, SeriesEnd, Variant
from ...engine.series import check_series_setup
from ...engine.variant_checks import PLAYERS
from ...store import players
from ..forms.common import SelectChoice, sentence

# A seat for each of the most players any variant is played by.
MAX_SEATS = PLAYERS[1]
END_WORDS = {
    "hands": lazy_gettext("A number of hands"),
    "rounds": lazy_gettext("A number of rounds (one hand per player)"),
    "target": lazy_gettext("A target score"),
}


class SeriesForm(FlaskForm):
    """Start a series: players in seat order, the variant, the end and the first dealer."""

    name = StringField(
        lazy_gettext("Name"),
        description=lazy_gettext('Optional, e.g. "Friday final".'),
        validators=[Optional(), Length(max=80)],
    )
    seats = FieldList(
        StringField(lazy_gettext("Seat"), validators=[Optional(), Length(max=40)]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    variant = SelectField(lazy_gettext("Rules"), validators=[InputRequired()])
    end_kind = RadioField(
        lazy_gettext("The series ends after"),
        choices=[SelectChoice(k, w) for k, w in END_WORDS.items()],
        default="hands",
        validators=[InputRequired()],
    )
    end_value = IntegerField(
        lazy_gettext("How many (or the target score)"),
        default=4,
        validators=[
            InputRequired(lazy_gettext("Say how many hands, rounds or points.")),
            NumberRange(1, 100_000),
        ],
    )
    first_dealer = SelectField(
        lazy_gettext("Who deals first"),
        coerce=int,
        default=0,
        description=lazy_gettext("Seat 1 is the first name typed above."),
        choices=[
            SelectChoice(i, lazy_gettext("Seat %(number)s", number=i + 1)) for i in range(MAX_SEATS)
        ],
    )

    def name_dealers(self) -> None:
        """Call the first dealer's choices by the names typed (a page sent back with a
        refusal); the seats no one took keep their number. The page's script does the
        same as the names are typed."""
        names = self.seated()
        self.first_dealer.choices = [
            SelectChoice(
                i,
                names[i]
                if i < len(names) and not players.name_problem(names[i])
                else gettext("Seat %(number)s", number=i + 1),
            )
            for i in range(MAX_SEATS)
        ]

    def seated(self) -> list[str]:
        """The names typed, in seat order, without the empty seats."""
        return [players.tidy_name(f.data) for f in self.seats if f.data and f.data.strip()]

    def check(self, variant: Variant | None) -> bool:
        """Ask the engine whether the variant can be played with this set-up; its refusal
        goes next to the field it is about (a seat, the end, the first dealer)."""
        if variant is None:
            self.variant.errors = [gettext("Choose the rules you play.")]
            return False
        names = self.seated()
        try:
            end = SeriesEnd(self.end_kind.data, self.end_value.data or 0)
            check_series_setup(variant, names, end, self.first_dealer.data)
        except InvalidSeries as error:
            self._place(error)
            return False
        return True

    def _place(self, error: InvalidSeries) -> None:
        """Put the engine's refusal beside its field: the seat it names, else the first seat."""
        message = sentence(error.detail)
        field: Field
        if error.field == "end":
            field = self.end_kind
        elif error.field == "first_dealer":
            field = self.first_dealer
        else:
            typed = [f for f in self.seats if f.data and f.data.strip()]
            seat = error.seat if error.seat is not None and error.seat < len(typed) else None
            field = typed[seat] if seat is not None else self.seats.entries[0]
        field.errors = [*field.errors, message]
