"""Players' names as people write them: tidied, checked, and the key they are matched by.

Two names are the same player when their keys are equal. The key is what a family at the
table would call "the same name": the same letters whatever their case, however the phone
composed the accents, and whichever of Romanian's two forms of ș and ț was typed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data

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


# Characters that show nothing yet make a name another string (issue 23): "Ana" with a
# zero-width space would be a second Ana. Every format character (Unicode category Cf: zero-
# width space, joiners, word joiner, byte order mark, soft hyphen, the direction marks,
# embeddings, overrides and isolates) and the few letters and marks drawn blank (UAX #44's
# Default_Ignorable_Code_Point, less the variation selectors an emoji needs).
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def invisible(char: str) -> bool:
    """Whether a character is drawn as nothing, or only steers the text around it."""
    return unicodedata.category(char) == "Cf" or char in _BLANK


def name_problem(name: str, hidden_ok: bool = False) -> Words | None:
    """What makes a player's name unusable (too long, a comma, a character that
    cannot be shown or, unless `hidden_ok`, shows nothing), or None. A hand names players
    already seated, some perhaps before hidden characters were refused: it checks those
    only for a hand of no series (`hidden_problem`)."""
    if len(name) > NAME_MAX:
        return words("a name has at most {most} characters", most=NAME_MAX)
    if "," in name:
        return words("a name cannot contain a comma")
    if name.isascii() and name.isprintable():
        return None  # the usual case
    # Control characters and lone surrogates cannot be shown (nor stored, nor printed).
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return words("a name cannot contain control characters")
    return None if hidden_ok else hidden_problem(name)


def hidden_problem(name: str) -> Words | None:
    """A name holding a character that shows nothing, or None."""
    if any(invisible(c) for c in name):
        return words(
            "a name cannot contain invisible characters (such as a zero-width "
            "space or a mark that changes the direction of the text)"
        )
    return None


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each character Unicode's confusables table (UTS #39, section 4) maps to a prototype,
    with that prototype: Cyrillic dze (U+0455) to Latin "s", "0" to "O", "m" to "rn".

    confusable_homoglyphs keeps the table both ways, as links between a prototype and each
    character mapped to it; the groups are stars, so a character linked to only one other
    that has more links is mapped to it. Where two characters are linked only to each
    other, either may be the prototype: both go to the smaller, which keeps the groups."""

    def plain(text: str) -> str:
        # The table's text keeps left-to-right marks around right-to-left characters.
        return text.replace("\u200e", "")

    links = {plain(k): [plain(e["c"]) for e in v] for k, v in confusables_data.items()}
    table: dict[str, str] = {}
    for char, linked in links.items():
        if len(char) != 1 or len(linked) != 1:
            continue
        other = linked[0]
        if len(links.get(other, ())) > 1 or len(other) > 1 or other < char:
            table[char] = other
    return table


def _skeleton(text: str, fold: bool) -> str:
    """UTS #39's skeleton: decompose, map each character to its prototype, decompose again;
    repeated (folding case too, if asked) until nothing changes."""
    table = _prototypes()
    for _ in range(3):
        # A character that shows nothing is left out: "Ana" and "Ana" with a zero-width
        # space look alike (UTS #39 keeps them; its identifier profile refuses them).
        mapped = "".join(
            table.get(c, c) for c in unicodedata.normalize("NFD", text) if not invisible(c)
        )
        step = unicodedata.normalize("NFD", mapped)
        step = step.casefold() if fold else step
        if step == text:
            break
        text = step
    return text


@lru_cache(maxsize=4096)
def name_skeletons(name: str) -> tuple[str, str]:
    """What a name looks like, whatever characters draw it: UTS #39's skeleton of the name's
    key (case folded once more, since a prototype may be a capital: "0" is drawn as "O"),
    and of the name as written, for the capitals case folding would tell apart ("I" and
    "l" are drawn alike). Two names sharing either cannot be told apart on a phone. An
    accent stays what it is: "Ștefan" (s with a comma below) and "Stefan" differ, as "Ödön"
    and "Odon" do."""
    return (
        _skeleton(name_key(name), fold=True),
        _skeleton(unicodedata.normalize("NFKC", tidy_name(name)), fold=False),
    )


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """Another player's name this one cannot be told apart from on a screen, or None. A
    name of the same key is the same player, not a lookalike."""
    key, (folded, written) = name_key(name), name_skeletons(name)
    for other in others:
        if name_key(other) == key:
            continue
        other_folded, other_written = name_skeletons(other)
        if folded == other_folded or written == other_written:
            return other
    return None


def lookalike_problem(name: str, others: Iterable[str]) -> Words | None:
    """Why a name cannot sit beside the others: it looks the same as one of them, or None."""
    twin = lookalike(name, others)
    if twin is None:
        return None
    return words(
        "{name} and {other} look the same on a screen but are written with different "
        "letters: give one of them a name that looks different",
        name=name,
        other=twin,
    )


def shown_name(name: str) -> str:
    """A refused name as it can be read back: each character that shows nothing (a control
    or an invisible one) written as its code point, "Ana[U+200B]", so the player sees where
    it is (the sentence that shows it quotes it, so that spaces at its ends show too)."""
    marked = "".join(
        f"[U+{ord(c):04X}]"
        if invisible(c) or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")
        else c
        for c in name
    )
    return marked


# First strong isolate and pop directional isolate (UAX #9): text between them is laid out
# on its own, so a right-to-left name cannot carry the score beside it into its own order.
def isolated(name: str) -> str:
    """The name set apart from the sentence it stands in, for plain text."""
    return f"\u2068{name}\u2069"
