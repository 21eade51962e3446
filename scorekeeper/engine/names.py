"""Players' names as people write them: tidied, checked, and the key they are matched by.

Two names are the same player when their keys are equal. The key is what a family at the
table would call "the same name": the same letters whatever their case, however the phone
composed the accents, and whichever of Romanian's two forms of ș and ț was typed.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from .words import Words, words

NAME_MAX = 40

# Romanian ș and ț are written with a comma below (U+0218-U+021B), but for years fonts and
# keyboards offered only the cedilla forms ş and ţ (U+015E, U+015F, U+0162, U+0163), and
# both are still typed for the same letter: a family would expect "Ştefan" and "Ștefan" to
# be one player. Turkish writes only the cedilla form, so folding costs it nothing.
_COMMA_BELOW = str.maketrans("ŞşŢţ", "ȘșȚț")
# casefold() keeps the dot of a Turkish dotted capital İ as a combining dot above its i
# (i and U+0307); on a lower-case i that dot is the one it already has, so "İlker", "ILKER" and
# "ilker" are one player. The dotless i (U+0131) stays a letter of its own.
_DOT_ABOVE = "i\u0307"


def tidy_name(name: str) -> str:
    """The name without outer spaces and with inner runs of spaces made single."""
    return " ".join(name.split())


# A night's hands name the same few players again and again, and the key is pure.
@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The key a player's name is matched by: tidied, NFKC-normalised (composed and
    decomposed accents alike, full-width letters as plain ones), case-folded (so ß and
    SS match), cedilla ş and ţ as comma-below ș and ț, and İ as i.

    Each step can leave work for another on a few rare characters (case folding can
    give letters that normalisation composes, normalisation can give spaces), so the
    steps are repeated until nothing changes: the key of a key is itself."""
    key = tidy_name(name)
    if key.isascii():
        return key.lower()  # the usual case: for ASCII letters, folding is lower case
    for _ in range(4):
        step = unicodedata.normalize("NFKC", key).translate(_COMMA_BELOW).casefold()
        step = tidy_name(unicodedata.normalize("NFKC", step.replace(_DOT_ABOVE, "i")))
        if step == key:
            break
        key = step
    return key


def name_problem(name: str) -> Words | None:
    """What makes a player's name unusable (too long, a comma, a character that
    cannot be shown), or None."""
    if len(name) > NAME_MAX:
        return words("a name has at most {most} characters", most=NAME_MAX)
    if "," in name:
        return words("a name cannot contain a comma")
    # Control characters and lone surrogates cannot be shown (nor stored, nor printed).
    if not name.isprintable() and any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return words("a name cannot contain control characters")
    return None
