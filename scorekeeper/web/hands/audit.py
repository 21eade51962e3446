"""The audit trail as a hand's page shows it: what an edit changed, and when, in words."""

from __future__ import annotations

from datetime import UTC, datetime

from flask_babel import gettext, lazy_gettext

from ..shell.language import short_time
from ..shell.tile_letters import page_tiles

PLAYER_FIELD_WORDS = {
    "went_out": lazy_gettext("went out"),
    "finish": lazy_gettext("how"),
    "all_at_once": lazy_gettext("all at once"),
    "jokers_used": lazy_gettext("jokers used"),
    "rack": lazy_gettext("rack"),
    "rack_points": lazy_gettext("rack points"),
    "rack_jokers": lazy_gettext("jokers on rack"),
    "swapped_jokers": lazy_gettext("swapped jokers"),
    "melded_tiles": lazy_gettext("melded tiles"),
    "melded_points": lazy_gettext("melded points"),
    "credited_jokers": lazy_gettext("credited jokers"),
    "declared": lazy_gettext("declared"),
}
# What happened to a hand, as the heading of each entry of its history.
AUDIT_ACTIONS = {
    "created": lazy_gettext("Created"),
    "edited": lazy_gettext("Edited"),
    "deleted": lazy_gettext("Deleted"),
    "restored": lazy_gettext("Restored"),
    "merged": lazy_gettext("Merged"),
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
                found.append(
                    {
                        "player": player["name"],
                        "field": str(word),
                        "old": _shown(before.get(key), key),
                        "new": _shown(player.get(key), key),
                    }
                )
    if old.get("melds") != new.get("melds"):
        found.append(
            {
                "player": gettext("Table"),
                "field": gettext("melds"),
                "old": _melds(old),
                "new": _melds(new),
            }
        )
    return found


# The fields of a player that hold tiles, shown in the page's letters.
TILE_FIELDS = {"rack", "melded_tiles"}


def _shown(value: object, key: str = "") -> str:
    if isinstance(value, str) and value and key in TILE_FIELDS:
        return page_tiles(value)
    if value is None or value == "" or value == []:
        return gettext("(none)")
    if value is True:
        return gettext("yes")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _melds(record: dict) -> str:
    melds = [page_tiles(m["tiles"]) for m in record.get("melds") or []]
    return " | ".join(melds) or gettext("(none)")


def renamed(entry: dict) -> list[tuple[str, str]]:
    """The players a merge renamed in a hand, seat by seat: (name before, name now)."""
    old, new = entry.get("old") or {}, entry.get("new") or {}
    return [
        (before["name"], after["name"])
        for before, after in zip(old.get("players", []), new.get("players", []), strict=False)
        if before.get("name") != after.get("name")
    ]


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
