"""Variants: the presets and the group's own variants, stored by copy and edit."""

from __future__ import annotations

import re
import unicodedata

from sqlite_utils import Database

from ..engine import PRESETS, Variant, variant_from_json
from ..engine.errors import InvalidVariant
from ..engine.reference import NOT_RULES
from ..engine.words import Words, english
from .db import now, write_lock

NAME_MAX = 80


class InvalidName(InvalidVariant):
    """A name that is empty, too long, or already another variant's."""


class VariantInUse(InvalidVariant):
    """A custom variant that series are played with, so it cannot be deleted."""

    def __init__(self, count: int):
        super().__init__(f"{count} series {'is' if count == 1 else 'are'} played with it")
        self.count = count


def get_variant(db: Database, variant_id: str) -> Variant | None:
    """Return the preset or custom variant with this id, or None."""
    if variant_id in PRESETS:
        return PRESETS[variant_id]
    row = next(db.table("variants").rows_where("id = ?", [variant_id]), None)
    return variant_from_json(row["rules"]) if row else None


def custom_variants(db: Database) -> list[Variant]:
    """Return the group's own variants, by name."""
    found = [variant_from_json(row["rules"]) for row in db.table("variants").rows]
    return sorted(found, key=lambda v: (english(v.name).casefold(), v.id))


def variant_choices(db: Database) -> list[tuple[str, Words | str]]:
    """Return (id, name) of every variant: the presets in their order, then custom ones by name."""
    return [(v.id, v.name) for v in [*PRESETS.values(), *custom_variants(db)]]


def variant_in_use(db: Database, variant_id: str) -> int:
    """Return how many series are played with this variant."""
    return db.table("series").count_where("variant_id = ?", [variant_id])


def slugify(name: str) -> str:
    """Spell a name as lowercase ASCII words joined by hyphens."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def _check_name(db: Database, name: str, own_id: str | None = None) -> str:
    """Return the name without outer spaces; refuse one a preset or another custom variant has."""
    name = name.strip()
    if not name:
        raise InvalidName("A variant needs a name.")
    if len(name) > NAME_MAX:
        raise InvalidName(f"The name can be at most {NAME_MAX} characters.")
    # Two variants both called "Rummikub" would be told apart by nobody in the series form.
    taken = [english(v.name) for v in PRESETS.values()]
    taken += [row["name"] for row in db.table("variants").rows if row["id"] != own_id]
    if name.casefold() in {other.casefold() for other in taken}:
        raise InvalidName(f"There is already a variant called {name}; choose another name.")
    return name


def _new_id(db: Database, name: str) -> str:
    """Return an unused id for a custom variant; the prefix keeps it apart from every preset id."""
    stem = "custom-" + (slugify(name) or "variant")
    candidate, number = stem, 1
    while candidate in PRESETS or db.table("variants").count_where("id = ?", [candidate]):
        number += 1
        candidate = f"{stem}-{number}"
    return candidate


def create_custom(db: Database, base: Variant, name: str, changes: dict) -> str:
    """Store a copy of base with a new name and these rule changes; return its id."""
    fixed = sorted(set(changes) & set(NOT_RULES))
    if fixed:
        raise InvalidVariant(f"{fixed[0]} cannot be changed in a copy", field=fixed[0])
    based_on = base.based_on if base.custom else base.id
    with write_lock(db):
        name = _check_name(db, name)
        variant_id = _new_id(db, name)
        try:
            variant = base.changed(**changes, id=variant_id, name=name, based_on=based_on)
        except TypeError as error:  # a change to a parameter Variant does not have
            raise InvalidVariant(str(error)) from None
        db.table("variants").insert(
            {
                "id": variant_id,
                "name": name,
                "rules": variant.to_json(),
                "based_on": based_on,
                "created": now(),
            }
        )
    return variant_id


def rename_custom(db: Database, variant_id: str, name: str) -> None:
    """Give a custom variant another name; series already played keep their frozen copy."""
    with write_lock(db):
        variant = get_variant(db, variant_id)
        if variant is None or not variant.custom:
            raise LookupError(f"no custom variant {variant_id!r}")
        name = _check_name(db, name, own_id=variant_id)
        renamed = variant.changed(name=name)
        db.table("variants").update(variant_id, {"name": name, "rules": renamed.to_json()})


def delete_custom(db: Database, variant_id: str) -> None:
    """Delete a custom variant no series is played with."""
    with write_lock(db):
        if variant_id in PRESETS or not db.table("variants").count_where("id = ?", [variant_id]):
            raise LookupError(f"no custom variant {variant_id!r}")
        count = variant_in_use(db, variant_id)
        if count:
            raise VariantInUse(count)
        db.table("variants").delete(variant_id)
