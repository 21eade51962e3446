"""Tile codes written and read in a page's own letters.

The notation (`tiles.py`) writes a tile with the English colour letters: `r5`, `b5`, `k5`,
`y5`, `o5`, `j`, `j=b11`. A page in another language lets its players type the letters of
their own colour words (on a Hungarian page `k5` is the blue 5, *kék*) and writes tiles
back in them. The engine knows no language: the web layer hands it the page's letters as a
map from each notation letter to the page's (`Reading.letters`), and everything here works
from that map alone.

A typed text is turned into the notation letter by letter, with a swap of the alphabet
(`swap`): every page letter becomes its notation letter and every notation letter the page
does not use becomes a page letter the notation does not use. So a letter the page does not
know is never read as a tile (`b5` on a Hungarian page is refused, not read as the English
blue 5), and a refusal quoting what was typed writes it back exactly as it was typed.

`TileCode` marks a tile written in the notation inside a message's values, so that
`words.say` writes it in the page's letters (`written`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping

# Where a letter stands in a written tile: first in each token, and first after the joker's
# "=" (`j=b11`). Tokens are parted by spaces and commas, as `tiles.tokens` parts them.
_LETTER_AT = re.compile(r"(?:^|(?<=[\s,=]))([^\s,=])")

Letters = Mapping[str, str]


def swap(letters: Letters) -> dict[str, str]:
    """The page's letters as a swap of the alphabet: each page letter to its notation
    letter, and each notation letter the page leaves free to a page letter the notation
    leaves free (in a fixed order), so the swap can be undone (`unswap`)."""
    read = {page: notation for notation, page in letters.items()}
    freed = [n for n in letters if n not in read]
    taken = [p for p in read if p not in letters]
    read.update(zip(freed, taken, strict=True))
    return read


def unswap(letters: Letters) -> dict[str, str]:
    """The swap read the other way: notation letters to the page's."""
    return {notation: page for page, notation in swap(letters).items()}


def _letters_swapped(text: str, table: Mapping[str, str]) -> str:
    def one(found: re.Match[str]) -> str:
        letter = found.group(1)
        turned = table.get(letter.lower())
        if turned is None:
            return letter
        return turned.upper() if letter.isupper() else turned

    return _LETTER_AT.sub(one, text)


def to_notation(typed: str, letters: Letters | None) -> str:
    """What a player typed in the page's letters, in the notation's letters (spacing and
    case kept); as it is where the page keeps the notation's own letters."""
    if not letters:
        return typed
    return _letters_swapped(typed, swap(letters))


def in_letters(code: str, letters: Letters | None) -> str:
    """Tiles written in the notation, in the page's letters (`to_notation` undone)."""
    if not letters:
        return code
    return _letters_swapped(code, unswap(letters))


class TileCode(str):
    """One tile or several written in the notation (`b5`, `j=b11`, `r1 r2 r3`), as a value
    of a message: a page writes it in its own letters, the API and the command line as it
    is. Its text is the notation, so logs and JSON keep the documented letters."""

    def __html__(self) -> str:
        # Drawn on a page straight from a template (a meld as it lies in table mode).
        shown = in_letters(self, _installed.letters() if _installed.letters else None)
        return html.escape(shown, quote=False).replace('"', "&#34;").replace("'", "&#39;")

    def to_record(self) -> dict[str, str]:
        """The code as JSON data, kept with a stored hand's breakdown (`from_record`)."""
        return {"tile_code": str.__str__(self)}


def code_record(data: object) -> TileCode | None:
    """A TileCode stored by `TileCode.to_record`, or None for any other data."""
    if isinstance(data, dict) and set(data) == {"tile_code"}:
        return TileCode(str(data["tile_code"]))
    return None


def written(value: object, letters: Letters | None) -> object:
    """A message's value as the page writes it: a tile code in the page's letters, any other
    value as it is (`words.say` calls this for every value)."""
    if not letters:
        return value
    # A tile or a meld as it lies is its `text` (a TileCode) in a message.
    code = value if isinstance(value, TileCode) else getattr(value, "text", None)
    return in_letters(code, letters) if isinstance(code, TileCode) else value


class _Installed:
    """The letters of the page being drawn, installed by the web layer (as `words` installs
    the page's reader), for tile codes a template draws itself."""

    letters: Callable[[], Letters | None] | None = None


_installed = _Installed()


def install_letters(letters: Callable[[], Letters | None] | None) -> None:
    """Make tile codes drawn on a page (through `__html__`) use what `letters()` gives."""
    _installed.letters = letters
