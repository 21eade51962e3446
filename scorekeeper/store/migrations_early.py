"""The first migrations, m001 to m005: the schema the score pad started with and what the
next days added to it. Frozen in time like every migration (see migrations.py): never edit
one, never rename one, never move one after a later one.

The one `migrations` set of the app is made here, so that these come first in it, in the
order they are written; migrations.py adds every later one after them. sqlite-utils applies
them in that order, by name.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_create_tables(db: Database) -> None:
    """Create the players, nights, variants, series, hands and hand audit tables."""
    db.table("players").create({"id": int, "name": str}, pk="id", not_null=["name"])
    # "Ana" and "ana" are the same player.
    db.execute("CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE)")

    db.table("nights").create(
        {"id": int, "date": str, "place": str, "note": str, "created": str},
        pk="id",
        not_null=["date", "created"],
    )
    db.table("nights").create_index(["date"])

    # Custom variants only: presets live in the engine. rules is the variant as JSON.
    db.table("variants").create(
        {"id": str, "name": str, "rules": str, "based_on": str, "created": str},
        pk="id",
        not_null=["name", "rules", "created"],
    )

    # variant_id names a preset or a custom variant, so it has no foreign key;
    # variant_rules is the frozen copy the series is scored by.
    db.table("series").create(
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
        not_null=[
            "night_id",
            "variant_id",
            "variant_rules",
            "end_kind",
            "end_value",
            "first_dealer",
            "created",
        ],
    )
    db.table("series").create_index(["night_id"])

    # Seat 0 is the first seat; the deal passes from seat to seat in the variant's direction.
    db.table("series_players").create(
        {"series_id": int, "seat": int, "player_id": int},
        pk=("series_id", "seat"),
        foreign_keys=[("series_id", "series", "id"), ("player_id", "players", "id")],
        not_null=["series_id", "seat", "player_id"],
    )
    db.table("series_players").create_index(["series_id", "player_id"], unique=True)
    db.table("series_players").create_index(["player_id"])

    # record is the hand in the engine's JSON hand format; deleted_at set means
    # deleted, and clearing it is the undo.
    db.table("hands").create(
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
    db.table("hands").create_index(["series_id", "number"])

    # One row per change to a hand: action is created, edited, deleted or restored;
    # old and new are the record before and after (JSON, empty where there is none).
    db.table("hand_audit").create(
        {"id": int, "hand_id": int, "at": str, "action": str, "old": str, "new": str},
        pk="id",
        foreign_keys=[("hand_id", "hands", "id")],
        not_null=["hand_id", "at", "action"],
    )
    db.table("hand_audit").create_index(["hand_id"])


@migrations()
def m002_hand_scores(db: Database) -> None:
    """Keep each hand's scores and winner beside its record, for history and statistics."""
    # The record stays the truth; these are what the frozen variant made of it when saved.
    db.table("hands").add_column("scores", str)
    db.table("hands").add_column("winner", str)


@migrations()
def m003_table_mode(db: Database) -> None:
    """Keep the table actions of hands followed in table mode, and each series' table in play."""
    # The actions as laid, in the table mode JSON; null for a hand entered by quick tally.
    db.table("hands").add_column("table_actions", str)
    # The hand being played now, one per series: its actions so far, replayed on every view.
    db.table("live_tables").create(
        {"series_id": int, "actions": str, "updated": str},
        pk="series_id",
        foreign_keys=[("series_id", "series", "id")],
        not_null=["actions", "updated"],
    )


@migrations()
def m004_house_rulings(db: Database) -> None:
    """Create the house rulings table: what the table agreed where the rules were unclear."""
    # hand_number is the hand it arose in (null: before the first hand or for the whole series).
    db.table("rulings").create(
        {
            "id": int,
            "series_id": int,
            "hand_number": int,
            "text": str,
            "agreed_by": str,
            "created": str,
        },
        pk="id",
        foreign_keys=[("series_id", "series", "id")],
        not_null=["series_id", "text", "created"],
    )
    db.table("rulings").create_index(["series_id"])


@migrations()
def m005_history(db: Database) -> None:
    """Stable uids for export and import, and caches of each hand's and series' figures."""
    # A uid names a row in every instance, so importing a file twice adds nothing new.
    db.execute(
        "CREATE TABLE uids (kind TEXT NOT NULL, local_id INTEGER NOT NULL,"
        " uid TEXT NOT NULL UNIQUE, PRIMARY KEY (kind, local_id))"
    )
    for kind in ("nights", "series", "hands", "hand_audit"):
        db.execute(
            f"INSERT INTO uids (kind, local_id, uid) SELECT '{kind}', id,"
            f" lower(hex(randomblob(16))) FROM {kind}"
        )
        db.execute(
            f"CREATE TRIGGER uids_{kind}_deleted AFTER DELETE ON {kind} BEGIN"
            f" DELETE FROM uids WHERE kind = '{kind}' AND local_id = OLD.id; END"
        )
    # What statistics need of a hand, per player, read once from its record; never_opened
    # is null in variants that do not score melded value.
    db.execute(
        "CREATE TABLE hand_facts (hand_id INTEGER NOT NULL, player_id INTEGER NOT NULL,"
        " score INTEGER NOT NULL, won INTEGER NOT NULL, all_at_once INTEGER NOT NULL,"
        " joker_caught INTEGER NOT NULL, never_opened INTEGER,"
        " PRIMARY KEY (hand_id, player_id))"
    )
    db.execute("CREATE INDEX hand_facts_player ON hand_facts (player_id)")
    # Each series' totals and winners as the stored hand scores give them.
    db.execute(
        "CREATE TABLE series_results (series_id INTEGER NOT NULL,"
        " player_id INTEGER NOT NULL, total INTEGER NOT NULL, hands_won INTEGER NOT NULL,"
        " finished INTEGER NOT NULL, won INTEGER NOT NULL,"
        " PRIMARY KEY (series_id, player_id))"
    )
    db.execute("CREATE INDEX series_results_player ON series_results (player_id)")
    # Any change to a hand makes its cached figures stale; they are worked out again on demand.
    db.execute(
        "CREATE TRIGGER facts_hand_added AFTER INSERT ON hands BEGIN"
        " DELETE FROM series_results WHERE series_id = NEW.series_id; END"
    )
    db.execute(
        "CREATE TRIGGER facts_hand_changed AFTER UPDATE ON hands BEGIN"
        " DELETE FROM hand_facts WHERE hand_id = NEW.id;"
        " DELETE FROM series_results WHERE series_id IN (OLD.series_id, NEW.series_id); END"
    )
    db.execute(
        "CREATE TRIGGER facts_hand_removed AFTER DELETE ON hands BEGIN"
        " DELETE FROM hand_facts WHERE hand_id = OLD.id;"
        " DELETE FROM series_results WHERE series_id = OLD.series_id; END"
    )
    db.execute(
        "CREATE TRIGGER facts_series_changed AFTER UPDATE ON series BEGIN"
        " DELETE FROM series_results WHERE series_id = OLD.id; END"
    )
    db.execute(
        "CREATE TRIGGER facts_series_removed AFTER DELETE ON series BEGIN"
        " DELETE FROM series_results WHERE series_id = OLD.id; END"
    )
    for event, row in (("INSERT", "NEW"), ("DELETE", "OLD")):
        db.execute(
            f"CREATE TRIGGER facts_seat_{event.lower()} AFTER {event} ON series_players"
            f" BEGIN DELETE FROM series_results WHERE series_id = {row}.series_id; END"
        )
