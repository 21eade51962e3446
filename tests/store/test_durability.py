"""Durable writes: every connection syncs each commit, multi-row writes are one transaction,
and read-then-write transactions from several phones at once all succeed in turn."""

import json
import threading

import pytest

from scorekeeper.store import series as series_store
from scorekeeper.store.db import connect, write_lock
from scorekeeper.store.hands import HandRefused, delete_hand, edit_hand, record_hand
from scorekeeper.store.players import add_player
from scorekeeper.web.db import get_db

from .steps import rows, start_series

HAND = {"players": [{"name": "A", "went_out": True}, {"name": "B", "rack": "r5"},
                    {"name": "C", "rack": "b10 k6"}, {"name": "D", "rack": "y3"}]}


def test_every_connection_syncs_each_commit_to_disk(app):
    with app.app_context():
        db = get_db()
        assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        assert db.journal_mode == "wal"


def test_a_write_inside_a_write_is_part_of_it(app):
    with app.app_context():
        db = get_db()
        with write_lock(db):
            add_player(db, "Ana")
            with pytest.raises(RuntimeError), write_lock(db):
                add_player(db, "Bo")
                raise RuntimeError("refused")
            add_player(db, "Cy")
        assert [r["name"] for r in db["players"].rows] == ["Ana", "Cy"]


def test_hands_recorded_from_many_phones_at_once_all_get_their_own_number(app, client):
    series_id = start_series(client, end_kind="hands", end_value=100)
    path = app.config["DATABASE"]
    with app.app_context():
        one = series_store.get_series(get_db(), series_id)
    numbers, failures = [], []

    def phone():
        try:
            with connect(path) as db:
                for _ in range(5):
                    numbers.append(record_hand(db, one, HAND)["number"])
        except Exception as error:  # any failure is the test's failure
            failures.append(repr(error))

    threads = [threading.Thread(target=phone) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert failures == []
    assert sorted(numbers) == list(range(1, 31))
    assert len(rows(app, "hand_audit")) == 30


def test_a_new_series_through_the_api_leaves_no_night_behind_when_it_fails(app, client,
                                                                          monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(series_store, "create_series", broken)
    with pytest.raises(RuntimeError):
        client.post("/api/series", json={"variant": "rummikub", "players": ["A", "B"],
                                         "end": {"hands": 2}})
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
        client.post("/nights/1/series/new", data={
            "variant": "rummikub", "end_kind": "hands", "end_value": "2", "first_dealer": "0",
            "seats-0": "A", "seats-1": "B", "seats-2": "C"})
    assert rows(app, "series") == [] and rows(app, "series_players") == []


def test_fixing_a_hand_deleted_meanwhile_is_refused_with_a_message(app, client):
    series_id = start_series(client, end_kind="hands", end_value=10)
    with app.app_context():
        db = get_db()
        one = series_store.get_series(db, series_id)
        hand = record_hand(db, one, HAND)
        delete_hand(db, hand["id"])
        with pytest.raises(HandRefused, match="this hand was deleted in the meantime"):
            edit_hand(db, one, hand["id"], HAND)
        assert json.loads(db["hands"].get(hand["id"])["record"]) == HAND
