"""Where an ace among melded tiles lay, written after it: `r1/low` before the 2, `r1/high`
after the 13, `r1/set` in a set, for the rules where that changes its value (an ace after
the 13 counts more under some house rules; docs/hand-format.md). The record form's melded
tiles and the meld checker read tiles written so alike, here: one reading of tiles."""

from __future__ import annotations

import re

from .limits import SET_TILES
from .melds import HIGH_RUN, IN_SET, LOW_RUN, SET, Meld
from .tile_codes import TileCode
from .tiles import Tile, parse_tile, written_tiles
from .words import Words, words

ACE_PLACES = {"low": LOW_RUN, "high": HIGH_RUN, "set": IN_SET}
ACE_MARK = "/"  # an ace among melded tiles says where it lay: `r1/low`
_ACE_PLACE = re.compile(rf"^(.+){ACE_MARK}({'|'.join(ACE_PLACES)})$", re.IGNORECASE)
# Where an ace lies, as a sentence names it.
_PLACE_WORDS = {
    LOW_RUN: words("at the low end of a run, before the 2"),
    HIGH_RUN: words("at the high end of a run, after the 13"),
    IN_SET: words("in a set"),
}


def placed_tokens(text: str, most: int = SET_TILES) -> list[tuple[str, str | None]]:
    """Each token of melded tiles written as text, without its ace place, and that place
    (None when none is written). TooManyTiles past `most` tiles."""
    placed: list[tuple[str, str | None]] = []
    for token in written_tiles(text, most):
        match = _ACE_PLACE.match(token)
        if match:
            placed.append((match.group(1), ACE_PLACES[match.group(2).lower()]))
        else:
            placed.append((token, None))
    return placed


def placed_tiles(text: str, most: int = SET_TILES) -> list[tuple[Tile, str | None]]:
    """Melded tiles written as text, each with the place its ace says: InvalidTile for a
    token that is no tile, as the record form's melded tiles refuse it."""
    return [(parse_tile(token, in_meld=True), place) for token, place in placed_tokens(text, most)]


def misplaced_ace(meld: Meld, places: list[str | None]) -> Words | None:
    """Why a place written after an ace does not fit the meld it is in (`r1/high r2 r3`: the
    ace lies before the 2), or None. `places` follow the meld's tiles as given."""
    for tile, rank, place in zip(meld.tiles, meld.ranks, places, strict=True):
        if place is None or tile.face_number != 1:
            continue
        lies = IN_SET if meld.kind == SET else HIGH_RUN if rank >= 14 else LOW_RUN
        if lies != place:
            return words(
                "{tile} is marked as lying {said}, but in this meld it lies {lies}",
                tile=TileCode(f"{tile.text}{ACE_MARK}{_word_of(place)}"),
                said=_PLACE_WORDS[place],
                lies=_PLACE_WORDS[lies],
            )
    return None


def _word_of(place: str) -> str:
    return next(word for word, known in ACE_PLACES.items() if known == place)
