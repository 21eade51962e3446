"""Tiles and the tile notation: `r7`, `b13`, `k1`, `y10`, `j`, and in a meld `j=b11`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from .errors import InvalidTile
from .words import words

# The four colours of a physical set. Sets sold with orange tiles instead of
# yellow use `o`, which is read as the same fourth colour.
COLOURS = ("r", "b", "k", "y")
COLOUR_NAMES = {"r": words("red"), "b": words("blue"), "k": words("black"),
                "y": words("yellow")}
# Card-faced sets (Rummy with card-faced tiles) show suits instead of colours.
SUIT_NAMES = {"k": words("spades"), "r": words("hearts"), "b": words("clubs"),
              "y": words("diamonds")}
COLOUR_ALIASES = {"o": "y"}
FACE_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

# ASCII only: `\d` would also read full-width digits and those of other scripts
# as numbers (an `r` and a full-width 5 would be r5).
_TOKEN = re.compile(r"^(?:([rbkyo])([0-9]{1,2})|j(?:=([rbkyo])?([0-9]{1,2}))?)$", re.ASCII)

HINT = words("write a colour letter (r, b, k, y or o) and a number 1-13, or j for a joker")


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
        return "j" if self.joker else f"{self.colour}{self.number}"

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

    @cached_property
    def text(self) -> str:
        """The tile in the notation (`b7`, `j`, `j=b11`), written once per tile: the
        tiles of a hand are shared (see _parse_token) and written in every breakdown."""
        if not self.joker:
            return f"{self.colour}{self.number}"
        if self.as_number is None:
            return "j"
        return f"j={self.as_colour or ''}{self.as_number}"


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
        raise InvalidTile(token, words("'{shown}' is not a tile: {hint}", shown=shown, hint=HINT))
    colour, number, as_colour, as_number = match.groups()
    if colour:
        return Tile(COLOUR_ALIASES.get(colour, colour), _number(token, number))
    if as_number is None:
        return JOKER
    if not in_meld:
        raise InvalidTile(token, words("'{token}': a joker on a rack stands for nothing; write j",
                                       token=token))
    return Tile(
        joker=True,
        as_colour=COLOUR_ALIASES.get(as_colour, as_colour) if as_colour else None,
        as_number=_number(token, as_number),
    )


def _number(token: str, digits: str) -> int:
    number = int(digits)
    if not 1 <= number <= 13:
        raise InvalidTile(token, words("'{token}' is not a tile: numbers go from 1 to 13",
                                       token=token))
    return number


def tokens(text: str) -> list[str]:
    """The tokens of tiles written as text: any run of whitespace (as `str.isspace`
    knows it) and commas separates two tiles. `str.split` is several times faster
    than a regular expression, and every rack and meld of a hand is split."""
    return text.replace(",", " ").split()


def parse_tiles(text: str, *, in_meld: bool = True) -> list[Tile]:
    """Read tokens separated by spaces or commas, case-insensitive."""
    read = _READ[in_meld]
    return [read.get(t) or _parse_token(t, in_meld) for t in tokens(text)]


def format_tiles(tiles: Iterable[Tile | str]) -> str:
    """Write tiles back in the notation, space separated."""
    return " ".join([t.text if isinstance(t, Tile) else str(t) for t in tiles])


def tile_label(tile: Tile, *, suits: bool = False) -> str:
    """A tile in words for people: `blue 7`, `joker`, `7 of clubs`."""
    if tile.joker and tile.as_number is None:
        return words("joker")
    colour, number = tile.face_colour, tile.face_number
    if suits:
        face = FACE_NAMES.get(number or 0, str(number))
        text = words("{face} of {suit}", face=face,
                     suit=SUIT_NAMES[colour]) if colour else f"{face}"
    else:
        # One template, so a language may put the number first ("10 roșu").
        text = words("{colour} {number}", colour=COLOUR_NAMES[colour],
                     number=number) if colour else f"{number}"
    return words("joker as {tile}", tile=text) if tile.joker else text


def all_tiles() -> list[Tile]:
    """One copy of every numbered tile (the set holds two of each, and two jokers)."""
    return [Tile(c, n) for c in COLOURS for n in range(1, 14)]
