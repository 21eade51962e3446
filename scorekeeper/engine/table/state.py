"""The table's state as frozen values: the melds with every tile and who supplied it,
the physical jokers, each seat's opening, stack and points owed, whose turn it is,
and what the app said after each action. Every change makes a new State."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ..melds import SET, Meld
from ..tiles import Tile, format_tiles
from ..variants import Variant
from ..words import Words, words

# The kinds of meld, as melds.SET and melds.RUN spell them.
MeldKind = Literal["set", "run"]


def kind_of(meld: Meld) -> MeldKind:
    """The kind of a checked meld."""
    return "set" if meld.kind == SET else "run"


@dataclass(frozen=True)
class JokerEvent:
    """One step of a joker's history: melded (from a rack) or swapped out of a meld."""

    action: int  # index of the action in the hand's list
    player: str
    kind: Literal["melded", "swapped"]
    meld_index: int  # the meld it was melded into, or swapped out of (from 0; "meld 1" in words)
    replaced_by: tuple[Tile, ...] = ()
    to_meld: int | None = None  # swapped: the meld it went into; None: kept on the rack

    @property
    def said(self) -> Words:
        """The step in words, read in the page's language."""
        if self.kind == "melded":
            return words(
                "melded by {player} in meld {meld_index}",
                player=self.player,
                meld_index=self.meld_index + 1,
            )
        where = (
            words("kept on the rack")
            if self.to_meld is None
            else words("melded in meld {to_meld}", to_meld=self.to_meld + 1)
        )
        return words(
            "swapped by {player} for {tiles} out of meld {meld_index}, {where}",
            player=self.player,
            tiles=format_tiles(self.replaced_by),
            meld_index=self.meld_index + 1,
            where=where,
        )


@dataclass(frozen=True)
class PlacedTile:
    """A tile in a meld on the table. `tile` is resolved (a joker says what it stands
    for); `by` is who supplied it, or for a joker whom it counts for."""

    tile: Tile
    by: str
    rank: int = 0
    value: int = 0
    joker: int | None = None  # the physical joker (1 or 2)
    lying: bool = True  # still in the owner's meld area (not taken into a stack)
    upside_down: bool = False  # counts for `by`, not for the area's owner (Howarth)


@dataclass(frozen=True)
class TableMeld:
    """A meld of the hand: whose area it lies in, and its tiles (a run's in rank
    order). `stacked`: a complete set that has left the table."""

    owner: str
    kind: MeldKind
    tiles: tuple[PlacedTile, ...]
    stacked: bool = False


@dataclass(frozen=True)
class Joker:
    """A physical joker: who first melded it, its history, the meld it lies in,
    the player holding it on their rack after a swap, and whether it was swapped."""

    number: int  # 1 or 2, in the order the jokers first reached the table
    first_melder: str
    events: tuple[JokerEvent, ...] = ()
    meld: int | None = None
    holder: str | None = None
    swapped: bool = False


@dataclass(frozen=True)
class Seat:
    """A player of the hand: whether they opened, their stack (each tile with its
    value) and the points owed to (+) or by (-) them (Howarth's bookkeeping)."""

    name: str
    opened: bool = False
    stack: tuple[tuple[Tile, int], ...] = ()
    owed: int = 0


@dataclass(frozen=True)
class State:
    """One hand's table after some actions, under its variant.

    `turn_player` is whose turn the last action was in, `turn_is_opening` whether
    that turn was their opening's; `log` holds what the app said after each action,
    so its length is the number of actions applied."""

    variant: Variant
    seats: tuple[Seat, ...]
    melds: tuple[TableMeld, ...] = ()
    jokers: tuple[Joker, ...] = ()
    turn_player: str | None = None
    turn_is_opening: bool = False
    first_round_over: bool = False
    log: tuple[tuple[Words | str, ...], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(seat.name for seat in self.seats)


def seat_of(state: State, name: str) -> Seat:
    """The seat of a player named as seated."""
    return next(seat for seat in state.seats if seat.name == name)


def with_seat(state: State, seat: Seat) -> State:
    """The state with this seat (found by its name) changed."""
    return replace(state, seats=tuple(seat if s.name == seat.name else s for s in state.seats))


def into_stack(state: State, name: str, tiles: Iterable[PlacedTile]) -> State:
    """The state with these tiles put into the player's stack, in order."""
    seat = seat_of(state, name)
    stack = (*seat.stack, *((t.tile, t.value) for t in tiles))
    return with_seat(state, replace(seat, stack=stack))


def owes(state: State, debtor: str, creditor: str, points: int) -> State:
    """The state where `debtor` owes `creditor` these points more."""
    if not points:
        return state
    change = {creditor: points}
    change[debtor] = change.get(debtor, 0) - points
    return replace(
        state,
        seats=tuple(
            replace(s, owed=s.owed + change[s.name]) if s.name in change else s for s in state.seats
        ),
    )


def with_meld(state: State, index: int, meld: TableMeld) -> State:
    """The state with the meld at `index` changed, or a new one where index is the count."""
    melds = state.melds
    return replace(state, melds=(*melds[:index], meld, *melds[index + 1 :]))


def joker_of(state: State, number: int) -> Joker:
    """The physical joker with this number."""
    return state.jokers[number - 1]


def with_joker(state: State, joker: Joker) -> State:
    """The state with this joker changed, or added where it is new."""
    jokers = state.jokers
    return replace(state, jokers=(*jokers[: joker.number - 1], joker, *jokers[joker.number :]))


def acting(state: State) -> int:
    """The index of the action being applied: its notes are the log's last entry."""
    return len(state.log) - 1


def note(state: State, *said: Words | str) -> State:
    """The state with more said about the action being applied."""
    return replace(state, log=(*state.log[:-1], (*state.log[-1], *said)))
