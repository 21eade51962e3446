"""A rack counted by its player: one player's part of the hand being recorded, sent from
their own phone before the scorer saves the hand. Nothing here scores a hand: a draft is
read and checked as far as one player's part can be on its own, so a phone hears at once
what is wrong with what it sent; the hand is checked whole when the scorer saves it."""

from __future__ import annotations

from typing import Any

from .checks import check_hand, player_fields
from .errors import InvalidHand
from .hands import read_player
from .limits import RACK_TILES, text_characters
from .record import HandRecord
from .variants import Variant
from .words import Words, and_list, words

# What a player counts on their own: what is left on the rack and, where the variant scores
# melded value, what they put on the table. Who went out and how is the scorer's to say.
DRAFT_FIELDS = (
    "rack",
    "rack_points",
    "rack_jokers",
    "swapped_jokers",
    "melded_tiles",
    "melded_points",
    "credited_jokers",
)
# No rack or table part holds more than the set's tiles, and a longer text is refused before
# it is read (engine/limits.py, where every limit is; read_player checks them).
MOST_TILES = RACK_TILES
MOST_CHARACTERS = text_characters(RACK_TILES)


def draft_fields(v: Variant) -> tuple[str, ...]:
    """The fields of a draft the variant has a rule for, in the form's order."""
    fields = player_fields(v)
    return tuple(f for f in DRAFT_FIELDS if f in fields)


def read_draft(raw: Any, v: Variant, name: str) -> dict[str, Any]:
    """A player's draft as sent ({"rack": "r12 k3 j"}, and the melded fields where the
    variant has them), checked as one player's part of a hand; return what to keep, only
    the fields given. Raise InvalidHand with every problem found."""
    if not isinstance(raw, dict) or not raw:
        raise InvalidHand(
            words("send what is left on the rack, e.g. {example}", example='{"rack": "r12 k3 j"}'),
            player=name,
            field="rack",
        )
    allowed = draft_fields(v)
    for field in raw:
        if field not in allowed:
            raise InvalidHand(
                _not_a_draft_field(field, v),
                player=name,
                field=field if isinstance(field, str) else None,
            )
    kept = {f: raw[f] for f in allowed if f in raw and raw[f] not in (None, "")}
    part = read_player({"name": name, **kept}, v)
    # The checks of a whole hand, on a hand of this one part: copies of a tile, a rack
    # left empty, fields without a rule, points given twice.
    check_hand(HandRecord(v, (part,)))
    return kept


def _not_a_draft_field(field: object, v: Variant) -> Words:
    if field in DRAFT_FIELDS:
        return words(
            "{variant} scores only the racks: send only what is left on the rack", variant=v.name
        )
    if not isinstance(field, str):
        return words("that is not part of a rack: send {fields}", fields=and_list(draft_fields(v)))
    return words(
        "'{shown}' is not part of a rack: send {fields}",
        shown=field,
        fields=and_list(draft_fields(v)),
    )


def draft_differs(draft: dict[str, Any], part: dict[str, Any], v: Variant) -> bool:
    """Whether a player's draft says something else than their part of the hand being
    saved (the JSON hand format's entry) about what a draft holds: the same tiles in any
    order, or the same counts, are the same rack. A part that cannot be read differs."""
    name = str(part.get("name", ""))
    mine = {f: part[f] for f in DRAFT_FIELDS if part.get(f) not in (None, "", 0)}
    try:
        sent = read_player({"name": name, **draft}, v)
        saved = read_player({"name": name, **mine}, v)
    except InvalidHand:
        return True
    return any(_as_kept(getattr(sent, f)) != _as_kept(getattr(saved, f)) for f in DRAFT_FIELDS)


def _as_kept(value: object) -> object:
    """A field of a part as compared: tiles as a sorted list of how each is written."""
    if isinstance(value, tuple):
        return sorted(repr(item) for item in value)
    return value
