"""The Rummy Meld tutorial of an online game, played here with a physical set."""

from ..words import words
from ._base import Ruling, Source

SOURCE = Source(
    key="rummy-meld",
    title=words("Rummy Meld tutorial"),
    about=words("The rules of an online Rummy Meld game, played here with a physical set."),
    sections={
        "tiles": words("Game Setup & Tiles"),
        "melds": words("Valid Combinations"),
        "high": words("Wrap-around Runs"),
        "joker": words("Jolly (Wildcard) Rules"),
        "values": words("Point Values"),
        "rack": words("Scoring & Bonuses"),
        "joker_rack": words("Scoring & Bonuses"),
        "opening": words("Initial Meld Requirements"),
        "first_round": words("First Round & Initial Meld"),
        "scoring": words("Scoring & Bonuses"),
        "going_out": words("Closing the Game"),
        "pool": words("Special Rules: Stalemate"),
        "left": words("Special Rules: Disconnect Penalty"),
        "players": words("Game Setup & Tiles"),
        "add": words("Layoff (Adding to Board)"),
        "swap": words("Jolly Swap"),
        "split": words("Layoff (Adding to Board)"),
        "clock": words("Turn Timer"),
    },
    rulings={
        "ace_rack": Ruling(
            words("an ace left on a rack"),
            (
                words(
                    "The tutorial prices an ace only in a high run or a set of aces. Its table "
                    "counts every 1 to 9 as 5, so an ace left on a rack costs 5."
                )
            ),
        ),
        "joker_in_meld": Ruling(
            words("a joker in a meld"),
            (
                words(
                    "The tutorial gives no value for a Jolly inside a meld, so it counts the tile "
                    "it stands for, in the opening and at the end. It has no credited joker "
                    "either: a Jolly counts for the player who laid it where it finally lies, and "
                    "the real tile that replaced it counts for whoever supplied that tile."
                )
            ),
        ),
        "opening_discard": Ruling(
            words("a discard in the opening"),
            (
                words(
                    "The tutorial does not say whether a tile picked from the discards may count "
                    "toward the opening. It may not: the opening comes from your own rack."
                )
            ),
        ),
        "direction": Ruling(
            words("which way play goes"),
            (
                words(
                    "The tutorial does not say which way the turn goes round a real table. It "
                    "goes clockwise, to the left, as in the other tile rummy rules."
                )
            ),
        ),
        "first_player": Ruling(
            words("who plays first"),
            (
                words(
                    "The tutorial does not say who plays first. As in the Rummikub rules, each "
                    "player draws a tile and the highest plays first (a tie draws again); each "
                    "later hand is started by the next player in the order of play."
                )
            ),
        ),
        "series": Ruling(
            words("the series"),
            (
                words(
                    "The source covers single hands only. A series runs to an agreed number of "
                    "hands or a target score, and the highest total wins."
                )
            ),
        ),
        "time_up": Ruling(
            words("time running out"),
            (
                words(
                    "In the tutorial the game draws and discards for the player. At a real table "
                    "the player whose time ran out draws a tile, then discards one."
                )
            ),
            with_section=True,
        ),
    },
)
