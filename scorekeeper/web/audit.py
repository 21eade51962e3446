"""The audit trail as a hand's page shows it: what an edit changed, and when, in words."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Flask

from .language import short_time

PLAYER_FIELD_WORDS = {
    "went_out": "went out", "finish": "how", "all_at_once": "all at once",
    "jokers_used": "jokers used", "rack": "rack", "rack_points": "rack points",
    "rack_jokers": "jokers on rack", "swapped_jokers": "swapped jokers",
    "melded_tiles": "melded tiles", "melded_points": "melded points",
    "credited_jokers": "credited jokers", "declared": "declared",
}


def changes(entry: dict) -> list[dict]:
    """What an edit changed, player by player and field by field, in words."""
    old, new = entry.get("old") or {}, entry.get("new") or {}
    olds = {p["name"]: p for p in old.get("players", [])}
    found = []
    for player in new.get("players", []):
        before = olds.get(player["name"], {})
        for key, word in PLAYER_FIELD_WORDS.items():
            if before.get(key) != player.get(key):
                found.append({"player": player["name"], "field": word,
                              "old": _shown(before.get(key)), "new": _shown(player.get(key))})
    if old.get("melds") != new.get("melds"):
        found.append({"player": "Table", "field": "melds", "old": _melds(old), "new": _melds(new)})
    return found


def _shown(value: object) -> str:
    if value is None or value == "" or value == []:
        return "(none)"
    if value is True:
        return "yes"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _melds(record: dict) -> str:
    return " | ".join(m["tiles"] for m in record.get("melds") or []) or "(none)"


def changes_filter(entry: dict) -> list[dict]:
    """Template filter: what an audit entry changed."""
    return changes(entry)


def when(stamp: str) -> str:
    """A stored UTC time as people at the table read it: in the server's own time, with its
    zone, "22 Nov 22:05 CET"."""
    moment = datetime.fromisoformat(stamp)
    if moment.tzinfo is None:  # every stored time is UTC (store.db.now)
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone()
    zone = local.tzname() or f"{local:%z}"
    return f"{short_time(local)} {zone}"


def init_app(app: Flask) -> None:
    """Give templates the audit's filters."""
    app.add_template_filter(changes_filter, "changes")
    app.add_template_filter(when, "when")
