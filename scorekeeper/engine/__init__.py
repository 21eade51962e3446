"""The rules engine: pure Python, no web or database.

Tiles and their notation, melds, variants as data, hand scoring with a
breakdown, series, and Howarth's split-run bookkeeping.
"""

from .errors import (
    InvalidHand,
    InvalidMeld,
    InvalidSeries,
    InvalidTile,
    InvalidVariant,
    RuleError,
)
from .hands import HandRecord, PlayerHand, TableMeld, read_hand, read_variant
from .howarth import Split, split_run
from .melds import Meld, check_meld, end_values, opening_values, rack_value
from .play_order import LISTINGS, dealer, direction, next_player, starter
from .results import HandResult, Line
from .scoring import score_hand
from .series import (
    SeriesEnd,
    SeriesResult,
    Standing,
    check_series_setup,
    read_end,
    read_players,
    read_series,
    score_series,
    tally_series,
    winner_words,
)
from .tallies import SeriesTally, tally_from, tally_of, with_hand
from .tiles import JOKER, Tile, format_tiles, parse_tiles, tile_label
from .variant_data import variant_from_dict, variant_from_json
from .variants import PRESETS, Variant, check_player_count, preset

__all__ = [
    "JOKER",
    "LISTINGS",
    "PRESETS",
    "HandRecord",
    "HandResult",
    "InvalidHand",
    "InvalidMeld",
    "InvalidSeries",
    "InvalidTile",
    "InvalidVariant",
    "Line",
    "Meld",
    "PlayerHand",
    "RuleError",
    "SeriesEnd",
    "SeriesResult",
    "SeriesTally",
    "Split",
    "Standing",
    "TableMeld",
    "Tile",
    "Variant",
    "check_meld",
    "check_player_count",
    "check_series_setup",
    "dealer",
    "direction",
    "end_values",
    "format_tiles",
    "next_player",
    "opening_values",
    "parse_tiles",
    "preset",
    "rack_value",
    "read_end",
    "read_hand",
    "read_players",
    "read_series",
    "read_variant",
    "score_hand",
    "score_series",
    "split_run",
    "starter",
    "tally_from",
    "tally_of",
    "tally_series",
    "tile_label",
    "variant_from_dict",
    "variant_from_json",
    "winner_words",
    "with_hand",
]
