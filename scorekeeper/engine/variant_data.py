"""A variant read back from its data (JSON text, or the object it holds) as the store, an
export or the API gives it; unknown or missing fields are refused."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from .errors import InvalidVariant
from .variant_checks import LATER_RULES
from .variants import PRESETS, Variant
from .words import say, words


def variant_from_dict(data: dict[str, Any]) -> Variant:
    """Rebuild a variant from its JSON data, refusing unknown or missing fields."""
    if not isinstance(data, dict):
        raise InvalidVariant(words("a variant must be a JSON object"))
    known = {f.name for f in fields(Variant)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidVariant(
            words("unknown variant field {unknown!r}", unknown=unknown[0]), field=unknown[0]
        )
    for name in ("id", "name", "source"):
        if name not in data:
            raise InvalidVariant(words("a variant needs {name!r}", name=name), field=name)
    values = {**_later_rules_of(data), **data}
    values["name"] = stored_name(str(values["id"]), values["name"])
    for name in ("all_at_once_bonus", "finishes", "series_ends"):
        if isinstance(values.get(name), list):
            values[name] = tuple(values[name])
    try:
        return Variant(**values)
    except TypeError as error:
        # Only a wrong shape of data gets here (the fields were checked above).
        raise InvalidVariant(str(error)) from None


def stored_name(variant_id: str, name: object) -> Any:
    """A stored variant's name as pages read it. A preset's name is stored as its English
    text (the JSON, an export): the preset's own words read it in any language, while a
    name the group typed stays as typed."""
    same = PRESETS.get(variant_id)
    if same is not None and say(same.name, None) == name:
        return same.name
    return name


def _later_rules_of(data: dict[str, Any]) -> dict[str, Any]:
    """The rules a variant stored before they existed (table mode's, who plays first, the
    turn clock) does not hold: those of the preset it was copied from, or is, or else of the
    first preset of its source, so that a stored Romanian series keeps its dealer starting
    after the deal."""
    missing = [name for name in LATER_RULES if name not in data]
    if not missing:
        return {}
    base = PRESETS.get(data.get("based_on") or "") or PRESETS.get(data.get("id") or "")
    if base is None:
        base = next((p for p in PRESETS.values() if p.source == data.get("source")), None)
    if base is None:
        return {}  # the defaults of Variant
    return {name: getattr(base, name) for name in missing}


def variant_from_json(text: str) -> Variant:
    """Rebuild a variant from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidVariant(words("not JSON: {msg}", msg=error.msg)) from None
    return variant_from_dict(data)
