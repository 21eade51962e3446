"""Looking back: every night with its results, a night's final sheets, and the player pages."""

from __future__ import annotations

from datetime import date

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext, lazy_gettext, ngettext
from sqlite_utils import Database

from ...engine.words import english
from ...store import stats
from ...store.event_history import events_of_nights, player_events, table_places
from ...store.hands import sheet_slice
from ...store.history import night_series_ids, night_summaries, played
from ...store.leaderboard import leaderboard
from ...store.rulings import night_rulings
from ...store.series import Series, seats, series_of, standing
from ..forms.common import SelectChoice
from ..series import pages as series_pages
from ..shell import ids
from ..shell.db import get_db
from ..shell.faults import refresh_figures
from ..shell.language import chart_day, number, say, short_date
from ..shell.lookup import night_or_404
from . import charts
from . import leaderboard as board
from .event_links import event_address
from .forms import FilterForm, LeaderboardForm, MergeForm, merge_form

bp = Blueprint("history", __name__)

NIGHTS_PER_PAGE = 25
CHART_NIGHTS = 40
# A player's page shows their places at this many events at most, the latest.
SHOWN_EVENTS = 20


def night_sheets(db: Database, night_id: int) -> list[dict]:
    """The night's series with their final sheets, outcomes and running totals, each with
    its title: its name, its round and table at an event, or its number in the night."""
    ids = night_series_ids(db, night_id)
    outcomes = stats.series_outcomes(db, ids)
    places = table_places(db, ids)
    sheets = []
    for position, series_id in enumerate(ids, start=1):
        sheet = series_sheet(db, series_id, position, outcomes[series_id], series_pages.SHOWN_HANDS)
        place = places.get(series_id)
        if sheet["series"].name:
            sheet["label"] = sheet["series"].name
        elif place:
            sheet["label"] = gettext(
                "Round %(round)d, table %(table)d", round=place.round, table=place.table
            )
        else:
            sheet["label"] = gettext("Series %(number)d", number=position)
        sheets.append(sheet)
    return sheets


def series_sheet(
    db: Database, series_id: int, number: int, outcome: dict, shown: int | None = None
) -> dict:
    """One series' final sheet and its chart: its last `shown` hands (every hand with None)
    with the running totals after each, worked back from the totals kept with the series
    (store.tallies), so a series of thousands of hands costs what a short one does."""
    series = series_of(db, series_id)
    kept = standing(db, series)
    start = 0 if shown is None else max(kept.played - shown, 0)
    rows = sheet_slice(db, series_id, start, kept.played - start)
    scores = [row["outcome"].scores for row in rows]
    # The totals before the first hand shown: the kept totals less the hands shown.
    before = [kept.totals[n] - sum(s[n] for s in scores) for n in series.names]
    totals = charts.running_totals(series.names, scores, before)
    return {
        "series": series,
        "number": number,
        "outcome": outcome,
        "played": kept.played,
        "earlier": start,
        "player_ids": {n: i for i, n in seats(db, [series_id])[series_id]},
        "hands": [
            {
                "id": row["id"],
                "place": row["place"],
                "scores": row["outcome"].scores,
                "winner": row["outcome"].winner,
                "totals": {n: t[i + 1] for n, t in zip(series.names, totals, strict=True)},
            }
            for i, row in enumerate(rows)
        ],
        "chart": series_chart(series, totals, start, kept.played) if rows else None,
    }


def series_chart(series: Series, totals: list[list[int]], start: int, played: int):
    """The running totals of a series as a chart, from after hand `start` (0: the start)."""
    # Names and signed numbers apart by commas read alike in every language of the app.
    final = ", ".join(f"{n} {t[-1]:+d}" for n, t in zip(series.names, totals, strict=True))
    return charts.line_chart(
        f"chart-series-{series.id}",
        gettext("Running totals: %(series)s", series=say(series.title)),
        ngettext(
            "Each player's total after every hand. After %(num)d hand: %(totals)s.",
            "Each player's total after every hand. After %(num)d hands: %(totals)s.",
            played,
            totals=final,
        ),
        gettext("Hand"),
        gettext("Total points"),
        [number(start + i) for i in range(len(totals[0]))],
        list(zip(series.names, totals, strict=True)),
        number,
    )


# --- Pages --------------------------------------------------------------------


