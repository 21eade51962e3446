"""The tile notation as plain data, for a page's script: the colour letters and the
letters read as the same colour, the joker, the numbers, the faces of card-faced tiles
and where an ace may lie. The tile pad reads it from the page, so the notation is
written once, here in the engine (`tiles.py`, `hands.py`), and what the pad adds up
is what the engine reads."""

from __future__ import annotations

from typing import Any

from .ace_places import ACE_MARK, ACE_PLACES
from .tile_codes import TileCode
from .tiles import (
    COLOUR_ALIASES,
    COLOUR_NAMES,
    COLOURS,
    FACE_NAMES,
    JOKER_TOKEN,
    LETTER_VALUES,
    NUMBERS,
    STANDS_FOR,
    SUIT_NAMES,
    card_words,
    tile_words,
)
from .words import words

# The notation said for people beside the tile boxes, in the letters above: on the settling
# pages (colours, or suits for card-faced tiles), on the hand forms (with where an ace lay,
# where that changes its value), and in table mode.
HOW_TO_WRITE = {
    "colours": words(
        "A colour letter and a number ({red} red, {blue} blue, {black} black, {yellow} "
        "yellow or {orange} orange), {joker} for a joker.",
        **LETTER_VALUES,
    ),
    # Card-faced tiles are typed with the letters of their colours (docs/glossary.md).
    "suits": words(
        "A suit letter and a number ({black} spades, {red} hearts, {blue} clubs, {yellow} "
        "diamonds; 1 ace, 11 jack, 12 queen, 13 king), {joker} for a joker.",
        **LETTER_VALUES,
    ),
    "tiles": words(
        "Tiles: a colour letter and a number ({red} red, {blue} blue, {black} black, "
        "{yellow} yellow or {orange} orange), {joker} for a joker.",
        **LETTER_VALUES,
    ),
    "melds": words(
        "Tiles: a colour letter and a number ({red} red, {blue} blue, {black} black, "
        "{yellow} yellow or {orange} orange), {joker} for a joker; a joker in a run may "
        "say what it stands for, e.g. {example}.",
        example=TileCode("j=b8"),
        **LETTER_VALUES,
    ),
    "aces": words(
        "An ace on the table says where it lay: {low}, {high} or {in_set}.",
        low=TileCode(f"r1{ACE_MARK}low"),
        high=TileCode(f"r1{ACE_MARK}high"),
        in_set=TileCode(f"r1{ACE_MARK}set"),
    ),
}


def notation() -> dict[str, Any]:
    """The notation as JSON-ready data; `names` and `suits` are each colour's Words,
    for the page to say in its language, as are `tile_name` and `card_name` (a tile in
    words, its "{colour}" and "{number}", "{face}" and "{suit}" for the page to fill in);
    `letters` the letter a player types for each
    colour and the joker, the notation's own until a page gives its language's
    (`tile_codes`)."""
    return {
        "colours": list(COLOURS),
        "letters": {letter: letter for letter in (*COLOURS, *COLOUR_ALIASES, JOKER_TOKEN)},
        "aliases": dict(COLOUR_ALIASES),
        "names": {c: COLOUR_NAMES[c] for c in COLOURS},
        "suits": {c: SUIT_NAMES[c] for c in COLOURS},
        "tile_name": tile_words("{colour}", "{number}"),
        "card_name": card_words("{face}", "{suit}"),
        "joker": JOKER_TOKEN,
        "stands_for": STANDS_FOR,
        "numbers": list(NUMBERS),
        "faces": {str(n): face for n, face in FACE_NAMES.items()},
        "ace": NUMBERS[0],
        "ace_places": list(ACE_PLACES),
        "ace_mark": ACE_MARK,
    }
