"""Melds: is this a legal set or run under the variant, and what each tile is worth in it."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from .errors import InvalidMeld
from .tile_codes import TileCode
from .tiles import COLOURS, JOKER_TOKEN, STANDS_FOR, Tile, format_tiles, joker_as
from .variants import Variant
from .words import Words, counted, words

SET, RUN = "set", "run"
# The kinds in words for people; SET and RUN stay the data the engine compares and stores.
MELD_KINDS = {SET: words("set"), RUN: words("run")}


@dataclass(frozen=True)
class Meld:
    """A legal set or run. `tiles` keep the order they were given in, every
    joker saying what it stands for as far as the meld decides it; `ranks`
    give each tile's place: in a run 1..13, 14 for an ace after the 13 (and
    on past 14 in a variant whose runs wrap); in a set, the set's number."""

    kind: str
    tiles: tuple[Tile, ...]
    ranks: tuple[int, ...]

    @property
    def jokers(self) -> int:
        """How many jokers the meld holds."""
        return sum(t.joker for t in self.tiles)

    def in_order(self) -> list[Tile]:
        """The tiles as they lie on the table: a run from low to high."""
        return [t for _, t in sorted(zip(self.ranks, self.tiles, strict=True), key=_first)]

    def __str__(self) -> str:
        return format_tiles(self.in_order())


def _first(pair: tuple[int, Tile]) -> int:
    return pair[0]


def number_at(rank: int) -> int:
    """The number on the tile at a run position (14 is the ace after the 13)."""
    return (rank - 1) % 13 + 1


# --- Checking ---------------------------------------------------------------


def check_meld(tiles: list[Tile] | tuple[Tile, ...], variant: Variant) -> Meld:
    """The legal meld these tiles make, or InvalidMeld with the exact reason
    (`field` "tiles", and `tile` the tile at fault where there is one)."""
    tiles = tuple(tiles)
    if len(tiles) < 3:
        raise InvalidMeld(
            words(
                "{tiles}: a meld needs at least 3 tiles",
                tiles=format_tiles(tiles) or words("no tiles"),
            ),
            field="tiles",
        )
    reals = [t for t in tiles if not t.joker]
    if not reals:
        raise InvalidMeld(
            words("a meld needs at least one numbered tile, not only jokers"), field="tiles"
        )
    as_set, as_run = _try_set(tiles, variant), _try_run(tiles, variant)
    if isinstance(as_set, Meld) and isinstance(as_run, Meld):
        raise InvalidMeld(
            words(
                "{tiles} could be a set or a run: say what a joker stands for, e.g. "
                "{example} for a run",
                tiles=format_tiles(tiles),
                example=TileCode(
                    f"{JOKER_TOKEN}{STANDS_FOR}{reals[0].colour}{_neighbour(reals[0].number or 0)}"
                ),
            ),
            field="tiles",
            tile=str(next(t for t in tiles if t.joker)),
        )
    if isinstance(as_set, Meld):
        return as_set
    if isinstance(as_run, Meld):
        return as_run
    raise _why_neither(tiles, reals, as_set, as_run)


def _why_neither(
    tiles: tuple[Tile, ...], reals: list[Tile], as_set: _Why, as_run: _Why
) -> InvalidMeld:
    """The refusal of tiles that are neither a set nor a run: the reason that fits."""
    if len(reals) == 1:
        return InvalidMeld(
            words(
                "not a set: {as_set}; not a run: {as_run}", as_set=as_set.text, as_run=as_run.text
            ),
            field="tiles",
            tile=as_set.tile or as_run.tile,
        )
    if len({t.number for t in reals}) == 1:
        return InvalidMeld(
            words("not a set: {as_set}", as_set=as_set.text), field="tiles", tile=as_set.tile
        )
    if len({t.colour for t in reals}) == 1:
        return InvalidMeld(
            words("not a run: {as_run}", as_run=as_run.text), field="tiles", tile=as_run.tile
        )
    return InvalidMeld(
        words(
            "{tiles}: a set needs one number in different colours, a run one "
            "colour in consecutive numbers",
            tiles=format_tiles(tiles),
        ),
        field="tiles",
    )


@dataclass(frozen=True)
class _Why:
    """Why tiles are not a set (or not a run), and the tile at fault if one is."""

    text: Words | str
    tile: str | None = None


def _neighbour(number: int) -> int:
    return number + 1 if number < 13 else number - 1


