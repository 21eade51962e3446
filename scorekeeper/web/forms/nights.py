"""The new game night form."""

from __future__ import annotations

from datetime import date

from flask_wtf import FlaskForm
from wtforms import StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional

from .common import date_field, strip


class NightForm(FlaskForm):
    """The new game night form."""

    date = date_field("Date", default=date.today,
                      validators=[InputRequired("Enter the date of the game night.")])
    place = StringField("Place", filters=[strip], description="Optional: where you play.",
                        validators=[Optional(), Length(max=80, message=(
                            "The place can be at most 80 characters."))])
    note = TextAreaField("Note", filters=[strip], description="Optional.",
                         validators=[Optional(), Length(max=500, message=(
                             "The note can be at most 500 characters."))])
