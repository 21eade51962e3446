"""What the club night's pages show, worked out once for all of them: the event or a 404,
each table as a sentence or two, a table code in groups with its QR code, the tables still
playing, the banner of a table's series, and the events in play on the home page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from babel.dates import format_time
from flask import abort, url_for
from flask_babel import gettext, ngettext
from sqlite_utils import Database

from ...engine.event_format import points_for
from ...store import drafts, series
from ...store import events as store
from ...store.events import Event, EventTable
from ...store.table_codes import code_of_table, shown
from ..access import address
from ..racks import drafts as rack_drafts
from ..shell.db import get_db
from ..shell.language import number, page_language, page_list


def event_or_404(db: Database, event_id: int) -> Event:
    """The event, or the page that says there is none."""
    event = store.get_event(db, event_id)
    if event is None:
        abort(404)
    return event


def time_of_day(stamp: str) -> str:
    """A stored UTC time as the room's clock shows it, in the page's language ("20:14")."""
    moment = datetime.fromisoformat(stamp)
    if moment.tzinfo is None:  # every stored time is UTC (store.db.now)
        moment = moment.replace(tzinfo=UTC)
    return format_time(moment.astimezone(), "short", locale=page_language())


def scorer_words(table: EventTable) -> str:
    """Who is scoring the table: since when a phone has, or that none has yet."""
    if table.scorer_since is None:
        return gettext("No phone has used this table's code yet.")
    return gettext("A phone is scoring since %(time)s.", time=time_of_day(table.scorer_since))


def played_words(table: EventTable, event_over: bool = False) -> str:
    """How far the table has got: its hands played, and whether it has finished; once the
    organiser has ended the event, a table still playing did not finish."""
    if table.finished:
        return ngettext(
            "Finished after %(num)d hand.", "Finished after %(num)d hands.", table.played
        )
    if event_over:
        return ngettext(
            "Not finished: the event ended after %(num)d hand at this table.",
            "Not finished: the event ended after %(num)d hands at this table.",
            table.played,
        )
    return ngettext("Playing: %(num)d hand so far.", "Playing: %(num)d hands so far.", table.played)


def place_points_words(db: Database, event: Event) -> list[str]:
    """The points per place in use, one sentence per size of table seated so far (largest
    first); none when event points are the summed scores."""
    if event.fmt.points != "places":
        return []
    sizes = sorted({len(t.players) for t in store.all_tables(db, event.id)}, reverse=True)
    return [
        gettext(
            "At a table of %(size)d, event points by place, first to last: %(points)s.",
            size=size,
            # Slashes, not commas: a comma is the decimal mark in ro, hu and fr (1,5 / 1,5 / 0).
            points=" / ".join(number(p) for p in points_for(size, event.fmt.place_points)),
        )
        for size in sizes
    ]


@dataclass(frozen=True)
class TableCode:
    """A table's code as the organiser hands it out: in groups, and as a QR code of the
    code-entry page with the code filled in."""

    code: str
    shown: str  # in two groups of five, to read out
    url: str
    qr: str


@dataclass(frozen=True)
class PlayedTable:
    """A table of an earlier round as the event page lists it: the table, and who won it."""

    table: EventTable
    result: str | None  # who won, once the table has finished


def winner_words(winners: list[str]) -> str | None:
    """Who won a finished table: one player, or the players tied first."""
    if not winners:
        return None
    if len(winners) == 1:
        return gettext("%(name)s won the table.", name=winners[0])
    return gettext("Tied for first place: %(names)s.", names=page_list(winners, "and"))


def earlier_rounds(db: Database, event_id: int, round_number: int) -> list[list[PlayedTable]]:
    """The tables of every round before the one in play, the latest first, each with who
    won it (from its series' standings: store.series.standing)."""
    rounds = []
    for earlier in range(round_number - 1, 0, -1):
        played = []
        for table in store.tables_of(db, event_id, earlier):
            one = series.get_series(db, table.series_id)
            winners = series.standing(db, one).winners if one is not None else []
            played.append(PlayedTable(table, winner_words(winners)))
        rounds.append(played)
    return rounds


def table_code(series_id: int) -> TableCode | None:
    """The table's code, its address and QR code, for the organiser's pages; None without one."""
    code = code_of_table(get_db(), series_id)
    if code is None:
        return None
    url = address.page_join_url() + url_for("table_codes.enter", code=code)
    return TableCode(code, shown(code), url, address.qr_svg(url))


def still_playing(tables: list[EventTable]) -> str | None:
    """The sentence naming the tables still playing, or None once every one has finished."""
    playing = [str(t.number) for t in tables if not t.finished]
    if not playing:
        return None
    return ngettext(
        "Table %(tables)s is still playing.",
        "Tables %(tables)s are still playing.",
        len(playing),
        tables=page_list(playing, "and"),
    )


def progress_words(tables: list[EventTable], round_number: int, rounds: int) -> str:
    """The round in play and how many of its tables have finished."""
    done = sum(1 for t in tables if t.finished)
    return ngettext(
        "Round %(round)d of %(rounds)d: %(done)d of %(num)d table finished.",
        "Round %(round)d of %(rounds)d: %(done)d of %(num)d tables finished.",
        len(tables),
        round=round_number,
        rounds=rounds,
        done=done,
    )


def seat_words(seat: tuple[int, int, int]) -> str:
    """Where a player sits in the round in play: "Round 2: table 3, seat 1"."""
    round_number, table, place = seat
    return gettext(
        "Round %(round)d: table %(table)d, seat %(seat)d.",
        round=round_number,
        table=table,
        seat=place,
    )


def held_seat(db: Database, tables: list[EventTable]) -> str | None:
    """The player whose seat this phone holds through My rack at one of these tables (the
    latest round first), or None."""
    phone = rack_drafts.phone_key()
    if phone is None:
        return None
    for table in sorted(tables, key=lambda t: (-t.round, t.number)):
        seat = drafts.seat_of(db, table.series_id, phone)
        if seat is not None and seat < len(table.players):
            return table.players[seat]
    return None


def table_words(db: Database, table: EventTable) -> str | None:
    """Which event, round and table a series is: "Friday club night: round 2, table 3"."""
    event = store.get_event(db, table.event_id)
    if event is None:
        return None
    return gettext(
        "%(event)s: round %(round)d, table %(table)d",
        event=event.name,
        round=table.round,
        table=table.number,
    )


def event_labels(db: Database, series_ids: list[int]) -> dict[int, str]:
    """For a night's page: each series that is a table of an event, named by its event, round
    and table (an event's series keeps no name of its own)."""
    labels = {}
    for series_id in series_ids:
        table = store.table_of_series(db, series_id)
        words = table_words(db, table) if table is not None else None
        if words is not None:
            labels[series_id] = words
    return labels


def event_banner(series_id: int) -> dict | None:
    """For a table's series page and viewer: the event, round and table it is, linked to the
    event; None for a series of no event."""
    db = get_db()
    table = store.table_of_series(db, series_id)
    words = table_words(db, table) if table is not None else None
    if table is None or words is None:
        return None
    return {"words": words, "url": url_for("events.show", event_id=table.event_id)}


def events_in_play() -> list[dict]:
    """For the home page: today's events not yet over, each with its round in play."""
    db = get_db()
    today = date.today()
    shown = []
    for event in store.list_events(db, since=today, until=today):
        if store.event_finished(db, event.id):
            continue
        shown.append(
            {
                "event": event,
                "round": gettext(
                    "Round %(round)d of %(rounds)d",
                    round=store.current_round(db, event.id),
                    rounds=event.fmt.rounds,
                ),
            }
        )
    return shown
