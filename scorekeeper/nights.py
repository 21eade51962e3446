"""Game nights: the home page, the new night form and the night page."""

from __future__ import annotations

import json
from datetime import date

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import DateField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, Optional

from . import address, rulings
from .db import get_db, now

bp = Blueprint("nights", __name__)


def create_night(db: Database, day: date, place: str | None, note: str | None) -> int:
    """Store a new game night and return its id."""
    row = {"date": day.isoformat(), "place": place or None, "note": note or None, "created": now()}
    return db["nights"].insert(row).last_pk


def get_night(db: Database, night_id: int) -> dict | None:
    """Return the night with this id, or None."""
    return next(db["nights"].rows_where("id = ?", [night_id]), None)


NIGHTS_WITH_SERIES_COUNT = """
SELECT nights.*, (SELECT count(*) FROM series WHERE night_id = nights.id) AS series_count
FROM nights WHERE {where} ORDER BY date DESC, id DESC
"""


def nights_on(db: Database, day: date) -> list[dict]:
    """Return the nights held on this day, newest first, with how many series each has."""
    sql = NIGHTS_WITH_SERIES_COUNT.format(where="date = ?")
    return list(db.query(sql, [day.isoformat()]))


def recent_nights(db: Database, other_than: date, limit: int = 10) -> list[dict]:
    """Return the latest nights held on another day, with how many series each has."""
    sql = NIGHTS_WITH_SERIES_COUNT.format(where="date != ?") + " LIMIT ?"
    return list(db.query(sql, [other_than.isoformat(), limit]))


def night_series(db: Database, night_id: int) -> list[dict]:
    """Return the night's series in the order they were started, each with its players."""
    series = list(db["series"].rows_where("night_id = ?", [night_id], order_by="id"))
    for one in series:
        one["variant_name"] = json.loads(one["variant_rules"])["name"]
        one["players"] = [row["name"] for row in db.query(
            "SELECT players.name FROM series_players JOIN players ON players.id = player_id"
            " WHERE series_id = ? ORDER BY seat", [one["id"]])]
    return series


def strip(value: str | None) -> str | None:
    """Drop spaces typed before or after the text."""
    return value.strip() if value else value


class NightForm(FlaskForm):
    """The new game night form."""

    date = DateField("Date", default=date.today,
                     validators=[InputRequired("Enter the date of the game night.")],
                     invalid_value_message="The date must look like 2025-11-22.")
    place = StringField("Place", filters=[strip], description="Optional: where you play.",
                        validators=[Optional(), Length(max=80, message=(
                            "The place can be at most 80 characters."))])
    note = TextAreaField("Note", filters=[strip], description="Optional.",
                         validators=[Optional(), Length(max=500, message=(
                             "The note can be at most 500 characters."))])


@bp.app_template_filter("day")
def long_day(iso_date: str) -> str:
    """Write a stored date the way people say it: Saturday 22 November 2025."""
    day = date.fromisoformat(iso_date)
    return f"{day:%A} {day.day} {day:%B %Y}"


@bp.route("/")
def home():
    """Show tonight's and recent game nights, and how other phones can join."""
    db, today = get_db(), date.today()
    join = address.join_url(request.host_url, int(request.environ["SERVER_PORT"]))
    return render_template("home.html", tonight=nights_on(db, today),
                           recent=recent_nights(db, other_than=today),
                           join_url=join, join_qr=address.qr_svg(join))


@bp.route("/nights/new", methods=["GET", "POST"])
def new():
    """Start a game night."""
    form = NightForm()
    if form.validate_on_submit():
        night_id = create_night(get_db(), form.date.data, form.place.data, form.note.data)
        flash("Game night started.")
        return redirect(url_for("nights.show", night_id=night_id))
    return render_template("nights/new.html", form=form)


@bp.route("/nights/<int:night_id>")
def show(night_id: int):
    """Show a game night and its series."""
    db = get_db()
    night = get_night(db, night_id) or abort(404)
    series = night_series(db, night_id)
    # The night page calls an unnamed series "Series 2"; its rulings say the same.
    labels = {one["id"]: one["name"] or f"Series {i}" for i, one in enumerate(series, 1)}
    return render_template("nights/show.html", night=night, series=series,
                           rulings=rulings.night_rulings(db, night_id), series_labels=labels)
