"""What an import file may hold at most, and the values it may never hold.

An export of 500 game nights with 10,000 hands is about 16 MB and 130,000 records, so
these limits leave room for years of game nights and keep one file from filling memory
or holding the database for long.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..engine.limits import FILE_BYTES

MAX_BYTES = FILE_BYTES
MAX_RECORDS = 500_000
# No score, count, number of hands or target comes near this; anything larger is not a game.
MAX_NUMBER = 1_000_000
# Unicode's control characters and lone surrogates, except the tab and line breaks a note or
# a ruling may hold: NUL and the rest cannot be shown, and SQLite cannot store a surrogate.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def size_problem(size: int) -> str | None:
    """Why a file of this many bytes is too large to import, or None."""
    if size > MAX_BYTES:
        return (
            f"the file is {size / 1024 / 1024:.0f} MB; an import takes at most "
            f"{MAX_BYTES // 1024 // 1024} MB (export one night or series at a time)"
        )
    return None


def text_problem(text: str) -> str | None:
    """Why text cannot be stored: a NUL or other control character, or a lone surrogate."""
    found = CONTROL.search(text)
    return f"holds a control character (U+{ord(found.group()):04X})" if found else None


def value_problems(document: Any) -> tuple[str, str] | None:
    """The first value past the limits, as (where in the file, what is wrong), or None.

    Walks every value once: numbers must be whole and within MAX_NUMBER, text free of
    control characters, and the file no more than MAX_RECORDS objects and lists. Where a
    value sits is worked out only for the one refused.
    """
    stack: list[tuple[Any, Any]] = [(document, None)]
    records = 0
    while stack:
        value, path = stack.pop()
        problem = None
        if isinstance(value, dict):
            records += 1
            stack.extend((v, (path, f'"{str(k)[:40]}"')) for k, v in value.items())
            problem = next(filter(None, map(text_problem, value)), None)
        elif isinstance(value, list):
            records += 1
            stack.extend((v, (path, f"item {i}")) for i, v in enumerate(value, start=1))
        elif isinstance(value, str):
            problem = text_problem(value)
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
            problem = "must be a whole number"
        elif isinstance(value, int | float) and abs(value) > MAX_NUMBER:
            problem = f"{value:.0f} is out of range (at most {MAX_NUMBER:,})"
        if problem:
            return _where(path), problem
        if records > MAX_RECORDS:
            return "the file", f"holds more than {MAX_RECORDS:,} records; import it in parts"
    return None


def _where(path: Any) -> str:
    parts: list[str] = []
    while path is not None:
        path, part = path
        parts.append(part)
    return ", ".join(reversed(parts)) or "the file"
