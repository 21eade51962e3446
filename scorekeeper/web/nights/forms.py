"""The new game night form."""

from __future__ import annotations

from datetime import date

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional

from ..forms.common import date_field, strip


class NightForm(FlaskForm):
    """The new game night form."""

    date = date_field(
        lazy_gettext("Date"),
        default=date.today,
        validators=[InputRequired(lazy_gettext("Enter the date of the game night."))],
    )
    place = StringField(
        lazy_gettext("Place"),
        filters=[strip],
        description=lazy_gettext("Optional: where you play."),
        validators=[
            Optional(),
            Length(
                max=80,
                message=lazy_gettext("The place can be at most %(count)d characters.", count=80),
            ),
        ],
    )
    note = TextAreaField(
        lazy_gettext("Note"),
        filters=[strip],
        description=lazy_gettext("Optional."),
        validators=[
            Optional(),
            Length(
                max=500,
                message=lazy_gettext("The note can be at most %(count)d characters.", count=500),
            ),
        ],
    )