@bp.route("/history")
def index():
    """Every game night, newest first, with its players and series results."""
    db = get_db()
    refresh_figures(db)
    # Bounded so that the page's offset stays a number SQLite holds.
    page = min(
        max(request.args.get("page", 1, type=ids.sqlite_int), 1), ids.LARGEST // NIGHTS_PER_PAGE
    )
    total = db["nights"].count
    found = night_summaries(db, NIGHTS_PER_PAGE, (page - 1) * NIGHTS_PER_PAGE)
    if page > 1 and not found:
        abort(404)
    return render_template(
        "history/index.html",
        nights=found,
        page=page,
        more=page * NIGHTS_PER_PAGE < total,
        total=total,
    )


@bp.route("/history/nights/<int:night_id>")
def night(night_id: int):
    """A night's final score sheets, winners, house rulings and running-total charts."""
    db = get_db()
    refresh_figures(db)
    found = night_or_404(db, night_id)
    held = events_of_nights(db, [night_id]).get(night_id, [])
    return render_template(
        "history/night.html",
        night=found,
        sheets=night_sheets(db, night_id),
        rulings=night_rulings(db, night_id),
        events=[{**e, "address": event_address(e["id"])} for e in held],
    )


@bp.route("/players/")
def players():
    """The leaderboard over a period and variant (this year in every variant unless the
    address says otherwise), then everyone who has played; the scorer can merge two."""
    db = get_db()
    refresh_figures(db)
    found = played(db)
    return players_page(db, found, merge_form(found, None))


def players_page(db: Database, found: list[dict], form: MergeForm) -> str:
    """The Players page with this merge form (the merge page draws it again with its
    refusal beside the menus); the leaderboard as the address chooses it."""
    chosen = LeaderboardForm(request.args)
    names = stats.variant_names(db)
    chosen.variant.choices = [
        SelectChoice("", lazy_gettext("All variants")),
        *(SelectChoice(k, v) for k, v in sorted(names.items(), key=lambda i: english(i[1]))),
    ]
    if chosen.variant.data not in names:
        chosen.variant.data = ""
    period = board.chosen_period(chosen, board.today())
    lines = leaderboard(db, period.filters(chosen.variant.data or None))
    return render_template(
        "history/players.html",
        players=found,
        form=form,
        chosen=chosen,
        period=period,
        lines=lines,
        headline=board.headline(period, lines),
        # A name leads to the player's page counting the same nights and variant.
        counted=period.address(chosen.variant.data),
    )


@bp.route("/players/<int:player_id>")
def player(player_id: int):
    """A player's figures per variant, head to head, and results over nights."""
    db = get_db()
    refresh_figures(db)
    found = next(db["players"].rows_where("id = ?", [player_id]), None) or abort(404)
    form = FilterForm(request.args)
    played = stats.played_variants(db, player_id)
    form.variant.choices = [
        SelectChoice("", lazy_gettext("All variants")),
        *(SelectChoice(k, v) for k, v in played.items()),
    ]
    filters = stats.Filters()
    if form.validate():
        filters = stats.Filters(form.since.data, form.until.data, form.variant.data or None)
    every_night = stats.results_by_night(db, player_id, filters)
    # Beyond a few dozen nights the points are too close to tell apart on a phone.
    by_night = every_night[-CHART_NIGHTS:]
    return render_template(
        "history/player.html",
        player=found,
        form=form,
        filters=filters,
        figures=stats.player_figures(db, player_id, filters),
        rivals=stats.head_to_head(db, player_id, filters),
        by_night=by_night,
        nights_played=len(every_night),
        events=[
            {**e, "address": event_address(e["id"])}
            for e in player_events(db, player_id, filters.since, filters.until, SHOWN_EVENTS)
        ],
        shown_events=SHOWN_EVENTS,
        chart=player_chart(found["name"], by_night) if by_night else None,
    )


def player_chart(name: str, by_night: list[dict]):
    """A player's points at each night as a chart."""
    best = max(by_night, key=lambda n: n["total"])
    return charts.line_chart(
        "chart-player",
        gettext("%(player)s: points at each night", player=name),
        ngettext(
            "%(num)d night from %(first)s to %(last)s; best %(best)s on %(day)s.",
            "%(num)d nights from %(first)s to %(last)s; best %(best)s on %(day)s.",
            len(by_night),
            first=short_date(by_night[0]["date"]),
            last=short_date(by_night[-1]["date"]),
            best=f"{best['total']:+d}",
            day=short_date(best["date"]),
        ),
        gettext("Night"),
        gettext("Points that night"),
        [chart_day(date.fromisoformat(n["date"])) for n in by_night],
        [(name, [n["total"] for n in by_night])],
        number,
    )
