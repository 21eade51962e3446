"""The score pad's schema, as sqlite-utils migrations: add new ones, never edit an applied one."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_create_tables(db: Database) -> None:
    """Create the players, nights, variants, series, hands and hand audit tables."""
    db["players"].create({"id": int, "name": str}, pk="id", not_null=["name"])
    # "Ana" and "ana" are the same player.
    db.execute("CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE)")

    db["nights"].create(
        {"id": int, "date": str, "place": str, "note": str, "created": str},
        pk="id",
        not_null=["date", "created"],
    )
    db["nights"].create_index(["date"])

    # Custom variants only: presets live in the engine. rules is the variant as JSON.
    db["variants"].create(
        {"id": str, "name": str, "rules": str, "based_on": str, "created": str},
        pk="id",
        not_null=["name", "rules", "created"],
    )

    # variant_id names a preset or a custom variant, so it has no foreign key;
    # variant_rules is the frozen copy the series is scored by.
    db["series"].create(
        {
            "id": int,
            "night_id": int,
            "name": str,
            "variant_id": str,
            "variant_rules": str,
            "end_kind": str,
            "end_value": int,
            "first_dealer": int,
            "created": str,
        },
        pk="id",
        foreign_keys=[("night_id", "nights", "id")],
        not_null=["night_id", "variant_id", "variant_rules", "end_kind", "end_value",
                  "first_dealer", "created"],
    )
    db["series"].create_index(["night_id"])

    # Seat 0 is the first seat; the deal passes from seat to seat in the variant's direction.
    db["series_players"].create(
        {"series_id": int, "seat": int, "player_id": int},
        pk=("series_id", "seat"),
        foreign_keys=[("series_id", "series", "id"), ("player_id", "players", "id")],
        not_null=["series_id", "seat", "player_id"],
    )
    db["series_players"].create_index(["series_id", "player_id"], unique=True)
    db["series_players"].create_index(["player_id"])

    # record is the hand in the engine's JSON hand format; deleted_at set means
    # deleted, and clearing it is the undo.
    db["hands"].create(
        {
            "id": int,
            "series_id": int,
            "number": int,
            "record": str,
            "created": str,
            "updated": str,
            "deleted_at": str,
        },
        pk="id",
        foreign_keys=[("series_id", "series", "id")],
        not_null=["series_id", "number", "record", "created", "updated"],
    )
    db["hands"].create_index(["series_id", "number"])

    # One row per change to a hand: action is created, edited, deleted or restored;
    # old and new are the record before and after (JSON, empty where there is none).
    db["hand_audit"].create(
        {"id": int, "hand_id": int, "at": str, "action": str, "old": str, "new": str},
        pk="id",
        foreign_keys=[("hand_id", "hands", "id")],
        not_null=["hand_id", "at", "action"],
    )
    db["hand_audit"].create_index(["hand_id"])


@migrations()
def m002_hand_scores(db: Database) -> None:
    """Keep each hand's scores and winner beside its record, for history and statistics."""
    # The record stays the truth; these are what the frozen variant made of it when saved.
    db["hands"].add_column("scores", str)
    db["hands"].add_column("winner", str)
