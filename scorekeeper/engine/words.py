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
from typing import Any, Literal, Protocol

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


class Words:
    """A message for people: its template (the catalogue's msgid) and its values.

    Not a `str`: a message is read whole, in the reader's language, by `say()`. Joining it
    (`", ".join`), adding it to a str, `str()`, `format()`, an f-string or `%s` raise
    TypeError, so that no page can quietly show English built from pieces. The English
    is asked for by name (`.english`, or `say(w, None)`) where English is the documented
    output: logs, the JSON API and format, the command line in English. A page draws it
    through `__html__`, in its own language."""

    __slots__ = ("capital", "counter", "plural", "template", "values")

    template: str
    values: Mapping[str, object]
    plural: str | None
    counter: str | None
    capital: bool

    def __init__(
        self,
        template: str,
        values: Mapping[str, object] | None = None,
        plural: str | None = None,
        counter: str | None = None,
        capital: bool = False,
    ) -> None:
        kept = {k: _as_value(v) for k, v in (values or {}).items()}
        for name, value in (
            ("template", template),
            ("values", kept),
            ("plural", plural),
            ("counter", counter),
            ("capital", capital),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a message is not changed once made ({name})")

    def __str__(self) -> str:
        raise TypeError(
            f"a message is read with say(), not str() ({self.template!r}); its English is .english"
        )

    def __format__(self, spec: str) -> str:
        raise TypeError(
            f"a message is not formatted into a text ({self.template!r}): make the "
            "whole sentence a message with this one as a value"
        )

    def __repr__(self) -> str:
        return f"Words({self.template!r}, {dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Words):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        # Values may be lists; equal messages have the same template and value names.
        return hash((self.template, tuple(sorted(self.values)), self.plural, self.capital))

    def _key(self) -> tuple[object, ...]:
        return (self.template, dict(self.values), self.plural, self.counter, self.capital)

    @property
    def english(self) -> str:
        """The message in English: for the logs, the API, the JSON format and the command
        line, whose documented language it is."""
        return say(self, None)

    def as_sentence(self) -> Words:
        """The same words starting with a capital, in whatever language they are read."""
        return Words(self.template, self.values, self.plural, self.counter, capital=True)

    def __html__(self) -> str:
        # A page shows words in its reader's language: Jinja calls __html__ on what it
        # draws, and the web layer installs the reader of the page's language at start.
        return _escape(said_here(self))

    def __reduce__(self) -> tuple[type[Words], tuple[object, ...]]:
        return (Words, (self.template, dict(self.values), self.plural, self.counter, self.capital))

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


def _as_value(value: object) -> object:
    """A message's value as it is kept: an error as its own words (a refusal's message, or
    its text), anything else as it is."""
    if isinstance(value, BaseException):
        found = getattr(value, "words", None)
        return found if isinstance(found, (Words, Listed, str)) else str(value)
    return value


ListStyle = Literal["and", "or"]


@dataclass(frozen=True)
class Listed:
    """Things (names, tiles, melds, choices) as one list, written by the reader's language
    ("Ana, Bo și Cai", "a, b ou c"): `style` "and" lists them all, "or" offers a choice.
    Each item is a plain text (a name, a tile) or Words, read in the same language."""

    items: tuple[object, ...]
    style: ListStyle = "and"

    def __str__(self) -> str:
        raise TypeError("a list is read with say(), not str()")

    def __format__(self, spec: str) -> str:
        raise TypeError("a list is not formatted into a text: make it a message's value")

    def __html__(self) -> str:
        return _escape(said_here(self))

    @property
    def english(self) -> str:
        """The list in English (logs, API, command line)."""
        return say(self, None)

    def to_record(self) -> dict[str, Any]:
        """The list as JSON data, read back by `from_record`."""
        return {"list": [as_record(item) for item in self.items], "style": self.style}


def and_list(items: Sequence[object]) -> Listed:
    """Things listed all together ("Ana, Bo and Cai"), in the reader's language."""
    return Listed(tuple(items), "and")


def or_list(items: Sequence[object]) -> Listed:
    """Choices, one of which is meant ("a, b or c"), in the reader's language."""
    return Listed(tuple(items), "or")


def english_list(items: Sequence[str], style: str) -> str:
    """A list in English, as CLDR writes it ("a", "a and b", "a, b, and c"): what the
    command line and the API read, having no language's lists."""
    last = "or" if style == "or" else "and"
    if len(items) <= 2:
        return f" {last} ".join(items)
    return f"{', '.join(items[:-1])}, {last} {items[-1]}"


def words(template: str, **values: object) -> Words:
    """A message: `template` with `{name}` placeholders, filled in from `values`."""
    return Words(template, values)


def counted(singular: str, plural: str, *, counter: str = "n", **values: object) -> Words:
    """A message with plural forms, chosen by the value named `counter` (`n` unless told)."""
    return Words(singular, values, plural, counter)


def as_record(value: object) -> object:
    """A value as JSON data: a Words, a list or a tile code as its record, anything else as
    it is."""
    return value.to_record() if isinstance(value, (Words, Listed, TileCode)) else value


def from_record(data: object) -> object:
    """A value stored by `as_record`: Words, a list or a tile code again where it was one."""
    if (code := code_record(data)) is not None:
        return code
    if isinstance(data, dict) and "list" in data:
        style: ListStyle = "or" if data.get("style") == "or" else "and"
        return Listed(tuple(from_record(item) for item in data["list"]), style)
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
    tiles are plain values and stay as written); a list in the language's way of writing
    lists; anything else as its text. No reader (None) reads the English."""
    if isinstance(text, Listed):
        return _said_list(text, reading(reader))
    if not isinstance(text, Words):
        return str(text) if text is not None else ""
    page = reading(reader)
    template = _template(text, page.translations)
    values = {k: _value(v, page) for k, v in text.values.items()}
    try:
        said = template.format_map(spoken(values)) if values else template
    except (KeyError, IndexError, ValueError):
        if page.translations is None:
            raise
        # A catalogue entry with a placeholder the message lacks (the catalogue test
        # catches these) must not break a page: the English is still right.
        return say(text, None)
    return capitalised(said) if text.capital else said


def english(text: object) -> str:
    """Any text in English, a message read without a catalogue: what the logs, the API, the
    JSON format and the command line in English print."""
    return say(text, None)


def _template(text: Words, translations: Translations | None) -> str:
    """The message's template in the catalogue's language (English without one), in the
    plural form its count takes."""
    if text.plural is not None and text.counter is not None:
        count = text.values[text.counter]
        if translations is None:
            return text.template if count == 1 else text.plural
        n = count if isinstance(count, int) else 2
        return translations.ngettext(text.template, text.plural, n)
    return translations.gettext(text.template) if translations is not None else text.template


def _value(value: object, page: Reading) -> object:
    """A message's value as the page writes it: words and lists read in its language, a
    tile code in its letters, a name or a number as it is."""
    if isinstance(value, (Words, Listed)):
        return say(value, page)
    return written(value, page.letters)


def _said_list(listed: Listed, page: Reading) -> str:
    """A list in the page's language; in English where the reader has no lists."""
    items = [str(_value(item, page)) for item in listed.items]
    if page.lists is not None:
        return page.lists(items, listed.style)
    return english_list(items, listed.style)


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


class _Installed:
    """The reader of the page's language, installed by the web layer (the engine knows no
    web library: the web layer hands it a function giving the request's catalogue)."""

    reader: Callable[[], Translations | Reading | None] | None = None


_installed = _Installed()


def said_here(text: object) -> str:
    """The text in the language of the page being drawn (the installed reader's); English
    where none is installed."""
    return say(text, _installed.reader() if _installed.reader else None)


def install_reader(reader: Callable[[], Translations | Reading | None] | None) -> None:
    """Make `Words` drawn on a page (through `__html__`) read in what `reader()` gives."""
    _installed.reader = reader
