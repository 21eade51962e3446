"""The rules of the opening and of scoring a hand, in plain words."""

from __future__ import annotations

from ..variant_words import TITLES
from ..variants import Variant
from ..words import Words, words
from . import basis as where
from .model import OPENING, SCORING, Rule, rules_into

RULES: list[Rule] = []
rule = rules_into(RULES)


def _twelve(v: Variant) -> int:
    return 12 if v.value_10_13 is None else v.value_10_13


# Opening


@rule(None, words("Before you open"), OPENING, where.at("opening"))
def _before_opening(v: Variant) -> Words:
    return words(
        "Until you have opened, you may not add tiles to melds on the table "
        "or take a joker from the table."
    )


@rule("opening", TITLES["opening"], OPENING, where.at("opening", "opening"))
def _opening(v: Variant) -> Words:
    return words(
        "Your first meld (the opening) must add up to at least {opening}.", opening=v.opening
    )


@rule("opening_needs_run", TITLES["opening_needs_run"], OPENING, where.at("opening"))
def _opening_run(v: Variant) -> Words:
    if v.opening_needs_run:
        return words("Your opening needs a run in it; sets alone will not do.")
    return words("Your opening may be sets, runs or both.")


@rule("opening_joker", TITLES["opening_joker"], OPENING, where.opening_joker("opening_joker"))
def _opening_joker_words(v: Variant) -> Words:
    if v.opening_joker == "fixed":
        return words(
            "In the opening a joker counts {opening_joker_value}, whatever tile it stands for.",
            opening_joker_value=v.opening_joker_value,
        )
    if v.opening_joker == "not_allowed":
        return words("No joker in the opening: open with numbered tiles only.")
    return words(
        "In the opening a joker counts the tile it stands for: standing for a 12 it "
        "counts {twelve}.",
        twelve=_twelve(v),
    )


@rule(
    "opening_joker_value",
    TITLES["opening_joker_value"],
    OPENING,
    where.opening_joker("opening_joker_value"),
)
def _opening_joker_value(v: Variant) -> Words:
    if v.opening_joker == "fixed":
        return words(
            "A joker counts {opening_joker_value} toward the opening.",
            opening_joker_value=v.opening_joker_value,
        )
    if v.opening_joker == "not_allowed":
        return words("Does not apply: no joker may be used in the opening.")
    return words("Does not apply: a joker counts the tile it stands for.")


@rule("opening_from_discard", TITLES["opening_from_discard"], OPENING, where.opening_discard)
def _opening_discard_words(v: Variant) -> Words:
    if v.opening_from_discard:
        return words(
            "You may take the previous player's discard (that one tile) "
            "if it goes straight into your opening."
        )
    return words("Your opening comes only from tiles already on your rack.")


@rule("first_round_no_melds", TITLES["first_round_no_melds"], OPENING, where.first_round)
def _first_round_words(v: Variant) -> Words:
    if v.first_round_no_melds:
        return words("Nobody melds in the first round: every player draws and discards once first.")
    return words("You may open on your very first turn if you can.")


# Scoring a hand


@rule("scoring", TITLES["scoring"], SCORING, where.at("scoring"))
def _scoring(v: Variant) -> Words:
    if v.scoring == "melded":
        bonus = (
            words(
                "; the player who went out also gets {went_out_bonus}",
                went_out_bonus=v.went_out_bonus,
            )
            if v.went_out_bonus
            else ""
        )
        return words(
            "Everyone scores the tiles they put on the table in the hand (in their "
            "own melds and added to others') minus the tiles left on their "
            "rack{bonus}.",
            bonus=bonus,
        )
    return words(
        "Only racks count. Every other player scores minus what is left on their rack; "
        "the player who went out scores plus the sum of those racks."
    )


@rule("went_out_bonus", TITLES["went_out_bonus"], SCORING, where.at("scoring"))
def _went_out(v: Variant) -> Words:
    if v.went_out_bonus:
        return words(
            "Going out earns {went_out_bonus} on top of the tiles you melded.",
            went_out_bonus=v.went_out_bonus,
        )
    if v.scoring == "racks":
        return words("No fixed bonus: going out earns you the other players' racks.")
    return words("No bonus for going out: you score your melded tiles like everyone else.")


