"""A variant is data: one frozen set of rule parameters; every preset is a named value."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import InvalidVariant

FINISHES = ("discard", "joker_discard", "rack_empty")
SCORINGS = ("racks", "melded")
POOL_OUT_RULES = ("lowest_rack_wins", "minus_rack", "melded_minus_rack")
OPENING_JOKERS = ("stands_for", "fixed", "not_allowed")
SERIES_WINNERS = ("highest_total", "most_hands")
DIRECTIONS = ("left", "right")
SERIES_ENDS = ("hands", "rounds", "target")


@dataclass(frozen=True)
class Variant:
    """Every rule that decides how a hand is checked and scored."""

    id: str
    name: str
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
    deal_direction: str = "left"  # left: clockwise, the next seat in seat order
    series_ends: tuple[str, ...] = ("hands", "rounds", "target")  # the first is the usual one
    min_players: int = 2
    max_players: int = 4

    def __post_init__(self) -> None:
        check_variant(self)

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


def variant_from_dict(data: dict[str, Any]) -> Variant:
    """Rebuild a variant from its JSON data, refusing unknown or missing fields."""
    if not isinstance(data, dict):
        raise InvalidVariant("a variant must be a JSON object")
    known = {f.name for f in fields(Variant)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidVariant(f"unknown variant field {unknown[0]!r}", field=unknown[0])
    for name in ("id", "name", "source"):
        if name not in data:
            raise InvalidVariant(f"a variant needs {name!r}", field=name)
    values = dict(data)
    for name in ("all_at_once_bonus", "finishes", "series_ends"):
        if isinstance(values.get(name), list):
            values[name] = tuple(values[name])
    try:
        return Variant(**values)
    except TypeError as error:
        # Only a wrong shape of data gets here (the fields were checked above).
        raise InvalidVariant(str(error)) from None


def variant_from_json(text: str) -> Variant:
    """Rebuild a variant from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidVariant(f"not JSON: {error.msg}") from None
    return variant_from_dict(data)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise InvalidVariant(f"{name} must be one of {', '.join(choices)}, not {value!r}",
                             field=name)


def check_variant(v: Variant) -> None:
    """Refuse parameters that make no playable variant, naming the field."""
    if not isinstance(v.id, str) or not v.id.strip():
        raise InvalidVariant("a variant needs an id", field="id")
    if not isinstance(v.name, str) or not v.name.strip():
        raise InvalidVariant("a variant needs a name", field="name")
    from .sources import SOURCES

    _check_choice("source", v.source, tuple(SOURCES))
    for name in ("ace_low_run", "ace_high_run", "ace_set", "ace_rack", "joker_rack", "opening"):
        value = getattr(v, name)
        if not _is_int(value) or not 0 <= value <= 1000:
            raise InvalidVariant(f"{name} must be a whole number from 0 to 1000", field=name)
    optional_ints = (
        "value_2_9", "value_10_13", "swapped_joker_rack", "melded_joker_bonus",
        "never_opened_penalty", "exposed_twin_bonus", "left_table_penalty",
        "going_out_min_melded",
    )
    for name in optional_ints:
        value = getattr(v, name)
        if value is not None and (not _is_int(value) or not 0 <= value <= 1000):
            raise InvalidVariant(f"{name} must be empty or a whole number from 0 to 1000",
                                 field=name)
    if v.max_jokers_per_meld is not None and (
        not _is_int(v.max_jokers_per_meld) or not 0 <= v.max_jokers_per_meld <= 2
    ):
        raise InvalidVariant("max_jokers_per_meld must be empty, 0, 1 or 2",
                             field="max_jokers_per_meld")
    if not _is_int(v.went_out_bonus) or not 0 <= v.went_out_bonus <= 1000:
        raise InvalidVariant("went_out_bonus must be a whole number from 0 to 1000",
                             field="went_out_bonus")
    if not _is_int(v.opening_joker_value) or not 0 <= v.opening_joker_value <= 100:
        raise InvalidVariant("opening_joker_value must be a whole number from 0 to 100",
                             field="opening_joker_value")
    if v.all_at_once_bonus is not None and (
        len(v.all_at_once_bonus) != 3 or not all(_is_int(b) and b >= 0 for b in v.all_at_once_bonus)
    ):
        raise InvalidVariant("all_at_once_bonus needs three whole numbers (0, 1 and 2 jokers)",
                             field="all_at_once_bonus")
    _check_choice("scoring", v.scoring, SCORINGS)
    _check_choice("opening_joker", v.opening_joker, OPENING_JOKERS)
    _check_choice("pool_out", v.pool_out, POOL_OUT_RULES)
    _check_choice("series_winner", v.series_winner, SERIES_WINNERS)
    _check_choice("deal_direction", v.deal_direction, DIRECTIONS)
    if not v.finishes or any(f not in FINISHES for f in v.finishes):
        raise InvalidVariant(f"finishes must be chosen from {', '.join(FINISHES)}",
                             field="finishes")
    if not v.series_ends or any(e not in SERIES_ENDS for e in v.series_ends):
        raise InvalidVariant(f"series_ends must be chosen from {', '.join(SERIES_ENDS)}",
                             field="series_ends")
    if (v.pool_out == "melded_minus_rack") != (v.scoring == "melded"):
        raise InvalidVariant(
            "pool_out melded_minus_rack goes with melded scoring, and only with it",
            field="pool_out")
    if v.wrap and not v.ace_high:
        raise InvalidVariant("runs that wrap (13-1-2) need high runs (12-13-1) too", field="wrap")
    if not (_is_int(v.min_players) and _is_int(v.max_players) and 2 <= v.min_players
            <= v.max_players <= 6):
        # The fewest alone can be wrong; otherwise the most is what cannot be.
        fewest_wrong = not (_is_int(v.min_players) and 2 <= v.min_players <= 6)
        raise InvalidVariant("players must be between 2 and 6",
                             field="min_players" if fewest_wrong else "max_players")


