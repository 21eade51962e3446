"""The melded value each player's part of a checked hand comes to: the tiles they put on
the table, by meld or counted loose, and the jokers credited to them."""

from __future__ import annotations

from .melds import LOW_RUN, end_values, number_value
from .record import HandRecord
from .tiles import Tile
from .variants import Variant


def loose_value(tile: Tile, place: str | None, v: Variant) -> int:
    """The melded value of a tile listed without its meld."""
    return number_value(tile.face_number or 0, v, place or LOW_RUN)


def melded_by_player(
    hand: HandRecord,
) -> tuple[dict[str, int], dict[str, int], dict[str, list[Tile]]]:
    """Each player's melded value, credited jokers and the tiles behind it."""
    v = hand.variant
    points = {p.name: 0 for p in hand.players}
    jokers = {p.name: 0 for p in hand.players}
    tiles: dict[str, list[Tile]] = {p.name: [] for p in hand.players}
    credits_jokers = v.melded_joker_bonus is not None
    for tm in hand.melds:
        for tile, who, value in zip(tm.meld.tiles, tm.by, end_values(tm.meld, v), strict=True):
            if tile.joker and credits_jokers:
                jokers[who] += 1
            else:
                points[who] += value
                tiles[who].append(tile)
    for p in hand.players:
        if p.melded_points is not None:
            points[p.name] += p.melded_points
        for tile, place in p.melded_tiles or ():
            points[p.name] += loose_value(tile, place, v)
            tiles[p.name].append(tile)
        jokers[p.name] += p.credited_jokers
    return points, jokers, tiles