def _try_set(tiles: tuple[Tile, ...], v: Variant) -> Meld | _Why:
    """The tiles as a set, or the reason they are not one."""
    reals = [t for t in tiles if not t.joker]
    jokers = [t for t in tiles if t.joker]
    number = reals[0].number or 0
    for t in reals:
        if t.number != number:
            return _Why(
                words("{first} and {tile} are different numbers", first=reals[0], tile=t), str(t)
            )
    twice = [c for c, n in Counter(t.colour for t in reals).items() if n > 1]
    if twice:
        return _Why(
            words(
                "{tile} appears twice; a set needs different colours",
                tile=TileCode(f"{twice[0]}{number}"),
            ),
            f"{twice[0]}{number}",
        )
    if len(tiles) > 4:
        return _Why(words("a set has at most 4 tiles, one of each colour"))
    for j in jokers:
        if j.as_number is not None and j.as_number != number:
            return _Why(
                words("{joker} cannot stand in a set of {number}s", joker=j, number=number), str(j)
            )
    used = {t.colour for t in reals}
    for j in jokers:
        if j.as_colour is not None:
            if j.as_colour in used:
                return _Why(
                    words("{joker} stands for a colour the set already has", joker=j), str(j)
                )
            used.add(j.as_colour)
    problem = _joker_limits(len(reals), len(jokers), v, SET)
    if problem:
        return _Why(problem, str(jokers[-1]))
    missing = [c for c in COLOURS if c not in used]
    unknown = [j for j in jokers if j.as_colour is None]
    resolved = []
    for t in tiles:
        if not t.joker:
            resolved.append(t)
        elif t.as_colour is None and len(unknown) == len(missing) == 1:
            resolved.append(joker_as(missing[0], number))
        else:
            resolved.append(joker_as(t.as_colour, number))
    return Meld(SET, tuple(resolved), (number,) * len(tiles))


def _try_run(tiles: tuple[Tile, ...], v: Variant) -> Meld | _Why:
    """The tiles as a run, or the reason they are not one."""
    reals = [t for t in tiles if not t.joker]
    colour = reals[0].colour
    for t in reals:
        if t.colour != colour:
            return _Why(
                words("{first} and {tile} are different colours", first=reals[0], tile=t), str(t)
            )
    for j in tiles:
        if j.joker and j.as_colour not in (None, colour):
            return _Why(
                words("{joker} cannot stand in a run of colour {colour}", joker=j, colour=colour),
                str(j),
            )
    seen = Counter(t.number for t in reals)
    twice = [n for n, c in seen.items() if c > 1]
    if twice:
        return _Why(
            words(
                "{tile} appears twice; a run needs consecutive numbers",
                tile=TileCode(f"{colour}{twice[0]}"),
            ),
            f"{colour}{twice[0]}",
        )
    if len(tiles) > 13:
        return _Why(words("a run has at most 13 tiles"))
    ranks = _ranks_as_typed(tiles, v) or _ranks_sorted(tiles, v)
    if ranks is None:
        return _why_not_run(tiles, v)
    jokers = len(tiles) - len(reals)
    problem = _joker_limits(len(reals), jokers, v, RUN)
    if problem:
        return _Why(problem, str([t for t in tiles if t.joker][-1]))
    if not v.adjacent_jokers:
        by_rank = sorted(zip(ranks, tiles, strict=True), key=_first)
        for (_, a), (_, b) in itertools.pairwise(by_rank):
            if a.joker and b.joker:
                return _Why(words("two jokers may not lie next to each other in a run"), str(b))
    resolved = tuple(
        joker_as(colour, number_at(r)) if t.joker else t for t, r in zip(tiles, ranks, strict=True)
    )
    return Meld(RUN, resolved, tuple(ranks))


def _starts(length: int, v: Variant) -> range:
    """Every first rank a run of this length may have under the variant."""
    if v.wrap:
        return range(1, 14)
    last = 14 if v.ace_high else 13
    return range(1, last - length + 2)


def _fits(tile: Tile, rank: int) -> bool:
    number = number_at(rank)
    if tile.joker:
        return tile.as_number in (None, number)
    return tile.number == number


def _ranks_as_typed(tiles: tuple[Tile, ...], v: Variant) -> list[int] | None:
    """Ranks when the tiles were given in order from low to high."""
    for start in _starts(len(tiles), v):
        ranks = list(range(start, start + len(tiles)))
        if all(_fits(t, r) for t, r in zip(tiles, ranks, strict=True)):
            return ranks
    return None


def _ranks_sorted(tiles: tuple[Tile, ...], v: Variant) -> list[int] | None:
    """Ranks when the tiles were given in any order: jokers fill the gaps and
    any left over go above the highest tile (below it where that is full)."""
    for start in reversed(_starts(len(tiles), v)):
        span = {number_at(r): r for r in range(start, start + len(tiles))}
        ranks: list[int | None] = [None] * len(tiles)
        taken: set[int] = set()
        ok = True
        for i, t in enumerate(tiles):
            number = t.face_number
            if number is None:
                continue
            if number not in span or span[number] in taken:
                ok = False
                break
            ranks[i] = span[number]
            taken.add(span[number])
        if not ok:
            continue
        free = iter(sorted(set(span.values()) - taken))
        result = [r if r is not None else next(free) for r in ranks]
        return result
    return None


