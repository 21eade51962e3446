"""The organiser's pages of a club night: the new event, and the event page with every table
at a glance (its players, hands, whether it has finished, whether a phone scores it, its code
and QR code), the roster, "Seat the next round", "End the event" and the standings.

Every change here needs the passcode (web/access/scorer.py refuses the others); the event
page itself is open to every phone, without the table codes or the buttons."""

from __future__ import annotations

import random
import secrets

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from sqlite_utils import Database

from ...engine import PRESETS
from ...engine.events import InvalidEvent
from ...engine.names import name_key, tidy_name
from ...store import events as store
from ...store import variants
from ...store.events import Event
from ..access.scorer import is_scorer
from ..forms.common import EmptyForm, SelectChoice, sentence
from ..shell.db import get_db
from ..shell.language import say
from . import shown
from .forms import EventForm, LatePlayerForm, RosterForm

bp = Blueprint("events", __name__)

# Roster changes the event page offers, by the value its buttons post.
ROSTER_CHANGES = ("gone", "in", "out")


def seating_rng() -> random.Random:
    """The draw that seats a round: fair and unpredictable (secrets), as a draw at the table
    would be."""
    return random.Random(secrets.randbits(64))


@bp.route("/events/new", methods=["GET", "POST"])
def new():
    """Start a club night: its players are seated for round 1 at once."""
    db = get_db()
    form = EventForm()
    offered = [*PRESETS.values(), *variants.custom_variants(db)]
    form.variant.choices = [SelectChoice(v.id, v.name) for v in offered]
    if request.method == "POST":
        valid = form.validate_on_submit()
        variant = variants.get_variant(db, form.variant.data or "")
        # The engine's refusals are shown with the boxes' own, all at once, once the numbers
        # it reads are numbers.
        fmt = form.check(variant) if form.numbers_read() else None
        if valid and fmt is not None and variant is not None and form.day.data is not None:
            try:
                event_id = store.create_event(
                    db,
                    form.name.data or "",
                    form.day.data,
                    variant,
                    form.names(),
                    fmt,
                    seating_rng(),
                )
            except InvalidEvent as error:
                form.refuse(error)
            else:
                flash(gettext("Event started: round 1 is seated. Hand each table its code."))
                return redirect(url_for("events.show", event_id=event_id))
    status = 422 if form.errors or any(f.errors for f in form) else 200
    return render_template("events/new.html", form=form), status


@bp.route("/events/<int:event_id>")
def show(event_id: int):
    """Every table of the round in play at a glance, the earlier rounds' tables folded with
    who won each, the roster and the standings."""
    db = get_db()
    return event_page(db, shown.event_or_404(db, event_id))


def event_page(db: Database, event: Event, late: LatePlayerForm | None = None, status: int = 200):
    """Draw the event page; a refused late player comes back as typed, with why."""
    round_number = store.current_round(db, event.id)
    tables = store.tables_of(db, event.id, round_number)
    organiser = is_scorer()
    finished = store.event_finished(db, event.id)
    ready = not finished and round_number < event.fmt.rounds and store.round_finished(db, event.id)
    # Too few players left to seat a table: the button is not offered, and the page says why.
    refusal = store.seating_refusal(db, event.id) if ready and organiser else None
    return render_template(
        "events/show.html",
        event=event,
        round_number=round_number,
        tables=tables,
        codes={t.series_id: shown.table_code(t.series_id) for t in tables} if organiser else {},
        still_playing=shown.still_playing(tables),
        can_seat=ready and refusal is None,
        seat_refused=too_few_words(refusal) if refusal else None,
        reopened=reopened_tables(db, event.id, round_number),
        finished=finished,
        roster=store.roster(db, event.id),
        standings=store.standings_of(db, event.id),
        earlier=shown.earlier_rounds(db, event.id, round_number),
        place_points=shown.place_points_words(db, event),
        late=late or LatePlayerForm(formdata=None),
        button=EmptyForm(),
    ), status


