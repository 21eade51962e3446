"""The search behind a rack's best opening (the way it works is told in `openings.py`):
every meld the rack's tiles could make, and the depth-first search over what is left of the
rack, held as an integer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations

from .melds import HIGH_RUN, IN_SET, LOW_RUN, number_at, number_value
from .tiles import COLOURS, Tile, joker_as
from .variants import Variant

MeldTiles = Callable[[], tuple[Tile, ...]]
"""How to write out a candidate meld's tiles, called only for the melds of the answer."""
RackIndex = dict[tuple[str, int], int]
"""The place of each kind of tile (colour, number) in the rack's integer."""
Keep = Callable[[int, int, bool, int, MeldTiles], None]
"""Keep a candidate meld: the tiles it needs, its jokers, whether a run, its value, its tiles."""


JOKERS = 30  # bit of the joker count in a rack state: 15 kinds of tile x 2 bits below it
NEEDS_RUN = 1 << 32  # the opening still needs a run (Rummy Meld)
NONE = -(10**6)  # no opening at all (no run where one is needed, or no cover)


@dataclass(frozen=True)
class Candidate:
    """One meld the rack could make: the tiles it takes (`need`, one bit per
    kind), its jokers, what it counts in the opening, and how to write out its
    tiles (done only for the melds of the answer: most are never shown)."""

    need: int
    jokers: int
    value: int
    is_run: bool
    tiles: MeldTiles


class Search:
    """Depth-first search over the rack, remembering each remaining rack's best.

    With `cover`, every tile must be laid (the whole hand at once); without,
    the lowest tile may also stay on the rack."""

    def __init__(self, by_low: list[list[Candidate]], *, cover: bool):
        # Plain tuples: the inner loop runs thousands of times on a rich rack.
        self.by_low = [
            [(c.need, c.jokers, c.need + (c.jokers << JOKERS), c.value, c.is_run, c) for c in group]
            for group in by_low
        ]
        self.cover = cover
        self.memo: dict[int, tuple[int, Candidate | None, int]] = {}
        self.low_bits = sum(1 << (2 * i) for i in range(len(by_low)))

    def best(self, state: int) -> int:
        """The best opening value of this remaining rack (NONE when there is none)."""
        memo, by_low, low_bits, cover = self.memo, self.by_low, self.low_bits, self.cover

        def solve(state: int) -> int:
            got = memo.get(state)
            if got is not None:
                return got[0]
            present = (state | state >> 1) & low_bits
            if not present:
                left = state >> JOKERS & 3 if cover else 0
                value = NONE if left or state & NEEDS_RUN else 0
                memo[state] = (value, None, -1)
                return value
            lowest = present & -present
            if cover:
                best, choice, after = NONE, None, -1
            else:
                after = state - lowest  # the lowest tile stays on the rack
                best, choice = solve(after), None
            jokers = state >> JOKERS & 3
            for need, needs_jokers, taken, worth, is_run, c in by_low[lowest.bit_length() >> 1]:
                if need & ~present or needs_jokers > jokers:
                    continue
                rest = state - taken
                if is_run:
                    rest &= ~NEEDS_RUN
                rest_value = solve(rest)
                if rest_value < 0:
                    continue  # nothing can be laid from what is left (no run, no cover)
                if worth + rest_value > best:
                    best, choice, after = worth + rest_value, c, rest
            memo[state] = (best, choice, after)
            return best

        return solve(state)

    def melds(self, state: int) -> tuple[tuple[Tile, ...], ...]:
        """The melds of the best opening found from `state`."""
        melds = []
        while state != -1:
            _, choice, state = self.memo[state]
            if choice is not None:
                melds.append(choice.tiles())
        return tuple(melds)


def candidates(index: RackIndex, jokers: int, v: Variant) -> list[list[Candidate]]:
    """Every legal meld the rack's tiles can make, grouped by its lowest kind.

    Of melds taking the same tiles and jokers, only the highest-valued of
    each kind (set or run) is kept: where a joker stands changes nothing else.
    Their tiles are written out only for the melds kept."""
    found: dict[tuple[int, int, bool], tuple[int, MeldTiles]] = {}

    def keep(need: int, count: int, is_run: bool, value: int, tiles: MeldTiles) -> None:
        key = (need, count, is_run)
        old = found.get(key)
        if old is None or value > old[0]:
            found[key] = (value, tiles)

    fixed = v.opening_joker_value if v.opening_joker == "fixed" else None
    numbers: dict[int, list[str]] = {}
    for colour, number in index:
        numbers.setdefault(number, []).append(colour)
    for number, colours in numbers.items():
        _sets(number, colours, index, jokers, fixed, v, keep)
    for colour in {c for c, _ in index}:
        _runs(colour, index, jokers, fixed, v, keep)
    by_low: list[list[Candidate]] = [[] for _ in index]
    for (need, count, is_run), (value, tiles) in found.items():
        by_low[(need & -need).bit_length() >> 1].append(
            Candidate(need, count, value, is_run, tiles)
        )
    for group in by_low:
        group.sort(key=lambda c: -c.value)  # good answers first
    return by_low


