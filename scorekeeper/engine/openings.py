"""Settling disputes at the table: is this a legal meld and what is it worth,
and what is the best opening a rack can lay under the variant.

The best opening is found exactly, not greedily. Every meld the rack's tiles
could make is listed first (runs by colour, first number and length, sets by
number and colours, jokers standing wherever the variant lets them). Then a
depth-first search takes the lowest tile left on the rack and either leaves it
unused or lays it in one of the melds that hold it, remembering the best value
of every rack it has already seen. Racks are small (at most 15 tiles), so the
remaining rack is an integer: two bits per kind of tile for its copies, then
the jokers, then whether the opening still needs a run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any

from .errors import InvalidMeld, RuleError
from .melds import (
    HIGH_RUN,
    IN_SET,
    LOW_RUN,
    Meld,
    check_meld,
    end_values,
    number_at,
    number_value,
    opening_values,
)
from .tiles import COLOURS, Tile, joker_as
from .variants import Variant
from .words import words

MAX_RACK = 15  # the dealer's 15 tiles in Romanian tile rummy; 14 elsewhere

MeldTiles = Callable[[], tuple[Tile, ...]]
"""How to write out a candidate meld's tiles, called only for the melds of the answer."""
RackIndex = dict[tuple[str, int], int]
"""The place of each kind of tile (colour, number) in the rack's integer."""
Keep = Callable[[int, int, bool, int, MeldTiles], None]
"""Keep a candidate meld: the tiles it needs, its jokers, whether a run, its value, its tiles."""


class InvalidRack(RuleError):
    """Tiles one player cannot hold: too many, or more copies than a set has."""


def check_rack(tiles: list[Tile] | tuple[Tile, ...]) -> None:
    """Refuse more than 15 tiles, more than two jokers or three copies of a tile."""
    if len(tiles) > MAX_RACK:
        raise InvalidRack(
            words("{count} tiles: a rack holds at most {most}", count=len(tiles), most=MAX_RACK),
            field="rack",
        )
    copies = Counter(t.key for t in tiles)
    for key, count in copies.items():
        if count > 2:
            said = (
                words("{count} jokers: a box of tiles holds only two", count=count)
                if key == "j"
                else words(
                    "{count} copies of {tile}: a box of tiles holds only two", count=count, tile=key
                )
            )
            raise InvalidRack(said, field="rack", tile=key)


# --- The meld checker ----------------------------------------------------------


@dataclass(frozen=True)
class MeldCheck:
    """What a meld is under a variant: legal or why not, and its values.

    `opening_value` is what it counts toward the opening threshold;
    `end_value` what it scores as melded value at the end of the hand. Under a
    variant that scores racks (Rummikub, Tile Rummy, card-faced Rummy) melds
    on the table score nothing at the end, so `end_value` is 0 there; `note`
    says so, and says when a joker keeps the meld out of the opening."""

    legal: bool
    kind: str | None
    opening_value: int
    end_value: int
    reason: str | None
    note: str | None = None
    meld: Meld | None = None

    def to_dict(self) -> dict[str, Any]:
        """The check as `scorekeeper check` prints it."""
        return {
            "legal": self.legal,
            "kind": self.kind,
            "opening_value": self.opening_value,
            "end_value": self.end_value,
            "reason": self.reason,
        }


def check(tiles: list[Tile] | tuple[Tile, ...], variant: Variant) -> MeldCheck:
    """Check one meld under the variant; an illegal meld says exactly why."""
    check_rack(tiles)
    try:
        meld = check_meld(tiles, variant)
    except InvalidMeld as error:
        return MeldCheck(False, None, 0, 0, str(error))
    notes = []
    opening = sum(opening_values(meld, variant))
    if meld.jokers and variant.opening_joker == "not_allowed":
        # Rummy with card-faced tiles: a joker may not be used in the opening meld.
        opening = 0
        notes.append(
            words("a joker may not be used in the opening here, so this meld counts 0 toward it")
        )
    if variant.scoring == "melded":
        end = sum(end_values(meld, variant))
    else:
        end = 0
        notes.append(
            words(
                "melds score nothing at the end of the hand here: "
                "only the tiles left on the racks count"
            )
        )
    return MeldCheck(True, meld.kind, opening, end, None, "; ".join(notes) or None, meld)


