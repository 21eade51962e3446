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
from ..engine.words import Words, words
from .export_refusals import THE_FILE, Place, part_of

# The whole file, in bytes: a bound on the disk an upload takes and on the import's time.
MAX_BYTES = 256 * 1024 * 1024
# Each part of the file held in memory at once (a night, the players, the variants), in
# characters of its JSON text; and the objects and lists in one part.
PART_CHARS = FILE_BYTES
MAX_RECORDS = 500_000
# No score, count, number of hands or target comes near this; anything larger is not a game.
# It bounds a clock turn's seconds too (some eleven days).
MAX_NUMBER = 1_000_000
# Unicode's control characters and lone surrogates, except the tab and line breaks a note or
# a ruling may hold: NUL and the rest cannot be shown, and SQLite cannot store a surrogate.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def megabytes(size: int) -> int:
    """A limit in whole megabytes, as the README and the pages state it."""
    return size // 1024 // 1024


def size_problem(size: int) -> Words | None:
    """Why a file of this many bytes is too large to import, or None."""
    if size > MAX_BYTES:
        return words(
            "the file is too large: an import takes at most {most} MB "
            "(export one night or series at a time)",
            most=megabytes(MAX_BYTES),
        )
    return None


def part_problem(what: Place, chars: int) -> Words | None:
    """Why one part of the file (a night, the players, the variants) is too large, or None."""
    if chars > PART_CHARS:
        return words(
            "{what} is larger than {most} MB, the most an import reads at once "
            "(export one series at a time)",
            what=what,
            most=megabytes(PART_CHARS),
        )
    return None


def text_problem(text: str) -> Words | None:
    """Why text cannot be stored: a NUL or other control character, or a lone surrogate."""
    found = CONTROL.search(text)
    if found is None:
        return None
    return words("holds a control character (U+{code:04X})", code=ord(found.group()))


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


def value_problems(document: Any, where: Any = None) -> tuple[Place, Words] | None:
    """The first value past the limits, as (where in the file, what is wrong), or None.

    Walks every value of one part of the file once (`where` says where the part sits, as
    nested pairs of a field's quoted name or a list item's number): numbers must be whole
    and within MAX_NUMBER, text free of control characters, and the part no more than
    MAX_RECORDS objects and lists. Where a value sits is worked out only for the one refused.
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
            stack.extend((v, (path, i)) for i, v in enumerate(value, start=1))
        elif isinstance(value, str):
            problem = text_problem(value)
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, float) and not _whole_or_timed(value, path):
            problem = words("must be a whole number")
        elif isinstance(value, int | float) and abs(value) > MAX_NUMBER:
            problem = words(
                "{value:.0f} is out of range (at most {most:,})", value=value, most=MAX_NUMBER
            )
        if problem:
            return _where(path), problem
        if records > MAX_RECORDS:
            return _where(where), words(
                "holds more than {most:,} records; import it in parts", most=MAX_RECORDS
            )
    return None


def _whole_or_timed(value: float, path: Any) -> bool:
    """A finite number that is whole, or a clock turn's seconds."""
    return math.isfinite(value) and (value.is_integer() or _timed(path))


def _timed(path: Any) -> bool:
    """Whether a value sits at a clock turn's "seconds" ('..."clock", "turns", item 3,
    "seconds"'): the one number the export writes with a fraction (clock_turns.seconds is
    REAL, as the clock measured the turn)."""
    parts: list[Any] = []
    while path is not None and len(parts) < 4:
        path, part = path
        parts.append(part)
    return (
        len(parts) == 4
        and isinstance(parts[1], int)
        and (parts[0], parts[2], parts[3]) == ('"seconds"', '"turns"', '"clock"')
    )


def _where(path: Any) -> Place:
    """The place of a value, from the outside in: '"nights", item 3, "series", item 1'."""
    parts: list[str | int] = []
    while path is not None:
        path, part = path
        parts.append(part)
    place: Place | None = None
    for part in reversed(parts):
        if isinstance(part, int) and place is None:
            place = words("item {number}", number=part)
        elif isinstance(part, int):
            place = words("{where}, item {number}", where=place, number=part)
        else:
            place = part if place is None else part_of(place, part)
    return THE_FILE if place is None else place
