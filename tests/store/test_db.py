"""The database: migrations applied at start, the settings of every connection, the players."""

import json
import sqlite3

import pytest

from scorekeeper.engine import HandResult, preset
from scorekeeper.store.db import connect, migrate, write_lock
from scorekeeper.store.migrations import migrations
from scorekeeper.store.players import add_player, all_players, find_player

TABLES = [
    "_sqlite_migrations",
    "clock_turns",
    "event_players",
    "event_tables",
    "events",
    "hand_audit",
    "hand_facts",
    "hand_requests",
    "hands",
    "join_codes",
    "live_tables",
    "nights",
    "player_merges",
    "players",
    "rack_drafts",
    "rulings",
    "scorer_sessions",
    "seat_claims",
    "seat_log",
    "series",
    "series_clocks",
    "series_players",
    "series_results",
    "series_tallies",
    "uids",
    "variants",
]


def schema(db):
    """Every table, index and their SQL."""
    return list(db.query("SELECT type, name, sql FROM sqlite_master ORDER BY name"))


def test_migrations_create_every_table(db):
    assert sorted(db.table_names()) == TABLES
    assert [row["name"] for row in db["_sqlite_migrations"].rows] == [
        "m001_create_tables",
        "m002_hand_scores",
        "m003_table_mode",
        "m004_house_rulings",
        "m005_history",
        "m007_history_uids_and_figures",
        "m008_hand_results",
        "m009_hand_requests",
        "m010_cleared_tables",
        "m011_scorer_sessions",
        "m012_rack_drafts",
        "m013_name_keys",
        "m014_join_codes",
        "m015_request_keys",
        "m016_series_tallies",
        "m017_series_listing",
        "m018_turn_clocks",
        "m019_events",
    ]


def test_a_cleared_table_is_kept_beside_the_table_in_play(db):
    assert db["live_tables"].columns_dict == {
        "series_id": int,
        "actions": str,
        "updated": str,
        "cleared": str,
    }


def test_hands_stored_before_results_were_kept_get_theirs_once(tmp_path):
    """m008 leaves every hand stored without a result to the store, which scores it once
    after the migrations, with its series' frozen rules, and the scores and winner beside it
    follow; a hand stored before m002 had neither."""
    path = tmp_path / "old.db"
    with connect(path) as db:
        migrations.apply(db, stop_before="m008_hand_results")
        db["nights"].insert({"id": 1, "date": "2025-11-22", "created": "2025-11-22T19:00:00"})
        db["series"].insert(
            {
                "id": 1,
                "night_id": 1,
                "variant_id": "rummikub",
                "variant_rules": preset("rummikub").to_json(),
                "end_kind": "hands",
                "end_value": 4,
                "first_dealer": 0,
                "created": "2025-11-22T19:00",
            }
        )
        for seat, name in enumerate(["Ana", "Bo"]):
            db["players"].insert({"id": seat + 1, "name": name})
            db["series_players"].insert({"series_id": 1, "seat": seat, "player_id": seat + 1})
        for number, scores in ((1, None), (2, '{"Ana": 12, "Bo": -12}')):
            db["hands"].insert(
                {
                    "series_id": 1,
                    "number": number,
                    "created": "2025-11-22T19:30",
                    "updated": "2025-11-22T19:30",
                    "scores": scores,
                    "winner": "Ana" if scores else None,
                    "record": json.dumps(
                        {
                            "players": [
                                {"name": "Ana", "went_out": True},
                                {"name": "Bo", "rack": "r5 b7"},
                            ]
                        }
                    ),
                }
            )
    migrate(path)
    with connect(path) as db:
        stored = list(db.query("SELECT number, scores, winner, result FROM hands"))
    assert [(h["number"], json.loads(h["scores"]), h["winner"]) for h in stored] == [
        (1, {"Ana": 12, "Bo": -12}, "Ana"),
        (2, {"Ana": 12, "Bo": -12}, "Ana"),
    ]
    result = HandResult.from_record(json.loads(stored[0]["result"]))
    assert result.scores == {"Ana": 12, "Bo": -12} and result.winner == "Ana"
    assert [line.points for line in result.breakdown["Bo"]] == [-12]
    assert sum(line.points for line in result.breakdown["Ana"]) == 12


def test_applying_migrations_again_changes_nothing(tmp_path, db):
    before = schema(db)
    applied = list(db["_sqlite_migrations"].rows)
    migrate(tmp_path / "scorekeeper.db")
    assert schema(db) == before
    assert list(db["_sqlite_migrations"].rows) == applied
    assert migrations.pending(db) == []


def test_every_connection_enforces_foreign_keys_and_waits_for_a_lock(db):
    assert db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert db.execute("PRAGMA busy_timeout").fetchone() == (5000,)
    assert db.journal_mode == "wal"


def test_a_series_must_belong_to_a_night(db):
    with pytest.raises(sqlite3.IntegrityError):
        db["series"].insert(
            {
                "night_id": 7,
                "variant_id": "rummikub",
                "variant_rules": "{}",
                "end_kind": "hands",
                "end_value": 4,
                "first_dealer": 0,
                "created": "2025-11-22T19:00:00+00:00",
            }
        )


def test_a_player_is_the_same_whatever_case_the_name_is_typed_in(db):
    assert add_player(db, "Ana") == add_player(db, " ana ") == 1
    add_player(db, "Bo  Li")
    assert add_player(db, "Ștefan") == add_player(db, "ŞTEFAN") == 3
    assert list(db["players"].rows) == [
        {"id": 1, "name": "Ana", "name_key": "ana"},
        {"id": 2, "name": "Bo Li", "name_key": "bo li"},
        {"id": 3, "name": "Ștefan", "name_key": "ștefan"},
    ]
    assert find_player(db, "ANA") == {"id": 1, "name": "Ana"}
    assert find_player(db, "s\u0327tefan") == {"id": 3, "name": "Ștefan"}
    assert find_player(db, "Cleo") is None
    assert all_players(db) == [
        {"id": 1, "name": "Ana"},
        {"id": 2, "name": "Bo Li"},
        {"id": 3, "name": "Ștefan"},
    ]


def test_player_names_stay_unique_even_written_directly(db):
    add_player(db, "Ana")
    with pytest.raises(sqlite3.IntegrityError):
        db["players"].insert({"name": "ANA", "name_key": "ana"})
    with pytest.raises(sqlite3.IntegrityError, match="a player needs the key of their name"):
        db["players"].insert({"name": "Cleo"})
    assert [row["name"] for row in db["players"].rows] == ["Ana"]


def test_write_lock_commits_together_or_not_at_all(db):
    with write_lock(db):
        add_player(db, "Ana")
        add_player(db, "Bo")
    with pytest.raises(RuntimeError), write_lock(db):
        add_player(db, "Cleo")
        raise RuntimeError("the phone dropped")
    assert [row["name"] for row in db["players"].rows] == ["Ana", "Bo"]
    assert not db.conn.in_transaction
