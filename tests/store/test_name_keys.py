"""Players stored by the key of their name (m013): a database from before it, where "Ștefan"
and "ștefan" were two players, comes out with one; an old export with both imports as one."""

import json
from datetime import date

import pytest
from conftest import app_settings
from hands import rack, went_out

from scorekeeper import create_app
from scorekeeper.engine import HandResult, preset
from scorekeeper.store import stats
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.hand_results import stored_result
from scorekeeper.store.hands import check_hand
from scorekeeper.store.importer import import_document
from scorekeeper.store.migrations import migrations
from scorekeeper.store.nights import create_night
from scorekeeper.store.players import add_player, find_player
from scorekeeper.store.series import get_series


def old_series(db, night_id, variant, player_ids):
    """A series stored as the app stored one before m013 (it cannot add players any more)."""
    series_id = (
        db["series"]
        .insert(
            {
                "night_id": night_id,
                "variant_id": variant,
                "variant_rules": preset(variant).to_json(),
                "end_kind": "hands",
                "end_value": 10,
                "first_dealer": 0,
                "created": "2025-10-03T19:00:00+00:00",
            }
        )
        .last_pk
    )
    for seat, player_id in enumerate(player_ids):
        db["series_players"].insert({"series_id": series_id, "seat": seat, "player_id": player_id})
    # Read as today's store reads it, but for the column m017 adds (a series then was
    # listed by seat): the table has no such column yet.
    db.execute("ALTER TABLE series ADD COLUMN listing TEXT NOT NULL DEFAULT 'seats'")
    try:
        return get_series(db, series_id)
    finally:
        db.execute("ALTER TABLE series DROP COLUMN listing")


def before_keys(path, players):
    """A database as the migrations before m013 left it, holding these players (id, name)."""
    with connect(path) as db:
        migrations.apply(db, stop_before="m013_name_keys")
        for player_id, name in players:
            db["players"].insert({"id": player_id, "name": name})
    return path


@pytest.fixture
def two_stefans(tmp_path):
    """The database of stefans_before_m013, in the app's place in tmp_path."""
    return stefans_before_m013(tmp_path)


def old_hand(db, series, record: dict) -> None:
    """Store a hand as the app did before m013 (and before m016, whose table this database
    lacks): scored, numbered after the others, with its audit entry."""
    (count,) = db.execute("SELECT count(*) FROM hands WHERE series_id = ?", [series.id]).fetchone()
    stamp = "2025-10-03T20:00:00+00:00"
    hand_id = (
        db["hands"]
        .insert(
            {
                "series_id": series.id,
                "number": count + 1,
                "record": json.dumps(record),
                "created": stamp,
                "updated": stamp,
                **stored_result(check_hand(series, record)),
            }
        )
        .last_pk
    )
    db["hand_audit"].insert(
        {
            "hand_id": hand_id,
            "at": stamp,
            "action": "created",
            "old": None,
            "new": json.dumps(record, sort_keys=True),
        }
    )


def stefans_before_m013(folder):
    """Ștefan (1) played Rummikub with Bo on one night; a month later the scorer typed
    ștefan (3), which SQLite's NOCASE took for another player, and he played Romanian tile
    rummy with Bo and Cy. The figures had been counted by the pages."""
    path = before_keys(
        folder / "scorekeeper.db", [(1, "Ștefan"), (2, "Bo"), (3, "ștefan"), (4, "Cy")]
    )
    with connect(path) as db:
        rummikub = old_series(
            db, create_night(db, date(2025, 10, 3), None, None), "rummikub", [1, 2]
        )
        old_hand(db, rummikub, {"players": [went_out("Ștefan"), rack("Bo", "r5 j")]})
        old_hand(db, rummikub, {"players": [rack("Ștefan", "k3"), went_out("Bo")]})
        romanian = old_series(
            db, create_night(db, date(2025, 11, 7), None, None), "romanian", [3, 2, 4]
        )
        old_hand(
            db,
            romanian,
            {
                "players": [went_out("ștefan"), rack("Bo", "r5"), rack("Cy", "b7")],
                "melds": [
                    {"tiles": "r10 b10 k10", "by": "ștefan"},
                    {"tiles": "y1 y2 y3", "by": "Bo"},
                ],
            },
        )
        stats.refresh(db)
        assert stats.player_figures(db, 3, stats.Filters())[0]["hands"] == 1
    return path


def test_before_m013_the_two_spellings_were_two_players(two_stefans):
    with connect(two_stefans) as db:
        assert [r["name"] for r in db["players"].rows] == ["Ștefan", "Bo", "ștefan", "Cy"]


