"""The rules of the tiles, their values, melds and jokers, in plain words."""

from __future__ import annotations

from ..tiles import LETTER_VALUES
from ..variant_words import TITLES
from ..variants import Variant
from ..words import Words, words
from . import basis as where
from .model import MELDS, TILES, Rule, rules_into

RULES: list[Rule] = []
rule = rules_into(RULES)


def _colour(v: Variant) -> Words:
    return words("suit") if v.suits else words("colour")


# Tiles and values


@rule(None, words("The tiles"), TILES, where.at("tiles"))
def _tiles(v: Variant) -> Words:
    faces = (
        words("A, 2-10, J, Q and K in four suits") if v.suits else words("1 to 13 in four colours")
    )
    return words("106 tiles: {faces}, two of each, plus two jokers.", faces=faces)


@rule("suits", TITLES["suits"], TILES, where.at("tiles"))
def _suits(v: Variant) -> Words:
    if v.suits:
        return words(
            "The tiles show card faces in four suits. On the tile pad: {black} spades, "
            "{red} hearts, {blue} clubs, {yellow} diamonds.",
            **LETTER_VALUES,
        )
    # The pad's letters are the page's own (tile_codes.py), as the help lines write them.
    return words(
        "The tiles show numbers in four colours. On the tile pad: {red} red, {blue} blue, "
        "{black} black, {yellow} yellow ({orange} for sets with orange).",
        **LETTER_VALUES,
    )


@rule("value_2_9", TITLES["value_2_9"], TILES, where.values("value_2_9"))
def _value_2_9(v: Variant) -> Words:
    if v.value_2_9 is None:
        return words("Face value: a 7 counts 7.")
    return words("Every 2 to 9 counts {value_2_9}.", value_2_9=v.value_2_9)


@rule("value_10_13", TITLES["value_10_13"], TILES, where.values("value_10_13"))
def _value_10_13(v: Variant) -> Words:
    if v.value_10_13 is None:
        if v.suits:
            return words("Face value: a 10 counts 10, J 11, Q 12, K 13.")
        return words("Face value: a 10 counts 10, a 13 counts 13.")
    faces = words("10, J, Q and K") if v.suits else words("10 to 13")
    return words("Every {faces} counts {value_10_13}.", faces=faces, value_10_13=v.value_10_13)


@rule("ace_low_run", TITLES["ace_low_run"], TILES, where.values("ace_low_run"))
def _ace_low_run(v: Variant) -> Words:
    run = "A-2-3" if v.suits else "1-2-3"
    return words(
        "An ace at the start of a run ({run}) counts {ace_low_run}.",
        run=run,
        ace_low_run=v.ace_low_run,
    )


@rule("ace_high_run", TITLES["ace_high_run"], TILES, where.ace_high_run)
def _ace_high_run_words(v: Variant) -> Words:
    if not v.ace_high:
        return words("Never comes up: 12-13-1 is not a run here.")
    return words(
        "An ace after the 13 (12-13-1) counts {ace_high_run}.", ace_high_run=v.ace_high_run
    )


@rule("ace_set", TITLES["ace_set"], TILES, where.values("ace_set"))
def _ace_set(v: Variant) -> Words:
    return words("Each ace in a set of aces counts {ace_set}.", ace_set=v.ace_set)


@rule("ace_rack", TITLES["ace_rack"], TILES, where.ace_rack)
def _ace_rack_words(v: Variant) -> Words:
    return words("An ace left on your rack at the end costs {ace_rack}.", ace_rack=v.ace_rack)


@rule("joker_rack", TITLES["joker_rack"], TILES, where.joker_rack)
def _joker_rack_words(v: Variant) -> Words:
    return words(
        "A joker left on your rack at the end costs {joker_rack}.", joker_rack=v.joker_rack
    )


@rule("swapped_joker_rack", TITLES["swapped_joker_rack"], TILES, where.swapped_joker)
def _swapped_joker_words(v: Variant) -> Words:
    if v.swapped_joker_rack is None:
        return words(
            "No exception: a joker you took from the table by a swap costs "
            "{joker_rack} on your rack, like any joker.",
            joker_rack=v.joker_rack,
        )
    return words(
        "A joker you took from the table by putting the real tile in its place costs "
        "{swapped_joker_rack} on your rack; any other joker costs {joker_rack}.",
        swapped_joker_rack=v.swapped_joker_rack,
        joker_rack=v.joker_rack,
    )


