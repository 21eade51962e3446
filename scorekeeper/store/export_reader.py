"""Reading an export file a part at a time, never whole: its head (every member but the
nights) and then one night after another, each parsed as JSON on its own.

An import reads the file three times from its start (an upload lies in a temporary file,
a command's input in its file): once for the head, skipping the nights; once to check
every night against the head; once to hand the nights to the importer. So nothing is
written for a file with a fault anywhere, whatever the order of its members, and the most
held in memory at once is one part of at most `import_limits.PART_CHARS` characters
(issue 25: a club's export of everything had outgrown an import that read it whole).
"""

from __future__ import annotations

import codecs
import io
import json
from collections.abc import Iterator
from typing import IO, Any

from ..engine.words import words
from . import import_limits
from .export_format import FORMAT, BadExport, check_head, check_night
from .export_refusals import THE_FILE, Place, night_at
from .import_limits import part_problem, size_problem

# Read at a time; a part longer than this is read in pieces twice as long each time.
CHUNK = 1024 * 1024
# A member's name in the head: "players", "variants" and the rest are short.
NAME_CHARS = 200
_SPACE = " \t\n\r"
_DECODER = json.JSONDecoder()


class _Text:
    """The file's text, decoded as it is read, and where the reading has got to."""

    def __init__(self, stream: IO[bytes]) -> None:
        stream.seek(0)
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buffer = ""
        self.pos = 0
        self.ended = False
        self.size = 0
        # Line breaks in the text already let go, and characters after the last of them.
        self.lines = 0
        self.column = 0

    def _more(self, size: int = CHUNK) -> None:
        data = self.stream.read(size)
        self.size += len(data)
        too_large = size_problem(self.size)
        if too_large:
            raise BadExport(too_large)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            byte = self.size - len(data) + error.start + 1
            raise BadExport(words("not a UTF-8 text file (byte {byte})", byte=byte)) from None
        if self.size == len(data):
            text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
        self.buffer += text
        self.ended = not data

    def _let_go(self) -> None:
        """Forget the text already read, keeping count of its lines."""
        done = self.buffer[: self.pos]
        breaks = done.count("\n")
        if breaks:
            self.lines += breaks
            self.column = len(done) - done.rindex("\n") - 1
        else:
            self.column += len(done)
        self.buffer = self.buffer[self.pos :]
        self.pos = 0

    def next_char(self) -> str:
        """The next character that is not white space, not taken; "" at the end."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in _SPACE:
                self.pos += 1
            if self.pos < len(self.buffer) or self.ended:
                return self.buffer[self.pos : self.pos + 1]
            self._let_go()
            self._more()

    def take(self, wanted: str, message: str) -> None:
        """Take the next character, which must be `wanted`."""
        if self.next_char() != wanted:
            raise self.invalid(message, self.pos)
        self.pos += 1

    def value(self, what: Place, most: int) -> Any:
        """The next JSON value, refused past `most` characters (`what` names it)."""
        self.next_char()
        while True:
            try:
                found, end = _DECODER.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as error:
                if self.ended:
                    raise self.invalid(error.msg, error.pos) from None
                if len(self.buffer) - self.pos > most:
                    raise BadExport(_too_long(what, len(self.buffer) - self.pos, most)) from None
                self._grow()
                continue
            except RecursionError:
                raise BadExport(words("not an export: nested too deeply")) from None
            except ValueError as error:  # a number of more digits than Python reads
                raise BadExport(words("not valid JSON ({error})", error=str(error))) from None
            # A number read to the end of the text held may go on ("1" of "12", "1" of "1e5").
            cut = isinstance(found, int | float) and end + 2 >= len(self.buffer)
            if self.ended or not cut:
                break
            self._grow()
        if end - self.pos > most:
            raise BadExport(_too_long(what, end - self.pos, most))
        self.pos = end
        return found

    def _grow(self) -> None:
        """Read as much again as the part begun, the text before it let go: each character
        is copied a bounded number of times however large the parts."""
        self._let_go()
        self._more(max(CHUNK, len(self.buffer)))

    def invalid(self, message: str, pos: int) -> BadExport:
        """The file is not JSON at `pos` of the text held."""
        before = self.buffer[:pos]
        line = self.lines + before.count("\n") + 1
        column = pos - before.rfind("\n") if "\n" in before else self.column + pos + 1
        # The JSON reader's own words (`message`) are Python's, in English, kept as a value.
        return BadExport(
            words(
                "not valid JSON (line {line}, column {column}: {message})",
                line=line,
                column=column,
                message=message,
            )
        )


def _too_long(what: Place, size: int, most: int) -> Place:
    """Why a value of `size` characters is refused: a part past PART_CHARS, a name past
    NAME_CHARS."""
    if most == import_limits.PART_CHARS:
        return part_problem(what, size) or what
    return words("{what} is longer than {most:,} characters", what=what, most=most)


def _members(text: _Text) -> Iterator[str]:
    """The name of each member of the file's object, with the text at its value (which the
    caller reads); then the end of the file."""
    if text.next_char() != "{":
        text.value(THE_FILE, import_limits.PART_CHARS)  # not JSON, or JSON but no export
        raise BadExport(
            words('not a Scorekeeper export (it has no "format": "{format}")', format=FORMAT)
        )
    text.take("{", "Expecting value")
    if text.next_char() == "}":
        text.pos += 1
    else:
        while True:
            if text.next_char() != '"':
                raise text.invalid("Expecting property name enclosed in double quotes", text.pos)
            name = text.value(words("a member's name"), NAME_CHARS)
            text.take(":", "Expecting ':' delimiter")
            yield name
            if text.next_char() == ",":
                text.pos += 1
                continue
            text.take("}", "Expecting ',' delimiter")
            break
    if text.next_char():
        raise text.invalid("Extra data", text.pos)


def _nights(text: _Text) -> Iterator[Any]:
    """Each night of the list that starts at the text, read one by one."""
    text.take("[", "Expecting value")
    if text.next_char() == "]":
        text.pos += 1
        return
    number = 0
    while True:
        number += 1
        yield text.value(night_at(number), import_limits.PART_CHARS)
        if text.next_char() == ",":
            text.pos += 1
            continue
        text.take("]", "Expecting ',' delimiter")
        return


def read_head(stream: IO[bytes]) -> dict[str, Any]:
    """Every member of the file but its nights (an empty list in their place, if they are
    a list), the nights read and let go."""
    text = _Text(stream)
    head: dict[str, Any] = {}
    for name in _members(text):
        if name in head:
            raise BadExport(words('the file holds "{name}" twice', name=name[:40]))
        if name == "nights" and text.next_char() == "[":
            for _ in _nights(text):
                pass
            head[name] = []
        else:
            head[name] = text.value(f'"{name[:40]}"', import_limits.PART_CHARS)
    return head


def read_nights(stream: IO[bytes]) -> Iterator[dict[str, Any]]:
    """The file's nights, one at a time (read_head has found the file sound as JSON)."""
    text = _Text(stream)
    for name in _members(text):
        if name == "nights":
            yield from _nights(text)
        else:
            text.value(f'"{name[:40]}"', import_limits.PART_CHARS)


def read_export(stream: IO[bytes]) -> tuple[dict[str, Any], Iterator[dict[str, Any]]]:
    """The head of a checked export file and its nights to store, read a night at a time;
    or BadExport, before anything is stored, naming what is wrong and where."""
    head = read_head(stream)
    checked = check_head(head)
    for number, night in enumerate(read_nights(stream), start=1):
        check_night(night, number, checked)
    return head, read_nights(stream)


def read_document(data: bytes | str) -> dict[str, Any]:
    """Parse and check a whole export file's text held in memory, or raise BadExport."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    head, nights = read_export(io.BytesIO(raw))
    head["nights"] = list(nights)
    return head
