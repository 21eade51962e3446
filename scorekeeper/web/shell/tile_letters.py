"""The letters players type tiles with, in each language the app speaks.

The notation's letters are the English colour words' (`r` red, `b` blue, `k` black, `y`
yellow, `o` orange, `j` joker): on a Hungarian page `k` would read black while *kék* is
blue. Each language here maps the notation's letters to its own, decided once
(docs/glossary.md says why each letter, and how the French yellow and joker part): every
tile box of a page reads what was typed in the page's letters, turned into the notation's
before the engine reads it (`typed_tiles`), and every tile code a page writes is in them
(`Reading.letters`, `engine.tile_codes`). The API, the JSON files and the command line keep
the notation's own letters; English pages too.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import has_request_context
from flask_babel import get_locale

from ...engine.tile_codes import in_letters, to_notation

# For each language, each notation letter (`o` is orange, read as yellow) to the page's.
LETTERS: dict[str, dict[str, str]] = {
    # roșu, albastru, negru, galben, portocaliu; j for the Joly.
    "ro": {"r": "r", "b": "a", "k": "n", "y": "g", "o": "p", "j": "j"},
    # piros, kék, fekete, sárga, narancs; j for the joker.
    "hu": {"r": "p", "b": "k", "k": "f", "y": "s", "o": "n", "j": "j"},
    # rouge, bleu, noir, jaune, orange; jaune takes the j, so the joker is the star, the
    # sign French calls "caractère joker" (the wildcard).
    "fr": {"r": "r", "b": "b", "k": "n", "y": "j", "o": "o", "j": "*"},
}


def letters_of(language: str) -> Mapping[str, str] | None:
    """A language's letters, or None where they are the notation's own (English)."""
    return LETTERS.get(language)


def page_letters() -> Mapping[str, str] | None:
    """The letters of the page being drawn (None outside a request: the notation's own).
    The page's language is the one Flask-Babel chose for it (`language.chosen_language`)."""
    locale = get_locale() if has_request_context() else None
    return letters_of(locale.language) if locale is not None else None


def typed_tiles(text: str) -> str:
    """Tiles typed on the page, in the notation the engine reads."""
    return to_notation(text, page_letters())


def page_tiles(code: str) -> str:
    """Tiles in the notation (stored, or an example), written in the page's letters."""
    return in_letters(code, page_letters())
