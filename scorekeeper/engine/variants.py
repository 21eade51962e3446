"""A variant is data: one frozen set of rule parameters; every preset is a named value."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any

from .errors import InvalidVariant
from .variant_checks import (
    DIRECTIONS,
    FINISHES,
    OPENING_JOKERS,
    POOL_OUT_RULES,
    SCORINGS,
    SERIES_ENDS,
    SERIES_WINNERS,
    SPLITS,
    TABLE_RULES,
    TIME_UPS,
    check_player_count,
    check_variant,
)
from .words import Words, english, words

__all__ = [
    "DIRECTIONS",
    "FINISHES",
    "OPENING_JOKERS",
    "POOL_OUT_RULES",
    "PRESETS",
    "SCORINGS",
    "SERIES_ENDS",
    "SERIES_WINNERS",
    "SPLITS",
    "TABLE_RULES",
    "TIME_UPS",
    "Variant",
    "check_player_count",
    "check_variant",
    "preset",
]


@dataclass(frozen=True)
class Variant:
    """Every rule that decides how a hand is checked and scored."""

    id: str
    name: Words | str
    source: str  # key of SOURCES the preset follows
    based_on: str | None = None  # the preset a custom variant was copied from
    suits: bool = False  # show card suits instead of colours

    # Tile values. None for 2-9 or 10-13 means face value.
    value_2_9: int | None = None
    value_10_13: int | None = None
    ace_low_run: int = 1
    ace_high_run: int = 1
    ace_set: int = 1
    ace_rack: int = 1
    joker_rack: int = 30
    swapped_joker_rack: int | None = None  # None: the same as joker_rack

    # Melds.
    ace_high: bool = False  # 12-13-1 is a run
    wrap: bool = False  # 13-1-2 is a run
    max_jokers_per_meld: int | None = None  # None: no limit
    joker_ratio_sets: bool = False  # a set holds at least twice as many real tiles as jokers
    joker_ratio_runs: bool = False  # the same for a run
    adjacent_jokers: bool = True  # two jokers may lie side by side in a run

    # Opening.
    opening: int = 30
    opening_needs_run: bool = False
    opening_joker: str = "stands_for"  # stands_for | fixed | not_allowed
    opening_joker_value: int = 0  # with opening_joker == "fixed"
    opening_from_discard: bool = False
    first_round_no_melds: bool = False

    # Scoring a hand.
    scoring: str = "racks"  # racks: the winner takes the others' racks; melded: tiles on the table
    went_out_bonus: int = 0
    melded_joker_bonus: int | None = None  # None: a melded joker counts the tile it stands for
    all_at_once_bonus: tuple[int, int, int] | None = None  # with 0, 1, 2 jokers used
    never_opened_penalty: int | None = None
    never_opened_plus_rack: bool = False
    exposed_twin_bonus: int | None = None
    left_table_penalty: int | None = None
    joker_discard_doubles: bool = False
    finishes: tuple[str, ...] = ("rack_empty",)  # the first is the usual one
    going_out_min_melded: int | None = None
    pool_out: str = "lowest_rack_wins"
    last_chance_round: bool = False

    # Series.
    series_winner: str = "highest_total"
    deal_direction: str = "left"  # the direction of play (and of the deal): left is clockwise
    who_starts: str = "highest_draw"  # or after_dealer (engine/play_order.py)
    series_ends: tuple[str, ...] = ("hands", "rounds", "target")  # the first is the usual one
    min_players: int = 2
    max_players: int = 4

    # Playing a turn: the turn clock (seconds, None: no clock) and what happens when it runs
    # out (../shared/RULES.md, "Playing the hand"; a group may change or switch off the time).
    turn_limit: int | None = None
    time_up: str = "turn_ends"

    # Table mode: taking a joker from the table by a swap, and splitting melds.
    swap_meld_with: int | None = 2  # the joker is melded at once with this many rack tiles;
    # None: the swapper may keep it on the rack
    swap_again: bool = True  # a joker swapped before may be swapped again
    swap_whole_set: bool = True  # a set's joker goes only to every missing colour at once
    split_melds: str = "without_joker"  # never | without_joker | any

    def __post_init__(self) -> None:
        check_variant(self)

    @property
    def table_mode(self) -> bool:
        """Whether table mode can follow a hand: it follows the tiles each player
        puts on the table, which only a variant scoring melded value counts."""
        return self.scoring == "melded"

    @property
    def ace_place_matters(self) -> bool:
        """Whether an ace's value depends on where it lies (low run, high run, set),
        so that an ace among a player's melded tiles must say where it lay."""
        return len({self.ace_low_run, self.ace_high_run, self.ace_set}) > 1

    @property
    def custom(self) -> bool:
        """Whether this is a group's own variant rather than a preset."""
        return PRESETS.get(self.id) != self

    @property
    def rack_swapped_joker(self) -> int:
        """What a joker taken from the table by a swap costs on its holder's rack."""
        return self.joker_rack if self.swapped_joker_rack is None else self.swapped_joker_rack

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        data = asdict(self)
        # A preset's name is stored as its English text (`variant_from_dict` reads it back).
        data["name"] = english(self.name)
        for name, value in data.items():
            if isinstance(value, tuple):
                data[name] = list(value)
        return data

    def to_json(self) -> str:
        """The variant as JSON text."""
        return json.dumps(self.to_dict(), sort_keys=True)

    def changed(self, **changes: Any) -> Variant:
        """A copy with other values (checked like any variant)."""
        return replace(self, **changes)


