"""The engine's words as data: a message's key with its values, read in any language.

A message the engine makes for people (a refusal, a breakdown line, a winner, a rule's
words) is a `Words`: a `str` whose text is the English, so logs, the API and the tests
read it as before, and which keeps `template` (the catalogue's msgid, with `{name}`
placeholders) and `values` (names, tiles and numbers as they are, or more `Words`,
read in the same language). The engine never chooses the language: the page or the
command line that shows a message reads it with `say(text, translations)`.

`words("...")` marks a message for the catalogues (extracted by the keyword `words`);
`counted(singular, plural, n=...)` is one with plural forms (keyword `counted:1,2`),
read with the language's own plural rule (Romanian and Hungarian count otherwise than
English).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .grammar import spoken
from .tile_codes import TileCode, code_record, written


class Translations(Protocol):
    """What reading a message needs of a catalogue (gettext's, Babel's, Flask-Babel's)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


@dataclass(frozen=True)
class Reading:
    """How one page (or the command line) reads the engine's words: its catalogue, how its
    language writes a list of things, and the letters its players type tiles with.

    `lists(items, style)` joins texts already read into one list in the language ("Ana,
    Bo și Cai"; style "and" or "or"); `letters` maps each of the notation's letters (`r`,
    `b`, `k`, `y`, `o`, `j`) to the letter the page writes instead. Either may be None:
    the command line and the API keep the documented letters."""

    translations: Translations | None
    lists: Callable[[Sequence[str], str], str] | None = None
    letters: Mapping[str, str] | None = None


def reading(reader: Translations | Reading | None) -> Reading:
    """A catalogue alone (gettext's, Babel's) as a Reading with no list or letter rules."""
    return reader if isinstance(reader, Reading) else Reading(reader)


class Words(str):
    """A message for people: its English text, its template and its values."""

    template: str
    values: Mapping[str, object]
    plural: str | None
    counter: str | None
    capital: bool

    def __new__(
        cls,
        template: str,
        values: Mapping[str, object] | None = None,
        plural: str | None = None,
        counter: str | None = None,
        capital: bool = False,
    ) -> Words:
        values = {
            k: str(v) if isinstance(v, BaseException) else v for k, v in (values or {}).items()
        }
        chosen = template
        if plural is not None and counter is not None and values[counter] != 1:
            chosen = plural
        text = chosen.format_map(values) if values else chosen
        made = super().__new__(cls, capitalised(text) if capital else text)
        made.template, made.values, made.plural, made.counter = template, values, plural, counter
        made.capital = capital
        return made

    def as_sentence(self) -> Words:
        """The same words starting with a capital, in whatever language they are read."""
        return Words(self.template, self.values, self.plural, self.counter, capital=True)

    def __html__(self) -> str:
        # A page shows words in its reader's language: Jinja calls __html__ on what it
        # draws, and the web layer installs the reader of the page's language at start.
        return _escape(say(self, _installed.reader()) if _installed.reader else self)

    def __reduce__(self) -> tuple[type[Words], tuple[object, ...]]:
        return (Words, (self.template, self.values, self.plural, self.counter, self.capital))

    def to_record(self) -> dict[str, Any]:
        """The message as JSON data (kept with a stored hand), read back by `from_record`."""
        record: dict[str, Any] = {
            "template": self.template,
            "values": {k: as_record(v) for k, v in self.values.items()},
        }
        if self.plural is not None:
            record.update(plural=self.plural, counter=self.counter)
        if self.capital:
            record["capital"] = True
        return record


def words(template: str, **values: object) -> Words:
    """A message: `template` with `{name}` placeholders, filled in from `values`."""
    return Words(template, values)


def counted(singular: str, plural: str, *, counter: str = "n", **values: object) -> Words:
    """A message with plural forms, chosen by the value named `counter` (`n` unless told)."""
    return Words(singular, values, plural, counter)


def as_record(value: object) -> object:
    """A value as JSON data: a Words as its record, anything else as it is."""
    return value.to_record() if isinstance(value, (Words, TileCode)) else value


def from_record(data: object) -> object:
    """A value stored by `as_record`: Words (or a tile code) again where it was one."""
    if (code := code_record(data)) is not None:
        return code
    if isinstance(data, dict) and "template" in data:
        values = {k: from_record(v) for k, v in dict(data.get("values") or {}).items()}
        return Words(
            str(data["template"]),
            values,
            data.get("plural"),
            data.get("counter"),
            bool(data.get("capital")),
        )
    return data


def say(text: object, reader: Translations | Reading | None) -> str:
    """The text in the reader's language: a Words translated, its values too (names and
    tiles are plain values and stay as written); anything else as its text."""
    if not isinstance(text, Words):
        return str(text) if text is not None else ""
    page = reading(reader)
    translations = page.translations
    if translations is None:
        return str.__str__(text)
    if text.plural is not None and text.counter is not None:
        count = text.values[text.counter]
        template = translations.ngettext(
            text.template, text.plural, count if isinstance(count, int) else 2
        )
    else:
        template = translations.gettext(text.template)
    values = {
        k: say(v, page) if isinstance(v, Words) else written(v, page.letters)
        for k, v in text.values.items()
    }
    try:
        said = template.format_map(spoken(values)) if values else template
        return capitalised(said) if text.capital else said
    except (KeyError, IndexError, ValueError):
        # A catalogue entry with a placeholder the message lacks (the catalogue test
        # catches these) must not break a page: the English is still right.
        return str.__str__(text)


def joined(parts: list[Words] | list[str] | list[Words | str]) -> Words | str:
    """Parts of one place or one list, apart by commas ("hand 3, player Ana, rack")."""
    if not parts:
        return ""
    together: Words | str = parts[0]
    for part in parts[1:]:
        together = words("{first}, {then}", first=together, then=part)
    return together


def _escape(text: str) -> str:
    """Text made safe in HTML, escaped exactly as the pages' own text is (Jinja's escaping)."""
    return html.escape(text, quote=False).replace('"', "&#34;").replace("'", "&#39;")


# A tile as players write it ("r1", "k13", "j", "j=b5"), at the start of a message: it
# stays as written, since "R1" is not how a tile is written (RULES.md, tile notation). Any
# letter may start one, as a page writes tiles in its own letters (tile_codes.py); a "j"
# before an apostrophe is a French word ("j'ai"), not a joker.
_LEADING_TILE = re.compile(r"(?:[a-z][0-9]{1,2}|j(?:=[a-z]?[0-9]{1,2})?)(?![\w='\u2019])", re.ASCII)


def capitalised(text: str) -> str:
    """The text starting with a capital, unless it starts with a tile code."""
    if _LEADING_TILE.match(text):
        return text
    return text[:1].upper() + text[1:]


def joined_by(mark: str, parts: Sequence[object]) -> Words | str:
    """Parts apart by a mark that needs no translating ("; " between a joker's events), each
    part still in words."""
    if not parts:
        return ""
    marks = {f"part{i}": part for i, part in enumerate(parts)}
    return Words(mark.join("{" + name + "}" for name in marks), marks)


def and_list(items: list[Words] | list[str] | list[Words | str]) -> Words | str:
    """Names or words as a list for people: "Ana", "Ana and Bo", "Ana and Bo and Cai"."""
    together: Words | str = items[0] if items else ""
    for item in items[1:]:
        together = words("{first} and {last}", first=together, last=item)
    return together


def or_list(items: list[Words] | list[str] | list[Words | str]) -> Words | str:
    """Choices as a list for people: "a", "a or b", "a or b or c"."""
    together: Words | str = items[0] if items else ""
    for item in items[1:]:
        together = words("{first} or {last}", first=together, last=item)
    return together


class _Installed:
    """The reader of the page's language, installed by the web layer (the engine knows no
    web library: the web layer hands it a function giving the request's catalogue)."""

    reader: Callable[[], Translations | Reading | None] | None = None


_installed = _Installed()


def install_reader(reader: Callable[[], Translations | Reading | None] | None) -> None:
    """Make `Words` drawn on a page (through `__html__`) read in what `reader()` gives."""
    _installed.reader = reader
