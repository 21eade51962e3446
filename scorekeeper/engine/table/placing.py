"""Putting tiles on the table: which physical joker a player lays, each tile's rank
and value in its meld, a new meld, and Howarth's complete set leaving the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..melds import RUN, SET, Meld, end_values
from ..tiles import Tile, format_tiles
from ..words import Words, and_list, counted, words
from .checks import check_copies
from .refusals import At, cite_rule, refuse
from .state import (
    Joker,
    JokerEvent,
    PlacedTile,
    State,
    TableMeld,
    acting,
    into_stack,
    kind_of,
    note,
    with_joker,
    with_meld,
)


def take_joker(state: State, at: At) -> Joker:
    """The physical joker a player lays from their rack: a joker they took by a
    swap first (the only one the app knows they hold), else one not seen yet."""
    jokers = state.jokers
    held = [j for j in jokers if j.holder == at.player]
    if held:
        return replace(held[0], holder=None)
    if len(jokers) < 2:
        return Joker(len(jokers) + 1, at.player)
    # The app cannot see discards: a joker another player kept after a swap
    # may have reached this player's rack through the discard row.
    elsewhere = [j for j in jokers if j.holder is not None]
    if not elsewhere:
        raise refuse(
            at,
            words(
                "{player} lays a joker, but both jokers of the set are on the "
                "table already ({cite_rule})",
                player=at.player,
                cite_rule=cite_rule(state.variant, "tiles"),
            ),
            tile="j",
        )
    return replace(elsewhere[0], holder=None)


def joker_by(state: State, joker: Joker, placer: str) -> str:
    """Whom a joker on the table counts for: its first melder where the variant
    gives a melded joker a bonus (the credited joker), else whoever placed it."""
    return joker.first_melder if state.variant.melded_joker_bonus is not None else placer


def place_tiles(
    state: State, at: At, tiles: Sequence[Tile], meld_index: int, upside_down: bool = False
) -> tuple[State, tuple[PlacedTile, ...]]:
    """Tiles the player lays from the rack into a meld: each joker becomes a physical
    one melded there, and the other tiles are the player's (upside down if said)."""
    placed: list[PlacedTile] = []
    for tile in tiles:
        if not tile.joker:
            placed.append(PlacedTile(tile, at.player, upside_down=upside_down))
            continue
        joker = take_joker(state, at)
        melded = JokerEvent(acting(state), at.player, "melded", meld_index)
        state = with_joker(state, replace(joker, meld=meld_index, events=(*joker.events, melded)))
        placed.append(PlacedTile(tile, joker_by(state, joker, at.player), joker=joker.number))
    return state, tuple(placed)


def resolve(state: State, tiles: Sequence[PlacedTile], meld: Meld) -> tuple[PlacedTile, ...]:
    """The tiles, in the order they were checked in, given the checked meld's
    tiles (a joker saying what it stands for), ranks and end values."""
    values = end_values(meld, state.variant)
    # Built anew rather than through replace(): this runs for every tile of a meld that
    # grows, and a long hand replays it thousands of times (bench/table_replay.py).
    return tuple(
        PlacedTile(
            tile=tile,
            by=placed.by,
            rank=rank,
            value=value,
            joker=placed.joker,
            lying=placed.lying,
            upside_down=placed.upside_down,
        )
        for placed, tile, rank, value in zip(tiles, meld.tiles, meld.ranks, values, strict=True)
    )


def in_order(kind: str, tiles: Sequence[PlacedTile]) -> tuple[PlacedTile, ...]:
    """A meld's tiles as they lie: a run's from low to high, a set's as laid."""
    return tuple(sorted(tiles, key=lambda t: t.rank)) if kind == RUN else tuple(tiles)


def lay_meld(state: State, at: At, meld: Meld) -> State:
    """A new meld of the player's, from their rack, at the end of the table."""
    check_copies(state, at, meld.tiles)
    index = len(state.melds)
    state, placed = place_tiles(state, at, meld.tiles, index)
    tiles = in_order(meld.kind, resolve(state, placed, meld))
    state = with_meld(state, index, TableMeld(at.player, kind_of(meld), tiles))
    return complete_set(state, index)


def complete_set(state: State, index: int) -> State:
    """Howarth: a set of four without a joker leaves the table, and each
    contributor stacks the tiles they supplied."""
    meld = state.melds[index]
    if meld.kind != SET or len(meld.tiles) < 4 or any(t.joker for t in meld.tiles):
        return state
    state = with_meld(
        state,
        index,
        replace(meld, stacked=True, tiles=tuple(replace(t, lying=False) for t in meld.tiles)),
    )
    supplied: dict[str, list[PlacedTile]] = {}
    for placed in meld.tiles:
        supplied.setdefault(placed.by, []).append(placed)
    for player, tiles in supplied.items():
        state = into_stack(state, player, tiles)
    return note(state, set_complete_words(meld, supplied))


def set_complete_words(meld: TableMeld, supplied: dict[str, list[PlacedTile]]) -> Words:
    """What the app says when a set of four leaves the table: who stacks what."""
    stacks = [
        counted(
            "{player} stacks {n} tile ({tiles})",
            "{player} stacks {n} tiles ({tiles})",
            player=player,
            n=len(tiles),
            tiles=format_tiles(t.tile for t in tiles),
        )
        for player, tiles in supplied.items()
    ]
    return words(
        "Set of {number}s complete: {stacks}; the set leaves the table.",
        number=meld.tiles[0].tile.number,
        stacks=and_list(stacks),
    )
