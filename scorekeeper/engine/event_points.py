"""Event points and an event's standings, from the results of its tables.

Two ways of counting, as the organiser chooses (engine.events.POINTS): "places", points for a
player's place at each finished table (3/2/1/0 at a table of four unless set otherwise), tied
players sharing the points of the places they cover, split evenly; or "totals", the sum of a
player's series totals, every hand played so far counting. The standings rank by event points,
then summed score, then hands won; players equal on all three share a rank ("1, 2, 2, 4").
A player on the roster who has never sat at a table (added late, gone before the next round)
has no rank and comes after everyone who played: their 0 is no result, and must never rank
them above a player who played and scored below 0.

Points are added as exact fractions (a share of three tied players is a third) and handed out
as floats, so that two players level on points are level, whatever the order of the sums.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from .event_format import EventFormat, points_for
from .names import name_key
from .tallies import SeriesTally

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class TableResult:
    """One table of one round, finished or not: its players in order of play and its
    series' tally."""

    players: tuple[str, ...]
    tally: SeriesTally


@dataclass(frozen=True)
class EventStanding:
    """A player's place in the event: event points, summed score, hands won, rank (None for a
    player who has never sat at a table), and at how many tables they have sat (finished or
    not)."""

    player: str
    points: float
    score: int
    hands_won: int
    rank: int | None
    tables: int


def table_points(result: TableResult, fmt: EventFormat) -> dict[str, float]:
    """The event points each player of the table earns."""
    return {name: float(points) for name, points in _exact_points(result, fmt).items()}


def _exact_points(result: TableResult, fmt: EventFormat) -> dict[str, Fraction]:
    tally = result.tally
    if fmt.points == "totals":
        return {name: Fraction(tally.totals.get(name, 0)) for name in result.players}
    earned = {name: Fraction(0) for name in result.players}
    # A place is known only when the table has finished its round.
    if not tally.finished:
        return earned
    per_place = points_for(len(result.players), fmt.place_points)
    for rank, tied in _by_rank(tally).items():
        # Players tied at rank r cover places r .. r + k - 1 and share their points evenly.
        covered = per_place[rank - 1 : rank - 1 + len(tied)]
        share = sum((Fraction(p) for p in covered), Fraction(0)) / len(tied)
        for name in tied:
            earned[name] = share
    return earned


def _by_rank(tally: SeriesTally) -> dict[int, list[str]]:
    """The table's players grouped by their rank in the series' standings."""
    groups: dict[int, list[str]] = {}
    for standing in tally.standings:
        groups.setdefault(standing.rank, []).append(standing.name)
    return groups


def event_standings(
    players: Sequence[str], results: Sequence[TableResult], fmt: EventFormat
) -> list[EventStanding]:
    """Every roster player's standing (0 and no rank for one with no table yet: listed
    after all who played), sorted by rank, then name. Only finished tables give place
    points; summed score and hands won count every hand played so far."""
    roster = list(dict.fromkeys(players))
    for result in results:
        roster.extend(name for name in result.players if name not in roster)
    points = {name: Fraction(0) for name in roster}
    score = dict.fromkeys(roster, 0)
    won = dict.fromkeys(roster, 0)
    tables = dict.fromkeys(roster, 0)
    for result in results:
        for name, earned in _exact_points(result, fmt).items():
            points[name] += earned
            score[name] += result.tally.totals.get(name, 0)
            won[name] += result.tally.games_won.get(name, 0)
            tables[name] += 1
    played = [name for name in roster if tables[name]]
    rank_of = shared_ranks({name: (points[name], score[name], won[name]) for name in played})
    standings = [
        EventStanding(
            name, float(points[name]), score[name], won[name], rank_of.get(name), tables[name]
        )
        for name in roster
    ]
    # Those who never sat at a table after everyone who did, by name.
    last = len(roster) + 1
    return sorted(
        standings,
        key=lambda s: (last if s.rank is None else s.rank, name_key(s.player), s.player),
    )


def shared_ranks(keys: Mapping[K, tuple[Fraction, int, int]]) -> dict[K, int]:
    """Each one's rank, best key first; equal keys share a rank and the next rank is skipped
    ("1, 2, 2, 4"): event points, then score, then hands won."""
    ordered = sorted(keys, key=lambda one: keys[one], reverse=True)
    rank_of: dict[K, int] = {}
    for i, one in enumerate(ordered):
        same = i > 0 and keys[one] == keys[ordered[i - 1]]
        rank_of[one] = rank_of[ordered[i - 1]] if same else i + 1
    return rank_of