# --- The presets (ids exactly as the rules specification lists them) ---------

RUMMIKUB = Variant(
    id="rummikub",
    name=words("Rummikub"),
    source="rummikub",
    joker_rack=30,
    opening=30,
    finishes=("rack_empty",),
    pool_out="lowest_rack_wins",
    series_winner="most_hands",
    series_ends=("rounds", "hands", "target"),
    split_melds="any",  # Rummikub official rules, Playing the Game: melds may be rearranged
    turn_limit=60,  # Rummikub official rules, Time Limit: 1 minute per player, per turn
    time_up="draw_tile",
)

TILE_RUMMY = Variant(
    id="tile-rummy",
    name=words("Tile Rummy"),
    source="tile-rummy",
    joker_rack=25,
    opening=30,
    opening_joker="fixed",
    opening_joker_value=25,
    all_at_once_bonus=(500, 400, 300),
    finishes=("rack_empty",),
    pool_out="minus_rack",
    series_ends=("hands", "target"),
    # Tile Rummy leaflet, The Game: "some players set a time limit", so no clock by default.
    time_up="pass",
)

TILE_RUMMY_5_10_15 = TILE_RUMMY.changed(
    id="tile-rummy-5-10-15",
    name=words("Tile Rummy 5-10-15"),
    value_2_9=5,
    value_10_13=10,
    ace_low_run=15,
    ace_high_run=15,
    ace_set=15,
    ace_rack=15,
    opening_joker="stands_for",
    opening_joker_value=0,
)

RUMMY_CARDS = Variant(
    id="rummy-cards",
    name=words("Rummy (card-faced tiles)"),
    source="rummy-cards",
    suits=True,
    joker_rack=30,
    opening=30,
    opening_joker="not_allowed",
    max_jokers_per_meld=1,
    finishes=("rack_empty",),
    pool_out="lowest_rack_wins",
    last_chance_round=True,
    series_ends=("hands", "rounds", "target"),
    turn_limit=60,  # Rummy with card-faced tiles, How to Play: 1 minute per turn
    time_up="three_tiles",
)

ROMANIAN = Variant(
    id="romanian",
    name=words("Romanian tile rummy"),
    source="romanian",
    value_2_9=5,
    value_10_13=10,
    ace_low_run=5,
    ace_high_run=10,
    ace_set=25,
    ace_rack=25,
    joker_rack=25,
    ace_high=True,
    joker_ratio_sets=True,
    joker_ratio_runs=True,
    opening=50,
    scoring="melded",
    went_out_bonus=100,
    melded_joker_bonus=50,
    all_at_once_bonus=(100, 100, 100),
    never_opened_penalty=200,
    exposed_twin_bonus=25,
    finishes=("discard", "joker_discard"),
    pool_out="melded_minus_rack",
    deal_direction="right",
    who_starts="after_dealer",
    series_ends=("hands", "target"),
    # Romanian tile rummy, The Play, options 5-7: the joker is melded at once with
    # two tiles from the rack, may be swapped again, and a set's joker goes only to
    # every missing colour; melds are never split.
    swap_meld_with=2,
    swap_again=True,
    swap_whole_set=True,
    split_melds="never",
)

