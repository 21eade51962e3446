"""Ids in addresses, query strings and JSON bodies: whole numbers SQLite can hold, or not found.

SQLite's integers are 64-bit; a larger number sent to it raises OverflowError, which
would be a 500. Every id is checked here instead, once.
"""

from __future__ import annotations

from werkzeug.routing import IntegerConverter, Map

from ...engine.limits import LARGEST_ID as LARGEST


class IdConverter(IntegerConverter):
    """`<int:...>` in a route: a whole number from 0 to LARGEST; any other is not found."""

    def __init__(
        self,
        map: Map,
        fixed_digits: int = 0,
        min: int | None = 0,
        max: int | None = LARGEST,
        signed: bool = False,
    ) -> None:
        super().__init__(map, fixed_digits, min, max, signed)


def is_id(value: object) -> bool:
    """Whether a value from a JSON body can be an id: a whole number SQLite holds."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LARGEST


def sqlite_int(text: str) -> int:
    """A query string's whole number, refused (ValueError) outside SQLite's range."""
    value = int(text)
    if not -LARGEST - 1 <= value <= LARGEST:
        raise ValueError(f"{text} is too large")
    return value
