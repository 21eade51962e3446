"""The organiser's forms of a club night: the new event (its players, rounds, tables, how a
round at a table ends, how players are seated and how event points are counted), a late
player, and the buttons that seat a round, end the event or change one player of the roster.

The engine decides what an event may be (engine/events.py): the form reads what was typed,
asks it, and puts its refusal beside the field it names (`InvalidEvent.field`)."""

from __future__ import annotations

import re
from datetime import date

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import (
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange

from ...engine import Variant
from ...engine.events import (
    MAX_ROUNDS,
    EventFormat,
    InvalidEvent,
    check_event_setup,
    default_place_points,
    read_place_points,
    round_end,
)
from ...engine.names import tidy_name
from ..forms.common import SelectChoice, date_field, sentence, strip

TABLE_SIZES = (4, 3, 2)
ROUND_ENDS = {
    "hands": lazy_gettext("A number of hands"),
    "target": lazy_gettext("A target score"),
}
SEATING_WORDS = {
    "mix": lazy_gettext("Mix the players: each meets as many new opponents as can be"),
    "standings": lazy_gettext("By the standings: the strongest play together"),
    "random": lazy_gettext("At random"),
}
POINTS_WORDS = {
    "places": lazy_gettext("By place at the table"),
    "totals": lazy_gettext("By summed scores"),
}
# Whole numbers or halves, written with a point or a comma ("2.5", "2,5"), between spaces.
A_NUMBER = re.compile(r"^-?\d+(?:[.,]\d+)?$")


def written_points(points: tuple[float, ...]) -> str:
    """Points per place as the box shows them: "3 2 1 0" (a half as 2.5)."""
    return " ".join(f"{p:g}" for p in points)


class EventForm(FlaskForm):
    """Start a club night: its name and date, the rules, the players and its format."""

    name = StringField(
        lazy_gettext("Name"),
        description=lazy_gettext('For example "Friday club night".'),
        validators=[InputRequired(lazy_gettext("Give the event a name.")), Length(max=80)],
        filters=[strip],
    )
    day = date_field(lazy_gettext("Date"), default=date.today, validators=[InputRequired()])
    variant = SelectField(lazy_gettext("Rules"), validators=[InputRequired()])
    players = TextAreaField(
        lazy_gettext("Players"),
        description=lazy_gettext("One name per line. Everyone listed is checked in."),
        validators=[InputRequired(lazy_gettext("List the players, one name per line."))],
    )
    rounds = IntegerField(
        lazy_gettext("Rounds"),
        default=3,
        validators=[
            InputRequired(lazy_gettext("Say how many rounds are played.")),
            NumberRange(1, MAX_ROUNDS),
        ],
    )
    table_size = RadioField(
        lazy_gettext("Players at a table"),
        description=lazy_gettext(
            "When the players do not fill every table, some tables have one player fewer."
        ),
        choices=[SelectChoice(str(n), str(n)) for n in TABLE_SIZES],
        default="4",
        validators=[InputRequired()],
    )
    end_kind = RadioField(
        lazy_gettext("A round at a table ends after"),
        choices=[SelectChoice(k, w) for k, w in ROUND_ENDS.items()],
        default="hands",
        validators=[InputRequired()],
    )
    end_value = IntegerField(
        lazy_gettext("How many hands (or the target score)"),
        default=4,
        validators=[
            InputRequired(lazy_gettext("Say how many hands or points.")),
            NumberRange(1, 100_000),
        ],
    )
    seating = RadioField(
        lazy_gettext("Seating after round 1"),
        description=lazy_gettext("Round 1 is always seated at random."),
        choices=[SelectChoice(k, w) for k, w in SEATING_WORDS.items()],
        default="mix",
        validators=[InputRequired()],
    )
    points = RadioField(
        lazy_gettext("Event points"),
        choices=[SelectChoice(k, w) for k, w in POINTS_WORDS.items()],
        default="places",
        validators=[InputRequired()],
    )
    points_4 = StringField(lazy_gettext("Points for places 1 to 4 at a table of 4"))
    points_3 = StringField(lazy_gettext("Points for places 1 to 3 at a table of 3"))
    points_2 = StringField(lazy_gettext("Points for places 1 and 2 at a table of 2"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        shown = default_place_points()
        for size in TABLE_SIZES:
            box = self.place_box(size)
            if box.data is None:
                box.data = written_points(shown[size])

    def place_box(self, size: int) -> Field:
        """The box of the points per place at a table of that size."""
        return getattr(self, f"points_{size}")

    def names(self) -> list[str]:
        """The names typed, one a line, tidied, without the empty lines."""
        lines = (self.players.data or "").splitlines()
        return [tidy_name(line) for line in lines if line.strip()]

    def place_points(self) -> dict[int, tuple[float, ...]] | None:
        """The points per place typed for each table size, read by the engine; None (each
        refusal beside its box) when a box holds something else than numbers."""
        read: dict[int, tuple[float, ...]] = {}
        for size in TABLE_SIZES:
            box = self.place_box(size)
            typed = (box.data or "").split()
            if not typed or not all(A_NUMBER.match(p) for p in typed):
                box.errors = [
                    *box.errors,
                    gettext("Write a number for each place, separated by spaces."),
                ]
                continue
            values = [float(p.replace(",", ".")) for p in typed]
            try:
                read[size] = read_place_points({str(size): values})[size]
            except InvalidEvent as error:
                box.errors = [*box.errors, sentence(error.detail)]
        if any(self.place_box(size).errors for size in TABLE_SIZES):
            return None
        return {**default_place_points(), **read}

    def event_format(self) -> EventFormat | None:
        """The format typed, as the engine holds it; None with the refusal beside its field."""
        place_points = self.place_points() if self.points.data == "places" else None
        if self.points.data == "places" and place_points is None:
            return None
        try:
            end = round_end(self.end_kind.data or "", self.end_value.data or 0)
        except InvalidEvent as error:
            self.end_kind.errors = [*self.end_kind.errors, sentence(error.detail)]
            return None
        return EventFormat(
            rounds=self.rounds.data or 0,
            table_size=int(self.table_size.data or 0),
            end=end,
            seating=self.seating.data or "",
            points=self.points.data or "",
            place_points=place_points or default_place_points(),
        )

    def numbers_read(self) -> bool:
        """Whether every number the engine reads was typed as one (else its box says so)."""
        return not any(f.errors for f in (self.rounds, self.end_value, self.table_size))

    def check(self, variant: Variant | None) -> EventFormat | None:
        """Ask the engine whether this event can be played: its format, or None with the
        refusal beside the field it is about."""
        if variant is None:
            self.variant.errors = [gettext("Choose the rules you play.")]
            return None
        fmt = self.event_format()
        if fmt is None:
            return None
        try:
            check_event_setup(variant, self.names(), fmt)
        except InvalidEvent as error:
            self.refuse(error)
            return None
        return fmt

    def refuse(self, error: InvalidEvent) -> None:
        """Put the engine's refusal beside its field (the players' box when it names none)."""
        fields: dict[str | None, Field] = {
            "name": self.name,
            "players": self.players,
            "rounds": self.rounds,
            "table_size": self.table_size,
            "round_end": self.end_value,
            "seating": self.seating,
            "points": self.points,
            "place_points": self.points_4,
        }
        field = fields.get(error.field, self.players)
        field.errors = [*field.errors, sentence(error.detail)]


class LatePlayerForm(FlaskForm):
    """A player who arrives after the event has started, seated from the next round on."""

    name = StringField(
        lazy_gettext("Late player"),
        validators=[InputRequired(lazy_gettext("Type the player's name.")), Length(max=40)],
        filters=[strip],
    )


class RosterForm(FlaskForm):
    """One change to one player of the roster: gone, back after leaving, or checked in or not."""

    player = HiddenField(validators=[InputRequired()])
    change = HiddenField(validators=[InputRequired()])
