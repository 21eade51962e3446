"""The hand record as the engine holds it once read, and players' names."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property

from .melds import Meld
from .tiles import Tile
from .variants import Variant
from .words import words

NAME_MAX = 40
DECLARATIONS = ("exposed_twin", "left_table")


def tidy_name(name: str) -> str:
    """The name without outer spaces and with inner runs of spaces made single."""
    return " ".join(name.split())


def name_problem(name: str) -> str | None:
    """What makes a player's name unusable (too long, a comma, a character that
    cannot be shown), or None."""
    if len(name) > NAME_MAX:
        return words("a name has at most {most} characters", most=NAME_MAX)
    if "," in name:
        return words("a name cannot contain a comma")
    # Control characters and lone surrogates cannot be shown (nor stored, nor printed).
    if not name.isprintable() and any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return words("a name cannot contain control characters")
    return None


@dataclass(frozen=True)
class PlayerHand:
    """One player's part of a hand record."""

    name: str
    went_out: bool = False
    finish: str | None = None
    all_at_once: bool = False
    jokers_used: int = 0
    rack: tuple[Tile, ...] | None = None
    rack_points: int | None = None
    rack_jokers: int = 0
    swapped_jokers: int = 0
    melded_points: int | None = None
    melded_tiles: tuple[tuple[Tile, str | None], ...] | None = None
    credited_jokers: int = 0
    declared: tuple[str, ...] = ()

    @property
    def jokers_on_rack(self) -> int:
        """Jokers left on the rack, however the rack was given."""
        if self.rack is not None:
            return sum(t.joker for t in self.rack)
        return self.rack_jokers

    @property
    def has_tiles_left(self) -> bool:
        """Whether anything is left on the rack."""
        if self.rack is not None:
            return bool(self.rack)
        return bool(self.rack_points) or bool(self.rack_jokers)

    @property
    def counts_melds(self) -> bool:
        """Whether the melded value is given as a count rather than by the table."""
        return (self.melded_points is not None or self.melded_tiles is not None
                or bool(self.credited_jokers))

    @property
    def counted_jokers(self) -> int:
        """Jokers shown in count mode: credited ones and any among the melded tiles."""
        listed = sum(t.joker for t, _ in self.melded_tiles or ())
        return self.credited_jokers + listed


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table at the end of the hand, and who supplied each tile."""

    meld: Meld
    by: tuple[str, ...]


@dataclass(frozen=True)
class HandRecord:
    """A checked hand, ready to score."""

    variant: Variant
    players: tuple[PlayerHand, ...]
    melds: tuple[TableMeld, ...] = ()

    @property
    def names(self) -> list[str]:
        """The players in seat order."""
        return [p.name for p in self.players]

    @cached_property
    def went_out(self) -> PlayerHand | None:
        """The player who ended the hand, if anyone did (asked often while scoring)."""
        return next((p for p in self.players if p.went_out), None)