def _why_not_run(tiles: tuple[Tile, ...], v: Variant) -> _Why:
    """The plain reason real tiles of one colour still make no run."""
    reals = sorted((t for t in tiles if not t.joker), key=lambda t: t.number or 0)
    numbers = [t.number or 0 for t in reals]
    colour = reals[0].colour
    if 1 in numbers and 13 in numbers and 2 in numbers and not v.wrap:
        return _Why(words("a run may not go round the corner from 13 to 1 to 2"), f"{colour}1")
    if 1 in numbers and 13 in numbers and not v.ace_high:
        return _Why(words("the ace is only low here: 12-13-1 is not a run"), f"{colour}1")
    low, high = numbers[0], numbers[-1]
    if 1 in numbers and v.ace_high and high >= 12:
        low_numbers = [n for n in numbers if n != 1]
        low, high = low_numbers[0], 14
    missing = [n for n in range(low, high + 1) if number_at(n) not in numbers]
    jokers = sum(t.joker for t in tiles)
    if len(missing) > jokers:
        gap = format_tiles(f"{colour}{number_at(n)}" for n in missing[: len(missing) - jokers])
        return _Why(
            words(
                "{gap} missing between {first} and {last}", gap=gap, first=reals[0], last=reals[-1]
            )
        )
    return _Why(
        words("the jokers do not fit where they were said to stand"),
        next((str(t) for t in tiles if t.joker), None),
    )


def _joker_limits(reals: int, jokers: int, v: Variant, kind: str) -> Words | None:
    """Which joker limit of the variant the meld breaks, if any."""
    if v.max_jokers_per_meld is not None and jokers > v.max_jokers_per_meld:
        return counted(
            "at most {n} joker in a meld here",
            "at most {n} jokers in a meld here",
            n=v.max_jokers_per_meld,
        )
    ratio = v.joker_ratio_sets if kind == SET else v.joker_ratio_runs
    if ratio and reals < 2 * jokers:
        if kind == SET:
            return words("a set must hold at least twice as many numbered tiles as jokers")
        return words("a run must hold at least twice as many numbered tiles as jokers")
    return None


# --- Values -----------------------------------------------------------------

LOW_RUN, HIGH_RUN, IN_SET, ON_RACK = "low run", "high run", "set", "rack"


def number_value(number: int, v: Variant, where: str) -> int:
    """What a numbered tile is worth; the ace depends on where it lies."""
    if number == 1:
        return {
            LOW_RUN: v.ace_low_run,
            HIGH_RUN: v.ace_high_run,
            IN_SET: v.ace_set,
            ON_RACK: v.ace_rack,
        }[where]
    if number <= 9:
        return number if v.value_2_9 is None else v.value_2_9
    return number if v.value_10_13 is None else v.value_10_13


def rack_value(tile: Tile, v: Variant, *, swapped: bool = False) -> int:
    """What a tile left on a rack costs."""
    if tile.joker:
        return v.rack_swapped_joker if swapped else v.joker_rack
    # number_value written out: a rack's every tile is costed for every hand.
    number = tile.number or 0
    if number == 1:
        return v.ace_rack
    if number <= 9:
        return number if v.value_2_9 is None else v.value_2_9
    return number if v.value_10_13 is None else v.value_10_13


def _where(meld: Meld, rank: int) -> str:
    if meld.kind == SET:
        return IN_SET
    return HIGH_RUN if rank >= 14 else LOW_RUN


def stood_for_value(meld: Meld, index: int, v: Variant) -> int:
    """The value of the tile at `index`, a joker counting the tile it stands for."""
    rank = meld.ranks[index]
    return number_value(number_at(rank), v, _where(meld, rank))


def opening_values(meld: Meld, v: Variant) -> list[int]:
    """What each tile counts toward the opening threshold."""
    values = []
    for i, t in enumerate(meld.tiles):
        if t.joker and v.opening_joker == "fixed":
            values.append(v.opening_joker_value)
        else:
            values.append(stood_for_value(meld, i, v))
    return values


def end_values(meld: Meld, v: Variant) -> list[int]:
    """What each tile scores as melded value at the end of the hand. A joker
    scores the variant's bonus (for the player credited with it) or the tile it
    stands for."""
    bonus = v.melded_joker_bonus
    if meld.kind == SET:
        each = number_value(meld.ranks[0], v, IN_SET)
        return [bonus if t.joker and bonus is not None else each for t in meld.tiles]
    return [
        bonus
        if t.joker and bonus is not None
        else number_value(number_at(rank), v, HIGH_RUN if rank >= 14 else LOW_RUN)
        for t, rank in zip(meld.tiles, meld.ranks, strict=True)
    ]