ROMANIAN_100_PLUS_RACK = ROMANIAN.changed(
    id="romanian-100-plus-rack",
    name=words("Romanian: never opened costs 100 plus the rack"),
    never_opened_penalty=100,
    never_opened_plus_rack=True,
)
ROMANIAN_45 = ROMANIAN.changed(id="romanian-45", name=words("Romanian: opening 45"), opening=45)
ROMANIAN_DISCARD_OPENING = ROMANIAN.changed(
    id="romanian-discard-opening",
    name=words("Romanian: discard may help the opening"),
    opening_from_discard=True,
)
ROMANIAN_JOLY_DOUBLE = ROMANIAN.changed(
    id="romanian-joly-double",
    name=words("Romanian: going out on a Joly doubles"),
    joker_discard_doubles=True,
)

RUMMY_MELD = Variant(
    id="rummy-meld",
    name=words("Rummy Meld"),
    source="rummy-meld",
    value_2_9=5,
    value_10_13=10,
    ace_low_run=5,
    ace_high_run=10,
    ace_set=25,
    ace_rack=5,
    joker_rack=50,
    swapped_joker_rack=0,
    ace_high=True,
    joker_ratio_sets=True,
    adjacent_jokers=False,
    opening=45,
    opening_needs_run=True,
    first_round_no_melds=True,
    scoring="melded",
    went_out_bonus=200,
    left_table_penalty=150,
    finishes=("discard", "joker_discard"),
    pool_out="melded_minus_rack",
    series_ends=("hands", "target"),
    # Rummy Meld tutorial, Jolly Swap: the Jolly goes to the swapper's hand, once
    # only, for the one tile it stands for; Layoff: melds are never split.
    swap_meld_with=None,
    swap_again=False,
    swap_whole_set=False,
    split_melds="never",
    turn_limit=50,  # Rummy Meld tutorial, Turn Timer: 50 seconds per turn
    time_up="draw_discard",
)
RUMMY_MELD_RACK_EMPTY = RUMMY_MELD.changed(
    id="rummy-meld-rack-empty",
    name=words("Rummy Meld: rack empty"),
    finishes=("discard", "joker_discard", "rack_empty"),
)
RUMMY_MELD_DISCARD_JOLLY = RUMMY_MELD.changed(
    id="rummy-meld-discard-jolly",
    name=words("Rummy Meld: discard a Jolly"),
    finishes=("joker_discard",),
)
RUMMY_MELD_MINIMUM_POINTS = RUMMY_MELD.changed(
    id="rummy-meld-minimum-points",
    name=words("Rummy Meld: minimum points"),
    going_out_min_melded=200,
)

PRESETS: dict[str, Variant] = {
    v.id: v
    for v in (
        RUMMIKUB,
        TILE_RUMMY,
        TILE_RUMMY_5_10_15,
        RUMMY_CARDS,
        ROMANIAN,
        ROMANIAN_100_PLUS_RACK,
        ROMANIAN_45,
        ROMANIAN_DISCARD_OPENING,
        ROMANIAN_JOLY_DOUBLE,
        RUMMY_MELD,
        RUMMY_MELD_RACK_EMPTY,
        RUMMY_MELD_DISCARD_JOLLY,
        RUMMY_MELD_MINIMUM_POINTS,
    )
}


def preset(variant_id: str) -> Variant:
    """The preset with this id, or InvalidVariant naming the known ids."""
    try:
        return PRESETS[variant_id]
    except (KeyError, TypeError):
        raise InvalidVariant(
            words(
                "unknown variant {variant!r}; presets are {presets}",
                variant=variant_id,
                presets=", ".join(PRESETS),
            ),
            field="id",
        ) from None
