"""Series: starting one, and its page with standings, who deals next and the score sheet."""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from . import hands, live_tables, nights, players, rulings, variants
from .db import get_db, now, write_lock
from .engine import SeriesEnd, SeriesResult, Variant, next_dealer, variant_from_dict

bp = Blueprint("series", __name__)

MAX_SEATS = 6
END_WORDS = {"hands": "A number of hands", "rounds": "A number of rounds (one hand per player)",
             "target": "A target score"}


@dataclass(frozen=True)
class Series:
    """A stored series with its frozen variant."""

    id: int
    night_id: int
    name: str | None
    variant_id: str
    variant: Variant
    names: list[str]
    end: SeriesEnd
    first_dealer: int

    @property
    def title(self) -> str:
        """What people call the series."""
        return self.name or f"{self.variant.name}: {', '.join(self.names)}"


# --- Store --------------------------------------------------------------------


def create_series(db: Database, night_id: int, name: str | None, variant: Variant,
                  names: list[str], end: SeriesEnd, first_dealer: int) -> int:
    """Store a new series with a frozen copy of its variant's rules."""
    with write_lock(db):
        series_id = db["series"].insert({
            "night_id": night_id, "name": name or None, "variant_id": variant.id,
            # The frozen copy: editing a custom variant later never changes this series.
            "variant_rules": variant.to_json(), "end_kind": end.kind, "end_value": end.value,
            "first_dealer": first_dealer, "created": now(),
        }).last_pk
        for seat, player_name in enumerate(names):
            db["series_players"].insert({"series_id": series_id, "seat": seat,
                                         "player_id": players.add_player(db, player_name)})
    return series_id


def get_series(db: Database, series_id: int) -> Series | None:
    """The series with this id, or None."""
    row = next(db["series"].rows_where("id = ?", [series_id]), None)
    if row is None:
        return None
    names = [r["name"] for r in db.query(
        "SELECT players.name FROM series_players JOIN players ON players.id = player_id"
        " WHERE series_id = ? ORDER BY seat", [series_id])]
    return Series(
        id=row["id"], night_id=row["night_id"], name=row["name"], variant_id=row["variant_id"],
        variant=variant_from_dict(json.loads(row["variant_rules"])), names=names,
        end=SeriesEnd(row["end_kind"], row["end_value"]), first_dealer=row["first_dealer"],
    )


def dealer_next(series: Series, result: SeriesResult) -> str | None:
    """Who deals the next hand, or None when the series is over."""
    if result.finished:
        return None
    seat = next_dealer(series.variant, len(series.names), series.first_dealer,
                       len(result.hands))
    return series.names[seat]


# --- Forms --------------------------------------------------------------------


class SeriesForm(FlaskForm):
    """Start a series: players in seat order, the variant, the end and the first dealer."""

    name = StringField("Name", description="Optional, e.g. \"Friday final\".",
                       validators=[Optional(), Length(max=80)])
    seats = FieldList(StringField("Seat", validators=[Optional(), Length(max=40)]),
                      min_entries=MAX_SEATS, max_entries=MAX_SEATS)
    variant = SelectField("Rules", validators=[InputRequired()])
    end_kind = RadioField("The series ends after",
                          choices=[SelectChoice(k, w) for k, w in END_WORDS.items()],
                          default="hands", validators=[InputRequired()])
    end_value = IntegerField("How many (or the target score)", default=4,
                             validators=[InputRequired("Say how many hands, rounds or points."),
                                         NumberRange(1, 100_000)])
    first_dealer = SelectField("Who deals first", coerce=int, default=0,
                               choices=[SelectChoice(i, f"Seat {i + 1}") for i in range(MAX_SEATS)])

    def seated(self) -> list[str]:
        """The names typed, in seat order, without the empty seats."""
        return [players.tidy_name(f.data) for f in self.seats if f.data and f.data.strip()]

    def check(self, variant: Variant | None) -> bool:
        """The checks across fields; messages go next to the field they are about."""
        ok = True
        names = self.seated()
        seats = self.seats.entries
        if variant is None:
            self.variant.errors = ["Choose the rules you play."]
            return False
        if not variant.min_players <= len(names) <= variant.max_players:
            seats[0].errors = [f"{variant.name} is played by {variant.min_players} to "
                               f"{variant.max_players} players; {len(names)} are seated."]
            ok = False
        folded = [n.casefold() for n in names]
        for f in seats:
            if f.data and folded.count(players.tidy_name(f.data).casefold()) > 1:
                f.errors = [f"{players.tidy_name(f.data)} is seated twice."]
                ok = False
            problem = players.name_problem(players.tidy_name(f.data or ""))
            if problem:
                f.errors = [problem[0].upper() + problem[1:] + "."]
                ok = False
        if self.end_kind.data not in variant.series_ends:
            allowed = ", ".join(variant.series_ends)
            self.end_kind.errors = [f"{variant.name} series end by: {allowed}."]
            ok = False
        if self.first_dealer.data >= max(len(names), 1):
            self.first_dealer.errors = [f"Only {len(names)} seats are taken."]
            ok = False
        return ok


# --- Pages --------------------------------------------------------------------


@bp.route("/nights/<int:night_id>/series/new", methods=["GET", "POST"])
def new(night_id: int):
    """Start a series in a game night."""
    db = get_db()
    night = nights.get_night(db, night_id) or abort(404)
    form = SeriesForm()
    form.variant.choices = [SelectChoice(i, name) for i, name in variants.variant_choices(db)]
    if form.validate_on_submit():
        variant = variants.get_variant(db, form.variant.data)
        if form.check(variant):
            end = SeriesEnd(form.end_kind.data, form.end_value.data)
            series_id = create_series(db, night_id, form.name.data, variant, form.seated(),
                                      end, form.first_dealer.data)
            flash("Series started. Record the first hand when it ends.")
            return redirect(url_for("series.show", series_id=series_id))
    return render_template("series/new.html", night=night, form=form,
                           known=players.all_players(db))


@bp.route("/series/<int:series_id>")
def show(series_id: int):
    """Standings, who deals next and the score sheet."""
    db = get_db()
    return series_page(db, get_series(db, series_id) or abort(404))


def series_page(db: Database, series: Series, ruling_form: rulings.RulingForm | None = None):
    """Render the series page; a refused house ruling comes back as typed, with why."""
    stored = hands.series_hands(db, series.id)
    result = hands.score(series, stored)
    return render_template(
        "series/show.html", series=series, night=nights.get_night(db, series.night_id),
        result=result, hands=list(zip(stored, result.hands, strict=True)),
        dealer=dealer_next(series, result), standings=result.standings,
        deleted=hands.last_deleted(db, series.id),
        rulings=rulings.series_rulings(db, series.id),
        ruling_form=ruling_form or rulings.RulingForm(),
        live=_live(db, series.id),
    )


def _live(db: Database, series_id: int) -> dict | None:
    """The table in play for the series, as the page mentions it, or None."""
    actions = live_tables.live_actions(db, series_id)
    return {"actions": len(actions)} if actions else None
