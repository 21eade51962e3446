"""The small words a language puts before a name or a number, chosen by how it sounds.

A catalogue's translation asks for them in the placeholder, as a format spec, so the
English message keeps its plain `{name}` and every language says what it needs:

- French elides "de", "que", "le", "la" before a vowel or a mute h: `{player:de}` gives
  "de Bo" and "d'Éloïse", `{player:que}` "que Bo" and "qu'Ana".
- Hungarian writes the article "a" before a consonant sound and "az" before a vowel
  sound, a number as it is read aloud: `{hand:a}` gives "a 3" and "az 5" ("az 5.
  leosztás", read "az ötödik"), `{player:a}` "a Bogdán" and "az Ana"; `{player:A}` starts
  a sentence ("Az Ana").

A spec whose first letter is a capital gives the words with a capital. Names, numbers and
words already read pass through `spoken` in `say` (engine/words.py); any other spec is
Python's own (`{n:>3}`), and `{name!r}` still shows the value as written.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping

# French: a word starting with one of these sounds takes "d'", "qu'", "l'". An initial h is
# taken as mute (d'Hélène, d'Hugo), the rule for first names; a "y" before a vowel is a
# consonant (de Yann, but d'Yves).
_FRENCH_VOWELS = frozenset("aeiouyàâäæéèêëîïôöœùûüÿh")

# Hungarian: the vowels, long and short (a "y" or "h" starting a name is read as a consonant).
_HUNGARIAN_VOWELS = frozenset("aáeéiíoóöőuúüű")

# A letter alone (a tile code's colour letter, "r7") is read by its Hungarian name: these
# names start with a vowel ("er", "ef", "el", "em", "en", "es", "iksz", "ipszilon").
_HUNGARIAN_VOWEL_LETTERS = frozenset("aeioufilmnrsxyáéíóöőúüű")


def french_elides(text: str) -> bool:
    """Whether a French "de", "que", "le" or "la" before `text` becomes "d'", "qu'", "l'".

    Numbers and tile codes ("de 8", "de r7") are written as they are: French does not
    elide before digits ("de 11" is read "de onze"), nor before a letter of a code, nor
    before a quotation mark."""
    word = unicodedata.normalize("NFC", text)
    if len(word) < 2 or not word[1].isalpha():
        return False
    first, second = word[0].lower(), word[1].lower()
    if first == "y" and second in _FRENCH_VOWELS - {"h", "y"}:
        return False
    return first in _FRENCH_VOWELS


def french(word: str) -> Callable[[str], str]:
    """The French little word `word` ("de", "que", "le", "la") before a text, elided where
    the text starts with a vowel sound."""

    def before(text: str) -> str:
        return f"{word[:-1]}'{text}" if french_elides(text) else f"{word} {text}"

    return before


def hungarian_number_vowel(number: int) -> bool:
    """Whether the Hungarian reading of `number` starts with a vowel (az 1, az 5, az 50,
    az 500, az 1000, az 5000, az 1 000 000; a 3, a 10, a 100, a 0, a -1)."""
    if number <= 0:
        return False  # nulla, mínusz
    digits = str(number)
    # The reading starts with the leading group of three digits (ones, tens, hundreds of
    # thousands, millions…): "ötezer" for 5000, "ötvenezer" for 50 000.
    lead = int(digits[: len(digits) % 3 or 3])
    if lead == 1:
        return True  # egy, ezer (1000), egymillió
    if lead >= 100:
        return lead // 100 == 5  # ötszáz; but száz, kétszáz, háromszáz…
    if lead >= 10:
        return lead // 10 == 5  # ötven; but tíz, tizenegy, húsz, harminc…
    return lead == 5  # öt; but kettő, három, négy…


def hungarian_vowel(text: str) -> bool:
    """Whether `text` (a name, a number, a tile code, words) starts with a vowel sound."""
    word = unicodedata.normalize("NFC", text).lstrip("«»„”“\"' \u00a0")
    if not word:
        return False
    if word[0].isdigit():
        digits = ""
        for char in word:
            if char.isdigit():
                digits += char
            elif char not in " \u00a0\u202f" or not digits:
                break
        return hungarian_number_vowel(int(digits))
    first = word[0].lower()
    if len(word) == 1 or not word[1].isalpha():
        return first in _HUNGARIAN_VOWEL_LETTERS  # a letter read by its name: "er 7"
    return first in _HUNGARIAN_VOWELS


def hungarian_article(text: str) -> str:
    """The Hungarian definite article before `text`: "a Bogdán", "az Ana", "az 5"."""
    return f"{'az' if hungarian_vowel(text) else 'a'} {text}"


SPECS: Mapping[str, Callable[[str], str]] = {
    "de": french("de"),
    "que": french("que"),
    "le": french("le"),
    "la": french("la"),
    "a": hungarian_article,
}


class Spoken:
    """A value read into a message, which a catalogue's format spec can put grammar before."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        rule = SPECS.get(spec.lower())
        if rule is None:
            return format(self.value, spec)
        said = rule(format(self.value, ""))
        return said[:1].upper() + said[1:] if spec[:1].isupper() else said

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def spoken(values: Mapping[str, object]) -> dict[str, object]:
    """A message's values, each ready for the grammar its catalogue asks of it."""
    return {name: Spoken(value) for name, value in values.items()}
