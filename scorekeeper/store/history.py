"""Looking back: nights with their players and series results."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ..engine.variant_data import stored_name
from . import stats
from .event_history import events_of_nights, table_places
from .series import seats


def night_summaries(db: Database, limit: int, offset: int) -> list[dict]:
    """Nights newest first, each with its players and its series' winners."""
    found = list(
        db.query(
            "SELECT * FROM nights ORDER BY date DESC, id DESC LIMIT ? OFFSET ?", [limit, offset]
        )
    )
    # A night's events by name; a series that was a table of one by its round and table.
    held = events_of_nights(db, [n["id"] for n in found])
    by_id = {
        n["id"]: {**n, "series": [], "players": [], "events": held.get(n["id"], [])} for n in found
    }
    if not by_id:
        return []
    marks = ",".join("?" * len(by_id))
    series = list(
        db.query(
            f"SELECT id, night_id, name, variant_id, variant_rules FROM series"
            f" WHERE night_id IN ({marks}) ORDER BY id",
            list(by_id),
        )
    )
    seated = seats(db, [s["id"] for s in series])
    outcomes = stats.series_outcomes(db, [s["id"] for s in series])
    places = table_places(db, [s["id"] for s in series])
    for one in series:
        night = by_id[one["night_id"]]
        names = [name for _, name in seated[one["id"]]]
        night["series"].append(
            {
                "id": one["id"],
                "name": one["name"],
                "names": names,
                # A preset's in words, read in the page's language.
                "variant": stored_name(one["variant_id"], json.loads(one["variant_rules"])["name"]),
                "table": places.get(one["id"]),
                **outcomes[one["id"]],
            }
        )
        night["players"] += [n for n in names if n not in night["players"]]
    return list(by_id.values())


def night_series_ids(db: Database, night_id: int) -> list[int]:
    """The ids of the night's series, in the order they were started."""
    return [
        r["id"]
        for r in db.query("SELECT id FROM series WHERE night_id = ? ORDER BY id", [night_id])
    ]


def played(db: Database) -> list[dict]:
    """Everyone who has played, in alphabetical order, with how many hands and series (the
    hands as counted in the statistics' cache: bring it up to date first)."""
    return list(
        db.query(
            "SELECT p.id, p.name, (SELECT count(*) FROM series_players WHERE player_id = p.id)"
            " AS series, (SELECT coalesce(sum(hands), 0) FROM series_results WHERE"
            " player_id = p.id) AS hands FROM players p ORDER BY p.name COLLATE NOCASE, p.id"
        )
    )
