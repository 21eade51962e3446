"""Each series' standing kept with it, and its change counter: what polls and pages read.

m016's triggers count every change to a series' hands (saved, fixed, deleted, brought back,
imported, merged) and set its kept standing to NULL; a writer that knows the new standing
keeps it in the same transaction (store.hands), and whatever is still NULL is worked out
here from the stored results the first time it is asked for, then kept. So a page or a poll
reads a few numbers, and a series is tallied in full at most once per change.
"""

from __future__ import annotations

import json
import sqlite3

from sqlite_utils import Database

from ..engine import (
    HandResult,
    RuleError,
    SeriesEnd,
    SeriesTally,
    Variant,
    tally_from,
    tally_of,
    tally_series,
    variant_from_json,
)

KEPT = "SELECT changes, played, totals, hands_won FROM series_tallies WHERE series_id = ?"
OUTCOMES = """
SELECT winner, scores FROM hands WHERE series_id = ? AND deleted_at IS NULL ORDER BY number
"""
KEEP = """
INSERT INTO series_tallies
  (series_id, changes, played, totals, hands_won, finished, dealer, starter)
VALUES (:series_id, 0, :played, :totals, :hands_won, :finished, :dealer, :starter)
ON CONFLICT (series_id) DO UPDATE SET played = :played, totals = :totals,
  hands_won = :hands_won, finished = :finished, dealer = :dealer, starter = :starter
"""
# A reader keeps what it worked out only if nothing changed since it read the counter.
KEEP_IF_UNCHANGED = KEEP + " WHERE changes = :changes"


def changes(db: Database, series_id: int) -> int:
    """How many times the series' hands or seats have changed: the cheap marker a poll
    compares (0 for a series never changed)."""
    row = db.execute("SELECT changes FROM series_tallies WHERE series_id = ?", [series_id])
    found = row.fetchone()
    return int(found[0]) if found else 0


def tally_anew(
    db: Database,
    variant: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    series_id: int,
    listing: str,
) -> SeriesTally:
    """The series' standing tallied from every stored hand's result (the slow way, once per
    change); raises the engine's InvalidSeries for hands stored after the end."""
    hands = [HandResult(w, json.loads(s)) for w, s in db.execute(OUTCOMES, [series_id])]
    result = tally_series(variant, names, end, hands)
    return tally_from(variant, names, end, first_dealer, result, listing)


def series_tally(
    db: Database,
    variant: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    series_id: int,
    listing: str,
) -> SeriesTally:
    """The series' standing as kept; worked out and kept when a change left it NULL."""
    row = db.execute(KEPT, [series_id]).fetchone()
    if row is not None and row[1] is not None:
        _, played, totals, won = row
        return tally_of(
            variant, names, end, first_dealer, played, json.loads(totals), json.loads(won), listing
        )
    seen = row[0] if row is not None else 0
    tally = tally_anew(db, variant, names, end, first_dealer, series_id, listing)
    try:
        with db.atomic():
            db.execute(KEEP_IF_UNCHANGED, {**_columns(series_id, names, tally), "changes": seen})
    except sqlite3.OperationalError:
        pass  # a read-only or busy database: worked out again next time
    return tally


def keep_tally(db: Database, series_id: int, names: list[str], tally: SeriesTally) -> None:
    """Keep the standing a writer worked out, in the writer's transaction (after its change
    to the hands, whose trigger set the standing to NULL)."""
    db.execute(KEEP, _columns(series_id, names, tally))


def _columns(series_id: int, names: list[str], tally: SeriesTally) -> dict:
    return {
        "series_id": series_id,
        "played": tally.played,
        "totals": json.dumps([tally.totals[n] for n in names]),
        "hands_won": json.dumps([tally.games_won[n] for n in names]),
        "finished": int(tally.finished),
        "dealer": tally.dealer,
        "starter": tally.starter,
    }


STALE = """
SELECT series.id, variant_rules, end_kind, end_value, first_dealer, listing FROM series
LEFT JOIN series_tallies AS t ON t.series_id = series.id WHERE t.played IS NULL
"""


def fill_missing_tallies(db: Database) -> int:
    """Work out and keep the standing of every series that has none (after the migrations:
    m016 leaves them all NULL); return how many were kept. A series whose hands no longer
    tally (stored past its end by an older version) is left NULL: its page says why."""
    found = 0
    for series_id, rules, end_kind, end_value, first_dealer, listing in list(db.execute(STALE)):
        names = [
            name
            for (name,) in db.execute(
                "SELECT name FROM series_players JOIN players ON players.id = player_id"
                " WHERE series_id = ? ORDER BY seat",
                [series_id],
            )
        ]
        try:
            series_tally(
                db,
                variant_from_json(rules),
                names,
                SeriesEnd(end_kind, end_value),
                first_dealer,
                series_id,
                listing,
            )
        except (RuleError, KeyError, TypeError, ValueError):
            continue
        found += 1
    return found
