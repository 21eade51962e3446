"""What makes a variant playable: every parameter's allowed values, checked when
a variant is made, each refusal naming its parameter in `field` and saying it in the
players' words (the copy form's label and choices, from `variant_words`)."""

from __future__ import annotations

from typing import Any

from .errors import InvalidVariant, RuleError
from .limits import HAND_PLAYERS
from .sources import SOURCES
from .variant_words import CHOICE_WORDS, SPLIT_WORDS, TABLE_RULE_WORDS, TITLES
from .words import Listed, Words, or_list, words

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
STARTERS = ("highest_draw", "after_dealer")
SERIES_ENDS = ("hands", "rounds", "target")
SPLITS = ("never", "without_joker", "any")
# What happens when a turn's time runs out, one per source's words (../shared/RULES.md,
# "Playing the hand"): Rummikub, the card-faced tiles, the Tile Rummy leaflet, Rummy Meld,
# and the turn simply ending where the source has no clock (Romanian tile rummy).
TIME_UPS = ("draw_tile", "three_tiles", "pass", "draw_discard", "turn_ends")
# The rules of table mode that follow the source: a copy keeps them as they are.
TABLE_RULES = ("swap_meld_with", "swap_again", "swap_whole_set", "split_melds")
# The rules a variant stored before they existed takes from the preset it came from.
LATER_RULES = (*TABLE_RULES, "who_starts", "turn_limit", "time_up")


