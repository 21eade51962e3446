"""What makes a variant playable: every parameter's allowed values, checked when
a variant is made, each refusal naming its parameter in `field`."""

from __future__ import annotations

from typing import Any

from .errors import InvalidVariant
from .sources import SOURCES
from .words import words

# The variant being built: its fields may hold anything read from a file or a form, which is
# what these checks are for, so they take it untyped (and variants.py, which calls them, is not
# imported back).
Variant = Any

FINISHES = ("discard", "joker_discard", "rack_empty")
SCORINGS = ("racks", "melded")
POOL_OUT_RULES = ("lowest_rack_wins", "minus_rack", "melded_minus_rack")
OPENING_JOKERS = ("stands_for", "fixed", "not_allowed")
SERIES_WINNERS = ("highest_total", "most_hands")
DIRECTIONS = ("left", "right")
SERIES_ENDS = ("hands", "rounds", "target")
SPLITS = ("never", "without_joker", "any")
# The rules of table mode that follow the source: a copy keeps them as they are.
TABLE_RULES = ("swap_meld_with", "swap_again", "swap_whole_set", "split_melds")


# Rule values that are whole numbers from 0 to 1000; the optional ones may be empty.
AMOUNTS = ("ace_low_run", "ace_high_run", "ace_set", "ace_rack", "joker_rack", "opening")
OPTIONAL_AMOUNTS = (
    "value_2_9", "value_10_13", "swapped_joker_rack", "melded_joker_bonus",
    "never_opened_penalty", "exposed_twin_bonus", "left_table_penalty", "going_out_min_melded",
)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise InvalidVariant(words("{name} must be one of {choices}, not {value!r}", name=name,
                                   choices=", ".join(choices), value=value),
                             field=name)


def check_variant(v: Variant) -> None:
    """Refuse parameters that make no playable variant, naming the field."""
    _check_names(v)
    _check_amounts(v)
    _check_choices(v)
    _check_together(v)


def _check_names(v: Variant) -> None:
    if not isinstance(v.id, str) or not v.id.strip():
        raise InvalidVariant(words("a variant needs an id"), field="id")
    if not isinstance(v.name, str) or not v.name.strip():
        raise InvalidVariant(words("a variant needs a name"), field="name")
    _check_choice("source", v.source, tuple(SOURCES))


def _check_amounts(v: Variant) -> None:
    for name in AMOUNTS:
        value = getattr(v, name)
        if not _is_int(value) or not 0 <= value <= 1000:
            raise InvalidVariant(words("{name} must be a whole number from 0 to 1000", name=name),
                                 field=name)
    for name in OPTIONAL_AMOUNTS:
        value = getattr(v, name)
        if value is not None and (not _is_int(value) or not 0 <= value <= 1000):
            raise InvalidVariant(words("{name} must be empty or a whole number from 0 to 1000",
                                       name=name),
                                 field=name)
    if v.max_jokers_per_meld is not None and (
        not _is_int(v.max_jokers_per_meld) or not 0 <= v.max_jokers_per_meld <= 2
    ):
        raise InvalidVariant(words("max_jokers_per_meld must be empty, 0, 1 or 2"),
                             field="max_jokers_per_meld")
    if not _is_int(v.went_out_bonus) or not 0 <= v.went_out_bonus <= 1000:
        raise InvalidVariant(words("went_out_bonus must be a whole number from 0 to 1000"),
                             field="went_out_bonus")
    if not _is_int(v.opening_joker_value) or not 0 <= v.opening_joker_value <= 100:
        raise InvalidVariant(words("opening_joker_value must be a whole number from 0 to 100"),
                             field="opening_joker_value")
    if v.all_at_once_bonus is not None and (
        len(v.all_at_once_bonus) != 3 or not all(_is_int(b) and b >= 0 for b in v.all_at_once_bonus)
    ):
        raise InvalidVariant(words("all_at_once_bonus needs three whole numbers (0, 1 and 2 "
                                   "jokers)"),
                             field="all_at_once_bonus")


def _check_choices(v: Variant) -> None:
    _check_choice("scoring", v.scoring, SCORINGS)
    _check_choice("opening_joker", v.opening_joker, OPENING_JOKERS)
    _check_choice("pool_out", v.pool_out, POOL_OUT_RULES)
    _check_choice("series_winner", v.series_winner, SERIES_WINNERS)
    _check_choice("deal_direction", v.deal_direction, DIRECTIONS)
    if not v.finishes or any(f not in FINISHES for f in v.finishes):
        raise InvalidVariant(words("finishes must be chosen from {choices}",
                                   choices=", ".join(FINISHES)),
                             field="finishes")
    if not v.series_ends or any(e not in SERIES_ENDS for e in v.series_ends):
        raise InvalidVariant(words("series_ends must be chosen from {choices}",
                                   choices=", ".join(SERIES_ENDS)),
                             field="series_ends")


def _check_together(v: Variant) -> None:
    if (v.pool_out == "melded_minus_rack") != (v.scoring == "melded"):
        raise InvalidVariant(
            words("pool_out melded_minus_rack goes with melded scoring, and only with it"),
            field="pool_out")
    if v.wrap and not v.ace_high:
        raise InvalidVariant(words("runs that wrap (13-1-2) need high runs (12-13-1) too"),
                             field="wrap")
    if v.swap_meld_with is not None and (not _is_int(v.swap_meld_with)
                                         or not 2 <= v.swap_meld_with <= 12):
        raise InvalidVariant(words("swap_meld_with must be empty or a whole number from 2 to 12"),
                             field="swap_meld_with")
    _check_choice("split_melds", v.split_melds, SPLITS)
    if not (_is_int(v.min_players) and _is_int(v.max_players) and 2 <= v.min_players
            <= v.max_players <= 6):
        # The fewest alone can be wrong; otherwise the most is what cannot be.
        fewest_wrong = not (_is_int(v.min_players) and 2 <= v.min_players <= 6)
        raise InvalidVariant(words("players must be between 2 and 6"),
                             field="min_players" if fewest_wrong else "max_players")
