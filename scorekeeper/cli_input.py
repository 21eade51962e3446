"""Reading what the command line is given: one guarded reader for every command's JSON
input, and every message printed as one line, so that no input of any kind shows a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


class BadInput(Exception):
    """Input the command cannot use; the message names what and where."""


# Deeper than any hand, series or export file can be; refused before anything reads it.
MAX_DEPTH = 64


def read_bytes(path: str) -> bytes:
    """The bytes of a file, or of standard input for `-`."""
    try:
        if path != "-":
            return Path(path).read_bytes()
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # standard input replaced by text (tests, embedding)
            return sys.stdin.read().encode("utf-8", "surrogatepass")
        return stdin.read()
    except OSError as error:
        raise BadInput(f"{shown_name(path)}: cannot read the file ({error.strerror})") from None


def read_json(path: str) -> Any:
    """Read a JSON file, or standard input for `-`, through `parse_json`."""
    return parse_json(read_bytes(path), shown_name(path))


def parse_json(raw: bytes, where: str) -> Any:
    """The one guarded reader of every command's JSON input: bad UTF-8, an empty
    file, bad JSON, nesting too deep, numbers too long and lone surrogates are all
    BadInput naming the file, never a traceback."""
    if not raw.strip():
        raise BadInput(f"{where}: the file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(f"{where}: not a UTF-8 text file (byte {error.start + 1})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{where}: not valid JSON (line {error.lineno}, column {error.colno}: "
                       f"{error.msg})") from None
    except RecursionError:
        raise BadInput(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise BadInput(f"{where}: a number far too long") from None
    _check_values(data, where)
    return data


def _check_values(data: Any, where: str) -> None:
    """Refuse nesting past MAX_DEPTH and text holding a lone surrogate (no character:
    it can be neither shown nor stored). Walked without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadInput(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and not _encodable(value):
            raise BadInput(f"{where}: text with a lone surrogate (\\u{_surrogate(value):04x}), "
                           "which is no character")


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate(text: str) -> int:
    return next(ord(c) for c in text if 0xD800 <= ord(c) <= 0xDFFF)


def one_line(message: str) -> str:
    """A message as one printable line: control characters and lone surrogates
    written as escapes, and no more than 500 characters."""
    text = "".join(c if c.isprintable() else c.encode("unicode_escape",
                                                       "backslashreplace").decode("ascii")
                   for c in message)
    return text if len(text) <= 500 else text[:497] + "..."


def shown_name(path: str) -> str:
    """A path as a message names it: "standard input" for `-`."""
    return "standard input" if path == "-" else path