# Rule values that are whole numbers from 0 to 1000; the optional ones may be empty.
AMOUNTS = ("ace_low_run", "ace_high_run", "ace_set", "ace_rack", "joker_rack", "opening")
OPTIONAL_AMOUNTS = (
    "value_2_9",
    "value_10_13",
    "swapped_joker_rack",
    "melded_joker_bonus",
    "never_opened_penalty",
    "exposed_twin_bonus",
    "left_table_penalty",
    "going_out_min_melded",
)
# The fewest and most players any variant may be played by.
PLAYERS = (2, HAND_PLAYERS)
# The lowest and highest value of each whole-number rule: checked here, and offered by the
# copy form as its boxes' bounds, so the two never disagree.
BOUNDS: dict[str, tuple[int, int]] = {
    **dict.fromkeys((*AMOUNTS, *OPTIONAL_AMOUNTS, "went_out_bonus"), (0, 1000)),
    "opening_joker_value": (0, 100),
    "swap_meld_with": (2, 12),
    "min_players": PLAYERS,
    "max_players": PLAYERS,
    # Seconds per turn: from a quick 1 (a drill) to an hour; empty is no clock.
    "turn_limit": (1, 3600),
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _title(name: str) -> Words:
    """A rule as the copy form labels it."""
    return TITLES.get(name) or TABLE_RULE_WORDS[name]


def _quoted(choice: Words) -> Words:
    return words("\u201c{choice}\u201d", choice=choice)


def _either(choices: list[Words]) -> Listed:
    """'A, B or C', each choice in quotes as the form shows it, in the reader's language."""
    return or_list([_quoted(choice) for choice in choices])


def _check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        said = CHOICE_WORDS.get(name) or SPLIT_WORDS
        raise InvalidVariant(
            words(
                "{rule}: choose {choices}",
                rule=_title(name),
                choices=_either([said[c] for c in choices]),
            ),
            field=name,
        )


def _check_number(name: str, value: Any, optional: bool = False) -> None:
    low, high = BOUNDS[name]
    if (value is None and optional) or (_is_int(value) and low <= value <= high):
        return
    if optional:
        said = words(
            "{rule}: leave it empty or enter a whole number from {low} to {high}",
            rule=_title(name),
            low=low,
            high=high,
        )
    else:
        said = words(
            "{rule}: enter a whole number from {low} to {high}",
            rule=_title(name),
            low=low,
            high=high,
        )
    raise InvalidVariant(said, field=name)


def check_variant(v: Variant) -> None:
    """Refuse parameters that make no playable variant, naming the field."""
    _check_names(v)
    _check_amounts(v)
    _check_choices(v)
    _check_together(v)


def _check_names(v: Variant) -> None:
    if not isinstance(v.id, str) or not v.id.strip():
        raise InvalidVariant(words("a variant needs an id"), field="id")
    # A preset's name is Words; a name the group typed must not be blank.
    if not isinstance(v.name, Words) and (not isinstance(v.name, str) or not v.name.strip()):
        raise InvalidVariant(words("a variant needs a name"), field="name")
    if v.source not in SOURCES:
        raise InvalidVariant(
            words(
                "the rules must come from one of these sources: {sources}",
                sources=or_list([s.title for s in SOURCES.values()]),
            ),
            field="source",
        )


def _check_amounts(v: Variant) -> None:
    for name in AMOUNTS:
        _check_number(name, getattr(v, name))
    for name in OPTIONAL_AMOUNTS:
        _check_number(name, getattr(v, name), optional=True)
    if v.max_jokers_per_meld is not None and (
        not _is_int(v.max_jokers_per_meld) or not 0 <= v.max_jokers_per_meld <= 2
    ):
        choices = CHOICE_WORDS["max_jokers_per_meld"]
        raise InvalidVariant(
            words(
                "{rule}: choose {choices}",
                rule=_title("max_jokers_per_meld"),
                choices=_either(list(choices.values())),
            ),
            field="max_jokers_per_meld",
        )
    _check_number("went_out_bonus", v.went_out_bonus)
    _check_number("opening_joker_value", v.opening_joker_value)
    _check_number("turn_limit", v.turn_limit, optional=True)
    if v.all_at_once_bonus is not None and (
        len(v.all_at_once_bonus) != 3 or not all(_is_int(b) and b >= 0 for b in v.all_at_once_bonus)
    ):
        raise InvalidVariant(
            words(
                "{rule}: give a whole number for each of no joker, 1 joker "
                "and 2 jokers, or leave all three empty",
                rule=_title("all_at_once_bonus"),
            ),
            field="all_at_once_bonus",
        )


def _check_choices(v: Variant) -> None:
    _check_choice("scoring", v.scoring, SCORINGS)
    _check_choice("opening_joker", v.opening_joker, OPENING_JOKERS)
    _check_choice("pool_out", v.pool_out, POOL_OUT_RULES)
    _check_choice("series_winner", v.series_winner, SERIES_WINNERS)
    _check_choice("deal_direction", v.deal_direction, DIRECTIONS)
    _check_choice("who_starts", v.who_starts, STARTERS)
    _check_choice("time_up", v.time_up, TIME_UPS)
    for name, allowed in (("finishes", FINISHES), ("series_ends", SERIES_ENDS)):
        chosen = getattr(v, name)
        if not chosen or any(c not in allowed for c in chosen):
            said = CHOICE_WORDS[name]
            raise InvalidVariant(
                words(
                    "{rule}: tick one or more of {choices}",
                    rule=_title(name),
                    choices=_either([said[c] for c in allowed]),
                ),
                field=name,
            )


def _check_together(v: Variant) -> None:
    # A hand nobody won can count each player's table only where the table is scored at
    # all (Romanian tile rummy, Rummy Meld); with only racks counted there is nothing to count.
    if (v.pool_out == "melded_minus_rack") != (v.scoring == "melded"):
        pool_out, scoring = CHOICE_WORDS["pool_out"], CHOICE_WORDS["scoring"]
        raise InvalidVariant(
            words(
                "{one} ({one_rule}) and {other} ({other_rule}) go together: choose both or neither",
                one=_quoted(pool_out["melded_minus_rack"]),
                one_rule=_title("pool_out"),
                other=_quoted(scoring["melded"]),
                other_rule=_title("scoring"),
            ),
            field="pool_out",
        )
    if v.wrap and not v.ace_high:
        raise InvalidVariant(
            words("runs that wrap (13-1-2) need high runs (12-13-1) too"), field="wrap"
        )
    _check_number("swap_meld_with", v.swap_meld_with, optional=True)
    _check_choice("split_melds", v.split_melds, SPLITS)
    fewest, most = PLAYERS
    if not (
        _is_int(v.min_players)
        and _is_int(v.max_players)
        and fewest <= v.min_players <= v.max_players <= most
    ):
        # The fewest alone can be wrong; otherwise the most is what cannot be.
        fewest_wrong = not (_is_int(v.min_players) and fewest <= v.min_players <= most)
        raise InvalidVariant(
            words("players must be between {fewest} and {most}", fewest=fewest, most=most),
            field="min_players" if fewest_wrong else "max_players",
        )


def check_player_count(v: Variant, count: int, refusal: type[RuleError]) -> None:
    """Refuse a number of players the variant is not played by (its `min_players` to
    `max_players`). The one place this rule is decided: a series' set-up, a hand and a
    table all ask here, each refusing with its own kind of error (`refusal`: InvalidSeries,
    InvalidHand, InvalidAction), always about the field "players"."""
    if not v.min_players <= count <= v.max_players:
        raise refusal(
            words(
                "{variant} is played by {least} to {most} players, not {count}",
                variant=v.name,
                least=v.min_players,
                most=v.max_players,
                count=count,
            ),
            field="players",
        )
