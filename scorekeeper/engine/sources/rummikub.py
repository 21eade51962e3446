"""Rummikub official rules: the rules sheet of the Rummikub box."""

from ..words import words
from ._base import Source

SOURCE = Source(
    key="rummikub",
    title=words("Rummikub official rules"),
    about=words("The rules sheet of the Rummikub box, with a worked four-hand score table."),
    sections={
        "tiles": "Contents",
        "melds": "Playing the Game",
        "joker": "The Joker",
        "values": "Playing the Game",
        "rack": "Scoring",
        "joker_rack": "Scoring",
        "opening": "Playing the Game",
        "scoring": "Scoring",
        "going_out": "Playing the Game",
        "pool": words("{section} (pool used up)", section="Scoring"),
        "series": "Winning",
        "series_end": "Set Up",
        "players": "Set Up",
        "add": "Playing the Game",
        "swap": "The Joker",
    },
)
