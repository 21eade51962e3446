"""Settling disputes at the table: is this a legal meld and what is it worth,
and what is the best opening a rack can lay under the variant.

The best opening is found exactly, not greedily. Every meld the rack's tiles
could make is listed first (runs by colour, first number and length, sets by
number and colours, jokers standing wherever the variant lets them). Then a
depth-first search takes the lowest tile left on the rack and either leaves it
unused or lays it in one of the melds that hold it, remembering the best value
of every rack it has already seen. Racks are small (at most 15 tiles), so the
remaining rack is an integer: two bits per kind of tile for its copies, then
the jokers, then whether the opening still needs a run. The listing and the search
are in `opening_search.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .ace_places import misplaced_ace
from .errors import InvalidMeld, RuleError
from .melds import Meld, check_meld, end_values, opening_values
from .opening_search import JOKERS, NEEDS_RUN, NONE, Candidate, Search, candidates
from .tiles import COLOURS, Tile
from .variants import Variant
from .words import Words, joined_by, words

MAX_RACK = 15  # the dealer's 15 tiles in Romanian tile rummy; 14 elsewhere


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
    reason: Words | str | None
    note: Words | str | None = None
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


def check_placed(placed: list[tuple[Tile, str | None]], variant: Variant) -> MeldCheck:
    """Check one meld written as the record form takes melded tiles, an ace perhaps saying
    where it lies (`r1/low`, ace_places.py): a place the meld contradicts is refused."""
    result = check([tile for tile, _ in placed], variant)
    if result.meld is None:
        return result
    wrong = misplaced_ace(result.meld, [place for _, place in placed])
    return MeldCheck(False, None, 0, 0, wrong) if wrong else result


def check(tiles: list[Tile] | tuple[Tile, ...], variant: Variant) -> MeldCheck:
    """Check one meld under the variant; an illegal meld says exactly why."""
    check_rack(tiles)
    try:
        meld = check_meld(tiles, variant)
    except InvalidMeld as error:
        return MeldCheck(False, None, 0, 0, error.words)
    notes: list[Words] = []
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
    return MeldCheck(True, meld.kind, opening, end, None, joined_by("; ", notes) or None, meld)


# --- The best opening ----------------------------------------------------------

# How a joker is counted among the tiles laid, whatever it stands for in its meld.
JOKER_KEY = ("joker", 0)


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
    by_low = candidates(index, usable, v)
    full = sum(reals[k] << (2 * i) for i, k in enumerate(kinds))
    needs_run = NEEDS_RUN if v.opening_needs_run else 0

    # Tiles in no meld at all are never laid; leaving them out keeps the search small.
    in_melds = 0
    for group in by_low:
        for c in group:
            in_melds |= c.need
    meldable = full & (in_melds | in_melds << 1)
    search = Search(by_low, cover=False)
    start = meldable | usable << JOKERS | needs_run
    value = search.best(start)
    melds = search.melds(start) if value > NONE else ()
    value = value if melds else 0
    opens = bool(melds) and value >= v.opening
    closing = _closing(full | jokers << JOKERS | needs_run, full - meldable, by_low, v)
    return Opening(value, melds, opens, closing)


def left_on_rack(rack: list[Tile] | tuple[Tile, ...], opening: Opening) -> tuple[Tile, ...]:
    """The tiles of the rack its best opening leaves there, in the rack's order: each meld's
    numbered tiles and as many jokers as it holds (laid as the tiles they stand for) go."""
    laid = Counter(JOKER_KEY if t.joker else (t.colour, t.number) for m in opening.melds for t in m)
    left = []
    for tile in rack:
        key = JOKER_KEY if tile.joker else (tile.colour, tile.number)
        if laid[key]:
            laid[key] -= 1
        else:
            left.append(tile)
    return tuple(left)


def going_out_ways(v: Variant) -> tuple[str, ...]:
    """The variant's ways of going out, the usual one first, as the whole rack may go
    down by them: a discard of the last tile may be a joker, so where the variant has
    both, discarding a joker is already one of its discards."""
    if "discard" in v.finishes:
        return tuple(f for f in v.finishes if f != "joker_discard")
    return v.finishes


def _closing(whole: int, stray: int, by_low: list[list[Candidate]], v: Variant) -> str | None:
    """The first of the variant's ways of going out by which the whole rack can go down
    at once, or None: every tile in legal melds that are themselves an opening, less the
    last tile where the way is a discard. `stray` tiles, in no meld, can only be the discard.

    Rummy Meld with a Jolly closing: the discard must be a joker."""
    search = Search(by_low, cover=True)
    for finish in going_out_ways(v):
        if any(
            state & ~NEEDS_RUN and search.best(state) >= max(v.opening, 1)
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
    if not stray and whole >> JOKERS & 3:
        states.append(whole - (1 << JOKERS))
    return states
