"""Which nights and variant a player's figures and the leaderboard count, read from the page's
address; the form merging two players."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import Field, Form, SelectField
from wtforms.validators import Optional, ValidationError

from ..forms.common import SelectChoice, date_field


class FilterForm(Form):
    """Which nights and variant a player's figures count, from the page's address."""

    since = date_field(lazy_gettext("From"), name="from", validators=[Optional()])
    until = date_field(lazy_gettext("To"), name="to", validators=[Optional()])
    variant = SelectField(lazy_gettext("Variant"), validators=[Optional()])


# The leaderboard's periods: this calendar year, the one before, every night, or dates.
PERIODS = ("year", "last-year", "all", "dates")


class LeaderboardForm(Form):
    """Which period and variant the Players page's leaderboard counts, from its address.
    A period or variant the menus do not hold counts as none chosen (the page says what it
    counts), never as an error in English."""

    period = SelectField(
        lazy_gettext("Period"),
        choices=[
            SelectChoice("year", lazy_gettext("This year")),
            SelectChoice("last-year", lazy_gettext("Last year")),
            SelectChoice("all", lazy_gettext("All time")),
            SelectChoice("dates", lazy_gettext("Between these dates")),
        ],
        default="year",
        validate_choice=False,
    )
    since = date_field(lazy_gettext("From"), name="from", validators=[Optional()])
    until = date_field(lazy_gettext("To"), name="to", validators=[Optional()])
    variant = SelectField(lazy_gettext("Variant"), validate_choice=False)

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the dates; between dates needs one of them at least."""
        valid = super().validate(extra_validators)
        if self.period.data == "dates" and valid and not (self.since.data or self.until.data):
            self.since.errors = [lazy_gettext("Give a start date, an end date or both.")]
            return False
        return valid

    def validate_until(self, field: Field) -> None:
        """The end of the period cannot come before its start."""
        if field.data and self.since.data and field.data < self.since.data:
            raise ValidationError(lazy_gettext("The end date cannot be before the start date."))


class MergeForm(FlaskForm):
    """Two players who are one person: the one merged (who goes) and the one kept. The
    players page sends it by GET to ask first; the question posts it back to merge."""

    merged = SelectField(
        lazy_gettext("Merge this player"),
        coerce=int,
        description=lazy_gettext("Their hands, series and figures all move to the other."),
    )
    kept = SelectField(lazy_gettext("into this player, whose name is kept"), coerce=int)


def merge_form(players: list[dict], formdata: Any, posted: bool = False) -> MergeForm:
    """The form choosing two players, each menu offering everyone. Only the question's
    answer posts (and carries the CSRF token); choosing the two only asks the question."""
    form = MergeForm(formdata, meta={} if posted else {"csrf": False})
    choices = [SelectChoice(p["id"], p["name"]) for p in players]
    form.merged.choices = choices
    form.kept.choices = list(choices)
    return form


class SeasonForm(Form):
    """Between which dates a season's standings count the events, from the page's address
    (the events ticked one by one, read by the page, come first)."""

    since = date_field(lazy_gettext("From"), name="from", validators=[Optional()])
    until = date_field(lazy_gettext("To"), name="to", validators=[Optional()])

    def validate_until(self, field: Field) -> None:
        """The end of the period cannot come before its start."""
        if field.data and self.since.data and field.data < self.since.data:
            raise ValidationError(lazy_gettext("The end date cannot be before the start date."))
