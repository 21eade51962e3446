"""The hand record as the engine holds it once read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .melds import Meld
from .tiles import Tile
from .variants import Variant

DECLARATIONS = ("exposed_twin", "left_table")


class PlayerHand(NamedTuple):
    """One player's part of a hand record.

    An immutable record like the others, but a named tuple rather than a frozen
    dataclass: every player of every hand read makes one, and a frozen dataclass
    of thirteen fields took a microsecond and a half to build, five times longer."""

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
        return (
            self.melded_points is not None
            or self.melded_tiles is not None
            or bool(self.credited_jokers)
        )

    @property
    def counted_jokers(self) -> int:
        """Jokers shown in count mode: credited ones and any among the melded tiles."""
        listed = sum(t.joker for t, _ in self.melded_tiles or ())
        return self.credited_jokers + listed


class TableMeld(NamedTuple):
    """A meld on the table at the end of the hand, and who supplied each tile (a
    named tuple, as PlayerHand is, for the same reason)."""

    meld: Meld
    by: tuple[str, ...]


@dataclass(frozen=True)
class HandRecord:
    """A checked hand, ready to score."""

    variant: Variant
    players: tuple[PlayerHand, ...]
    melds: tuple[TableMeld, ...] = ()
    # The player who ended the hand, if anyone did: asked often while scoring, so
    # found once when the record is made (a cached_property takes a lock the first
    # time, which costs more than finding it).
    went_out: PlayerHand | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        out = [p for p in self.players if p.went_out]
        # The way a frozen dataclass sets a field of its own.
        object.__setattr__(self, "went_out", out[0] if out else None)

    @property
    def names(self) -> list[str]:
        """The players in seat order."""
        return [p.name for p in self.players]
