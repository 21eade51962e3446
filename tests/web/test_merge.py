"""Merging two players who are one person from the players page: asked first, then every hand,
series and figure follows the player kept, and the merge is in the audit trail."""

import json
from datetime import date
from pathlib import Path

import pytest
from hands import rack, went_out

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.engine.words import english
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.merge import MergeRefused, plan_merge
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, get_series
from scorekeeper.web.access import passcode


def series_played(db, day, names, hands):
    """A night with one Rummikub series of these players and hands; the series' id."""
    series = get_series(
        db,
        create_series(
            db,
            create_night(db, day, None, None),
            None,
            preset("rummikub"),
            names,
            SeriesEnd("hands", 8),
            0,
        ),
    )
    for hand in hands:
        record_hand(db, series, {"players": hand})
    return series.id


@pytest.fixture
def db(app):
    """Ștefan (1) played with Bo (2) twice; on another night the scorer typed him as Stefan
    (3), playing with Cy (4) and Bo: one hand, and one deleted."""
    with connect(app.config["DATABASE"]) as db:
        series_played(
            db,
            date(2025, 10, 3),
            ["Ștefan", "Bo"],
            [[went_out("Ștefan"), rack("Bo", "r5 j")], [rack("Ștefan", "k3"), went_out("Bo")]],
        )
        series_played(
            db,
            date(2025, 11, 7),
            ["Stefan", "Cy", "Bo"],
            [[went_out("Stefan"), rack("Cy", "b10"), rack("Bo", "y2")]],
        )
        yield db


def names(db):
    return [(p["id"], p["name"]) for p in db["players"].rows]


def test_the_players_page_offers_the_scorer_two_menus_of_everyone(client, db):
    page = client.get("/players/").get_data(as_text=True)
    assert '<form method="get" action="/players/merge"' in page
    assert page.count('<option value="3">Stefan</option>') == 2
    assert page.count('<option value="1">Ștefan</option>') == 2


def test_the_page_asks_first_with_what_will_follow(client, db):
    page = client.get("/players/merge?merged=3&kept=1")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "<h1>Merge Stefan into Ștefan? 1 hand and 1 series will follow.</h1>" in text
    assert '<input type="hidden" name="merged" value="3">' in text
    assert '<input type="hidden" name="kept" value="1">' in text
    assert "Yes, merge Stefan into Ștefan" in text
    assert names(db) == [(1, "Ștefan"), (2, "Bo"), (3, "Stefan"), (4, "Cy")]  # not yet


