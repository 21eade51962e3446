"""Which nights and variant a player's figures count, read from the page's address."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import Form, SelectField
from wtforms.validators import Optional

from ..forms.common import SelectChoice, date_field


class FilterForm(Form):
    """Which nights and variant a player's figures count, from the page's address."""

    since = date_field(lazy_gettext("From"), name="from", validators=[Optional()])
    until = date_field(lazy_gettext("To"), name="to", validators=[Optional()])
    variant = SelectField(lazy_gettext("Variant"), validators=[Optional()])


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
