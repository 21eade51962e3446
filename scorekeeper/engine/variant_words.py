"""The players' words for a variant's rules: each rule's title, as the Rules page and the
copy form say it, and each choice of a rule with choices. The engine's refusals of a variant
speak these words, so a player reads what the form shows, never a parameter's name."""

from __future__ import annotations

from .words import Words, words

# Each rule parameter's title (the Rules page's heading and the copy form's label).
TITLES: dict[str, Words] = {
    "suits": words("Colours or card suits"),
    "value_2_9": words("What a 2 to 9 is worth"),
    "value_10_13": words("What a 10 to 13 is worth"),
    "ace_low_run": words("Ace in 1-2-3"),
    "ace_high_run": words("Ace in 12-13-1"),
    "ace_set": words("Ace in a set of aces"),
    "ace_rack": words("Ace left on a rack"),
    "joker_rack": words("Joker left on a rack"),
    "swapped_joker_rack": words("Swapped joker left on a rack"),
    "ace_high": words("Runs after the 13"),
    "wrap": words("Runs round the corner (13-1-2)"),
    "max_jokers_per_meld": words("Jokers in one meld"),
    "joker_ratio_sets": words("Jokers in a set"),
    "joker_ratio_runs": words("Jokers in a run"),
    "adjacent_jokers": words("Two jokers side by side"),
    "opening": words("Points needed to open"),
    "opening_needs_run": words("A run in the opening"),
    "opening_joker": words("Joker in the opening"),
    "opening_joker_value": words("Fixed joker value in the opening"),
    "opening_from_discard": words("A discard in the opening"),
    "first_round_no_melds": words("Melding in the first round"),
    "scoring": words("How a hand is scored"),
    "went_out_bonus": words("Bonus for going out"),
    "melded_joker_bonus": words("Joker on the table at the end"),
    "all_at_once_bonus": words("Whole hand down at once"),
    "never_opened_penalty": words("Never opened"),
    "never_opened_plus_rack": words("Never opened: rack counted too"),
    "exposed_twin_bonus": words("Twin of the turned-up tile"),
    "left_table_penalty": words("Leaving mid-hand"),
    "joker_discard_doubles": words("Going out on a joker"),
    "finishes": words("How to go out"),
    "going_out_min_melded": words("Minimum on the table to go out"),
    "pool_out": words("Pool runs out"),
    "last_chance_round": words("Last-chance round"),
    "series_winner": words("Who wins the series"),
    "series_ends": words("When the series ends"),
    "deal_direction": words("Direction of play"),
    "who_starts": words("Who plays first"),
    "min_players": words("Fewest players"),
    "max_players": words("Most players"),
    "turn_limit": words("Time per turn (seconds)"),
    "time_up": words("When time runs out"),
}

# The ways a series can end, as a sentence goes on after "usually".
SERIES_END_WORDS = {
    "hands": words("a number of hands"),
    "rounds": words("a number of rounds (a round is one hand per player)"),
    "target": words("a target score"),
}

# Each choice of a rule with choices, in the order the copy form offers them.
CHOICE_WORDS: dict[str, dict[str, Words]] = {
    "max_jokers_per_meld": {
        "": words("No limit"),
        "0": words("No jokers in melds"),
        "1": words("At most 1"),
        "2": words("At most 2"),
    },
    "opening_joker": {
        "stands_for": words("The tile it stands for"),
        "fixed": words("A fixed value"),
        "not_allowed": words("Not allowed"),
    },
    "scoring": {"racks": words("Only racks count"), "melded": words("Melded tiles minus rack")},
    "pool_out": {
        "lowest_rack_wins": words("Lowest rack wins the hand"),
        "minus_rack": words("No winner: minus own rack"),
        "melded_minus_rack": words("No winner: melded minus rack"),
    },
    "series_winner": {
        "highest_total": words("The highest total"),
        "most_hands": words("The most hands won"),
    },
    "deal_direction": {
        "left": words("Clockwise (to the left)"),
        "right": words("Anticlockwise (to the right)"),
    },
    "who_starts": {
        "highest_draw": words("The highest tile drawn"),
        "after_dealer": words("The player after the dealer"),
    },
    "finishes": {
        "discard": words("Discard the last tile"),
        "joker_discard": words("Discard a joker as the last tile"),
        "rack_empty": words("Empty the rack without a discard"),
    },
    "series_ends": {end: said.as_sentence() for end, said in SERIES_END_WORDS.items()},
    "time_up": {
        "draw_tile": words("Draw a tile; a changed table goes back, and three tiles"),
        "three_tiles": words("A changed table goes back, and three tiles"),
        "pass": words("Say pass; the next player plays"),
        "draw_discard": words("Draw a tile and discard one"),
        "turn_ends": words("The turn ends, no penalty"),
    },
}


# The rules a copy keeps from its source (table mode's), named for the refusals of a variant
# read from a file, where they can be wrong.
TABLE_RULE_WORDS: dict[str, Words] = {
    "swap_meld_with": words("Rack tiles melded with a swapped joker"),
    "split_melds": words("Splitting melds on the table"),
}
SPLIT_WORDS = {
    "never": words("never"),
    "without_joker": words("melds without a joker"),
    "any": words("any meld"),
}
