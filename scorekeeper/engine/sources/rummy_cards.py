"""Rummy with card-faced tiles: a tile set printed with playing-card faces."""

from ..words import words
from ._base import Ruling, Source

# The card source never prices a tile.
CARD_VALUES = Ruling(
    words("card tile values"),
    (
        words(
            "The card source never says what a tile is worth. It calls the King number 13 and "
            "the ace the lowest number, so each tile counts its face: A 1, 2 to 10 as printed, "
            "J 11, Q 12, K 13."
        )
    ),
)

SOURCE = Source(
    key="rummy-cards",
    title=words("Rummy with card-faced tiles"),
    about=words(
        "The rules of a tile set printed with playing-card faces (A, 2-10, J, Q, K in four suits)."
    ),
    sections={
        "tiles": words("Contents of the Game"),
        "melds": words("Sets"),
        "joker": words("The Joker"),
        "rack": words("Scoring"),
        "joker_rack": words("The Joker"),
        "opening": words("Opening the game"),
        "opening_joker": words("The Joker"),
        "scoring": words("Scoring"),
        "going_out": words("The Winner"),
        "pool": words("Scoring"),
        "pool_scoring": words("{section} (last-chance round)", section=words("Scoring")),
        "series": words("Scoring"),
        "series_end": words("Before the Game Begins"),
        "direction": words("Before the Game Begins"),
        "first_player": words("Before the Game Begins"),
        "players": words("Contents of the Game"),
        "add": words("Manipulating"),
        "swap": words("The Joker"),
        "clock": words("How to Play"),
        "split": words("The Joker"),
    },
    rulings={
        "values": CARD_VALUES,
        "max_jokers": Ruling(
            words("one joker per set"),
            (
                words(
                    'The card source allows one joker per set, and it uses "set" for groups and '
                    "runs alike, so a group holds at most one joker and so does a run."
                )
            ),
        ),
        "players": Ruling(
            words("the number of players"),
            (
                words(
                    "The card source gives no number of players; it comes with 4 racks, so 2 to 4."
                )
            ),
            with_section=True,
        ),
    },
)
