"""Rummikub official rules: the rules sheet of the Rummikub box."""

from ..words import words
from ._base import Source

SOURCE = Source(
    key="rummikub",
    title=words("Rummikub official rules"),
    about=words("The rules sheet of the Rummikub box, with a worked four-hand score table."),
    sections={
        "tiles": words("Contents"),
        "melds": words("Playing the Game"),
        "joker": words("The Joker"),
        "values": words("Playing the Game"),
        "rack": words("Scoring"),
        "joker_rack": words("Scoring"),
        "opening": words("Playing the Game"),
        "scoring": words("Scoring"),
        "going_out": words("Playing the Game"),
        "pool": words("{section} (pool used up)", section=words("Scoring")),
        "series": words("Winning"),
        "series_end": words("Set Up"),
        "direction": words("Playing the Game"),
        "first_player": words("Set Up"),
        "players": words("Set Up"),
        "add": words("Playing the Game"),
        "swap": words("The Joker"),
        "clock": words("Time Limit"),
    },
)
