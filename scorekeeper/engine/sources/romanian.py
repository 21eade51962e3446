"""Romanian tile rummy, with Hilary Howarth's bookkeeping and its variations."""

from ..words import words
from ._base import Ruling, Source

SOURCE = Source(
    key="romanian",
    title=words("Romanian tile rummy"),
    about=words(
        "A description of tile rummy as played in Romania, with Hilary Howarth's "
        "way of keeping melded points countable and the variations some players use."
    ),
    # The source has no headings after "The Play", so its parts are named.
    sections={
        "tiles": "introduction",
        "melds": "The Play",
        "joker": "The Play",
        "values": "The Play",
        "rack": "scoring section",
        "joker_rack": "scoring section",
        "opening": "The Play",
        "scoring": "scoring section",
        "going_out": "The Play",
        "pool": "scoring section (no winner)",
        "bonus": "scoring section",
        "series": "scoring section",
        "series_end": "scoring section",
        "deal": "Preparation and Distribution of Tiles",
        "players": "introduction",
        "variation": "variations",
        "add": "The Play",
        "swap": "The Play, options 5-7",
        "turn": "The Play",
        "split": "The Play",
    },
    rulings={
        "ace_rack": Ruling(
            words("an ace left on a rack"),
            (
                words(
                    "The source gives the ace a value only inside a meld. A loose ace counts 25 "
                    "in Romanian sets, so an ace left on a rack costs 25."
                )
            ),
        ),
    },
    main_preset="romanian",
)
