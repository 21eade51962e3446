"""A page or API call that writes several rows writes all of them or none."""

import pytest

from scorekeeper.store import series as series_store
from scorekeeper.store.players import add_player
from web.steps import rows


def test_a_new_series_through_the_api_leaves_no_night_behind_when_it_fails(
    app, client, monkeypatch
):
    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(series_store, "create_series", broken)
    with pytest.raises(RuntimeError):
        client.post(
            "/api/series", json={"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 2}}
        )
    assert rows(app, "nights") == []


def test_a_series_is_stored_with_all_its_seats_or_not_at_all(app, client, monkeypatch):
    client.post("/nights/new", data={"date": "2025-11-22"})
    calls = []

    def third_seat_fails(db, name):
        calls.append(name)
        if len(calls) == 3:
            raise RuntimeError("the plug was pulled")
        return add_player(db, name)

    monkeypatch.setattr("scorekeeper.store.players.add_player", third_seat_fails)
    with pytest.raises(RuntimeError):
        client.post(
            "/nights/1/series/new",
            data={
                "variant": "rummikub",
                "end_kind": "hands",
                "end_value": "2",
                "first_dealer": "0",
                "seats-0": "A",
                "seats-1": "B",
                "seats-2": "C",
            },
        )
    assert rows(app, "series") == [] and rows(app, "series_players") == []
