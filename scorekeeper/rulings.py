"""House rulings: what a table agreed where the rules were unclear, kept with the series."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, url_for
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from . import hands, series
from .db import get_db, now

bp = Blueprint("rulings", __name__)

TEXT_MAX = 300
NAMES_MAX = 80


# --- Store -------------------------------------------------------------------------


def add_ruling(db: Database, series_id: int, text: str, hand_number: int | None = None,
               agreed_by: str | None = None) -> int:
    """Store a ruling made at the table and return its id."""
    return db["rulings"].insert({
        "series_id": series_id, "hand_number": hand_number, "text": text,
        "agreed_by": agreed_by or None, "created": now(),
    }).last_pk


def series_rulings(db: Database, series_id: int) -> list[dict]:
    """The rulings of one series, oldest first."""
    return list(db.query("SELECT * FROM rulings WHERE series_id = ? ORDER BY id", [series_id]))


def night_rulings(db: Database, night_id: int) -> list[dict]:
    """The rulings of every series of a night, oldest first, each with its series' id and name."""
    return list(db.query(
        "SELECT r.*, s.name AS series_name FROM rulings r JOIN series s ON s.id = r.series_id"
        " WHERE s.night_id = ? ORDER BY r.id", [night_id]))


# --- The form ----------------------------------------------------------------------


def strip(value: str | None) -> str | None:
    """Drop spaces typed before or after the text."""
    return value.strip() if value else value


class RulingForm(FlaskForm):
    """A ruling made at the table: what was agreed, in which hand, and who agreed."""

    text = TextAreaField("What the table agreed", filters=[strip], validators=[
        DataRequired("Write what the table agreed."),
        Length(max=TEXT_MAX, message=f"A ruling can be at most {TEXT_MAX} characters.")])
    hand_number = StringField("Which hand", filters=[strip],
                              description="Optional: the hand's number on the score sheet.")
    agreed_by = StringField("Who agreed", filters=[strip], description="Optional, e.g. everyone.",
                            validators=[Optional(), Length(max=NAMES_MAX, message=(
                                f"Who agreed can be at most {NAMES_MAX} characters."))])

    def __init__(self, *args, hands_played: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.hands_played = hands_played

    def validate_hand_number(self, field) -> None:
        """A hand already on the sheet, or the one being played now."""
        if not field.data:
            return
        if not field.data.isdigit() or int(field.data) < 1:
            raise ValidationError(f"“{field.data}” is not a hand number: write one like 3, "
                                  "or leave it empty.")
        playing = self.hands_played + 1
        if int(field.data) > playing:
            raise ValidationError(
                f"There is no hand {field.data} yet: {self.hands_played} "
                f"{'hand is' if self.hands_played == 1 else 'hands are'} on the score sheet, "
                f"so a ruling can be about hand 1 to {playing}.")

    def hand(self) -> int | None:
        """The hand's number, or None when the ruling is for the whole series."""
        return int(self.hand_number.data) if self.hand_number.data else None


# --- Pages -------------------------------------------------------------------------


@bp.route("/series/<int:series_id>/rulings", methods=["POST"])
def add(series_id: int):
    """Record a house ruling on the series page."""
    db = get_db()
    one = series.get_series(db, series_id) or abort(404)
    form = RulingForm(hands_played=len(hands.series_hands(db, series_id)))
    if not form.validate_on_submit():
        # The series page again, the ruling as typed and what is wrong with it.
        return series.series_page(db, one, ruling_form=form), 422
    add_ruling(db, series_id, form.text.data, form.hand(), form.agreed_by.data)
    flash("House ruling recorded.")
    return redirect(url_for("series.show", series_id=series_id, _anchor="rulings"))
