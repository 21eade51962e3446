"""A season's standings: a league's events added together.

A player's season is the sum of their standings in each event of it: event points, summed
score and hands won, and how many of the events they played (sat at a table of). The season
ranks as an event does (engine.event_points): by points, then score, then hands won; players
equal on all three share a rank ("1, 2, 2, 4").

Event points may be shares of a tie (a third, when three players tie for two places' points),
handed out as floats; each is read back as the small fraction it stands for before adding, so
two players level on points stay level whatever the order of the events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .event_points import EventStanding, shared_ranks
from .names import name_key

# Place points are whole or simple decimals shared among at most a table's players, so their
# exact value has a small denominator; a float's error sits far beyond this one.
_DENOMINATOR = 10**6


@dataclass(frozen=True)
class SeasonStanding:
    """A player's place in the season: event points, summed score and hands won over its
    events, how many of them they played, and their rank."""

    player: str
    points: float
    score: int
    hands_won: int
    events: int
    rank: int


def _exact(points: float) -> Fraction:
    return Fraction(points).limit_denominator(_DENOMINATOR)


def season_standings(events: Sequence[Sequence[EventStanding]]) -> list[SeasonStanding]:
    """Every player who sat at a table in any of the events (each event's standings as
    event_standings gives them), sorted by rank, then name. A player is matched across
    events by their name's key and named as in the first event they played."""
    names: dict[str, str] = {}
    points: dict[str, Fraction] = {}
    score: dict[str, int] = {}
    won: dict[str, int] = {}
    played: dict[str, int] = {}
    for standings in events:
        for one in standings:
            if one.tables == 0:  # on the roster, never seated: not an event they played
                continue
            key = name_key(one.player)
            names.setdefault(key, one.player)
            points[key] = points.get(key, Fraction(0)) + _exact(one.points)
            score[key] = score.get(key, 0) + one.score
            won[key] = won.get(key, 0) + one.hands_won
            played[key] = played.get(key, 0) + 1
    rank_of = shared_ranks({key: (points[key], score[key], won[key]) for key in names})
    season = [
        SeasonStanding(
            names[key], float(points[key]), score[key], won[key], played[key], rank_of[key]
        )
        for key in names
    ]
    return sorted(season, key=lambda s: (s.rank, name_key(s.player), s.player))
