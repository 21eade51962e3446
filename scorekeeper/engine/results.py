"""A scored hand: its result, and the lines of each player's breakdown that say why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .sources import cited_again
from .words import Words, as_record, english, from_record


class Line:
    """One line of a player's breakdown: points, the rule in plain words, its
    source, and the variant parameter behind it (for the rule reference).

    The words may be given as a function that writes them (`partial(...)`): they are
    written the first time they are read. A series' totals and an import's check use
    only the points, and writing every tile of a rack into words was a good part of
    scoring a hand. A line is not changed once made."""

    __slots__ = ("_rule", "param", "points", "source")

    def __init__(
        self,
        points: int,
        rule: Words | str | Callable[[], Words | str],
        source: Words | str,
        param: str,
    ):
        self.points = points
        self._rule = rule
        self.source = source
        self.param = param

    @property
    def rule(self) -> Words | str:
        """The rule in plain words."""
        if callable(self._rule):
            self._rule = self._rule()
        return self._rule

    def _fields(self) -> tuple[int, Words | str, Words | str, str]:
        return (self.points, self.rule, self.source, self.param)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Line(points={self.points!r}, rule={self.rule!r}, source={self.source!r}, "
            f"param={self.param!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        """The line as the command line and the API print it (each reads its words: the API
        in English, the command line in the language asked for)."""
        return {"points": self.points, "rule": self.rule, "source": self.source}

    def to_record(self) -> dict[str, Any]:
        """The line as it is stored, with the parameter behind it, and its words as data
        (`said`) so that a page can read a stored line in its reader's language."""
        said = {
            k: as_record(getattr(self, k))
            for k in ("rule", "source")
            if isinstance(getattr(self, k), Words)
        }
        english_text = {k: english(getattr(self, k)) for k in ("rule", "source")}
        return {
            "points": self.points,
            **english_text,
            "param": self.param,
            **({"said": said} if said else {}),
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Line:
        """The line as `to_record` stored it (a line stored before its words were kept as
        data reads in English)."""
        said = data.get("said") or {}
        rule, source = (
            from_record(said[k]) if k in said else str(data[k]) for k in ("rule", "source")
        )
        # A section the app names was kept as English text before it was words.
        source = cited_again(source)
        return cls(int(data["points"]), rule, source, str(data["param"]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class HandResult:
    """A scored hand."""

    winner: str | None
    scores: dict[str, int]
    breakdown: dict[str, tuple[Line, ...]] = field(default_factory=dict)
    melded: dict[str, int] = field(default_factory=dict)
    racks: dict[str, int] = field(default_factory=dict)
    # Whether each player opened, where the hand says so: every player of a hand
    # scored by melded value (what decides the never-opened penalty); empty when
    # the racks decide the score, as such a hand does not record who laid what.
    opened: dict[str, bool] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The result as `scorekeeper score` prints it."""
        return {
            "winner": self.winner,
            "scores": dict(self.scores),
            "breakdown": {
                n: [line.to_dict() for line in lines] for n, lines in self.breakdown.items()
            },
        }

    def to_record(self) -> dict[str, Any]:
        """Everything the result says, as JSON-safe data to store with the hand;
        `from_record` gives the same result back."""
        return {
            "winner": self.winner,
            "scores": dict(self.scores),
            "breakdown": {
                n: [line.to_record() for line in lines] for n, lines in self.breakdown.items()
            },
            "melded": dict(self.melded),
            "racks": dict(self.racks),
            "opened": dict(self.opened),
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> HandResult:
        """The result as `to_record` stored it."""
        winner = data["winner"]
        return cls(
            winner=None if winner is None else str(winner),
            scores={str(n): int(s) for n, s in data["scores"].items()},
            breakdown={
                str(n): tuple(Line.from_record(line) for line in lines)
                for n, lines in data["breakdown"].items()
            },
            melded={str(n): int(s) for n, s in data.get("melded", {}).items()},
            racks={str(n): int(s) for n, s in data.get("racks", {}).items()},
            opened={str(n): bool(o) for n, o in data.get("opened", {}).items()},
        )
