"""What the tiles left on each rack cost under the variant, worked out once per hand."""

from __future__ import annotations

from .melds import rack_value
from .record import HandRecord, PlayerHand
from .variants import Variant


def rack_points(p: PlayerHand, v: Variant, costs: list[int] | None = None) -> int:
    """What the tiles left on a player's rack cost under the variant (`costs`: each
    tile's cost, when already worked out)."""
    if p.rack is None:
        plain = p.rack_jokers - p.swapped_jokers
        return (p.rack_points or 0) + plain * v.joker_rack + p.swapped_jokers * v.rack_swapped_joker
    return sum(tile_costs(p, v) if costs is None else costs)


def tile_costs(p: PlayerHand, v: Variant) -> list[int]:
    """What each tile on a player's rack costs; as many of its jokers as the player took
    by a swap cost what a swapped joker does."""
    costs, swapped = [], p.swapped_jokers
    for tile in p.rack or ():
        is_swapped = tile.joker and swapped > 0
        swapped -= is_swapped
        costs.append(rack_value(tile, v, swapped=is_swapped))
    return costs


def racks_of(hand: HandRecord) -> tuple[dict[str, int], dict[str, list[int] | None]]:
    """Each player's rack value, and each tile's cost where the rack is given as tiles:
    worked out once per hand, for the scores and for the words that explain them."""
    v = hand.variant
    costs = {p.name: tile_costs(p, v) if p.rack is not None else None for p in hand.players}
    return {p.name: rack_points(p, v, costs[p.name]) for p in hand.players}, costs
