"""Which nights and variant a player's figures count, read from the page's address."""

from __future__ import annotations

from wtforms import DateField, Form, SelectField
from wtforms.validators import Optional


class FilterForm(Form):
    """Which nights and variant a player's figures count, from the page's address."""

    since = DateField("From", name="from", validators=[Optional()],
                      invalid_value_message="The date must look like 2025-11-22.")
    until = DateField("To", name="to", validators=[Optional()],
                      invalid_value_message="The date must look like 2025-11-22.")
    variant = SelectField("Variant", validators=[Optional()])
