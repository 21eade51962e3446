"""Tiles and the tile notation: `r7`, `b13`, `k1`, `y10`, `j`, and in a meld `j=b11`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import InvalidTile, RuleError
from .limits import MELD_TILES, SET_TILES, text_characters
from .tile_codes import TileCode
from .words import Words, words

# The four colours of a physical set. Sets sold with orange tiles instead of
# yellow use `o`, which is read as the same fourth colour.
COLOURS = ("r", "b", "k", "y")
COLOUR_NAMES = {"r": words("red"), "b": words("blue"), "k": words("black"), "y": words("yellow")}
# Card-faced sets (Rummy with card-faced tiles) show suits instead of colours.
SUIT_NAMES = {
    "k": words("spades"),
    "r": words("hearts"),
    "b": words("clubs"),
    "y": words("diamonds"),
}
COLOUR_ALIASES = {"o": "y"}
FACE_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
NUMBERS = (1, 13)  # the lowest and highest number on a tile
JOKER_TOKEN = "j"
STANDS_FOR = "="  # in a meld, `j=b11`: the joker stands for b11

# ASCII only: `\d` would also read full-width digits and those of other scripts
# as numbers (an `r` and a full-width 5 would be r5).
_LETTER = "[" + "".join([*COLOURS, *COLOUR_ALIASES]) + "]"
_TOKEN = re.compile(
    rf"^(?:({_LETTER})([0-9]{{1,2}})|{JOKER_TOKEN}(?:{STANDS_FOR}({_LETTER})?"
    rf"([0-9]{{1,2}}))?)$",
    re.ASCII,
)

# Each letter of the notation as a message's value, written in the page's letters
# (tile_codes.py): the help lines say the letters the page's players type.
LETTER_VALUES = {
    "red": TileCode("r"),
    "blue": TileCode("b"),
    "black": TileCode("k"),
    "yellow": TileCode("y"),
    "orange": TileCode("o"),
    "joker": TileCode(JOKER_TOKEN),
}
HINT = words(
    "write a colour letter ({red}, {blue}, {black}, {yellow} or {orange}) and a number "
    "1-13, or {joker} for a joker",
    **LETTER_VALUES,
)


@dataclass(frozen=True, order=True)
class Tile:
    """One tile. A joker has no colour or number of its own; in a meld it may
    stand for a tile (`as_colour`, `as_number`), fully or partly known."""

    colour: str | None = None
    number: int | None = None
    joker: bool = False
    as_colour: str | None = None
    as_number: int | None = None

    @cached_property
    def key(self) -> str:
        """The physical tile this is, for counting copies: `b7` or `j`."""
        return JOKER_TOKEN if self.joker else f"{self.colour}{self.number}"

    def plain(self) -> Tile:
        """The same physical tile, forgetting what a joker stood for."""
        return JOKER if self.joker else self

    @property
    def face_colour(self) -> str | None:
        """The colour this tile shows or stands for."""
        return self.as_colour if self.joker else self.colour

    @property
    def face_number(self) -> int | None:
        """The number this tile shows or stands for."""
        return self.as_number if self.joker else self.number

    def __str__(self) -> str:
        return self.text

    def __html__(self) -> str:
        # Drawn on a page, in the page's letters.
        return self.text.__html__()

    @cached_property
    def text(self) -> TileCode:
        """The tile in the notation (`b7`, `j`, `j=b11`), written once per tile: the
        tiles of a hand are shared (see _parse_token) and written in every breakdown;
        a page writes it in its own letters."""
        if not self.joker:
            return TileCode(f"{self.colour}{self.number}")
        if self.as_number is None:
            return TileCode(JOKER_TOKEN)
        return TileCode(f"{JOKER_TOKEN}{STANDS_FOR}{self.as_colour or ''}{self.as_number}")


JOKER = Tile(joker=True)


def joker_as(colour: str | None, number: int | None) -> Tile:
    """A joker saying which tile it stands for (colour may be unknown in a set)."""
    return Tile(joker=True, as_colour=colour, as_number=number)


def parse_tile(token: str, *, in_meld: bool = True) -> Tile:
    """Read one token of the notation, or raise InvalidTile saying why not."""
    return _parse_token(token, in_meld)


# Tiles read before, by token, on a rack and in a meld: tiles are immutable and the
# hands of a night repeat the same few dozen tokens. Bounded: cleared when full.
_READ: tuple[dict[str, Tile], dict[str, Tile]] = ({}, {})
_MAX_READ = 4096


def _parse_token(token: str, in_meld: bool) -> Tile:
    read = _READ[in_meld]
    tile = read.get(token)
    if tile is None:
        if len(read) >= _MAX_READ:
            read.clear()
        tile = read[token] = _read_token(token, in_meld)
    return tile


def _read_token(token: str, in_meld: bool) -> Tile:
    text = token.strip()
    # Lower-casing first would turn look-alikes such as the Kelvin sign into `k`.
    match = _TOKEN.match(text.lower()) if text.isascii() else None
    if not match:
        shown = token if len(token) <= 20 else token[:20] + "..."
        raise InvalidTile(
            token, words("'{shown}' is not a tile: {hint}", shown=TileCode(shown), hint=HINT)
        )
    colour, number, as_colour, as_number = match.groups()
    if colour:
        return Tile(COLOUR_ALIASES.get(colour, colour), _number(token, number))
    if as_number is None:
        return JOKER
    if not in_meld:
        raise InvalidTile(
            token,
            words(
                "'{token}': a joker on a rack stands for nothing; write {joker}",
                token=TileCode(token),
                joker=TileCode(JOKER_TOKEN),
            ),
        )
    return Tile(
        joker=True,
        as_colour=COLOUR_ALIASES.get(as_colour, as_colour) if as_colour else None,
        as_number=_number(token, as_number),
    )


def _number(token: str, digits: str) -> int:
    number = int(digits)
    if not NUMBERS[0] <= number <= NUMBERS[1]:
        raise InvalidTile(
            token, words("'{token}' is not a tile: numbers go from 1 to 13", token=TileCode(token))
        )
    return number


class TooManyTiles(InvalidTile):
    """More tiles written than can be there (engine/limits.py), refused before any is read.
    `most` is the limit; `count` the tiles written, or None when the text alone is too long."""

    def __init__(self, message: Words | str, most: int, count: int | None, **about: Any):
        RuleError.__init__(self, message, **about)
        self.most, self.count = most, count


def written_tiles(text: str, most: int = SET_TILES) -> list[str]:
    """The tokens of tiles written as text, or TooManyTiles past `most` tiles: the text's
    length is checked first, then its tokens are counted, before any tile is read."""
    if len(text) > text_characters(most):
        raise TooManyTiles(
            words(
                "{length} characters written; {most} tiles take at most {limit}",
                length=len(text),
                most=most,
                limit=text_characters(most),
            ),
            most,
            None,
        )
    found = tokens(text)
    if len(found) > most:
        raise TooManyTiles(_too_many(len(found), most), most, len(found))
    return found


def _too_many(count: int, most: int) -> Words:
    if most == MELD_TILES:
        return words(
            "{count} tiles written; a meld holds at most {most} (a run from 1 to 13)",
            count=count,
            most=most,
        )
    if most == SET_TILES:
        return words(
            "{count} tiles written; a box of tiles holds only {most}", count=count, most=most
        )
    return words("{count} tiles written; at most {most} fit here", count=count, most=most)


def tokens(text: str) -> list[str]:
    """The tokens of tiles written as text: any run of whitespace (as `str.isspace`
    knows it) and commas separates two tiles. `str.split` is several times faster
    than a regular expression, and every rack and meld of a hand is split."""
    return text.replace(",", " ").split()


def parse_tiles(text: str, *, in_meld: bool = True, most: int = SET_TILES) -> list[Tile]:
    """Read tokens separated by spaces or commas, case-insensitive; more than `most` tiles
    (a whole set unless told) are refused before any is read."""
    read = _READ[in_meld]
    return [read.get(t) or _parse_token(t, in_meld) for t in written_tiles(text, most)]


def format_tiles(tiles: Iterable[Tile | str]) -> TileCode:
    """Write tiles back in the notation, space separated (a page writes them in its own
    letters)."""
    return TileCode(" ".join([t.text if isinstance(t, Tile) else str(t) for t in tiles]))


def tile_face(number: int | None, *, suits: bool = False) -> str:
    """What a tile's face shows for its number: `Q` for 12 on a card-faced tile, else `12`."""
    if number is None:
        return ""
    return FACE_NAMES.get(number, str(number)) if suits else str(number)


