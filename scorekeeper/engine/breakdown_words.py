"""The words of a hand's breakdown lines that are written from the hand itself: what is
left on a rack and what each tile of it costs, the racks a winner takes, the tiles put on the
table, the way of going out.

The words of the lines that name every tile are written only when read (see `Line`): a
series' totals and an import's check never read them."""

from __future__ import annotations

from .checks import FINISH_WORDS
from .names import isolated
from .record import PlayerHand
from .tiles import Tile, format_tiles
from .words import Words, counted, words


def against_you(p: PlayerHand, costs: list[int] | None) -> Words:
    return words("{rack} count against you", rack=_rack_words(p, costs))


def nobody_out_against_you(p: PlayerHand, costs: list[int] | None) -> Words:
    return words("Nobody went out. {rack} count against you", rack=_rack_words(p, costs))


def out_against_you(player: str, p: PlayerHand, costs: list[int] | None) -> Words:
    return words(
        "{player} went out. {rack} count against you", player=player, rack=_rack_words(p, costs)
    )


def sum_of_racks(taken: dict[str, int]) -> Words:
    # Each name isolated: a right-to-left name would otherwise take the points after it.
    listed = ", ".join(f"{isolated(name)} {points}" for name, points in taken.items())
    return words("Went out: the sum of the other racks ({taken})", taken=listed)


def put_on_table(tiles: list[Tile]) -> Words:
    return words("Tiles you put on the table ({tiles})", tiles=format_tiles(tiles))


def _rack_words(p: PlayerHand, costs: list[int] | None) -> Words:
    """The rack in words, with what each tile costs."""
    if p.rack is not None:
        if not p.rack:
            return words("Nothing left on your rack")
        shown = " + ".join(str(c) for c in costs or ())
        return words(
            "Tiles left on your rack ({tiles}: {costs})", tiles=format_tiles(p.rack), costs=shown
        )
    if p.rack_jokers:
        return counted(
            "Tiles left on your rack ({points} points and {n} joker)",
            "Tiles left on your rack ({points} points and {n} jokers)",
            points=p.rack_points or 0,
            n=p.rack_jokers,
        )
    return words("Tiles left on your rack ({points} points)", points=p.rack_points or 0)


def finish_words(finish: str | None) -> Words:
    return FINISH_WORDS.get(finish or "", words("going out"))
