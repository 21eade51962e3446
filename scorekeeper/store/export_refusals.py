"""Why an export file is refused, as words read in the reader's language.

A refusal names what is wrong and where ("night 2, series 1, hand 3: ..."): the place and
the fault are messages with the file's own names, numbers and field names kept as values,
so the Import page reads them in its language and the command line in its `--lang`
(English, the documented output, by default).
"""

from __future__ import annotations

from ..engine.words import Reading, Translations, Words, english, say, words

# The no-break spaces French and Hungarian write before a colon or in a number: a
# language's own spacing, kept where a refusal is read in it.
SPACING = frozenset("\u00a0\u202f")


def printable(text: str, keep: frozenset[str] = frozenset()) -> str:
    """Text quoted from the file may hold line breaks; a refusal stays on one line."""
    return "".join(
        c if c.isprintable() or c in keep else c.encode("unicode_escape").decode() for c in text
    )


class BadExport(Exception):
    """A file that is not a valid export; `words` names what is wrong and where."""

    def __init__(self, message: Words | str):
        self.words = message
        super().__init__(printable(english(message)))

    def read(self, reader: Translations | Reading | None) -> str:
        """The refusal in the reader's language, on one line."""
        return printable(say(self.words, reader), SPACING)


Place = Words | str

# The kinds a field's value must be of, as the refusal says them.
KIND_WORDS: dict[str, Words] = {
    "text": words("text"),
    "text or null": words("text or null"),
    "a whole number": words("a whole number"),
    "a whole number or null": words("a whole number or null"),
    "an object": words("an object"),
    "an object or null": words("an object or null"),
    "a list": words("a list"),
    "a list or null": words("a list or null"),
    "a number": words("a number"),
    "true or false": words("true or false"),
}

# What a uid of the file names, as the refusal of a clash says it (the uids table's kinds).
ROW_WORDS: dict[str, Words] = {
    "nights": words("night"),
    "series": words("series"),
    "hands": words("hand"),
    "hand_audit": words("audit entry"),
    "rulings": words("ruling"),
    "events": words("event"),
}

THE_FILE = words("the file")


def player_at(number: int) -> Words:
    return words("player {number}", number=number)


def variant_at(number: int) -> Words:
    return words("variant {number}", number=number)


def night_at(number: int) -> Words:
    return words("night {number}", number=number)


def series_in(where: Place, number: int) -> Words:
    return words("{where}, series {number}", where=where, number=number)


def hand_in(where: Place, number: int) -> Words:
    return words("{where}, hand {number}", where=where, number=number)


def turn_in(where: Place, number: int) -> Words:
    return words("{where}, turn {number}", where=where, number=number)


def ruling_in(where: Place, number: int) -> Words:
    return words("{where}, ruling {number}", where=where, number=number)


def audit_entry_in(where: Place, number: int) -> Words:
    return words("{where}, audit entry {number}", where=where, number=number)


def part_of(where: Place, part: str) -> Words:
    """A part of a place named by its field ("variant 2, rules", "..., end")."""
    return words("{where}, {part}", where=where, part=part)


def faulty(where: Place, error: object) -> BadExport:
    """A place and what the engine (or the format) found wrong there."""
    return BadExport(words("{where}: {error}", where=where, error=error))
