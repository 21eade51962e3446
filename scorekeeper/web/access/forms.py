"""The passcode form that makes a phone the scorer, and the table code form that makes it the
scorer of one table of an event."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import InputRequired, Length

from . import passcode


class PasscodeForm(FlaskForm):
    """Enter the passcode to become the scorer."""

    passcode = PasswordField(
        lazy_gettext("Passcode"),
        validators=[
            InputRequired(lazy_gettext("Enter the passcode.")),
            Length(max=passcode.MAX_LENGTH, message=lazy_gettext("That is not the passcode.")),
        ],
    )
    next = HiddenField()


class TableCodeForm(FlaskForm):
    """Enter a table's code to score that table of an event."""

    code = StringField(
        lazy_gettext("Table code"),
        validators=[
            InputRequired(lazy_gettext("Enter the table code.")),
            Length(max=40, message=lazy_gettext("That is not a table code.")),
        ],
    )
