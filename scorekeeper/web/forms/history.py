"""Which nights and variant a player's figures count, read from the page's address."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import Form, SelectField
from wtforms.validators import Optional

from .common import date_field


class FilterForm(Form):
    """Which nights and variant a player's figures count, from the page's address."""

    since = date_field(lazy_gettext("From"), name="from", validators=[Optional()])
    until = date_field(lazy_gettext("To"), name="to", validators=[Optional()])
    variant = SelectField(lazy_gettext("Variant"), validators=[Optional()])