# Melds and jokers


@rule(None, words("What makes a set"), MELDS, where.at("melds"))
def _set(v: Variant) -> Words:
    c = _colour(v)
    return words(
        "A set is 3 or 4 tiles of one number, each a different {c}: no {c} twice in one set.", c=c
    )


@rule(None, words("What makes a run"), MELDS, where.at("melds"))
def _run(v: Variant) -> Words:
    return words(
        "A run is 3 or more tiles of one {colour} with numbers in a row, such as 4-5-6-7.",
        colour=_colour(v),
    )


@rule(None, words("What a joker does"), MELDS, where.at("joker"))
def _joker(v: Variant) -> Words:
    return words(
        "A joker stands in for any one tile a set or run needs, and takes that tile's "
        "number and {colour}.",
        colour=_colour(v),
    )


@rule("ace_high", TITLES["ace_high"], MELDS, where.high_runs)
def _ace_high(v: Variant) -> Words:
    if not v.ace_high:
        return words("The ace is low only (1-2-3). 12-13-1 is not a run.")
    after = words("13-1-2 is a run too.") if v.wrap else words("13-1-2 is not.")
    return words(
        "12-13-1 is a run; the ace then counts {ace_high_run}. {after}",
        ace_high_run=v.ace_high_run,
        after=after,
    )


@rule("wrap", TITLES["wrap"], MELDS, where.high_runs)
def _wrap(v: Variant) -> Words:
    if v.wrap:
        return words("A run may go round the corner: 13-1-2 is a run.")
    if v.ace_high:
        return words("A run stops at the ace: 13-1-2 and 12-13-1-2 are not runs.")
    return words("No: 13-1-2 is not a run.")


@rule("max_jokers_per_meld", TITLES["max_jokers_per_meld"], MELDS, where.max_jokers)
def _max_jokers_words(v: Variant) -> Words:
    n = v.max_jokers_per_meld
    if n == 0:
        return words("No jokers in sets or runs at all.")
    if n == 1:
        return words("At most 1 joker in each set and each run.")
    if v.joker_ratio_sets or v.joker_ratio_runs:
        return words("No fixed number; see how many jokers a set and a run may hold.")
    return words("No limit: one set or run may hold both jokers.")


@rule("joker_ratio_sets", TITLES["joker_ratio_sets"], MELDS, where.at("joker"))
def _ratio_sets(v: Variant) -> Words:
    if v.joker_ratio_sets:
        return words(
            "A set needs at least 2 numbered tiles for each joker, "
            "so a set never holds both jokers."
        )
    if v.max_jokers_per_meld is not None and v.max_jokers_per_meld < 2:
        return words(
            "No ratio rule; the limit of {max_jokers_per_meld} joker per meld applies.",
            max_jokers_per_meld=v.max_jokers_per_meld,
        )
    return words("No ratio rule: a set may be one numbered tile and two jokers.")


@rule("joker_ratio_runs", TITLES["joker_ratio_runs"], MELDS, where.at("joker"))
def _ratio_runs(v: Variant) -> Words:
    if v.joker_ratio_runs:
        return words(
            "A run needs at least 2 numbered tiles for each joker, "
            "so both jokers fit only in a run of 6 or more."
        )
    if v.max_jokers_per_meld is not None and v.max_jokers_per_meld < 2:
        return words(
            "No ratio rule; the limit of {max_jokers_per_meld} joker per meld applies.",
            max_jokers_per_meld=v.max_jokers_per_meld,
        )
    return words("No ratio rule: a run may be one numbered tile and two jokers.")


@rule("adjacent_jokers", TITLES["adjacent_jokers"], MELDS, where.at("joker"))
def _adjacent(v: Variant) -> Words:
    if v.adjacent_jokers:
        return words("Two jokers may lie side by side in a run (5, joker, joker, 8).")
    return words(
        "Two jokers may not lie side by side in a run: 5, joker, joker, 8 is refused; "
        "5, joker, 7, joker is fine."
    )