# --- The presets (ids exactly as the rules specification lists them) ---------

RUMMIKUB = Variant(
    id="rummikub",
    name="Rummikub",
    source="rummikub",
    joker_rack=30,
    opening=30,
    finishes=("rack_empty",),
    pool_out="lowest_rack_wins",
    series_winner="most_hands",
    series_ends=("rounds", "hands", "target"),
)

TILE_RUMMY = Variant(
    id="tile-rummy",
    name="Tile Rummy",
    source="tile-rummy",
    joker_rack=25,
    opening=30,
    opening_joker="fixed",
    opening_joker_value=25,
    all_at_once_bonus=(500, 400, 300),
    finishes=("rack_empty",),
    pool_out="minus_rack",
    series_ends=("hands", "target"),
)

TILE_RUMMY_5_10_15 = TILE_RUMMY.changed(
    id="tile-rummy-5-10-15",
    name="Tile Rummy 5-10-15",
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
    name="Rummy (card-faced tiles)",
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
)

ROMANIAN = Variant(
    id="romanian",
    name="Romanian tile rummy",
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
    series_ends=("hands", "target"),
)

ROMANIAN_100_PLUS_RACK = ROMANIAN.changed(
    id="romanian-100-plus-rack",
    name="Romanian: never opened costs 100 plus the rack",
    never_opened_penalty=100,
    never_opened_plus_rack=True,
)
ROMANIAN_45 = ROMANIAN.changed(id="romanian-45", name="Romanian: opening 45", opening=45)
ROMANIAN_DISCARD_OPENING = ROMANIAN.changed(
    id="romanian-discard-opening",
    name="Romanian: discard may help the opening",
    opening_from_discard=True,
)
ROMANIAN_JOLY_DOUBLE = ROMANIAN.changed(
    id="romanian-joly-double",
    name="Romanian: going out on a Joly doubles",
    joker_discard_doubles=True,
)

RUMMY_MELD = Variant(
    id="rummy-meld",
    name="Rummy Meld",
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
)
RUMMY_MELD_RACK_EMPTY = RUMMY_MELD.changed(
    id="rummy-meld-rack-empty",
    name="Rummy Meld: rack empty",
    finishes=("discard", "joker_discard", "rack_empty"),
)
RUMMY_MELD_DISCARD_JOLLY = RUMMY_MELD.changed(
    id="rummy-meld-discard-jolly",
    name="Rummy Meld: discard a Jolly",
    finishes=("joker_discard",),
)
RUMMY_MELD_MINIMUM_POINTS = RUMMY_MELD.changed(
    id="rummy-meld-minimum-points",
    name="Rummy Meld: minimum points",
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
            f"unknown variant {variant_id!r}; presets are {', '.join(PRESETS)}", field="id"
        ) from None
