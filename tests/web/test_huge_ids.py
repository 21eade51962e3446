"""Ids past what SQLite holds, in addresses, query strings and bodies: not found, never a 500."""

from __future__ import annotations

import pytest
from flask import url_for
from werkzeug.routing import IntegerConverter

from .routes import seed

HUGE = [2**63, 2**63 + 1, 10**23, 2**64, 10**400]


def huge_addresses(app) -> list[tuple[str, str]]:
    """Every route with a number in its address, once per method, with each number huge."""
    found = []
    for rule in app.url_map.iter_rules():
        numbers = [a for a, c in rule._converters.items() if isinstance(c, IntegerConverter)]
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            for huge in HUGE:
                values = {a: 1 for a in rule.arguments}
                for arg, converter in rule._converters.items():
                    words = getattr(converter, "items", None)
                    if words:
                        values[arg] = sorted(words)[0]
                with app.test_request_context():
                    path = url_for(rule.endpoint, **values)
                for arg in numbers:
                    # The address as a hostile client writes it: the number in place of 1.
                    found.append(
                        (
                            method,
                            path.replace(f"/{values[arg]}", f"/{huge}", 1)
                            if values[arg] == 1
                            else path,
                        )
                    )
    return found


def test_every_route_with_an_id_answers_a_huge_id_with_not_found(app, client):
    seed(app, client)
    walked = huge_addresses(app)
    assert len({path for _, path in walked}) > 40  # every id route of the app, not a few
    for method, path in walked:
        response = client.open(path, method=method, json={} if "/api/" in path else None)
        assert response.status_code in (400, 404, 405), (method, path, response.status_code)


def test_the_largest_id_sqlite_holds_is_simply_not_found(app, client):
    seed(app, client)
    assert client.get(f"/series/{2**63 - 1}").status_code == 404
    assert client.get(f"/api/series/{2**63 - 1}").status_code == 404


@pytest.mark.parametrize(
    "query",
    [
        f"/rules/check?series={10**23}",
        f"/rules/check?series={2**63}",
        "/rules/check?series=x",
        f"/history?page={10**23}",
        f"/history?page={2**62}",
        f"/history?page=-{10**23}",
    ],
)
def test_a_huge_number_in_a_query_string_is_never_a_500(app, client, query):
    seed(app, client)
    assert client.get(query).status_code in (200, 404)


@pytest.mark.parametrize("night_id", [1e30, 10**30, 2**63, -1, "1", True])
def test_a_huge_or_wrong_night_id_in_the_api_is_a_400(client, night_id):
    response = client.post(
        "/api/series",
        json={
            "variant": "rummikub",
            "players": ["A", "B"],
            "end": {"hands": 2},
            "night_id": night_id,
        },
    )
    assert response.status_code == 400
    assert response.get_json()["where"] == "night_id"


@pytest.mark.parametrize("points", [1e30, 10**30, 2**63, float("inf")])
def test_a_huge_number_in_a_hand_sent_to_the_api_is_a_400(client, points):
    made = client.post(
        "/api/series", json={"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 2}}
    )
    series_id = made.get_json()["id"]
    response = client.post(
        f"/api/series/{series_id}/hands",
        json={"players": [{"name": "A", "went_out": True}, {"name": "B", "rack_points": points}]},
    )
    assert response.status_code == 400, response.get_json()
