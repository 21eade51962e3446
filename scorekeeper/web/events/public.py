"""The club night's pages for everyone: the standings, "follow a player" (where they sit in
the round in play), and the big screen for a TV in the room, which follows the tables as the
viewer follows a series (static/viewer.js polls `screen.json` and swaps `#live`; without
script the page reloads itself)."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from sqlite_utils import Database

from ...store import events as store
from ...store import tallies
from ...store.events import Event
from ..shell import cookies
from ..shell.db import get_db
from ..viewer import POLL_SECONDS, version_answer
from . import shown

bp = Blueprint("event_public", __name__)

# Without script the big screen reloads itself this often while the event is played.
RELOAD_SECONDS = 15
# The player a phone follows is kept for two days: a club night, and the morning after.
FOLLOW_DAYS = 2


def follow_cookie(event_id: int) -> str:
    """The cookie that keeps which player this phone follows at this event."""
    return f"follow_event_{event_id}"


@bp.route("/events/<int:event_id>/standings")
def standings(event_id: int):
    """The event's standings: rank, player, event points, score and hands won."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    round_number = store.current_round(db, event.id)
    tables = store.tables_of(db, event.id, round_number)
    return render_template(
        "events/standings.html",
        event=event,
        standings=store.standings_of(db, event.id),
        place_points=shown.place_points_words(db, event),
        progress=shown.progress_words(tables, round_number, event.fmt.rounds),
        finished=store.event_finished(db, event.id),
    )


@bp.route("/events/<int:event_id>/follow")
def follow(event_id: int):
    """Where the followed player sits in the round in play; one tap on a name follows
    another. The choice is a link, kept in a cookie of this phone only."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    names = [p.name for p in store.roster(db, event.id)]
    picked = request.args.get("player")
    if picked is not None:
        response = redirect(url_for("event_public.follow", event_id=event.id))
        if picked in names:
            cookies.give(
                response,
                follow_cookie(event.id),
                str(names.index(picked)),
                max_age=FOLLOW_DAYS * 24 * 60 * 60,
            )
        else:
            response.delete_cookie(follow_cookie(event.id))
        return response
    followed = followed_player(db, event, names)
    return render_template(
        "events/follow.html",
        event=event,
        names=names,
        followed=followed,
        **where_seated(db, event, followed),
    )


def followed_player(db: Database, event: Event, names: list[str]) -> str | None:
    """The player this phone follows: the one it chose, else the one whose seat it holds
    through My rack at one of the event's tables, else none."""
    kept = request.cookies.get(follow_cookie(event.id), "")
    if kept.isdigit() and int(kept) < len(names):
        return names[int(kept)]
    return shown.held_seat(db, store.all_tables(db, event.id))


def where_seated(db: Database, event: Event, player: str | None) -> dict:
    """The followed player's seat in the round in play (in words), their table and their
    line of the standings."""
    if player is None:
        return {"seat": None, "table": None, "standing": None}
    seat = store.seat_of(db, event.id, player)
    table = None
    if seat is not None:
        table = next(
            (t for t in store.tables_of(db, event.id, seat[0]) if t.number == seat[1]), None
        )
    standing = next((s for s in store.standings_of(db, event.id) if s.player == player), None)
    return {
        "seat": shown.seat_words(seat) if seat is not None else None,
        "table": table,
        "standing": standing,
    }


@bp.route("/events/<int:event_id>/screen")
def screen(event_id: int):
    """The standings and the round's progress in large type, for a TV in the room."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    round_number = store.current_round(db, event.id)
    tables = store.tables_of(db, event.id, round_number)
    finished = store.event_finished(db, event.id)
    return render_template(
        "events/screen.html",
        event=event,
        round_number=round_number,
        tables=tables,
        progress=shown.progress_words(tables, round_number, event.fmt.rounds),
        standings=store.standings_of(db, event.id),
        finished=finished,
        version=version(db, event),
        poll_seconds=current_app.config.get("VIEWER_POLL_SECONDS", POLL_SECONDS),
        reload_seconds=None if finished else RELOAD_SECONDS,
    )


def version(db: Database, event: Event) -> str:
    """A tag that changes whenever the big screen would show something else: a hand at a
    table of the round in play, a round seated, a player added, the event ended."""
    round_number = store.current_round(db, event.id)
    changes = sum(
        tallies.changes(db, t.series_id) for t in store.tables_of(db, event.id, round_number)
    )
    ended = int(store.event_finished(db, event.id))
    return f"{round_number}.{changes}.{len(store.roster(db, event.id))}.{ended}"


@bp.route("/events/<int:event_id>/screen.json")
def screen_state(event_id: int):
    """What the big screen polls: whether anything changed since it was drawn (a 304 when
    the tag sent back is the same)."""
    db = get_db()
    event = shown.event_or_404(db, event_id)
    return version_answer(version(db, event))
