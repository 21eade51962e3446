"""Events in looking back: which nights held an event, which series were a table of one (its
round and table), read for many nights or series at once; and a season's standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlite_utils import Database

from ..engine.names import name_key
from ..engine.seasons import SeasonStanding, season_standings
from . import events


@dataclass(frozen=True)
class TablePlace:
    """Where a series was played at an event: its round and table."""

    event_id: int
    round: int
    table: int


def events_of_nights(db: Database, night_ids: list[int]) -> dict[int, list[dict]]:
    """Each night's events (id and name), in the order they were made, by night id."""
    found: dict[int, list[dict]] = {}
    if not night_ids:
        return found
    marks = ",".join("?" * len(night_ids))
    for row in db.query(
        f"SELECT id, night_id, name FROM events WHERE night_id IN ({marks}) ORDER BY id",
        night_ids,
    ):
        found.setdefault(row["night_id"], []).append({"id": row["id"], "name": row["name"]})
    return found


def table_places(db: Database, series_ids: list[int]) -> dict[int, TablePlace]:
    """The round and table of each series that was a table of an event, by series id."""
    if not series_ids:
        return {}
    marks = ",".join("?" * len(series_ids))
    return {
        row["series_id"]: TablePlace(row["event_id"], row["round"], row["number"])
        for row in db.query(
            f"SELECT series_id, event_id, round, number FROM event_tables"
            f" WHERE series_id IN ({marks})",
            series_ids,
        )
    }


def season_of(db: Database, event_ids: list[int]) -> list[SeasonStanding]:
    """The season's standings over these events (engine/seasons.py): each event's standings
    as its page shows them, added up per player."""
    return season_standings([events.standings_of(db, event_id) for event_id in event_ids])


PLAYED = """
SELECT e.id, e.name, e.day FROM events e JOIN event_players r ON r.event_id = e.id
WHERE r.player_id = :player AND (:since IS NULL OR e.day >= :since)
  AND (:until IS NULL OR e.day <= :until)
ORDER BY e.day DESC, e.id DESC LIMIT :most
"""


def player_events(
    db: Database, player_id: int, since: date | None, until: date | None, most: int
) -> list[dict]:
    """The player's place in each of their latest `most` events between the dates (either
    open), newest first: the event's id, name and day, their rank and event points, and how
    many players the event ranked."""
    (name,) = db.execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()
    rows = db.query(
        PLAYED,
        {
            "player": player_id,
            "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None,
            "most": most,
        },
    )
    found = []
    for row in list(rows):
        standings = events.standings_of(db, row["id"])
        mine = next(s for s in standings if name_key(s.player) == name_key(name))
        if mine.rank is None:
            continue  # on the roster, never seated: not an event they played
        found.append(
            {
                **row,
                "rank": mine.rank,
                "points": mine.points,
                "ranked": sum(s.rank is not None for s in standings),
            }
        )
    return found
