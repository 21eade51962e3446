"""The export format's fields: what each part of an export file holds, and of what kind."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..engine.words import words
from .export_refusals import KIND_WORDS, BadExport, Place

KINDS: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "text or null": (str, type(None)),
    "a whole number": (int,),
    "a whole number or null": (int, type(None)),
    "an object": (dict,),
    "an object or null": (dict, type(None)),
    "a list": (list,),
    "a list or null": (list, type(None)),
    "a number": (int, float),
    "true or false": (bool,),
}
TOP = {
    "format": "text",
    "version": "a whole number",
    "scope": "text",
    "exported": "text",
    "players": "a list",
    "variants": "a list",
    "nights": "a list",
}
PLAYER = {"name": "text"}
VARIANT = {
    "id": "text",
    "name": "text",
    "rules": "an object",
    "based_on": "text or null",
    "created": "text",
}
NIGHT = {
    "uid": "text",
    "date": "text",
    "place": "text or null",
    "note": "text or null",
    "created": "text",
    "series": "a list",
}
# A night's field that a file written before it existed leaves out: its events (m019), and
# a night without events leaves it out too (store/export_events.py).
NIGHT_LATER = {"events": "a list"}
SERIES = {
    "uid": "text",
    "name": "text or null",
    "variant_id": "text",
    "variant": "an object",
    "end": "an object",
    "first_dealer": "a whole number",
    "created": "text",
    "players": "a list",
    "hands": "a list",
    "rulings": "a list",
}
# A series' fields that a file written before they existed leaves out: how its players are
# listed ("play" or "seats"; a file without it lists them in seat order, as the app then did)
# and its turn clock (m018).
SERIES_LATER = {"listing": "text", "clock": "an object"}
END = {"kind": "text", "value": "a whole number"}
HAND = {
    "uid": "text",
    "number": "a whole number",
    "record": "an object",
    "table_actions": "a list or null",
    "scores": "an object or null",
    "winner": "text or null",
    "created": "text",
    "updated": "text",
    "deleted_at": "text or null",
    "audit": "a list",
}
AUDIT = {
    "uid": "text",
    "at": "text",
    "action": "text",
    "old": "an object or null",
    "new": "an object or null",
}
RULING = {
    "uid": "text",
    "hand_number": "a whole number or null",
    "text": "text",
    "agreed_by": "text or null",
    "created": "text",
}
# A series' turn clock (since m018; a file written before has none): the series' own limit
# (null: the variant's; 0: no clock) and every turn recorded, by seat of "players".
CLOCK = {"own_limit": "a whole number or null", "turns": "a list"}
TURN = {
    "hand": "a whole number",
    "turn": "a whole number",
    "seat": "a whole number",
    "seconds": "a number",
    "ran_out": "true or false",
    "at": "text",
}
STAMPS = ("created", "updated", "deleted_at", "at", "exported")


def fields_of(
    value: Any, where: Place, fields: dict[str, str], optional: dict[str, str] | None = None
) -> dict:
    """The value, checked to be an object with exactly these fields (and, where present, the
    optional ones), each of its kind; else BadExport naming the place and the field."""
    if not isinstance(value, dict):
        raise BadExport(words("{where}: must be a JSON object", where=where))
    optional = optional or {}
    present = {key: kind for key, kind in optional.items() if key in value}
    for key, kind in {**fields, **present}.items():
        if key not in value:
            raise BadExport(words('{where}: the field "{key}" is missing', where=where, key=key))
        found = value[key]
        if (isinstance(found, bool) and kind != "true or false") or not isinstance(
            found, KINDS[kind]
        ):
            raise BadExport(
                words(
                    '{where}, "{key}": must be {kind}', where=where, key=key, kind=KIND_WORDS[kind]
                )
            )
        if key in STAMPS and isinstance(found, str) and not _is_stamp(found):
            raise BadExport(
                words(
                    '{where}, "{key}": must be a date and time like {example}, not "{found}"',
                    where=where,
                    key=key,
                    example="2025-11-22T20:15:00+00:00",
                    found=found[:40],
                )
            )
    unknown = sorted(set(value) - set(fields) - set(present))
    if unknown:
        raise BadExport(words('{where}: unknown field "{key}"', where=where, key=unknown[0][:40]))
    return value


def _is_stamp(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True
