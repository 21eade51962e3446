"""Scorekeeper's own rulings: where every source is silent or unclear, and the
rulings that hold whatever the source."""

from ..words import words
from ._base import Ruling, Source

SOURCE = Source(
    key="scorekeeper",
    title=words("Scorekeeper ruling"),
    about=words("Where a source is silent or unclear, Scorekeeper decides and says so."),
    rulings={
        "clock": Ruling(
            words("the turn clock"),
            (
                words(
                    "The source times no turn. A group may still set a time per turn; when it "
                    "runs out the turn is over, with no penalty."
                )
            ),
        ),
        "deal": Ruling(
            words("who starts the next hand"),
            (
                words(
                    "The source says who plays first in the first hand only. Each later hand is "
                    "started by the next player in the order of play."
                )
            ),
            with_section=True,
        ),
        "lowest_rack_tie": Ruling(
            words("a tie for the lowest rack"),
            (
                words(
                    "If two or more players tie for the lowest rack, nobody wins the hand: the "
                    "tied players score 0 and every other player scores minus (own rack minus "
                    "the lowest rack)."
                )
            ),
            with_section=True,
        ),
        "series_tie": Ruling(
            words("a tie in the series"),
            (words("Players level on hands won and on total share first place.")),
            with_section=True,
        ),
        "exposed_twin": Ruling(
            words("never opened with the twin announced"),
            (
                words(
                    "The source does not say whether a player who never opened keeps the twin "
                    "bonus. They do: the penalty and the bonus add up."
                )
            ),
            with_section=True,
        ),
        "left_table": Ruling(
            words("leaving mid-hand"),
            (
                words(
                    "With a physical set no one takes over the seat: the player who left scores "
                    "the penalty for the hand and nothing else, melded tiles and rack included."
                )
            ),
            with_section=True,
        ),
        "joker_double": Ruling(
            words("doubling on a Joly"),
            (
                words(
                    "Doubling applies to the whole hand score: the bonus for going out, the melded "
                    "tiles, the jokers' bonus, any all-at-once bonus and the twin bonus all count "
                    "twice."
                )
            ),
            with_section=True,
        ),
        # Table mode.
        "table_mode": Ruling(
            words("table mode is for variants that score melded value"),
            (
                words(
                    "Table mode follows the tiles each player puts on the table; a variant that "
                    "scores only the racks has nothing there to follow."
                )
            ),
        ),
        "turn": Ruling(
            words(
                "no adding to other players' melds or taking their jokers in the "
                "turn of one's opening, as in Romanian tile rummy"
            ),
            (
                words(
                    "The source does not say what a player may do in the turn of their opening; "
                    "Romanian tile rummy's rule applies."
                )
            ),
        ),
        "rearranged": Ruling(
            words("table mode does not follow rearranged melds"),
            (
                words(
                    "Table mode follows melds as they are laid; a hand where melds were split or "
                    "rearranged is recorded with the quick tally."
                )
            ),
        ),
    },
)