def test_m013_merges_them_into_the_older_player_with_the_spelling_used_first(two_stefans):
    with connect(two_stefans) as db:
        scores_before = [json.loads(r[0]) for r in db.execute("SELECT scores FROM hands")]
    migrate(two_stefans)
    with connect(two_stefans) as db:
        assert list(db["players"].rows) == [
            {"id": 1, "name": "Ștefan", "name_key": "ștefan"},
            {"id": 2, "name": "Bo", "name_key": "bo"},
            {"id": 4, "name": "Cy", "name_key": "cy"},
        ]
        assert [
            tuple(r)
            for r in db.execute(
                "SELECT series_id, seat, player_id FROM series_players ORDER BY series_id, seat"
            )
        ] == [(1, 0, 1), (1, 1, 2), (2, 0, 1), (2, 1, 2), (2, 2, 4)]
        hands = list(db.query("SELECT * FROM hands ORDER BY id"))
        # The same numbers (ștefan: 100 for going out and 30 melded), under the name kept.
        assert scores_before[2] == {"ștefan": 130, "Bo": 10, "Cy": -200}
        assert [json.loads(h["scores"]) for h in hands] == [
            {"Ștefan": 35, "Bo": -35},
            {"Ștefan": -3, "Bo": 3},
            {"Ștefan": 130, "Bo": 10, "Cy": -200},
        ]
        assert hands[2]["winner"] == "Ștefan"
        record = json.loads(hands[2]["record"])
        assert [p["name"] for p in record["players"]] == ["Ștefan", "Bo", "Cy"]
        assert [m["by"] for m in record["melds"]] == ["Ștefan", "Bo"]
        result = HandResult.from_record(json.loads(hands[2]["result"]))
        assert result.scores == {"Ștefan": 130, "Bo": 10, "Cy": -200}
        assert set(result.breakdown) == {"Ștefan", "Bo", "Cy"}
        merged = list(
            db.query("SELECT hand_id, action, old, new FROM hand_audit WHERE action = 'merged'")
        )
        assert [
            (
                a["hand_id"],
                json.loads(a["old"])["players"][0]["name"],
                json.loads(a["new"])["players"][0]["name"],
            )
            for a in merged
        ] == [(3, "ștefan", "Ștefan")]
        assert [
            {
                k: m[k]
                for k in ("kept_id", "kept_name", "merged_id", "merged_name", "hands", "series")
            }
            for m in db["player_merges"].rows
        ] == [
            {
                "kept_id": 1,
                "kept_name": "Ștefan",
                "merged_id": 3,
                "merged_name": "ștefan",
                "hands": 1,
                "series": 1,
            }
        ]
        stats.refresh(db)
        everything = stats.player_figures(db, 1, stats.Filters())[-1]
        assert (
            everything["variant_id"],
            everything["hands"],
            everything["series"],
            everything["hands_won"],
        ) == (None, 3, 2, 2)
        assert find_player(db, "ŞTEFAN") == {"id": 1, "name": "Ștefan"}


def test_m013_keeps_two_players_seated_together_apart(tmp_path):
    """Ş with a cedilla and Ș with a comma below are one player from now on, but two people
    who sat at one series cannot be one person: they stay two players."""
    path = before_keys(tmp_path / "scorekeeper.db", [(1, "Ştefan"), (2, "Ștefan"), (3, "Bo")])
    with connect(path) as db:
        series = old_series(
            db, create_night(db, date(2025, 10, 3), None, None), "rummikub", [1, 2, 3]
        )
        # Stored as it was then: the engine now refuses such a hand (one player twice).
        db["hands"].insert(
            {
                "series_id": series.id,
                "number": 1,
                "created": "2025-10-03T19:30:00+00:00",
                "updated": "2025-10-03T19:30:00+00:00",
                "winner": "Ştefan",
                "scores": json.dumps({"Ştefan": 12, "Ștefan": -5, "Bo": -7}),
                "record": json.dumps(
                    {"players": [went_out("Ştefan"), rack("Ștefan", "r5"), rack("Bo", "b7")]}
                ),
            }
        )
    migrate(path)
    with connect(path) as db:
        assert list(db["players"].rows) == [
            {"id": 1, "name": "Ştefan", "name_key": "ștefan"},
            {"id": 2, "name": "Ștefan", "name_key": "ștefan,2"},
            {"id": 3, "name": "Bo", "name_key": "bo"},
        ]
        assert list(db["player_merges"].rows) == []
        assert add_player(db, "ȘTEFAN") == 1
        assert json.loads(db.execute("SELECT scores FROM hands").fetchone()[0]) == {
            "Ştefan": 12,
            "Ștefan": -5,
            "Bo": -7,
        }
    page = create_app(app_settings(tmp_path)).test_client().get("/series/1")
    assert page.status_code == 200
    assert "Ştefan" in page.get_data(as_text=True) and "Ștefan" in page.get_data(as_text=True)


def test_an_old_export_with_two_spellings_of_one_name_imports_as_one_player(two_stefans, tmp_path):
    with connect(two_stefans) as db:
        # Today's exporter reads the column m017 adds (m018's clocks it does without); the
        # file is then written as before them.
        db.execute("ALTER TABLE series ADD COLUMN listing TEXT NOT NULL DEFAULT 'seats'")
        document = export_document(db)
    assert [p["name"] for p in document["players"]] == ["Bo", "Cy", "Ștefan", "ștefan"]
    for night in document["nights"]:
        for series in night["series"]:
            del series["listing"]  # as an export written before m017
            assert "clock" not in series  # as before m018: the database has no clocks
    target = tmp_path / "other.db"
    migrate(target)
    with connect(target) as db:
        import_document(db, document)
        assert [(p["id"], p["name"]) for p in db["players"].rows] == [
            (1, "Bo"),
            (2, "Cy"),
            (3, "Ștefan"),
        ]
        assert [
            tuple(r)
            for r in db.execute(
                "SELECT series_id, seat, player_id FROM series_players ORDER BY series_id, seat"
            )
        ] == [(1, 0, 3), (1, 1, 1), (2, 0, 3), (2, 1, 1), (2, 2, 2)]
        assert [json.loads(r[0]) for r in db.execute("SELECT scores FROM hands ORDER BY id")] == [
            {"Ștefan": 35, "Bo": -35},
            {"Ștefan": -3, "Bo": 3},
            {"Ștefan": 130, "Bo": 10, "Cy": -200},
        ]
        again = import_document(db, document)
        assert (again.players, again.hands) == (0, 0)
