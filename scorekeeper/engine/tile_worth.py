"""What each tile of a meld counts, and why: the meld checker's explanation of a meld's
value (issue 25). A numbered tile counts its number unless the variant gives its range a
value of its own (Romanian rummy: 5 for a 2 to 9, 10 for a 10 to 13) or an ace a value by
where it lies; a joker counts the tile it stands for, unless the variant gives a joker a
fixed value in the opening (Tile Rummy) or keeps it out of the opening (rummy with cards);
where melds score at the end of the hand a melded joker may score a bonus of its own
(Romanian rummy's 50). The values are the ones `melds.opening_values` and
`melds.end_values` give, so the lines add up to the meld checker's two figures."""

from __future__ import annotations

from dataclasses import dataclass

from .melds import HIGH_RUN, IN_SET, LOW_RUN, Meld, end_values, number_at, opening_values
from .tiles import Tile
from .variants import Variant
from .words import Words, words


@dataclass(frozen=True)
class TileWorth:
    """One tile of a meld as it lies (a joker saying what it stands for), what it adds to
    the meld's opening value (nothing where a joker keeps the meld out of the opening), what
    it scores at the end of the hand (None where melds score nothing then), and why, in one
    or two sentences."""

    tile: Tile
    opening: int
    end: int | None
    why: tuple[Words, ...]


def tile_worths(meld: Meld, v: Variant) -> tuple[TileWorth, ...]:
    """Each tile of a legal meld, in the order it lies on the table, with its values."""
    face, end = opening_values(meld, v), end_values(meld, v)
    melded = v.scoring == "melded"
    # Rummy with card-faced tiles: a meld with a joker counts 0 toward it (openings.check).
    kept_out = bool(meld.jokers) and v.opening_joker == "not_allowed"
    found = []
    for i in sorted(range(len(meld.tiles)), key=lambda i: meld.ranks[i]):
        tile, rank = meld.tiles[i], meld.ranks[i]
        if tile.joker:
            why = _joker_why(face[i], end[i], v)
        else:
            why = (_number_why(number_at(rank), _where(meld, rank), face[i], v),)
        opening = 0 if kept_out else face[i]
        found.append(TileWorth(tile, opening, end[i] if melded else None, why))
    return tuple(found)


def _where(meld: Meld, rank: int) -> str:
    if meld.kind == "set":
        return IN_SET
    return HIGH_RUN if rank >= 14 else LOW_RUN


def _number_why(number: int, where: str, value: int, v: Variant) -> Words:
    """Why a numbered tile counts what it does (the variant's tile values)."""
    if number == 1 and v.ace_place_matters:
        # Romanian rummy's aces: 5 at the low end of a run, 10 after the 13, 25 in a set.
        if where == LOW_RUN:
            return words(
                "counts {value}: here an ace counts {value} at the low end of a run", value=value
            )
        if where == HIGH_RUN:
            return words(
                "counts {value}: here an ace counts {value} after the 13 of a run", value=value
            )
        return words("counts {value}: here an ace counts {value} in a set", value=value)
    if number == 1 and value != 1:
        return words("counts {value}: here an ace counts {value}", value=value)
    if 2 <= number <= 9 and v.value_2_9 is not None:
        return words("counts {value}: here every tile from 2 to 9 counts {value}", value=value)
    if number >= 10 and v.value_10_13 is not None:
        return words("counts {value}: here every tile from 10 to 13 counts {value}", value=value)
    return words("counts {value}, the number on the tile", value=value)


def _joker_why(opening: int, end: int, v: Variant) -> tuple[Words, ...]:
    """Why a joker counts what it does toward the opening and, where melds score, at the
    end of the hand."""
    if v.opening_joker == "fixed":
        first = words(
            "a joker: toward the opening it counts {value}, the fixed value of a joker here",
            value=opening,
        )
    elif v.opening_joker == "not_allowed":
        first = words(
            "a joker: it may not be used in the opening here, so the meld counts nothing there"
        )
    else:
        first = words("a joker: it counts {value}, as the tile it stands for does", value=opening)
    if v.scoring != "melded":
        return (first,)
    if v.melded_joker_bonus is not None:
        return first, words(
            "at the end of the hand it scores {value}, the bonus for a melded joker here",
            value=end,
        )
    if v.opening_joker != "stands_for" or end != opening:
        return first, words(
            "at the end of the hand it scores {value}, as the tile it stands for does", value=end
        )
    return (first,)
