"""The Tile Rummy leaflet: English and French, with a 5-10-15 variation."""

from ..words import words
from ._base import Ruling, Source

SOURCE = Source(
    key="tile-rummy",
    title=words("Tile Rummy leaflet"),
    about=words(
        "A bilingual (English and French) leaflet sold with tile rummy sets, "
        "with a 5-10-15 scoring variation."
    ),
    sections={
        "tiles": words("{section} (first paragraph)", section=words("Rummy")),
        "melds": words("Groups and Runs"),
        "joker": words("Groups and Runs"),
        "values": words("Counting the points"),
        "rack": words("Counting the points"),
        "joker_rack": words("Counting the points"),
        "opening": words("The Game"),
        "all_at_once": words("The Game"),
        "scoring": words("Counting the points"),
        "going_out": words("Counting the points"),
        "pool": words("{section} (French text)", section=words("Pointage")),
        "bonus": words("{section} (all tiles at once)", section=words("The Game")),
        "players": words("{section} (French text)", section=words("Début de la partie")),
        "direction": words("{section} (French text)", section=words("Début de la partie")),
        "variation": words("Variation"),
        "add": words("The Game"),
        "swap": words("Groups and Runs"),
        "split": words("Groups and Runs"),
        "clock": words("The Game"),
    },
    rulings={
        "high_runs": Ruling(
            words("the ace in runs"),
            (
                words(
                    "The leaflet only says a run is consecutive numbers from 1 to 13 and never "
                    "puts the ace after the 13, so the ace is low only: 12-13-1 is not a run."
                )
            ),
        ),
        "pool_out": Ruling(
            words("the pool running out"),
            (
                words(
                    "The leaflet only says that the players then count their points. Nobody wins "
                    "the hand and every player scores minus their own rack."
                )
            ),
            with_section=True,
        ),
        "first_player": Ruling(
            words("who plays first"),
            (
                words(
                    "The English text does not say who plays first, and the French text lets the "
                    "lowest tile drawn start. Scorekeeper follows the Rummikub rules: each player "
                    "draws a tile and the highest plays first (a tie draws again); each later "
                    "hand is started by the next player in the order of play."
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
        "clock": Ruling(
            words("the turn clock"),
            (
                words(
                    "The leaflet sets no time per turn; it says some players set one, for "
                    "example three minutes. A series can set its own."
                )
            ),
            with_section=True,
        ),
        "time_up": Ruling(
            words("time running out"),
            (
                words(
                    "The leaflet only says that at the end of your turn you say “pass” and "
                    "the next player plays. It names no penalty, so none is taken."
                )
            ),
            with_section=True,
        ),
    },
    main_preset="tile-rummy",
)