def tile_words(colour: object, number: object) -> Words:
    """A tile in words: one message, so a language puts colour and number in its own order
    ("10 roșu", "kék 10") the same way on the pad's keys, in breakdowns and for a screen
    reader."""
    return words("{colour} {number}", colour=colour, number=number)


def card_words(face: object, suit: object) -> Words:
    """A card-faced tile in words ("Q of hearts"), one message as for `tile_words`."""
    return words("{face} of {suit}", face=face, suit=suit)


def tile_label(tile: Tile, *, suits: bool = False) -> Words | str:
    """A tile in words for people: `blue 7`, `joker`, `7 of clubs`."""
    if tile.joker and tile.as_number is None:
        return words("joker")
    colour, number = tile.face_colour, tile.face_number
    if suits:
        face = tile_face(number, suits=True)
        text = card_words(face, SUIT_NAMES[colour]) if colour else f"{face}"
    else:
        text = tile_words(COLOUR_NAMES[colour], number) if colour else f"{number}"
    return words("joker as {tile}", tile=text) if tile.joker else text


def all_tiles() -> list[Tile]:
    """One copy of every numbered tile (the set holds two of each, and two jokers)."""
    return [Tile(c, n) for c in COLOURS for n in range(NUMBERS[0], NUMBERS[1] + 1)]