def too_few_words(refusal: InvalidEvent) -> str:
    """Why the next round cannot be seated (too few players left, as the engine says), and
    what the organiser can do about it."""
    return gettext(
        "The next round cannot be seated: %(reason)s. Add a late player or check a player "
        "back in first.",
        reason=say(refusal.detail),
    )


def reopened_tables(db: Database, event_id: int, round_number: int) -> list[str]:
    """A sentence for each table of an earlier round that is not finished any more (the
    organiser changed one of its hands after the next round was seated): its places, and so
    its players' event points, wait until it is finished again."""
    return [
        gettext(
            "Round %(round)d, table %(table)d is not finished any more: a hand was changed "
            "after the next round was seated. Its players' event points wait until it is "
            "finished again.",
            round=t.round,
            table=t.number,
        )
        for t in store.all_tables(db, event_id)
        if t.round < round_number and not t.finished
    ]


@bp.route("/events/<int:event_id>/rounds", methods=["POST"])
def seat_round(event_id: int):
    """Seat the next round, once every table of this one has finished."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    if EmptyForm().validate_on_submit():
        try:
            number = store.seat_next_round(db, event.id, seating_rng())
        except store.RoundNotFinished:
            flash(gettext("Not yet: every table must finish this round first."), "error")
        except store.NoMoreRounds:
            flash(gettext("Every round has been played: there is no next round."), "error")
        except InvalidEvent as error:
            # Too few players left to seat (the button is not offered then; a second tab
            # may still send it).
            flash(too_few_words(error), "error")
        else:
            flash(gettext("Round %(round)d is seated. Hand each table its code.", round=number))
    return redirect(url_for("events.show", event_id=event.id))


@bp.route("/events/<int:event_id>/end", methods=["POST"])
def end(event_id: int):
    """End the event now: no table code works any more, and the standings are final."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    if EmptyForm().validate_on_submit():
        store.end_event(db, event.id)
        flash(gettext("The event is over. The table codes no longer work."))
    return redirect(url_for("events.show", event_id=event.id))


@bp.route("/events/<int:event_id>/roster", methods=["POST"])
def roster_change(event_id: int):
    """Mark a player as gone, back after leaving, or checked in or not, from the next round on."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    form = RosterForm()
    names = {p.name for p in store.roster(db, event.id)}
    if form.validate_on_submit() and form.player.data in names:
        name, change = form.player.data, form.change.data
        try:
            if change == "gone":
                store.mark_gone(db, event.id, name)
                flash(gettext("%(player)s is no longer seated in the next rounds.", player=name))
            elif change == "back":
                # A player who left comes back: seated again from the next round on.
                store.add_late_player(db, event.id, name)
                flash(
                    gettext("%(player)s is back: seated again from the next round on.", player=name)
                )
            elif change in ("in", "out"):
                store.set_checked_in(db, event.id, name, change == "in")
        except store.EventRefused as error:
            flash(sentence(error.detail), "error")
    return redirect(url_for("events.show", event_id=event.id, _anchor="roster"))


@bp.route("/events/<int:event_id>/late", methods=["POST"])
def late_player(event_id: int):
    """Add a player who arrived late: seated from the next round on."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    form = LatePlayerForm()
    if form.validate_on_submit():
        name = tidy_name(form.name.data or "")
        # A player who left (or was not checked in) and is back is simply here again
        # (store.add_late_player); one here already is refused beside the box.
        here = {name_key(p.name) for p in store.roster(db, event.id) if p.checked_in and not p.gone}
        if name_key(name) in here:
            form.name.errors = [gettext("%(player)s is on the roster already.", player=name)]
        else:
            try:
                store.add_late_player(db, event.id, name)
            except (InvalidEvent, store.EventRefused) as error:
                form.name.errors = [sentence(error.detail)]
            else:
                flash(gettext("%(player)s is seated from the next round on.", player=name))
                return redirect(url_for("events.show", event_id=event.id, _anchor="roster"))
    return event_page(db, event, late=form, status=422)
