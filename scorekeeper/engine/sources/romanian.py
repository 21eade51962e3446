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
    # The source has no headings after "The Play", so the parts after it are named by what
    # they hold; its headings and those parts alike are read in the page's language.
    sections={
        "tiles": words("introduction"),
        "melds": words("The Play"),
        "joker": words("The Play"),
        "values": words("The Play"),
        "rack": words("scoring section"),
        "joker_rack": words("scoring section"),
        "opening": words("The Play"),
        "scoring": words("scoring section"),
        "going_out": words("The Play"),
        "pool": words("scoring section (no winner)"),
        "bonus": words("scoring section"),
        "series": words("scoring section"),
        "series_end": words("scoring section"),
        "deal": words("Preparation and Distribution of Tiles"),
        "direction": words("introduction"),
        "first_player": words("Preparation and Distribution of Tiles"),
        "players": words("introduction"),
        "variation": words("variations"),
        "add": words("The Play"),
        "swap": words("{section}, options 5-7", section=words("The Play")),
        "turn": words("The Play"),
        "split": words("The Play"),
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
