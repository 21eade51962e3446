"""The passcode form that makes a phone the scorer."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField
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
