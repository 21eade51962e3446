"""What the pages are shown of a table's state: the logical table, each player's
meld area as it physically lies, the joker histories, Howarth's count, the hand
format's melds, and melds in words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..melds import RUN, check_meld, end_values
from ..tile_codes import TileCode
from ..tiles import Tile, format_tiles, parse_tiles
from ..words import Words, joined_by, words
from .state import JokerEvent, MeldKind, PlacedTile, State, TableMeld, seat_of


@dataclass(frozen=True)
class JokerHistory:
    """A physical joker: who first melded it, everything that happened to it, where it is."""

    number: int  # 1 or 2, in the order the jokers first reached the table
    first_melder: str
    events: tuple[JokerEvent, ...]
    meld_index: int | None  # the meld it lies in now, or None
    holder: str | None  # the player holding it on their rack after a swap, or None
    swapped: bool

    @property
    def said(self) -> Words | str:
        """The joker's history in words, read in the page's language."""
        return words(
            "Joker {number}: {events}",
            number=self.number,
            events=joined_by("; ", [e.said for e in self.events]),
        )


@dataclass(frozen=True)
class AreaTile:
    """A tile lying in a player's meld area, and whom it counts for. Upside-down
    tiles (a joker's replacement, or a tile added to another player's set) count
    for the player who supplied them, a joker for the player credited with it,
    every other tile for the area's owner."""

    tile: Tile
    counts_for: str
    value: int
    upside_down: bool = False


@dataclass(frozen=True)
class AreaMeld:
    """A meld as it physically lies in its owner's area."""

    meld_index: int
    kind: MeldKind
    tiles: tuple[AreaTile, ...]
    text: str  # as it lies, "b6 ... b10" where middle tiles were taken

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class LaidMeld:
    """A meld of the logical table: all its tiles, who supplied each, whose area
    it lies in, and whether it has left the table as a complete set."""

    meld_index: int
    owner: str
    kind: MeldKind
    tiles: tuple[Tile, ...]
    by: tuple[str, ...]
    stacked: bool
    jokers: tuple[int | None, ...] = ()  # per tile: which physical joker (1 or 2), or None


def credit(meld: TableMeld, placed: PlacedTile) -> str:
    """Whom a lying tile counts for in Howarth's count."""
    if placed.joker is not None or placed.upside_down:
        return placed.by
    return meld.owner


def lying_text(ranked: Iterable[tuple[int, Tile]], kind: str = RUN) -> TileCode:
    """A meld as it lies; a run with "..." where middle tiles were taken: "b6 ... b10"."""
    parts: list[str] = []
    previous: int | None = None
    for rank, tile in ranked:
        if kind == RUN and previous is not None and rank > previous + 1:
            parts.append("...")
        parts.append(str(tile))
        previous = rank
    return TileCode(" ".join(parts))


def describe(meld: TableMeld) -> Words:
    """A meld in words: "Bo's run b6 b7 b8"."""
    tiles = format_tiles(t.tile for t in meld.tiles)
    if meld.kind == "set":
        return words("{owner}'s set {tiles}", owner=meld.owner, tiles=tiles)
    return words("{owner}'s run {tiles}", owner=meld.owner, tiles=tiles)


def laid_melds(state: State) -> tuple[LaidMeld, ...]:
    """The logical table: every meld of the hand, complete sets included."""
    return tuple(
        LaidMeld(
            i,
            m.owner,
            m.kind,
            tuple(t.tile for t in m.tiles),
            tuple(t.by for t in m.tiles),
            m.stacked,
            tuple(t.joker for t in m.tiles),
        )
        for i, m in enumerate(state.melds)
    )


def area(state: State, name: str) -> tuple[AreaMeld, ...]:
    """The player's meld area as it physically lies."""
    return tuple(
        AreaMeld(
            i,
            m.kind,
            tuple(
                AreaTile(t.tile, credit(m, t), t.value, t.upside_down) for t in m.tiles if t.lying
            ),
            lying_text([(t.rank, t.tile) for t in m.tiles if t.lying], m.kind),
        )
        for i, m in enumerate(state.melds)
        if m.owner == name and not m.stacked
    )


def joker_histories(state: State) -> tuple[JokerHistory, ...]:
    """Each physical joker that has reached the table, with its history."""
    return tuple(
        JokerHistory(j.number, j.first_melder, j.events, j.meld, j.holder, j.swapped)
        for j in state.jokers
    )


def howarth_count(state: State, name: str) -> int:
    """The player's melded value counted Howarth's way: the tiles in the meld
    areas that count for them, their stack, and what they are owed."""
    seat = seat_of(state, name)
    lying = sum(
        t.value
        for m in state.melds
        if not m.stacked
        for t in m.tiles
        if t.lying and credit(m, t) == name
    )
    return lying + sum(value for _, value in seat.stack) + seat.owed


def hand_melds(state: State) -> list[dict[str, Any]]:
    """The hand format's "melds": every meld with all its tiles and who
    supplied each (a joker: the player it counts for)."""
    return [
        {"tiles": format_tiles(t.tile for t in m.tiles), "by": [t.by for t in m.tiles]}
        for m in state.melds
    ]


def exact_melded_value(state: State, name: str) -> int:
    """The player's melded value from who supplied each tile of the logical
    table, as hand scoring counts it."""
    total = 0
    for item in hand_melds(state):
        meld = check_meld(parse_tiles(item["tiles"]), state.variant)
        for who, value in zip(item["by"], end_values(meld, state.variant), strict=True):
            total += value if who == name else 0
    return total
