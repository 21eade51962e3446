"""A one-time key means one request, once: it belongs to its series and its endpoint. The
same Idempotency-Key sent to another series, or a form token equal to an API key, is another
request and stores its own hand; the same key, series and endpoint with the same body stores
nothing new and answers as the first time did, with another body it is refused. An answer
201 always speaks of a hand stored in the series asked."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import app_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.migrations import migrations

from .steps import rows, tally

NAMES = ["A", "B", "C", "D"]
HANDS = [
    {
        "players": [
            {"name": "A", "went_out": True},
            {"name": "B", "rack": "r5"},
            {"name": "C", "rack": "b10 k6"},
            {"name": "D", "rack": "y3"},
        ]
    },
    {
        "players": [
            {"name": "A", "rack": "k6"},
            {"name": "B", "rack": "r11"},
            {"name": "C", "went_out": True},
            {"name": "D", "rack": "b5"},
        ]
    },
]


def api_series(client) -> int:
    response = client.post(
        "/api/series", json={"variant": "rummikub", "players": NAMES, "end": {"rounds": 20}}
    )
    assert response.status_code == 201
    return response.get_json()["id"]


def stored(app, series_id):
    """The series' hands as stored: number and record."""
    return [
        (h["number"], json.loads(h["record"]))
        for h in rows(app, "hands")
        if h["series_id"] == series_id
    ]


def send(client, series_id, hand, key):
    return client.post(
        f"/api/series/{series_id}/hands", json=hand, headers={"Idempotency-Key": key}
    )


def test_the_same_key_and_hand_in_two_series_store_two_hands(app, client):
    first, second = api_series(client), api_series(client)
    one = send(client, first, HANDS[0], "hand-1")
    two = send(client, second, HANDS[0], "hand-1")
    assert one.status_code == two.status_code == 201
    assert stored(app, first) == [(1, HANDS[0])]
    assert stored(app, second) == [(1, HANDS[0])]
    assert two.get_json()["series"]["id"] == second
    assert client.get(f"/api/series/{second}").get_json()["totals"] == {
        "A": 24,
        "B": -5,
        "C": -16,
        "D": -3,
    }


def test_a_client_numbering_its_keys_in_each_series_loses_no_hand(app, client):
    """hand-1, hand-2 in one series, then hand-1, hand-2 again in the next, identical hands."""
    for _ in range(3):
        series_id = api_series(client)
        for number, hand in enumerate(HANDS, start=1):
            assert send(client, series_id, hand, f"hand-{number}").status_code == 201
        assert [n for n, _ in stored(app, series_id)] == [1, 2]
    assert len(rows(app, "hands")) == 6


def test_the_same_key_through_the_form_and_the_api_is_two_requests(app, client):
    series_id = api_series(client)
    assert send(client, series_id, HANDS[0], "k-1").status_code == 201
    form = tally(NAMES, {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}, once="k-1")
    assert client.post(f"/series/{series_id}/hands/new", data=form).status_code == 302
    assert [n for n, _ in stored(app, series_id)] == [1, 2]
    # Each again: nothing new.
    assert send(client, series_id, HANDS[0], "k-1").get_json()["number"] == 1
    client.post(f"/series/{series_id}/hands/new", data=form)
    assert [n for n, _ in stored(app, series_id)] == [1, 2]


def test_another_body_with_a_used_key_is_refused_in_its_series_only(app, client):
    first, second = api_series(client), api_series(client)
    send(client, first, HANDS[0], "k")
    refused = send(client, first, HANDS[1], "k")
    assert refused.status_code == 409
    assert refused.get_json()["where"] == "Idempotency-Key"
    assert send(client, second, HANDS[1], "k").status_code == 201
    assert stored(app, first) == [(1, HANDS[0])]
    assert stored(app, second) == [(1, HANDS[1])]


def test_a_key_sent_to_another_endpoint_is_not_a_hand(app, client):
    """POST /api/series takes no key: it creates a series each time, and the key stays free
    for the hands."""
    made = [
        client.post(
            "/api/series",
            json={"variant": "rummikub", "players": NAMES, "end": {"rounds": 2}},
            headers={"Idempotency-Key": "k"},
        )
        for _ in range(2)
    ]
    assert [r.status_code for r in made] == [201, 201]
    ids = [r.get_json()["id"] for r in made]
    assert ids[0] != ids[1]
    assert send(client, ids[0], HANDS[0], "k").status_code == 201
    assert stored(app, ids[0]) == [(1, HANDS[0])]


