"""Runs that grow: Howarth's split when a player adds to another player's run
(Romanian tile rummy, scoring section), and why a tile cannot go inside a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from ..howarth import Split, split_run
from ..sources import ruling, scorekeeper_ruling
from ..tiles import Tile, format_tiles, joker_as
from ..variants import Variant
from ..words import Words, words
from .refusals import cite_rule
from .state import PlacedTile, State, TableMeld, into_stack, note, owes, with_meld
from .views import describe, lying_text


def inside(run: Sequence[Tile], added: Sequence[Tile]) -> bool:
    """Whether an added tile repeats a number of the run: it could only go in by
    splitting the run in two."""
    numbers = {t.number for t in run if not t.joker}
    return any(not t.joker and t.number in numbers for t in added)


def split_refusal(v: Variant, player: str, added: Sequence[Tile], meld: TableMeld) -> Words:
    """Why tiles cannot go inside a run: melds are not split here."""
    start = words(
        "{player} cannot put {tiles} inside {describe}: that would split the run",
        player=player,
        tiles=format_tiles(added),
        describe=describe(meld),
    )
    if v.split_melds == "never":
        # Romanian tile rummy, The Play: tiles extend melds, and no tile may be in two melds.
        return words(
            "{start}, and melds are never split or rearranged; tiles are added at a "
            "run's ends ({cite_rule})",
            start=start,
            cite_rule=cite_rule(v, "split"),
        )
    if any(t.joker is not None for t in meld.tiles) and v.split_melds == "without_joker":
        return words(
            "{start}, and a meld holding a joker may not be split or rearranged ({cite_rule})",
            start=start,
            cite_rule=cite_rule(v, "split"),
        )
    return words(
        "{start}; table mode follows melds as they are laid and does not follow "
        "splitting or rearranging them: record this hand with the quick tally "
        "({ruling})",
        start=start,
        ruling=ruling(scorekeeper_ruling("rearranged").about),
    )


@cache
def relaxed(v: Variant) -> Variant:
    """The variant without joker limits, for split_run: upside-down tiles are
    passed to it as jokers so that it never takes them."""
    return v.changed(
        joker_ratio_runs=False,
        joker_ratio_sets=False,
        adjacent_jokers=True,
        max_jokers_per_meld=None,
    )


def _as_lying(placed: PlacedTile) -> Tile:
    """A lying tile as split_run sees it: an upside-down one is never taken (it goes
    back to its supplier), so it is passed as a joker standing for it."""
    if placed.upside_down:
        return joker_as(placed.tile.colour, placed.tile.number)
    return placed.tile


def howarth_split(
    state: State, player: str, index: int, lying: Sequence[PlacedTile], added: Sequence[PlacedTile]
) -> State:
    """Howarth: the adder takes middle tiles worth what they added into their
    stack, leaving the run's ends in the owner's area; the rest is owed.
    `lying` were in the owner's area before the addition, `added` are new."""
    meld = state.melds[index]
    lying = sorted(lying, key=lambda t: t.rank)
    # The meld was checked whole, so each added ace's rank says which end it took.
    ace = "high" if any(t.rank >= 14 for t in added) else "low"
    split = split_run(
        [_as_lying(t) for t in lying], [t.tile for t in added], relaxed(state.variant), ace=ace
    )
    numbers = {t.number for t in split.take}
    taken = [
        t
        for t in (*lying, *added)
        if t.joker is None and not t.upside_down and t.tile.number in numbers
    ]
    # A run holds each number once, so a tile's rank finds it in the meld.
    ranks = {t.rank for t in taken}
    meld = replace(
        meld, tiles=tuple(replace(t, lying=False) if t.rank in ranks else t for t in meld.tiles)
    )
    state = into_stack(with_meld(state, index, meld), player, taken)
    state = owes(state, meld.owner, player, split.owed)  # what no middle tiles made exactly
    return note(state, split_words(player, meld, taken, split))


def split_words(player: str, meld: TableMeld, taken: Sequence[PlacedTile], split: Split) -> Words:
    """What the app says after Howarth's split: what the adder takes, what the run
    shows, and any points owed."""
    shows = lying_text([(t.rank, t.tile) for t in meld.tiles if t.lying])
    if taken:
        took = words(
            "{player} takes {tiles} into their stack;",
            player=player,
            tiles=format_tiles(t.tile for t in taken),
        )
    else:
        took = words("{player} takes nothing into their stack;", player=player)
    text = words(
        "{took} {shows}",
        took=took,
        shows=words("{owner}'s run shows {tiles}.", owner=meld.owner, tiles=shows),
    )
    if split.owed:
        text = words(
            "{took} {owed}",
            took=text,
            owed=words(
                "No middle tiles make exactly {value}: {owner} owes {player} {owed} points.",
                value=split.added_value,
                owner=meld.owner,
                player=player,
                owed=split.owed,
            ),
        )
    return text
