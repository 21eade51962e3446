"""The form that starts a series: players in the order they take turns, rules, the end, who
goes first (chosen by name or drawn at random); and the rematch form's choice of who goes first."""

from __future__ import annotations

import secrets

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...engine import InvalidSeries, SeriesEnd, Variant
from ...engine.play_order import (
    Direction,
    direction,
    first_label_group_words,
    first_label_words,
    first_seat_group_words,
    first_seat_words,
    has_dealer,
    order_group_words,
    order_words,
)
from ...engine.series import check_series_setup
from ...engine.variant_checks import PLAYERS
from ...engine.words import Words, said_here
from ...store import players
from ..forms.common import SelectChoice, sentence

# A seat for each of the most players any variant is played by.
MAX_SEATS = PLAYERS[1]
END_WORDS = {
    "hands": lazy_gettext("A number of hands"),
    "rounds": lazy_gettext("A number of rounds (one hand per player)"),
    "target": lazy_gettext("A target score"),
}


class RematchForm(FlaskForm):
    """A rematch's choice of who goes first: the player the order of play carries on to (the
    default, also when the choice is not sent), another by name, or a fair draw."""

    first = SelectField(
        lazy_gettext("Who goes first"),
        description=lazy_gettext(
            "The first choice carries on the order of play from where it stopped."
        ),
    )


# "Who goes first" drawn by the server when the series is started: every source draws for
# the first player or picks the first dealer at random (RULES.md, "Playing the hand").
AT_RANDOM = "random"


def first_choices(names: list[str], places: int) -> list[SelectChoice]:
    """The choices of who goes first: a fair draw, then each of `places` players by name (a
    place no name was typed for, or a name refused, by its number)."""
    return [
        SelectChoice(AT_RANDOM, gettext("Pick at random")),
        *(
            SelectChoice(
                str(i),
                names[i]
                if i < len(names) and not players.name_problem(names[i])
                else gettext("Seat %(number)s", number=i + 1),
            )
            for i in range(places)
        ),
    ]


def chosen_seat(value: str | None, players_count: int) -> tuple[int, bool]:
    """The seat a "who goes first" choice names, and whether it was drawn: "random" is drawn
    here, fairly (secrets), among the players seated; anything else is the seat typed."""
    if value == AT_RANDOM:
        return secrets.randbelow(players_count), True
    try:
        return int(value or 0), False
    except ValueError:
        return -1, False  # no seat: the engine refuses it beside the field


def variant_hints(variants: list[Variant]) -> dict[str, dict[str, str]]:
    """For each variant, how to list its players, what "who goes first" asks for and its
    label, in the engine's words read in the page's language: the page's script shows the
    chosen one's."""
    return {
        v.id: {
            "order": said_here(order_words(v)),
            "first": said_here(first_seat_words(v)),
            "label": said_here(first_label_words(v)),
        }
        for v in variants
    }


def first_label(variants: list[Variant]) -> str:
    """The label of "who goes first" without the page's script: one that fits every variant
    offered (the name chosen deals where there is a dealer, else plays first)."""
    dealt = [has_dealer(v) for v in variants]
    return said_here(first_label_group_words(any(dealt), not all(dealt)))


def order_hints(variants: list[Variant]) -> list[Words]:
    """How to list the players, said once for every variant played each way: what the page
    shows without its script, whichever variant is chosen."""
    ways: tuple[Direction, ...] = ("anticlockwise", "clockwise")
    grouped = [(way, [v.name for v in variants if direction(v) == way]) for way in ways]
    return [order_group_words(way, named) for way, named in grouped if named]


def first_hints(variants: list[Variant]) -> list[Words]:
    """What "who goes first" asks for, said once for the variants with a dealer and once for
    those without."""
    grouped = [
        (dealt, [v.name for v in variants if has_dealer(v) == dealt]) for dealt in (True, False)
    ]
    return [first_seat_group_words(dealt, named) for dealt, named in grouped if named]


class SeriesForm(FlaskForm):
    """Start a series: players in the order they take turns, the variant, the end and who
    goes first."""

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
        lazy_gettext("Who goes first"),
        default="0",
        description=lazy_gettext("Seat 1 is the first name typed above."),
        choices=[
            SelectChoice(AT_RANDOM, lazy_gettext("Pick at random")),
            *(
                SelectChoice(str(i), lazy_gettext("Seat %(number)s", number=i + 1))
                for i in range(MAX_SEATS)
            ),
        ],
    )

    def name_dealers(self) -> None:
        """Call the choices of who goes first by the names typed (a page sent back with a
        refusal); the seats no one took keep their number. The page's script does the
        same as the names are typed."""
        self.first_dealer.choices = first_choices(self.seated(), MAX_SEATS)

    def first_seat(self) -> tuple[int, bool]:
        """The seat chosen to go first, drawn at random when asked (and whether it was)."""
        return chosen_seat(self.first_dealer.data, max(len(self.seated()), 1))

    def seated(self) -> list[str]:
        """The names typed, in the order they take turns, without the empty places."""
        return [players.tidy_name(f.data) for f in self.seats if f.data and f.data.strip()]

    def check(self, variant: Variant | None) -> bool:
        """Ask the engine whether the variant can be played with this set-up; its refusal
        goes next to the field it is about (a seat, the end, the first dealer)."""
        if variant is None:
            self.variant.errors = [gettext("Choose the rules you play.")]
            return False
        names = self.seated()
        # A draw is always one of the players seated; only a seat chosen by hand is checked.
        first = 0 if self.first_dealer.data == AT_RANDOM else self.first_seat()[0]
        try:
            end = SeriesEnd(self.end_kind.data, self.end_value.data or 0)
            check_series_setup(variant, names, end, first)
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
