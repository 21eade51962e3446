"""Every input the app takes is bounded by the engine's limits (engine/limits.py): a
100,000-tile rack is refused through the API, a player's own rack and the Import page in
little memory, with one short message, and nothing is stored."""

import io
import json
import tracemalloc

import pytest

from scorekeeper.engine.limits import HAND_BYTES, MELD_TILES, SET_TILES, TABLE_MELDS
from scorekeeper.store.export import export_document

from .steps import page_text, rows, start_series, tally

HUGE_RACK = " ".join(["r5"] * 100_000)
MEGABYTE = 1024 * 1024


def peak_mb(send) -> tuple[object, float]:
    """What `send()` answers, and the most memory Python held while it ran, in MB."""
    tracemalloc.start()
    try:
        answer = send()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return answer, peak / MEGABYTE


@pytest.fixture
def series_id(client) -> int:
    made = client.post(
        "/api/series", json={"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 3}}
    )
    return made.get_json()["id"]


def test_a_rack_of_100000_tiles_is_refused_by_the_api_in_little_memory(app, client, series_id):
    body = {"players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": HUGE_RACK}]}
    answer, peak = peak_mb(lambda: client.post(f"/api/series/{series_id}/hands", json=body))
    assert answer.status_code == 400
    assert answer.get_json() == {
        "error": "player Bo, rack: 299999 characters written; 106 tiles take at most 1696",
        "where": "player Bo, rack",
    }
    assert peak < 200
    assert rows(app, "hands") == []


def test_the_tiles_are_counted_before_any_is_read(client, series_id):
    body = {
        "players": [
            {"name": "Ana", "went_out": True},
            {"name": "Bo", "rack": " ".join(["r5"] * 6000)},
        ]
    }
    answer = client.post(f"/api/series/{series_id}/hands", json=body)
    assert answer.get_json()["error"] == (
        "player Bo, rack: 17999 characters written; 106 tiles take at most 1696"
    )
    short = {
        "players": [
            {"name": "Ana", "went_out": True},
            {"name": "Bo", "rack": ",".join(["r5"] * (SET_TILES + 1))},
        ]
    }
    answer = client.post(f"/api/series/{series_id}/hands", json=short)
    assert answer.get_json()["error"] == (
        "player Bo, rack: 107 tiles written; a box of tiles holds only 106"
    )


def test_a_third_copy_is_refused_naming_each_place_once(client, series_id):
    body = {
        "players": [
            {"name": "Ana", "went_out": True},
            {"name": "Bo", "rack": " ".join(["r5"] * 40)},
        ]
    }
    answer = client.post(f"/api/series/{series_id}/hands", json=body)
    assert answer.get_json()["error"] == (
        "player Bo, rack: 40 copies of r5 in this hand (Bo's rack); a box of tiles holds only "
        "two of each tile"
    )


def test_a_hand_body_past_its_limit_is_refused_before_it_is_read(app, client, series_id):
    padding = "x" * HAND_BYTES
    answer = client.post(
        f"/api/series/{series_id}/hands",
        data=json.dumps({"pad": padding}),
        content_type="application/json",
    )
    assert answer.status_code == 413
    assert answer.get_json()["error"].startswith("too much to send")
    assert rows(app, "hands") == []


def test_a_players_own_rack_of_100000_tiles_is_refused_in_little_memory(client, series_id):
    answer, peak = peak_mb(
        lambda: client.put(f"/api/series/{series_id}/draft/seats/1", json={"rack": HUGE_RACK})
    )
    assert answer.status_code == 400
    assert "299999 characters written; 106 tiles take at most 1696" in answer.get_json()["error"]
    assert peak < 200


def test_a_rack_of_100000_tiles_is_refused_by_the_import_page_in_little_memory(
    app, client, series_id
):
    saved = client.post(
        f"/api/series/{series_id}/hands",
        json={"players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r5"}]},
    )
    assert saved.status_code == 201
    with app.app_context():
        from scorekeeper.web.shell.db import get_db

        document = export_document(get_db())
    document["nights"][0]["series"][0]["hands"][0]["record"]["players"][1]["rack"] = HUGE_RACK
    document["nights"][0]["series"][0]["hands"][0]["uid"] = "another-hand"
    data = json.dumps(document).encode()
    answer, peak = peak_mb(
        lambda: client.post(
            "/import",
            content_type="multipart/form-data",
            data={"file": (io.BytesIO(data), "big.json")},
        )
    )
    assert answer.status_code == 422
    assert "player Bo, rack: 299999 characters written; 106 tiles take at most 1696" in page_text(
        answer
    )
    assert peak < 200
    assert len(rows(app, "hands")) == 1


@pytest.mark.parametrize(
    ("hand", "error"),
    [
        (
            {"players": [{"name": f"P{i}", "rack": "r5"} for i in range(7)]},
            "players: Rummikub is played by 2 to 4 players, not 7",
        ),
        (
            {
                "players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r5"}],
                "melds": [{"tiles": "r1 r2 r3", "by": "Ana"}] * (TABLE_MELDS + 1),
            },
            "melds: 36 melds: a table holds at most 35, since each meld has at least three of the "
            "106 tiles in the box",
        ),
        (
            {
                "players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r5"}],
                "melds": [{"tiles": " ".join(["b1"] * (MELD_TILES + 1)), "by": "Ana"}],
            },
            "meld 1, tiles: 14 tiles written; a meld holds at most 13 (a run from 1 to 13)",
        ),
    ],
)
def test_a_hands_players_and_melds_are_counted_before_they_are_read(client, series_id, hand, error):
    answer = client.post(f"/api/series/{series_id}/hands", json=hand)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == error


def test_a_rack_of_100000_tiles_typed_in_the_form_is_refused_beside_it(app, client):
    series_id = start_series(client, seats=("Ana", "Bo"))
    form = tally(["Ana", "Bo"], {"Ana": "went_out", "Bo": HUGE_RACK})
    answer, peak = peak_mb(lambda: client.post(f"/series/{series_id}/hands/new", data=form))
    assert answer.status_code == 422
    assert "299999 characters written; 106 tiles take at most 1696" in page_text(answer)
    assert peak < 200
    assert rows(app, "hands") == []
