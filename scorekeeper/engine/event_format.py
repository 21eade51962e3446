"""An event's format: how an event is played, its limits and the default points per place.

Apart from the checks of a set-up (engine.events) so that the seating (engine.seating), which
the checks ask whether a roster can be seated, can read a format without importing them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .series import SeriesEnd

SEATINGS = ("random", "mix", "standings")
POINTS = ("places", "totals")
TABLE_SIZES = (2, 3, 4)
# The ends a round at a table may have: a number of hands or a target score. A number of
# rounds (a hand per player) would last longer at a table of four than at one of three.
ROUND_ENDS = ("hands", "target")

# The largest events played: national championships of about 200 players; a tournament of
# more than twenty rounds is not one night's (or weekend's) play.
MAX_EVENT_PLAYERS = 200
MAX_ROUNDS = 20
# Points for a place at a table: room for any published format (a bonus of 50 to the winner).
MAX_PLACE_POINTS = 1000
EVENT_NAME_CHARACTERS = 80


@dataclass(frozen=True)
class EventFormat:
    """How an event is played: its rounds, its tables, one round at a table, how players are
    seated after round one and how event points are counted."""

    rounds: int
    table_size: int
    end: SeriesEnd
    seating: str
    points: str
    # Per table size, the event points for place 1, 2, ... at a table of that size.
    place_points: dict[int, tuple[float, ...]]


def default_place_points() -> dict[int, tuple[float, ...]]:
    """The points per place unless the organiser sets others: one point per player beaten
    (3/2/1/0 at a table of four, as club leagues count a place)."""
    return {2: (1, 0), 3: (2, 1, 0), 4: (3, 2, 1, 0)}


def points_for(size: int, place_points: dict[int, tuple[float, ...]]) -> tuple[float, ...]:
    """The points per place at a table of `size`: the organiser's, else the default, else one
    per player beaten."""
    return place_points.get(size) or default_place_points().get(size) or _beaten(size)


def _beaten(size: int) -> tuple[float, ...]:
    return tuple(float(size - place) for place in range(1, size + 1))
