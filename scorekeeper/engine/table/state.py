"""The table's state: the logical and the physical table as plain data, what
the pages are given of it, and the small helpers every part of table mode shares."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from ..melds import RUN
from ..names import name_key
from ..sources import SOURCES, cite, ruling
from ..table_actions import InvalidAction
from ..tiles import Tile, format_tiles
from ..variants import Variant
from ..words import joined_by, words


def cite_rule(v: Variant, topic: str) -> str:
    """Source and section of a table rule for this variant, or the ruling behind it
    where the source is silent (sources/ holds both)."""
    section = SOURCES[v.source].sections.get(topic)
    if section is not None:
        return cite(v.source, section)
    fallback = SOURCES["scorekeeper"].rulings.get(topic)
    return ruling(fallback.about if fallback else words("table mode ({topic})", topic=topic))


# --- Public views -------------------------------------------------------------


@dataclass(frozen=True)
class JokerEvent:
    """One step of a joker's history: melded (from a rack) or swapped out of a meld."""

    action: int  # index of the action in the hand's list
    player: str
    kind: str  # "melded" | "swapped"
    meld_index: int  # the meld it was melded into, or swapped out of (from 0; "meld 1" in words)
    replaced_by: tuple[Tile, ...] = ()
    to_meld: int | None = None  # swapped: the meld it went into; None: kept on the rack

    def __str__(self) -> str:
        if self.kind == "melded":
            return words("melded by {player} in meld {meld_index}", player=self.player,
                         meld_index=self.meld_index + 1)
        where = (words("kept on the rack") if self.to_meld is None
                 else words("melded in meld {to_meld}", to_meld=self.to_meld + 1))
        return (words("swapped by {player} for {tiles} out of meld {meld_index}, {where}",
                      player=self.player,
                      tiles=format_tiles(self.replaced_by), meld_index=self.meld_index + 1,
                      where=where))


@dataclass(frozen=True)
class JokerHistory:
    """A physical joker: who first melded it, everything that happened to it, where it is."""

    number: int  # 1 or 2, in the order the jokers first reached the table
    first_melder: str
    events: tuple[JokerEvent, ...]
    meld_index: int | None  # the meld it lies in now, or None
    holder: str | None  # the player holding it on their rack after a swap, or None
    swapped: bool

    def __str__(self) -> str:
        return words("Joker {number}: {events}", number=self.number,
                     events=joined_by("; ", list(self.events)))


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
    kind: str
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
    kind: str
    tiles: tuple[Tile, ...]
    by: tuple[str, ...]
    stacked: bool
    jokers: tuple[int | None, ...] = ()  # per tile: which physical joker (1 or 2), or None


# --- Internal state -------------------------------------------------------------


@dataclass
class Slot:
    tile: Tile  # resolved: a joker says what it stands for
    by: str  # who supplied it; for a joker, who it counts for (see _joker_by)
    rank: int = 0
    value: int = 0
    joker: int | None = None  # the physical joker (1 or 2)
    lying: bool = True  # still in the owner's meld area
    upside_down: bool = False  # counts for `by`, not for the area's owner


@dataclass
class MeldState:
    owner: str
    kind: str
    slots: list[Slot]
    stacked: bool = False


@dataclass
class JokerState:
    number: int
    first_melder: str
    events: list[JokerEvent] = field(default_factory=list)
    meld: int | None = None
    holder: str | None = None
    swapped: bool = False


@dataclass
class State:
    melds: list[MeldState]
    jokers: list[JokerState]
    stacks: dict[str, list[tuple[Tile, int]]]
    owed: dict[str, int]
    opened: dict[str, bool]
    copies: Counter
    turn_player: str | None = None
    turn_is_opening: bool = False
    first_round_over: bool = False
    log: list[tuple[str, ...]] = field(default_factory=list)

    def copy(self) -> State:
        return State(
            melds=[MeldState(m.owner, m.kind, [replace(s) for s in m.slots], m.stacked)
                   for m in self.melds],
            jokers=[replace(j, events=list(j.events)) for j in self.jokers],
            stacks={p: list(s) for p, s in self.stacks.items()},
            owed=dict(self.owed),
            opened=dict(self.opened),
            copies=Counter(self.copies),
            turn_player=self.turn_player,
            turn_is_opening=self.turn_is_opening,
            first_round_over=self.first_round_over,
            log=list(self.log),
        )


# --- Shared helpers ---------------------------------------------------------------


def seat_name(players: tuple[str, ...], player: str, field: str = "player") -> str:
    """The player's name as seated; `field` is where the name was typed."""
    if isinstance(player, str):
        for name in players:
            if name_key(name) == name_key(player):
                return name
    raise InvalidAction(words("{player!r} is not a player of this hand ({join})", player=player,
                              join=', '.join(players)),
                        field=field)


def credit(meld: MeldState, slot: Slot) -> str:
    """Whom a lying tile counts for in Howarth's count."""
    if slot.joker is not None or slot.upside_down:
        return slot.by
    return meld.owner


def lying_text(ranked: list[tuple[int, Tile]], kind: str = RUN) -> str:
    """A meld as it lies; a run with "..." where middle tiles were taken: "b6 ... b10"."""
    parts: list[str] = []
    previous = None
    for rank, tile in ranked:
        if kind == RUN and previous is not None and rank > previous + 1:
            parts.append("...")
        parts.append(str(tile))
        previous = rank
    return " ".join(parts)


def describe(meld: MeldState) -> str:
    """A meld in words: "Bo's run b6 b7 b8"."""
    tiles = format_tiles(s.tile for s in meld.slots)
    if meld.kind == "set":  # the kinds are melds.SET and melds.RUN
        return words("{owner}'s set {tiles}", owner=meld.owner, tiles=tiles)
    return words("{owner}'s run {tiles}", owner=meld.owner, tiles=tiles)