def _joker_limits_allow(reals: int, jokers: int, ratio: bool, v: Variant) -> bool:
    if v.max_jokers_per_meld is not None and jokers > v.max_jokers_per_meld:
        return False
    # Romanian tile rummy: at least twice as many numbered tiles as jokers.
    return not (ratio and reals < 2 * jokers)


def _sets(
    number: int,
    colours: list[str],
    index: RackIndex,
    jokers: int,
    fixed: int | None,
    v: Variant,
    keep: Keep,
) -> None:
    """Every set of this number: some of its colours on the rack, jokers for others."""
    each = number_value(number, v, IN_SET)
    joker_value = each if fixed is None else fixed
    for size in range(1, min(len(colours), 4) + 1):
        for chosen in combinations(colours, size):
            need = sum(1 << (2 * index[(c, number)]) for c in chosen)
            for count in range(jokers + 1):
                if not 3 <= size + count <= 4:
                    continue
                if not _joker_limits_allow(size, count, v.joker_ratio_sets, v):
                    continue
                keep(
                    need,
                    count,
                    False,
                    size * each + count * joker_value,
                    partial(_set_tiles, number, chosen, count),
                )


def _set_tiles(number: int, chosen: tuple[str, ...], count: int) -> tuple[Tile, ...]:
    """A set in colour order, its jokers standing for colours no tile has."""
    missing = [c for c in COLOURS if c not in chosen][:count]
    return tuple(
        Tile(c, number) if c in chosen else joker_as(c, number)
        for c in COLOURS
        if c in chosen or c in missing
    )


def _runs(
    colour: str, index: RackIndex, jokers: int, fixed: int | None, v: Variant, keep: Keep
) -> None:
    """Every run of this colour: a first rank and a length, jokers filling the
    gaps and, where it pays, standing for tiles the rack also holds."""
    last = 14 if v.ace_high else 13  # rank 14: the ace after the 13
    ranks = range(1, 14) if v.wrap else range(1, last - 1)
    for start in ranks:
        missing: list[int] = []
        for length in range(1, 14):
            rank = start + length - 1
            if not v.wrap and rank > last:
                break
            if (colour, number_at(rank)) not in index:
                missing.append(length - 1)
                if len(missing) > jokers:
                    break
            if length >= 3:
                _run_placements(colour, start, length, missing, index, jokers, fixed, v, keep)


def _run_placements(
    colour: str,
    start: int,
    length: int,
    missing: list[int],
    index: RackIndex,
    jokers: int,
    fixed: int | None,
    v: Variant,
    keep: Keep,
) -> None:
    """The run from `start` of `length` with jokers in the missing places and
    possibly in others too (freeing the tile there for another meld)."""
    ranks = range(start, start + length)
    values = [number_value(number_at(r), v, HIGH_RUN if r >= 14 else LOW_RUN) for r in ranks]
    joker_values = values if fixed is None else [fixed] * length
    bits = [
        1 << (2 * index[(colour, number_at(r))]) if i not in missing else 0
        for i, r in enumerate(ranks)
    ]
    need = sum(bits)
    value = sum(joker_values[i] if i in missing else values[i] for i in range(length))
    present = [i for i in range(length) if i not in missing]
    for extra in range(jokers - len(missing) + 1):
        for more in combinations(present, extra):
            count = len(missing) + extra
            if count == length:
                continue
            if not _joker_limits_allow(length - count, count, v.joker_ratio_runs, v):
                continue
            places = (*missing, *more)
            if not v.adjacent_jokers and any(p + 1 in places for p in places):
                continue  # Rummy Meld: no two jokers next to each other
            keep(
                need - sum(bits[i] for i in more),
                count,
                True,
                value + sum(joker_values[i] - values[i] for i in more),
                partial(_run_tiles, colour, ranks, frozenset(places)),
            )


def _run_tiles(colour: str, ranks: range, places: frozenset[int]) -> tuple[Tile, ...]:
    """A run from low to high, jokers standing in `places`."""
    return tuple(
        joker_as(colour, number_at(r)) if i in places else Tile(colour, number_at(r))
        for i, r in enumerate(ranks)
    )
