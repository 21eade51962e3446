"""The JSON API: create a series, add hands in the hand format, read the standings."""

import pytest

from .steps import SOURCE_HANDS, rows


def post(client, url, body):
    return client.post(url, json=body)


def rummikub_series(client) -> dict:
    response = post(
        client,
        "/api/series",
        {"variant": "rummikub", "players": ["A", "B", "C", "D"], "end": {"rounds": 1}},
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def as_hand(hand: dict) -> dict:
    players = []
    for name in ("A", "B", "C", "D"):
        if hand[name] == "went_out":
            players.append({"name": name, "went_out": True})
        else:
            players.append({"name": name, "rack": hand[name]})
    return {"players": players}


def test_the_sources_four_hands_through_the_api(app, client):
    created = rummikub_series(client)
    assert created["players"] == ["A", "B", "C", "D"]
    assert created["finished"] is False and created["next_dealer"] == "A"
    # Rummikub is played clockwise; A, who won the draw, plays first.
    assert created["direction"] == "clockwise" and created["starter"] == "A"
    for i, hand in enumerate(SOURCE_HANDS):
        response = post(client, f"/api/series/{created['id']}/hands", as_hand(hand))
        assert response.status_code == 201
        assert response.get_json()["number"] == i + 1
    state = client.get(f"/api/series/{created['id']}").get_json()
    assert state["totals"] == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert state["games_won"] == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert state["finished"] is True and state["winners"] == ["C"]
    assert state["starter"] is None and state["next_dealer"] is None  # nobody: it is over
    assert [s["name"] for s in state["standings"]] == ["C", "D", "A", "B"]
    assert state["hands"][2] == {
        "number": 3,
        "winner": "D",
        "scores": {"A": -32, "B": -13, "C": -2, "D": 47},
    }
    assert len(rows(app, "nights")) == 1  # a night for today was started


def test_an_added_hand_returns_its_breakdown(client):
    created = rummikub_series(client)
    body = post(client, f"/api/series/{created['id']}/hands", as_hand(SOURCE_HANDS[0])).get_json()
    assert body["winner"] == "A"
    assert body["breakdown"]["C"] == [
        {
            "points": -16,
            "rule": "A went out. Tiles left on your rack (b10 k6: 10 + 6) count against you",
            "source": "Rummikub official rules, Scoring",
        }
    ]


@pytest.mark.parametrize(
    ("body", "where", "message"),
    [
        (
            {
                "players": [
                    {"name": "A", "went_out": True},
                    {"name": "B", "rack": "q1"},
                    {"name": "C"},
                    {"name": "D"},
                ]
            },
            "player B, rack",
            "'q1' is not a tile",
        ),
        (
            {
                "players": [
                    {"name": "A", "went_out": True},
                    {"name": "B", "went_out": True},
                    {"name": "C"},
                    {"name": "D"},
                ]
            },
            None,
            "A and B both went out",
        ),
        ({"players": [{"name": "A"}, {"name": "B"}]}, None, "must be the series' players"),
        ({"variant": "rummikub", "players": []}, "variant", 'leave out "variant"'),
        ([1, 2], None, "a hand must be a JSON object"),
    ],
)
def test_a_refused_hand_is_a_400_with_a_message_and_nothing_is_stored(
    app, client, body, where, message
):
    created = rummikub_series(client)
    response = post(client, f"/api/series/{created['id']}/hands", body)
    assert response.status_code == 400
    error = response.get_json()
    assert message in error["error"]
    if where:
        assert error["where"] == where
    assert rows(app, "hands") == []


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"variant": "nope", "players": ["A", "B"], "end": {"hands": 3}}, "variant"),
        ({"variant": "rummikub", "players": ["A"], "end": {"hands": 3}}, "players"),
        ({"variant": "rummikub", "players": ["A", "a"], "end": {"hands": 3}}, "players"),
        ({"variant": "rummikub", "players": ["A", "B"], "end": {"laps": 3}}, "end"),
        ({"variant": "romanian", "players": ["A", "B"], "end": {"rounds": 3}}, "end"),
        (
            {"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 3}, "first_dealer": 2},
            "first_dealer",
        ),
        (
            {"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 3}, "night_id": 9},
            "night_id",
        ),
    ],
)
def test_a_refused_series_is_a_400_naming_the_field(app, client, body, where):
    response = post(client, "/api/series", body)
    assert response.status_code == 400
    assert response.get_json()["where"] == where
    assert rows(app, "series") == []


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A"], "Rummikub is played by 2 to 4 players, not 1"),
        (["A", "B", "C", "D", "E"], "Rummikub is played by 2 to 4 players, not 5"),
        ("A B", "the players must be a list of names in the order they take turns"),
    ],
)
def test_the_api_says_the_engines_refusal_of_the_players(app, client, players, message):
    # The API asks the engine, as the series form does: the same words, about "players".
    response = post(
        client, "/api/series", {"variant": "rummikub", "players": players, "end": {"hands": 3}}
    )
    assert response.status_code == 400
    assert response.get_json() == {"error": message, "where": "players"}
    assert rows(app, "series") == []


def test_json_requests_must_say_they_are_json(client):
    response = client.post("/api/series", data='{"variant": "rummikub"}', content_type="text/plain")
    assert response.status_code == 415
    assert "Content-Type: application/json" in response.get_json()["error"]


def test_an_unknown_series_is_a_json_404(client):
    response = client.get("/api/series/42")
    assert response.status_code == 404
    assert response.get_json() == {"error": "there is no series 42"}


def test_the_api_needs_no_csrf_token_even_with_csrf_on(csrf_app):
    client = csrf_app.test_client()
    response = client.post(
        "/api/series", json={"variant": "tile-rummy", "players": ["A", "B"], "end": {"target": 200}}
    )
    assert response.status_code == 201
