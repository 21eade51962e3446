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
    # The source has no headings after "The Play", so its parts are named, in the reader's
    # language; "The Play" and the other headings it prints are cited as printed.
    sections={
        "tiles": words("introduction"),
        "melds": "The Play",
        "joker": "The Play",
        "values": "The Play",
        "rack": words("scoring section"),
        "joker_rack": words("scoring section"),
        "opening": "The Play",
        "scoring": words("scoring section"),
        "going_out": "The Play",
        "pool": words("scoring section (no winner)"),
        "bonus": words("scoring section"),
        "series": words("scoring section"),
        "series_end": words("scoring section"),
        "deal": "Preparation and Distribution of Tiles",
        "players": words("introduction"),
        "variation": words("variations"),
        "add": "The Play",
        "swap": words("{section}, options 5-7", section="The Play"),
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
