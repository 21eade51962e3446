"""Hilary Howarth's split-run bookkeeping (Romanian tile rummy, scoring methods).

When a player adds tiles to another player's run, they take from the middle
of the run tiles worth the points they added into a stack of their own,
leaving the run's two end tiles on the table to show where it may still be
extended. The stack counts for the adder at the end of the hand; the tiles
left in the run count for the run's owner. When no middle tiles make the exact
amount, the nearest amount below is taken and the rest is owed to the adder,
so the count at the end of the hand stays exact (a Scorekeeper ruling).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any

from .errors import InvalidMeld
from .melds import HIGH_RUN, LOW_RUN, check_meld, number_at, number_value
from .tile_codes import TileCode
from .tiles import JOKER_TOKEN, STANDS_FOR, Tile, format_tiles
from .variants import Variant
from .words import words


@dataclass(frozen=True)
class Split:
    """What the adder takes into their stack, what stays in the run, and the
    points still owed to the adder."""

    take: tuple[Tile, ...]
    remains: tuple[Tile, ...]
    owed: int
    added_value: int

    def to_dict(self) -> dict[str, Any]:
        """The split as `scorekeeper split-run` prints it."""
        return {
            "take": [str(t) for t in self.take],
            "remains": [str(t) for t in self.remains],
            "owed": self.owed,
        }


ACE_ENDS = ("low", "high")


def split_run(lying: list[Tile], added: list[Tile], v: Variant, ace: str | None = None) -> Split:
    """Split a run after `added` tiles were laid at its ends.

    `lying` is the run as it lies, from low to high: its ends and whatever
    middle tiles are still there. A joker stands after the tile before it
    unless it says which tile it is (`j=b9`). `ace` says at which end an added
    ace lies ("low": before the 2, "high": after the 13) when it could be either;
    it is asked for, never guessed.
    """
    if v.scoring != "melded":
        raise InvalidMeld(
            words(
                "the split-run bookkeeping is for variants that score melded "
                "tiles; {variant} scores only the racks",
                variant=v.name,
            ),
            field="variant",
        )
    if ace is not None and ace not in ACE_ENDS:
        raise InvalidMeld(words("an added ace lies low or high, not {ace!r}", ace=ace), field="ace")
    if len(lying) < 2:
        raise InvalidMeld(words("give the run as it lies: at least its two end tiles"), field="run")
    if not added:
        raise InvalidMeld(words("give the tiles that were added to the run"), field="added")
    colour = _run_colour(lying, added)
    placed = _place_lying(lying, colour, v)
    low, high = placed[0][0], placed[-1][0]
    placed_added = _place_added(added, colour, low, high, v, ace)
    full = sorted(placed + placed_added, key=lambda pair: pair[0])
    _check_whole_run(full, colour, v)
    new_low, new_high = full[0][0], full[-1][0]
    added_value = sum(_value(rank, v) for rank, t in placed_added if not t.joker)
    middle = [(rank, t) for rank, t in full if not t.joker and new_low < rank < new_high]
    own = {rank for rank, _ in placed_added}
    take = _choose(middle, added_value, own, v, added_high=placed_added[-1][0] > high)
    taken = {rank for rank, _ in take}
    return Split(
        take=tuple(t for _, t in take),
        remains=tuple(t for rank, t in full if rank not in taken),
        owed=added_value - sum(_value(rank, v) for rank, _ in take),
        added_value=added_value,
    )


def _value(rank: int, v: Variant) -> int:
    return number_value(number_at(rank), v, HIGH_RUN if rank >= 14 else LOW_RUN)


def _run_colour(lying: list[Tile], added: list[Tile]) -> str:
    colours = {t.face_colour for t in lying + added if t.face_colour}
    if not colours:
        raise InvalidMeld(words("the run needs at least one numbered tile"), field="run")
    if len(colours) > 1:
        odd = next(t for t in lying + added if t.face_colour not in (None, _first_colour(lying)))
        raise InvalidMeld(
            words("a run is one colour: {tiles}", tiles=format_tiles(lying + added)),
            field="added" if odd in added else "run",
            tile=str(odd),
        )
    return colours.pop()


def _rank_of(number: int, first: bool, v: Variant) -> int:
    # An ace at the start of the run is low; anywhere after another tile it is
    # the high ace that follows the 13.
    if number == 1 and not first and v.ace_high:
        return 14
    return number


def _place_lying(lying: list[Tile], colour: str, v: Variant) -> list[tuple[int, Tile]]:
    """Each tile of the lying run with its rank, checked to rise from low to high."""
    known = [
        None if t.face_number is None else _rank_of(t.face_number, i == 0, v)
        for i, t in enumerate(lying)
    ]
    ranks: list[int] = []
    for i, rank in enumerate(known):
        if rank is None:  # a joker: after the tile before it, else before the tile after
            after = next((r for r in known[i + 1 :] if r is not None), None)
            rank = ranks[-1] + 1 if ranks else (after - 1 if after else None)
        if rank is None or not 1 <= rank <= 25:
            raise InvalidMeld(
                words(
                    "say which tile each joker stands for, e.g. {example}",
                    example=TileCode(f"{JOKER_TOKEN}{STANDS_FOR}{colour}9"),
                ),
                field="run",
                tile=str(lying[i]),
            )
        ranks.append(rank)
    if any(b <= a for a, b in pairwise(ranks)):
        raise InvalidMeld(
            words("give the run from low to high as it lies: {tiles}", tiles=format_tiles(lying)),
            field="run",
        )
    return [(r, _as(t, colour, r)) for r, t in zip(ranks, lying, strict=True)]


def _as(tile: Tile, colour: str, rank: int) -> Tile:
    return Tile(joker=True, as_colour=colour, as_number=number_at(rank)) if tile.joker else tile


def _first_colour(tiles: list[Tile]) -> str | None:
    return next((t.face_colour for t in tiles if t.face_colour), None)


def _place_added(
    added: list[Tile], colour: str, low: int, high: int, v: Variant, ace: str | None
) -> list[tuple[int, Tile]]:
    """The added tiles with their ranks: they must extend the run at its ends.

    An added ace lies before the 2 or, where runs may be high (12-13-1), after
    the 13, also when the 13 comes in the same addition (b11 b12 b13 b1 added to
    b3...b10). When both fit, `ace` must say which (Howarth's split differs)."""
    for t in added:
        if t.face_number is None:
            raise InvalidMeld(
                words(
                    "say which tile the added joker stands for, e.g. {example}",
                    example=TileCode(f"{JOKER_TOKEN}{STANDS_FOR}{colour}{number_at(high + 1)}"),
                ),
                field="added",
                tile=str(t),
            )
    readings = [False, True] if v.ace_high else [False]
    if ace is not None and any(t.face_number == 1 for t in added):
        readings = [ace == "high"] if v.ace_high or ace == "low" else []
        if not readings:
            raise InvalidMeld(
                words("an ace lies only low in {variant}", variant=v.name), field="ace"
            )
    fits, errors = [], []
    for ace_high in readings:
        try:
            fits.append(_place_at_ends(added, colour, low, high, ace_high))
        except InvalidMeld as error:
            errors.append(error)
    if not fits:
        raise errors[0]
    if len(fits) > 1 and fits[0] != fits[1]:
        token = next(str(t) for t in added if t.face_number == 1)
        raise InvalidMeld(
            words(
                "{token} could lie before the {two} or after the {thirteen}: say which end "
                "(low or high)",
                token=token,
                two=TileCode(f"{colour}2"),
                thirteen=TileCode(f"{colour}13"),
            ),
            field="ace",
            tile=token,
        )
    return fits[0]


def _place_at_ends(
    added: list[Tile], colour: str, low: int, high: int, ace_high: bool
) -> list[tuple[int, Tile]]:
    """The added tiles with their ranks, an ace low or high as told, or InvalidMeld."""
    placed = []
    for t in added:
        rank = 14 if t.face_number == 1 and ace_high else t.face_number or 0
        placed.append((rank, _as(t, colour, rank)))
    placed.sort(key=lambda pair: pair[0])
    ranks = [r for r, _ in placed]
    below = [r for r in ranks if r < low]
    above = [r for r in ranks if r > high]
    if len(below) + len(above) != len(ranks):
        inside = next(t for r, t in placed if low <= r <= high)
        raise InvalidMeld(
            words("{inside} is inside the run; tiles are added at its ends", inside=inside),
            field="added",
            tile=str(inside),
        )
    if below != list(range(low - len(below), low)) or above != list(
        range(high + 1, high + 1 + len(above))
    ):
        raise InvalidMeld(
            words(
                "{tiles} does not extend the run {low}...{high} without a gap",
                tiles=format_tiles(added),
                low=number_at(low),
                high=number_at(high),
            ),
            field="added",
        )
    return placed


def _check_whole_run(full: list[tuple[int, Tile]], colour: str, v: Variant) -> None:
    """The run with its stacked middle tiles put back must be legal."""
    present = {rank: t for rank, t in full}
    whole = [present.get(r, Tile(colour, number_at(r))) for r in range(full[0][0], full[-1][0] + 1)]
    check_meld(whole, v)


def _choose(
    middle: list[tuple[int, Tile]], amount: int, own: set[int], v: Variant, added_high: bool
) -> list[tuple[int, Tile]]:
    """The middle tiles to take: the largest amount not above what was added;
    among equals, the adder's own tiles first, then as many tiles as possible,
    then those nearest where the tiles were added."""
    best, best_key = [], None
    for size in range(len(middle) + 1):
        for pick in combinations(middle, size):
            total = sum(_value(rank, v) for rank, _ in pick)
            if total > amount:
                continue
            nearness = sum(rank if added_high else -rank for rank, _ in pick)
            key = (total, sum(rank in own for rank, _ in pick), size, nearness)
            if best_key is None or key > best_key:
                best, best_key = list(pick), key
    return best
