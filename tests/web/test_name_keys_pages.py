"""Players matched by the key of their name, on the pages and through the API: after m013 the
pages show one player for two spellings, and a hand typed another way is stored as the series
spells its players."""

import json

import pytest
from conftest import app_settings
from store.test_name_keys import stefans_before_m013

from scorekeeper import create_app
from scorekeeper.store.db import connect


@pytest.fixture
def two_stefans(tmp_path):
    """The database of stefans_before_m013, where the app on tmp_path finds it."""
    return stefans_before_m013(tmp_path)


def test_after_m013_the_pages_show_one_player(two_stefans, tmp_path):
    client = create_app(app_settings(tmp_path)).test_client()
    page = client.get("/players/").get_data(as_text=True)
    assert page.count('<span class="card-title">') == 3
    assert page.count('<span class="card-title">Ștefan</span>') == 1
    assert "3 hands in 2 series" in page
    player = client.get("/players/1").get_data(as_text=True)
    assert '<th scope="row">Series won</th>' in player
    assert client.get("/players/3").status_code == 404
    assert "ștefan was merged into Ștefan" in client.get("/series/2/hands/3").get_data(as_text=True)


def test_a_hand_sent_with_names_typed_another_way_is_stored_as_the_series_spells_them(client, app):
    series = client.post(
        "/api/series",
        json={
            "variant": "romanian",
            "players": ["Ștefan", "Zsófia", "Éloïse"],
            "end": {"hands": 4},
        },
    ).get_json()
    # A second series typed by another phone finds the same three players.
    again = client.post(
        "/api/series",
        json={
            "variant": "rummikub",
            "players": ["ŞTEFAN", "zsófia", "E\u0301loi\u0308se"],
            "end": {"hands": 4},
        },
    ).get_json()
    assert again["players"] == ["Ștefan", "Zsófia", "Éloïse"]
    answer = client.post(
        f"/api/series/{series['id']}/hands",
        json={
            "players": [
                {"name": "ştefan", "went_out": True},
                {"name": "ZSÓFIA", "rack": "r5"},
                {"name": "éloïse", "rack": "b7"},
            ],
            "melds": [
                {"tiles": "r10 b10 k10", "by": "Ştefan"},
                {"tiles": "y1 y2 y3", "by": ["zsófia", "ZSÓFIA", "ÉLOÏSE"]},
            ],
        },
    )
    assert answer.status_code == 201, answer.get_json()
    assert set(answer.get_json()["scores"]) == {"Ștefan", "Zsófia", "Éloïse"}
    assert answer.get_json()["scores"]["Ștefan"] == 130  # 100 for going out, 30 melded
    with connect(app.config["DATABASE"]) as db:
        assert [(p["id"], p["name"]) for p in db["players"].rows] == [
            (1, "Ștefan"),
            (2, "Zsófia"),
            (3, "Éloïse"),
        ]
        record = json.loads(db.execute("SELECT record FROM hands").fetchone()[0])
    assert [p["name"] for p in record["players"]] == ["Ștefan", "Zsófia", "Éloïse"]
    assert [m["by"] for m in record["melds"]] == ["Ștefan", ["Zsófia", "Zsófia", "Éloïse"]]
