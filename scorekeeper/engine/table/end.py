"""The end of a hand played in table mode: the hand in the hand format, and its score."""

from __future__ import annotations

from typing import Any

from ..checks import has_rule
from ..errors import InvalidTile
from ..hands import read_hand
from ..names import name_key
from ..results import HandResult
from ..scoring import score_hand
from ..tiles import Tile, parse_tiles
from ..variants import PRESETS
from .refusals import seat_name
from .table import Table


def hand_record(
    table: Table,
    racks: dict[str, str],
    went_out: str | None = None,
    finish: str | None = None,
    all_at_once: bool | None = None,
    declared: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """The full hand in the JSON hand format, from the table and the racks.

    `racks` gives each player's tiles left (the notation; missing means none).
    `all_at_once` is inferred when not given: the player who went out laid every
    tile in the turn of their opening. A joker the player kept after a swap counts
    as swapped if a joker is still on their rack (the app cannot see whether it
    was discarded in the meantime)."""
    v = table.variant
    players = []
    out = seat_name(table.players, went_out, "went_out") if went_out is not None else None
    # The racks and declarations may name a player in another case or form of their name.
    racks = {name_key(n): r for n, r in racks.items()}
    declared = {name_key(n): d for n, d in (declared or {}).items()}
    for name in table.players:
        rack = racks.get(name_key(name), "")
        entry: dict[str, Any] = {"name": name, "rack": rack}
        jokers_on_rack = sum(t.joker for t in _rack_tiles(rack))
        swapped = min(table.swapped_jokers(name), jokers_on_rack)
        if swapped and has_rule(v, "swapped_jokers"):
            entry["swapped_jokers"] = swapped
        if name == out:
            entry["went_out"] = True
            if finish is not None:
                entry["finish"] = finish
            at_once = all_at_once
            if at_once is None:
                at_once = table.in_opening_turn(name)
            if at_once and has_rule(v, "all_at_once"):
                entry["all_at_once"] = True
        if declared.get(name_key(name)):
            entry["declared"] = list(declared[name_key(name)])
        players.append(entry)
    variant: Any = v.id if PRESETS.get(v.id) == v else v.to_dict()
    return {"variant": variant, "players": players, "melds": table.to_melds()}


def _rack_tiles(rack: str) -> list[Tile]:
    try:
        return parse_tiles(rack, in_meld=False)
    except InvalidTile:
        return []  # read_hand will refuse it with the player's name


def score_table(table: Table, racks: dict[str, str], **end: Any) -> HandResult:
    """Score the hand from the table exactly as any other hand: through the hand format."""
    return score_hand(read_hand(hand_record(table, racks, **end)))