def test_merging_moves_every_hand_series_and_figure_to_the_player_kept(client, db):
    response = client.post("/players/merge", data={"merged": "3", "kept": "1"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/players/1"
    assert names(db) == [(1, "Ștefan"), (2, "Bo"), (4, "Cy")]
    assert [
        tuple(r)
        for r in db.execute(
            "SELECT series_id, seat, player_id FROM series_players ORDER BY series_id, seat"
        )
    ] == [(1, 0, 1), (1, 1, 2), (2, 0, 1), (2, 1, 4), (2, 2, 2)]
    hand = next(db.query("SELECT * FROM hands WHERE series_id = 2"))
    assert [p["name"] for p in json.loads(hand["record"])["players"]] == ["Ștefan", "Cy", "Bo"]
    assert (json.loads(hand["scores"]), hand["winner"]) == (
        {"Ștefan": 12, "Cy": -10, "Bo": -2},
        "Ștefan",
    )
    audit = list(db.query("SELECT hand_id, action, old, new FROM hand_audit ORDER BY id"))
    assert [(a["hand_id"], a["action"]) for a in audit] == [
        (1, "created"),
        (2, "created"),
        (3, "created"),
        (3, "merged"),
    ]
    assert json.loads(audit[-1]["old"])["players"][0]["name"] == "Stefan"
    assert [
        {k: m[k] for k in ("kept_id", "kept_name", "merged_id", "merged_name", "hands", "series")}
        for m in db["player_merges"].rows
    ] == [
        {
            "kept_id": 1,
            "kept_name": "Ștefan",
            "merged_id": 3,
            "merged_name": "Stefan",
            "hands": 1,
            "series": 1,
        }
    ]
    player = client.get("/players/1").get_data(as_text=True)
    assert (
        "Stefan was merged into Ștefan: every hand, series and figure of theirs now "
        "counts for Ștefan." in player
    )
    assert '<th scope="row">Hands won</th>' in player
    players = client.get("/players/").get_data(as_text=True)
    assert "3 hands in 2 series" in players  # Ștefan's, as Bo's
    assert players.count('<span class="card-title">') == 3
    assert client.get("/players/3").status_code == 404
    assert "Ștefan" in client.get("/series/2").get_data(as_text=True)
    changes = client.get("/series/2/hands/3").get_data(as_text=True)
    assert "<strong>Merged</strong>" in changes
    assert "<li>Stefan was merged into Ștefan</li>" in changes


def test_a_player_cannot_be_merged_into_themselves(client, db):
    for response in (
        client.get("/players/merge?merged=3&kept=3"),
        client.post("/players/merge", data={"merged": "3", "kept": "3"}),
    ):
        assert response.status_code == 400
        assert (
            '<p class="error" id="merged-error">Stefan cannot be merged into themselves: '
            "choose two players.</p>"
        ) in response.get_data(as_text=True)
    assert names(db) == [(1, "Ștefan"), (2, "Bo"), (3, "Stefan"), (4, "Cy")]


def test_two_players_seated_in_one_series_are_two_people(client, db):
    series_played(db, date(2025, 11, 21), ["Bo", "Cy"], [])
    for response in (
        client.get("/players/merge?merged=4&kept=2"),
        client.post("/players/merge", data={"merged": "4", "kept": "2"}),
    ):
        assert response.status_code == 400
        assert (
            "Cy and Bo both sat at the series Rummikub on 2025-11-07: they are two people, not one."
        ) in response.get_data(as_text=True)
    assert names(db) == [(1, "Ștefan"), (2, "Bo"), (3, "Stefan"), (4, "Cy")]
    assert list(db["player_merges"].rows) == []


def test_a_player_no_longer_here_sends_the_scorer_back_to_the_list(client, db):
    response = client.post("/players/merge", data={"merged": "9", "kept": "1"})
    assert response.headers["Location"] == "/players/"
    assert "Choose two players from the lists, as they are now." in client.get(
        "/players/"
    ).get_data(as_text=True)
    assert client.get("/players/merge?merged=3&kept=1&x=1").status_code == 200


def test_only_the_scorer_merges(app, client, db):
    passcode.set_passcode(Path(app.instance_path), "tile rummy")
    page = client.get("/players/").get_data(as_text=True)
    assert "Only the scorer can merge players." in page
    assert 'action="/players/merge"' not in page
    assert client.post("/players/merge", data={"merged": "3", "kept": "1"}).status_code == 403
    assert names(db) == [(1, "Ștefan"), (2, "Bo"), (3, "Stefan"), (4, "Cy")]


def test_the_question_carries_the_forms_token(csrf_app):
    with connect(csrf_app.config["DATABASE"]) as db:
        series_played(db, date(2025, 10, 3), ["Ana", "Bo"], [[went_out("Ana"), rack("Bo", "r5")]])
        series_played(db, date(2025, 10, 4), ["Anna", "Cy"], [])
    client = csrf_app.test_client()
    assert client.post("/players/merge", data={"merged": "2", "kept": "1"}).status_code == 400
    page = client.get("/players/merge?merged=3&kept=1").get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    response = client.post("/players/merge", data={"merged": "3", "kept": "1", "csrf_token": token})
    assert response.headers["Location"] == "/players/1"


def test_a_refused_merge_carries_who_and_which_series_as_data(db):
    with pytest.raises(MergeRefused) as caught:
        plan_merge(db, 4, 2)
    refused = caught.value
    # The series' name is its variant's: a preset's name is its words, read in any language.
    assert (refused.player, refused.other, english(refused.series), refused.date) == (
        "Cy",
        "Bo",
        "Rummikub",
        "2025-11-07",
    )
    with pytest.raises(MergeRefused) as caught:
        plan_merge(db, 1, 1)
    assert (caught.value.player, caught.value.series) == ("Ștefan", None)
    assert plan_merge(db, 3, 99) is None
