"""What an import file may hold at most, and the values it may never hold.

An import reads its file a part at a time (the players, the variants, then one night after
another; `export_reader.py`), so the file may be far larger than any part. An export of 500
game nights with 10,000 hands is about 16 MB and 130,000 records; a file of MAX_BYTES holds
about 160,000 hands (some 75 years of weekly game nights), and one night of PART_CHARS about
20,000 hands. The export is held to the same limits as it is written (`export_json.py`), so
whatever it writes can be imported back.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..engine.limits import FILE_BYTES

# The whole file, in bytes: a bound on the disk an upload takes and on the import's time.
MAX_BYTES = 256 * 1024 * 1024
# Each part of the file held in memory at once (a night, the players, the variants), in
# characters of its JSON text; and the objects and lists in one part.
PART_CHARS = FILE_BYTES
MAX_RECORDS = 500_000
# No score, count, number of hands or target comes near this; anything larger is not a game.
MAX_NUMBER = 1_000_000
# Unicode's control characters and lone surrogates, except the tab and line breaks a note or
# a ruling may hold: NUL and the rest cannot be shown, and SQLite cannot store a surrogate.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def megabytes(size: int) -> int:
    """A limit in whole megabytes, as the README and the pages state it."""
    return size // 1024 // 1024


def size_problem(size: int) -> str | None:
    """Why a file of this many bytes is too large to import, or None."""
    if size > MAX_BYTES:
        return (
            f"the file is too large: an import takes at most {megabytes(MAX_BYTES)} MB "
            "(export one night or series at a time)"
        )
    return None


def part_problem(what: str, chars: int) -> str | None:
    """Why one part of the file (a night, the players, the variants) is too large, or None."""
    if chars > PART_CHARS:
        return (
            f"{what} is larger than {megabytes(PART_CHARS)} MB, the most an import reads "
            "at once (export one series at a time)"
        )
    return None


def text_problem(text: str) -> str | None:
    """Why text cannot be stored: a NUL or other control character, or a lone surrogate."""
    found = CONTROL.search(text)
    return f"holds a control character (U+{ord(found.group()):04X})" if found else None


def count_records(value: Any) -> int:
    """The objects and lists in a value, itself included."""
    stack, records = [value], 0
    while stack:
        found = stack.pop()
        if isinstance(found, dict):
            records += 1
            stack.extend(found.values())
        elif isinstance(found, list):
            records += 1
            stack.extend(found)
    return records


def value_problems(document: Any, where: Any = None) -> tuple[str, str] | None:
    """The first value past the limits, as (where in the file, what is wrong), or None.

    Walks every value of one part of the file once (`where` says where the part sits, as
    nested pairs): numbers must be whole and within MAX_NUMBER, text free of control
    characters, and the part no more than MAX_RECORDS objects and lists. Where a value sits
    is worked out only for the one refused.
    """
    stack: list[tuple[Any, Any]] = [(document, where)]
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
            return _where(where), f"holds more than {MAX_RECORDS:,} records; import it in parts"
    return None


def _where(path: Any) -> str:
    parts: list[str] = []
    while path is not None:
        path, part = path
        parts.append(part)
    return ", ".join(reversed(parts)) or "the file"
