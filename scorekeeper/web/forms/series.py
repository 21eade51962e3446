"""The form that starts a series: players in seat order, rules, the end, the first dealer."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ...engine import Variant
from ...store import players
from .common import SelectChoice

MAX_SEATS = 6
END_WORDS = {"hands": "A number of hands", "rounds": "A number of rounds (one hand per player)",
             "target": "A target score"}


class SeriesForm(FlaskForm):
    """Start a series: players in seat order, the variant, the end and the first dealer."""

    name = StringField("Name", description="Optional, e.g. \"Friday final\".",
                       validators=[Optional(), Length(max=80)])
    seats = FieldList(StringField("Seat", validators=[Optional(), Length(max=40)]),
                      min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    variant = SelectField("Rules", validators=[InputRequired()])
    end_kind = RadioField("The series ends after",
                          choices=[SelectChoice(k, w) for k, w in END_WORDS.items()],
                          default="hands", validators=[InputRequired()])
    end_value = IntegerField("How many (or the target score)", default=4,
                             validators=[InputRequired("Say how many hands, rounds or points."),
                                         NumberRange(1, 100_000)])
    first_dealer = SelectField("Who deals first", coerce=int, default=0,
                               description="Seat 1 is the first name typed above.",
                               choices=[SelectChoice(i, f"Seat {i + 1}") for i in range(MAX_SEATS)])

    def name_dealers(self) -> None:
        """Call the first dealer's choices by the names typed (a page sent back with a
        refusal); the seats no one took keep their number. The page's script does the
        same as the names are typed."""
        names = self.seated()
        self.first_dealer.choices = [
            SelectChoice(i, names[i] if i < len(names) else f"Seat {i + 1}")
            for i in range(MAX_SEATS)]

    def seated(self) -> list[str]:
        """The names typed, in seat order, without the empty seats."""
        return [players.tidy_name(f.data) for f in self.seats if f.data and f.data.strip()]

    def check(self, variant: Variant | None) -> bool:
        """The checks across fields; messages go next to the field they are about."""
        ok = True
        names = self.seated()
        seats = self.seats.entries
        if variant is None:
            self.variant.errors = ["Choose the rules you play."]
            return False
        if not variant.min_players <= len(names) <= variant.max_players:
            seats[0].errors = [f"{variant.name} is played by {variant.min_players} to "
                               f"{variant.max_players} players; {len(names)} are seated."]
            ok = False
        folded = [n.casefold() for n in names]
        for f in seats:
            if f.data and folded.count(players.tidy_name(f.data).casefold()) > 1:
                f.errors = [f"{players.tidy_name(f.data)} is seated twice."]
                ok = False
            problem = players.name_problem(players.tidy_name(f.data or ""))
            if problem:
                f.errors = [problem[0].upper() + problem[1:] + "."]
                ok = False
        if self.end_kind.data not in variant.series_ends:
            allowed = ", ".join(variant.series_ends)
            self.end_kind.errors = [f"{variant.name} series end by: {allowed}."]
            ok = False
        if self.first_dealer.data >= max(len(names), 1):
            self.first_dealer.errors = [f"Only {len(names)} seats are taken."]
            ok = False
        return ok
