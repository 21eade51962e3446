"""A season's standings (a league): the event points, score and hands won of chosen events,
or of the events between two dates, added up per player."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import ngettext

from ...store.event_history import season_of
from ...store.events import Event, list_events
from ..shell.db import get_db
from ..shell.language import number, page_list, short_date
from . import leaderboard
from .event_links import event_address
from .forms import SeasonForm
from .leaderboard import Period, year_of

bp = Blueprint("seasons", __name__)


def counted_events(
    form: SeasonForm, every: list[Event], ticked: set[int]
) -> tuple[list[Event], Period | None]:
    """The events the address chooses, newest first, and the period they were found by
    (None: ticked one by one; an id of no event is left out); this year's when it chooses
    none or its dates are refused (their messages stand beside the boxes)."""
    chosen = [e for e in every if e.id in ticked]
    if chosen:
        return chosen, None
    given = form.since.raw_data or form.until.raw_data
    valid = form.validate()
    if given and valid and (form.since.data or form.until.data):
        period = Period("dates", form.since.data, form.until.data)
    else:
        period = year_of(leaderboard.today())
    return [e for e in every if _within(e, period)], period


def _within(event: Event, period: Period) -> bool:
    return (period.since is None or event.day >= period.since) and (
        period.until is None or event.day <= period.until
    )


def counting(events: list[Event], period: Period | None) -> str:
    """What the standings count, as a sentence."""
    count = len(events)
    if period is None:
        return ngettext("Counting %(num)d chosen event.", "Counting %(num)d chosen events.", count)
    if period.since and period.until:
        return ngettext(
            "Counting %(num)d event from %(since)s to %(until)s.",
            "Counting %(num)d events from %(since)s to %(until)s.",
            count,
            since=short_date(period.since),
            until=short_date(period.until),
        )
    if period.since:
        return ngettext(
            "Counting %(num)d event since %(since)s.",
            "Counting %(num)d events since %(since)s.",
            count,
            since=short_date(period.since),
        )
    assert period.until is not None
    return ngettext(
        "Counting %(num)d event up to %(until)s.",
        "Counting %(num)d events up to %(until)s.",
        count,
        until=short_date(period.until),
    )


@bp.route("/seasons/")
def standings():
    """The season's standings over the chosen events or dates (this year's by default)."""
    db = get_db()
    every = list_events(db)
    form = SeasonForm(request.args)
    ticked = set(request.args.getlist("event", type=int))
    events, period = counted_events(form, every, ticked)
    season = season_of(db, [e.id for e in reversed(events)])
    first = [s for s in season if s.rank == 1]
    leader = None
    if first:
        leader = ngettext(
            "%(players)s leads the season (event points: %(points)s).",
            "%(players)s lead the season (event points: %(points)s each).",
            len(first),
            players=page_list([s.player for s in first], "and"),
            points=number(first[0].points),
        )
    return render_template(
        "history/season.html",
        form=form,
        every=every,
        events=[{"event": e, "address": event_address(e.id)} for e in events],
        ticked={e.id for e in events} if period is None else set(),
        counting=counting(events, period),
        leader=leader,
        season=season,
    )