# --- The best opening ----------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """The highest-value opening a rack can lay, the melds that make it, whether
    it reaches the variant's threshold (`opens`), and the way of going out
    (`closing`, one of the variant's `finishes`) by which the whole rack, less
    the closing discard where that way has one, could be laid down at once as
    an opening: None when no way can (`all_at_once` is then False)."""

    value: int
    melds: tuple[tuple[Tile, ...], ...]
    opens: bool
    closing: str | None

    @property
    def all_at_once(self) -> bool:
        """Whether the whole rack can go down at once in some way of going out."""
        return self.closing is not None

    def to_dict(self) -> dict[str, Any]:
        """The opening as `scorekeeper best-opening` prints it."""
        return {
            "value": self.value,
            "melds": [[str(t) for t in m] for m in self.melds],
            "opens": self.opens,
            "all_at_once": self.all_at_once,
        }


_JOKERS = 30  # bit of the joker count in a rack state: 15 kinds of tile x 2 bits below it
_NEEDS_RUN = 1 << 32  # the opening still needs a run (Rummy Meld)
_NONE = -(10**6)  # no opening at all (no run where one is needed, or no cover)


@dataclass(frozen=True)
class _Candidate:
    """One meld the rack could make: the tiles it takes (`need`, one bit per
    kind), its jokers, what it counts in the opening, and how to write out its
    tiles (done only for the melds of the answer: most are never shown)."""

    need: int
    jokers: int
    value: int
    is_run: bool
    tiles: MeldTiles


def best_opening(rack: list[Tile] | tuple[Tile, ...], variant: Variant) -> Opening:
    """The exact best opening of a rack under the variant (see the module doc)."""
    check_rack(rack)
    v = variant
    reals = Counter((t.colour or "", t.number or 0) for t in rack if not t.joker)
    jokers = sum(t.joker for t in rack)
    # Kinds in number order, colours within a number: a set's tiles lie together.
    kinds = sorted(reals, key=lambda k: (k[1], COLOURS.index(k[0])))
    index = {k: i for i, k in enumerate(kinds)}
    # Rummy with card-faced tiles: no joker in the opening meld.
    usable = 0 if v.opening_joker == "not_allowed" else jokers
    by_low = _candidates(index, usable, v)
    full = sum(reals[k] << (2 * i) for i, k in enumerate(kinds))
    needs_run = _NEEDS_RUN if v.opening_needs_run else 0

    # Tiles in no meld at all are never laid; leaving them out keeps the search small.
    in_melds = 0
    for group in by_low:
        for c in group:
            in_melds |= c.need
    meldable = full & (in_melds | in_melds << 1)
    search = _Search(by_low, cover=False)
    start = meldable | usable << _JOKERS | needs_run
    value = search.best(start)
    melds = search.melds(start) if value > _NONE else ()
    value = value if melds else 0
    opens = bool(melds) and value >= v.opening
    closing = _closing(full | jokers << _JOKERS | needs_run, full - meldable, by_low, v)
    return Opening(value, melds, opens, closing)


def going_out_ways(v: Variant) -> tuple[str, ...]:
    """The variant's ways of going out, the usual one first, as the whole rack may go
    down by them: a discard of the last tile may be a joker, so where the variant has
    both, discarding a joker is already one of its discards."""
    if "discard" in v.finishes:
        return tuple(f for f in v.finishes if f != "joker_discard")
    return v.finishes


def _closing(whole: int, stray: int, by_low: list[list[_Candidate]], v: Variant) -> str | None:
    """The first of the variant's ways of going out by which the whole rack can go down
    at once, or None: every tile in legal melds that are themselves an opening, less the
    last tile where the way is a discard. `stray` tiles, in no meld, can only be the discard.

    Rummy Meld with a Jolly closing: the discard must be a joker."""
    search = _Search(by_low, cover=True)
    for finish in going_out_ways(v):
        if any(
            state & ~_NEEDS_RUN and search.best(state) >= max(v.opening, 1)
            for state in _going_out_racks(whole, stray, len(by_low), finish)
        ):
            return finish
    return None


def _going_out_racks(whole: int, stray: int, kinds: int, finish: str) -> list[int]:
    """The racks to lay down whole when a player goes out this way."""
    if finish == "rack_empty":
        return [] if stray else [whole]
    states = []
    if finish == "discard":
        if stray:
            # One stray tile may be the discard (a numbered tile: not for a joker closing).
            if stray & (stray - 1) == 0 and stray.bit_length() % 2 == 1:
                states.append(whole - stray)
        else:
            states.extend(whole - (1 << (2 * i)) for i in range(kinds))
    # Either discard may be a joker.
    if not stray and whole >> _JOKERS & 3:
        states.append(whole - (1 << _JOKERS))
    return states


class _Search:
    """Depth-first search over the rack, remembering each remaining rack's best.

    With `cover`, every tile must be laid (the whole hand at once); without,
    the lowest tile may also stay on the rack."""

    def __init__(self, by_low: list[list[_Candidate]], *, cover: bool):
        # Plain tuples: the inner loop runs thousands of times on a rich rack.
        self.by_low = [
            [
                (c.need, c.jokers, c.need + (c.jokers << _JOKERS), c.value, c.is_run, c)
                for c in group
            ]
            for group in by_low
        ]
        self.cover = cover
        self.memo: dict[int, tuple[int, _Candidate | None, int]] = {}
        self.low_bits = sum(1 << (2 * i) for i in range(len(by_low)))

    def best(self, state: int) -> int:
        """The best opening value of this remaining rack (_NONE when there is none)."""
        memo, by_low, low_bits, cover = self.memo, self.by_low, self.low_bits, self.cover

        def solve(state: int) -> int:
            got = memo.get(state)
            if got is not None:
                return got[0]
            present = (state | state >> 1) & low_bits
            if not present:
                left = state >> _JOKERS & 3 if cover else 0
                value = _NONE if left or state & _NEEDS_RUN else 0
                memo[state] = (value, None, -1)
                return value
            lowest = present & -present
            if cover:
                best, choice, after = _NONE, None, -1
            else:
                after = state - lowest  # the lowest tile stays on the rack
                best, choice = solve(after), None
            jokers = state >> _JOKERS & 3
            for need, needs_jokers, taken, worth, is_run, c in by_low[lowest.bit_length() >> 1]:
                if need & ~present or needs_jokers > jokers:
                    continue
                rest = state - taken
                if is_run:
                    rest &= ~_NEEDS_RUN
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


def _candidates(index: RackIndex, jokers: int, v: Variant) -> list[list[_Candidate]]:
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
    by_low: list[list[_Candidate]] = [[] for _ in index]
    for (need, count, is_run), (value, tiles) in found.items():
        by_low[(need & -need).bit_length() >> 1].append(
            _Candidate(need, count, value, is_run, tiles)
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
