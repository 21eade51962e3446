"""Players' names as this database spells them, put into hand records, scores and table
actions that spell them another way (an imported file, a player merged into another)."""

from __future__ import annotations

from typing import Any

from ..engine.names import name_key


def _spelt(name: Any, names: dict[str, str]) -> Any:
    return names.get(name, name) if isinstance(name, str) else name


def respell_record(record: dict, names: dict[str, str]) -> dict:
    """A hand record with each player's name as this database spells it."""
    if all(k == v for k, v in names.items()):
        return record
    found = dict(record)
    if isinstance(record.get("players"), list):
        found["players"] = [
            {**p, "name": _spelt(p.get("name"), names)} if isinstance(p, dict) else p
            for p in record["players"]
        ]
    if isinstance(record.get("melds"), list):
        found["melds"] = [
            {
                **m,
                "by": [_spelt(b, names) for b in m["by"]]
                if isinstance(m.get("by"), list)
                else _spelt(m.get("by"), names),
            }
            if isinstance(m, dict) and "by" in m
            else m
            for m in record["melds"]
        ]
    return found


def respell_scores(scores: dict | None, names: dict[str, str]) -> dict | None:
    """A hand's scores by name as this database spells it."""
    return None if scores is None else {names.get(n, n): s for n, s in scores.items()}


def respell_actions(actions: list | None, names: dict[str, str]) -> list | None:
    """Table actions with each player's name as this database spells it."""
    if actions is None:
        return None
    return [{**a, "player": _spelt(a["player"], names)} if "player" in a else a for a in actions]


def as_seated(record: dict, seated: list[str]) -> dict:
    """A hand record with every name in it (its players, its melds' "by") spelt as the series
    seats the player, where it was typed in another case or form ("ŞTEFAN" for "Ștefan")."""
    by_key = {name_key(n): n for n in seated}
    written = [p.get("name") for p in record.get("players") or [] if isinstance(p, dict)]
    for meld in record.get("melds") or []:
        by = meld.get("by") if isinstance(meld, dict) else None
        written.extend(by if isinstance(by, list) else [by])
    names = {
        n: by_key[name_key(n)]
        for n in written
        if isinstance(n, str) and by_key.get(name_key(n), n) != n
    }
    return respell_record(record, names) if names else record
