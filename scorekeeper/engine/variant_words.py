"""The players' words for a variant's rules: each rule's title, as the Rules page and the
copy form say it, and each choice of a rule with choices. The engine's refusals of a variant
speak these words, so a player reads what the form shows, never a parameter's name."""

from __future__ import annotations

# Each rule parameter's title (the Rules page's heading and the copy form's label).
TITLES: dict[str, str] = {
    "suits": "Colours or card suits",
    "value_2_9": "What a 2 to 9 is worth",
    "value_10_13": "What a 10 to 13 is worth",
    "ace_low_run": "Ace in 1-2-3",
    "ace_high_run": "Ace in 12-13-1",
    "ace_set": "Ace in a set of aces",
    "ace_rack": "Ace left on a rack",
    "joker_rack": "Joker left on a rack",
    "swapped_joker_rack": "Swapped joker left on a rack",
    "ace_high": "Runs after the 13",
    "wrap": "Runs round the corner (13-1-2)",
    "max_jokers_per_meld": "Jokers in one meld",
    "joker_ratio_sets": "Jokers in a set",
    "joker_ratio_runs": "Jokers in a run",
    "adjacent_jokers": "Two jokers side by side",
    "opening": "Points needed to open",
    "opening_needs_run": "A run in the opening",
    "opening_joker": "Joker in the opening",
    "opening_joker_value": "Fixed joker value in the opening",
    "opening_from_discard": "A discard in the opening",
    "first_round_no_melds": "Melding in the first round",
    "scoring": "How a hand is scored",
    "went_out_bonus": "Bonus for going out",
    "melded_joker_bonus": "Joker on the table at the end",
    "all_at_once_bonus": "Whole hand down at once",
    "never_opened_penalty": "Never opened",
    "never_opened_plus_rack": "Never opened: rack counted too",
    "exposed_twin_bonus": "Twin of the turned-up tile",
    "left_table_penalty": "Leaving mid-hand",
    "joker_discard_doubles": "Going out on a joker",
    "finishes": "How to go out",
    "going_out_min_melded": "Minimum on the table to go out",
    "pool_out": "Pool runs out",
    "last_chance_round": "Last-chance round",
    "series_winner": "Who wins the series",
    "series_ends": "When the series ends",
    "deal_direction": "Who deals next",
    "min_players": "Fewest players",
    "max_players": "Most players",
}

# The ways a series can end, as a sentence goes on after "usually".
SERIES_END_WORDS = {
    "hands": "a number of hands",
    "rounds": "a number of rounds (a round is one hand per player)",
    "target": "a target score",
}

# Each choice of a rule with choices, in the order the copy form offers them.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "max_jokers_per_meld": {"": "No limit", "0": "No jokers in melds", "1": "At most 1",
                            "2": "At most 2"},
    "opening_joker": {"stands_for": "The tile it stands for", "fixed": "A fixed value",
                      "not_allowed": "Not allowed"},
    "scoring": {"racks": "Only racks count", "melded": "Melded tiles minus rack"},
    "pool_out": {"lowest_rack_wins": "Lowest rack wins the hand",
                 "minus_rack": "No winner: minus own rack",
                 "melded_minus_rack": "No winner: melded minus rack"},
    "series_winner": {"highest_total": "The highest total", "most_hands": "The most hands won"},
    "deal_direction": {"left": "Left (clockwise)", "right": "Right (anticlockwise)"},
    "finishes": {"discard": "Discard the last tile",
                 "joker_discard": "Discard a joker as the last tile",
                 "rack_empty": "Empty the rack without a discard"},
    "series_ends": {end: words[0].upper() + words[1:] for end, words in SERIES_END_WORDS.items()},
}

# The rules a copy keeps from its source (table mode's), named for the refusals of a variant
# read from a file, where they can be wrong.
TABLE_RULE_WORDS: dict[str, str] = {
    "swap_meld_with": "Rack tiles melded with a swapped joker",
    "split_melds": "Splitting melds on the table",
}
SPLIT_WORDS = {"never": "never", "without_joker": "melds without a joker",
               "any": "any meld"}