@rule("melded_joker_bonus", TITLES["melded_joker_bonus"], SCORING, where.melded_joker)
def _melded_joker_words(v: Variant) -> Words:
    if v.melded_joker_bonus is not None:
        return words(
            "Each joker on the table scores +{melded_joker_bonus} for the player who "
            "first melded it, wherever it has moved since. Tiles that replaced it "
            "score for whoever supplied them.",
            melded_joker_bonus=v.melded_joker_bonus,
        )
    if v.scoring == "racks":
        return words("Jokers on the table score nothing at the end: only racks count here.")
    # RULES.md: without a credited-joker rule (Rummy Meld), a joker counts for the player who
    # laid it where it finally lies, and the tile that replaced it for whoever supplied that.
    return words(
        "A joker on the table counts the tile it stands for, for the player who laid it "
        "where it finally lies. A tile that replaced a joker counts for whoever supplied "
        "that tile."
    )


@rule("all_at_once_bonus", TITLES["all_at_once_bonus"], SCORING, where.all_at_once)
def _all_at_once_words(v: Variant) -> Words:
    if v.all_at_once_bonus is None:
        return words("No extra bonus for laying the whole hand down in one turn.")
    none, one, two = v.all_at_once_bonus
    start = words("If you had not opened and go out by laying your whole hand down in one turn")
    if none == one == two:
        total = (
            words(
                " ({went_out_bonus} plus your melded tiles in all)",
                went_out_bonus=v.went_out_bonus + none,
            )
            if v.scoring == "melded"
            else ""
        )
        return words("{start}, you get {none} extra{total}.", start=start, none=none, total=total)
    return words(
        "{start}, you get {none} extra with no joker, {one} with 1 joker, {two} with 2 jokers.",
        start=start,
        none=none,
        one=one,
        two=two,
    )


@rule(
    "never_opened_penalty",
    TITLES["never_opened_penalty"],
    SCORING,
    where.at("scoring", "never_opened_penalty"),
)
def _never_opened(v: Variant) -> Words:
    p = v.never_opened_penalty
    if p is None:
        if v.scoring == "racks":
            return words("No extra penalty for never opening: your rack counts as usual.")
        return words("No extra penalty: a player who never opened scores minus their rack.")
    if v.never_opened_plus_rack:
        return words("If you never melded a tile in the hand, you lose {p} plus your rack.", p=p)
    return words(
        "If you never melded a tile in the hand, you lose {p}, whatever is on your rack.", p=p
    )


@rule(
    "never_opened_plus_rack",
    TITLES["never_opened_plus_rack"],
    SCORING,
    where.at("scoring", "never_opened_plus_rack"),
)
def _never_opened_rack(v: Variant) -> Words:
    p = v.never_opened_penalty
    if p is None:
        return words("Does not apply: there is no penalty for never opening.")
    if v.never_opened_plus_rack:
        return words("Yes: never opening costs {p} plus the value of your rack.", p=p)
    return words("No: never opening costs {p} flat; your rack is not added.", p=p)


@rule("exposed_twin_bonus", TITLES["exposed_twin_bonus"], SCORING, where.exposed_twin)
def _exposed_twin_words(v: Variant) -> Words:
    b = v.exposed_twin_bonus
    if b is None:
        return words("No bonus for holding the twin of a turned-up tile.")
    text = words(
        "If you were dealt the twin of the tile turned up at the deal and say so "
        "before your first turn, you score {b} extra.",
        b=b,
    )
    p = v.never_opened_penalty
    if p is None:
        return text
    if v.never_opened_plus_rack:
        return words(
            "{text} Never opened as well: -{p} minus your rack, plus {b}.", text=text, p=p, b=b
        )
    return words("{text} Never opened as well: -{p} + {b} = {b2}.", text=text, p=p, b=b, b2=b - p)


@rule("left_table_penalty", TITLES["left_table_penalty"], SCORING, where.left_table)
def _left_table_words(v: Variant) -> Words:
    if v.left_table_penalty is None:
        return words("No fixed score for leaving during a hand in this variant.")
    return words(
        "If you leave the table during a hand, you score -{left_table_penalty} for "
        "it, in place of anything else.",
        left_table_penalty=v.left_table_penalty,
    )


@rule("joker_discard_doubles", TITLES["joker_discard_doubles"], SCORING, where.joker_double)
def _joker_double_words(v: Variant) -> Words:
    if v.joker_discard_doubles:
        return words(
            "If you go out by discarding a joker as your last tile, "
            "your score for the hand is doubled."
        )
    return words("Going out on a joker scores like any other way of going out.")