def test_concurrent_repeats_store_one_hand_per_series(tmp_path):
    app = create_app(app_settings(tmp_path))
    with app.test_client() as client:
        series_ids = [api_series(client), api_series(client)]

    def post(series_id):
        with app.test_client() as own:
            response = send(own, series_id, HANDS[0], "same")
            return series_id, response.status_code, response.get_json()

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(post, series_ids * 8))
    assert {status for _, status, _ in answers} == {201}
    for series_id in series_ids:
        theirs = [answer for sid, _, answer in answers if sid == series_id]
        assert all(answer == theirs[0] for answer in theirs)
        assert theirs[0]["series"]["id"] == series_id
        assert stored(app, series_id) == [(1, HANDS[0])]


REQUESTS = st.lists(
    st.tuples(
        st.sampled_from([0, 1]),
        st.sampled_from(["api", "form"]),
        st.sampled_from(["k1", "k2"]),
        st.sampled_from([0, 1]),
    ),
    min_size=1,
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests=REQUESTS)
def test_every_way_of_reusing_a_key_stores_what_it_answers(tmp_path_factory, requests):
    """Any mix of series, endpoints, keys and bodies: each first use stores a hand in the
    series asked; a repeat stores nothing and says the same hand; another body is refused;
    and every hand an answer names is stored there, as sent. (The form answers with a
    redirect, never 201: only what it stored is checked.)"""
    app = create_app(app_settings(tmp_path_factory.mktemp("keys")))
    client = app.test_client()
    series_ids = [api_series(client), api_series(client)]
    first: dict[tuple, tuple[int, int]] = {}  # (series, endpoint, key) -> (body, hand number)
    for which, endpoint, key, body in requests:
        series_id = series_ids[which]
        before = stored(app, series_id)
        if endpoint == "api":
            response = send(client, series_id, HANDS[body], key)
            number = response.get_json().get("number")
        else:
            racks = (
                {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}
                if body == 0
                else {"A": "k6", "B": "r11", "C": "went_out", "D": "b5"}
            )
            response = client.post(
                f"/series/{series_id}/hands/new", data=tally(NAMES, racks, once=key)
            )
            number = None
        after = stored(app, series_id)
        seen = first.get((which, endpoint, key))
        if seen is None:
            assert response.status_code in (201, 302)
            assert after == [*before, (len(before) + 1, HANDS[body])]
            first[(which, endpoint, key)] = (body, len(after))
        elif seen[0] == body:
            assert after == before
            assert response.status_code in (201, 302)
            if number is not None:
                assert number == seen[1] and after[number - 1] == (number, HANDS[body])
        else:
            assert after == before
            # The API refuses another body; the form says its hand was already saved (a form's
            # token is one opening of the form, whatever was changed on it since).
            assert response.status_code == (409 if endpoint == "api" else 302)
    assert len(rows(app, "hands")) == len(first)


def test_m015_keeps_the_keys_already_kept_with_their_series_and_endpoint(tmp_path):
    path = tmp_path / "old.db"
    with connect(path) as db:
        migrations.apply(db, stop_before="m015_request_keys")
        db["nights"].insert({"id": 1, "date": "2026-11-20", "created": "2026-11-20T19:00"})
        db["series"].insert(
            {
                "id": 1,
                "night_id": 1,
                "variant_id": "rummikub",
                "variant_rules": "{}",
                "end_kind": "hands",
                "end_value": 4,
                "first_dealer": 0,
                "created": "2026-11-20T19:00",
            }
        )
        for hand_id in (1, 2):
            db["hands"].insert(
                {
                    "id": hand_id,
                    "series_id": 1,
                    "number": hand_id,
                    "record": "{}",
                    "created": "2026-11-20T19:30",
                    "updated": "2026-11-20T19:30",
                }
            )
        db["hand_requests"].insert_all(
            [
                {
                    "key": "api:hand-1",
                    "series_id": 1,
                    "fingerprint": "f",
                    "hand_id": 1,
                    "answer": '{"number": 1}',
                    "created": "2026-11-20T19:30",
                },
                {
                    "key": "form:abc",
                    "series_id": 1,
                    "fingerprint": "",
                    "hand_id": 2,
                    "answer": None,
                    "created": "2026-11-20T19:31",
                },
            ]
        )
    migrate(path)
    with connect(path) as db:
        assert list(
            db.query(
                "SELECT series_id, endpoint, key, fingerprint, hand_id, answer"
                " FROM hand_requests ORDER BY hand_id"
            )
        ) == [
            {
                "series_id": 1,
                "endpoint": "api:hands",
                "key": "hand-1",
                "fingerprint": "f",
                "hand_id": 1,
                "answer": '{"number": 1}',
            },
            {
                "series_id": 1,
                "endpoint": "form:hands",
                "key": "abc",
                "fingerprint": "",
                "hand_id": 2,
                "answer": None,
            },
        ]
        assert db["hand_requests"].pks == ["series_id", "endpoint", "key"]
