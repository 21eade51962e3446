"""The tile notation as plain data, for a page's script: the colour letters and the
letters read as the same colour, the joker, the numbers, the faces of card-faced tiles
and where an ace may lie. The tile pad reads it from the page, so the notation is
written once, here in the engine (`tiles.py`, `hands.py`), and what the pad adds up
is what the engine reads."""

from __future__ import annotations

from typing import Any

from .hands import ACE_MARK, ACE_PLACES
from .tiles import (
    COLOUR_ALIASES,
    COLOUR_NAMES,
    COLOURS,
    FACE_NAMES,
    JOKER_TOKEN,
    NUMBERS,
    STANDS_FOR,
    SUIT_NAMES,
)
from .words import words

# The notation said for people beside the tile boxes, in the letters above: on the settling
# pages (colours, or suits for card-faced tiles), on the hand forms (with where an ace lay,
# where that changes its value), and in table mode.
HOW_TO_WRITE = {
    "colours": words(
        "A colour letter and a number (r red, b blue, k black, y yellow or o "
        "orange), j for a joker."
    ),
    "suits": words(
        "A suit letter and a number (k spades, r hearts, b clubs, y diamonds; 1 ace, "
        "11 jack, 12 queen, 13 king), j for a joker."
    ),
    "tiles": words(
        "Tiles: a colour letter and a number (r red, b blue, k black, y yellow or o "
        "orange), j for a joker."
    ),
    "melds": words(
        "Tiles: a colour letter and a number (r red, b blue, k black, y yellow or o "
        "orange), j for a joker; a joker in a run may say what it stands for, e.g. "
        "{example}.",
        example="j=b8",
    ),
    "aces": words("An ace on the table says where it lay: r1/low, r1/high or r1/set."),
}


def notation() -> dict[str, Any]:
    """The notation as JSON-ready data; `names` and `suits` are each colour's Words,
    for the page to say in its language."""
    return {
        "colours": list(COLOURS),
        "aliases": dict(COLOUR_ALIASES),
        "names": {c: COLOUR_NAMES[c] for c in COLOURS},
        "suits": {c: SUIT_NAMES[c] for c in COLOURS},
        "joker": JOKER_TOKEN,
        "stands_for": STANDS_FOR,
        "numbers": list(NUMBERS),
        "faces": {str(n): face for n, face in FACE_NAMES.items()},
        "ace": NUMBERS[0],
        "ace_places": list(ACE_PLACES),
        "ace_mark": ACE_MARK,
    }
