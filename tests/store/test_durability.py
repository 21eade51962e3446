"""Durable writes: every connection syncs each commit, multi-row writes are one transaction,
and read-then-write transactions from several phones at once all succeed in turn."""

import json
import threading
from datetime import date

import pytest

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect, write_lock
from scorekeeper.store.hands import HandRefused, delete_hand, edit_hand, record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.players import add_player
from scorekeeper.store.series import Series, create_series, get_series

HAND = {
    "players": [
        {"name": "A", "went_out": True},
        {"name": "B", "rack": "r5"},
        {"name": "C", "rack": "b10 k6"},
        {"name": "D", "rack": "y3"},
    ]
}


def four_players(db, hands: int) -> Series:
    """A Rummikub series of A, B, C and D, ending after this many hands."""
    night = create_night(db, date(2025, 11, 22), None, None)
    return get_series(
        db,
        create_series(
            db, night, None, preset("rummikub"), ["A", "B", "C", "D"], SeriesEnd("hands", hands), 0
        ),
    )


def test_every_connection_syncs_each_commit_to_disk(db):
    assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert db.journal_mode == "wal"


def test_a_write_inside_a_write_is_part_of_it(db):
    with write_lock(db):
        add_player(db, "Ana")
        with pytest.raises(RuntimeError), write_lock(db):
            add_player(db, "Bo")
            raise RuntimeError("refused")
        add_player(db, "Cy")
    assert [r["name"] for r in db["players"].rows] == ["Ana", "Cy"]


def test_hands_recorded_from_many_phones_at_once_all_get_their_own_number(db, db_path):
    one = four_players(db, 100)
    path = db_path
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
    assert db["hand_audit"].count == 30


def test_fixing_a_hand_deleted_meanwhile_is_refused_with_a_message(db):
    one = four_players(db, 10)
    hand = record_hand(db, one, HAND)
    delete_hand(db, hand["id"])
    with pytest.raises(HandRefused, match="this hand was deleted in the meantime"):
        edit_hand(db, one, hand["id"], HAND)
    assert json.loads(db["hands"].get(hand["id"])["record"]) == HAND
