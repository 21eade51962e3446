"""Where a series stands, without its hands: what the store keeps with each series so that a
page or a poll reads a few numbers rather than tallying every hand again.

The tally is the series' players' totals and hands won in the order of its list of players
and how many hands were played; finished, winners, standings, the next dealer and who plays
first follow from those alone under the series' rules (engine.series, engine.play_order), so a
hand saved adds to it and never re-reads the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from .play_order import dealer, starter
from .results import HandResult
from .series import (
    SeriesEnd,
    SeriesResult,
    Standing,
    after_the_end,
    is_finished,
    rank_players,
)
from .variants import Variant


@dataclass(frozen=True)
class SeriesTally:
    """A series' standing after its hands, as kept with the series."""

    played: int
    totals: dict[str, int]
    games_won: dict[str, int]
    finished: bool
    winners: list[str]
    standings: tuple[Standing, ...]
    # The seat that deals the next hand, or None once the series is over.
    dealer: int | None
    # The seat that plays first in the next hand, or None once the series is over.
    starter: int | None


def tally_of(
    v: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    played: int,
    totals: list[int],
    won: list[int],
    listing: str,
) -> SeriesTally:
    """The series' standing from its kept numbers: `totals` and `won` in the order of the
    series' list of players, listed as `listing` says (engine.play_order)."""
    by_name = dict(zip(names, totals, strict=True))
    won_by_name = dict(zip(names, won, strict=True))
    finished = is_finished(end, len(names), played, by_name)
    standings = rank_players(v, list(names), by_name, won_by_name)
    winners = [s.name for s in standings if s.rank == 1] if finished else []
    # Nobody deals or starts once it is over (nor in a series stored without seats).
    if finished or not names:
        return SeriesTally(played, by_name, won_by_name, finished, winners, standings, None, None)
    return SeriesTally(
        played,
        by_name,
        won_by_name,
        finished,
        winners,
        standings,
        dealer(v, len(names), first_dealer, played, listing),
        starter(v, len(names), first_dealer, played, listing),
    )


def tally_from(
    v: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    result: SeriesResult,
    listing: str,
) -> SeriesTally:
    """The standing a whole series' tally (engine.series.tally_series) comes to."""
    return tally_of(
        v,
        names,
        end,
        first_dealer,
        len(result.hands),
        [result.totals[n] for n in names],
        [result.games_won[n] for n in names],
        listing,
    )


def with_hand(
    v: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    tally: SeriesTally,
    hand: HandResult,
    listing: str,
) -> SeriesTally:
    """The standing after one more hand; refuse a hand played after the series ended (the
    same refusal as engine.series.tally_series gives)."""
    if tally.finished:
        after_the_end(end, names, tally.played)
    return tally_of(
        v,
        names,
        end,
        first_dealer,
        tally.played + 1,
        [tally.totals[n] + hand.scores[n] for n in names],
        [tally.games_won[n] + (hand.winner == n) for n in names],
        listing,
    )
