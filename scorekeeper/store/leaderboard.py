"""The leaderboard: every player's hands and series over a period and variant, best first.

One query reads the period's lines of series_results (the per-series figures kept by
store/stats.py from each hand's stored result), found through the nights' date index, and
sums them per player; nothing is read player by player.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sqlite_utils import Database

from .stats import Filters

# A line of series_results exists for every seated player of every series; a series of no
# hands yet is not one they played.
LINES = """
SELECT r.player_id, p.name, sum(r.hands) AS hands, sum(r.hands_won) AS hands_won,
  sum(r.total) AS points, count(*) AS series, sum(r.won) AS series_won
FROM series_results r JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
JOIN players p ON p.id = r.player_id
WHERE r.hands > 0 {where} GROUP BY r.player_id
"""


@dataclass(frozen=True)
class LeaderLine:
    """One player's line: their place and what they did in the period."""

    player_id: int
    name: str
    rank: int
    hands: int
    hands_won: int
    points: int
    series: int  # series with at least one hand played
    series_won: int  # finished series only

    @property
    def win_rate(self) -> float:
        """The share of their hands they won."""
        return self.hands_won / self.hands

    @property
    def average(self) -> float:
        """Their average score per hand."""
        return self.points / self.hands


def _order(row: dict) -> tuple[int, Fraction]:
    # Hands won first, then the share won, kept exact so equal rates compare equal.
    return (row["hands_won"], Fraction(row["hands_won"], row["hands"]))


def leaderboard(db: Database, filters: Filters) -> list[LeaderLine]:
    """Everyone who played a hand in the period and variant, most hands won first, then the
    best win rate; players level on both share a place ("1, 2, 2, 4"), in name order.
    Bring the statistics' cache up to date first (stats.refresh)."""
    where, values = filters.sql()
    rows = list(db.query(LINES.format(where=where), values))
    rows.sort(key=lambda r: (r["name"].casefold(), r["name"]))
    rows.sort(key=_order, reverse=True)  # stable: name order kept within a place
    lines: list[LeaderLine] = []
    for position, row in enumerate(rows, start=1):
        shared = lines and _order(rows[position - 2]) == _order(row)
        lines.append(
            LeaderLine(
                player_id=row["player_id"],
                name=row["name"],
                rank=lines[-1].rank if shared else position,
                hands=row["hands"],
                hands_won=row["hands_won"],
                points=row["points"],
                series=row["series"],
                series_won=row["series_won"],
            )
        )
    return lines


def leaders(lines: list[LeaderLine]) -> list[LeaderLine]:
    """The players in first place (more than one when they are level)."""
    return [line for line in lines if line.rank == 1]
