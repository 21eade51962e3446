"""Each series' turn clock kept by the store (m018): its steps under the write lock, the
clock a restart (another connection on the same file) reads the same, the clock stopped by
a recorded hand and by a hand deleted under it, and its record's import never doubled."""

from __future__ import annotations

from datetime import date

import pytest
from hands import rack, went_out

from scorekeeper.engine import PRESETS, SeriesEnd
from scorekeeper.engine.turn_clock import ClockRefused, Turn, TurnMark
from scorekeeper.store import clock
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.hands import delete_hand, record_hand
from scorekeeper.store.importer import import_document
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, series_of

NAMES = ["Ana", "Bo", "Cy"]


def new_series(db, variant="rummikub", first_dealer=0):
    night = create_night(db, date(2025, 11, 20), None, None)
    end = SeriesEnd("hands", 5)
    return series_of(db, create_series(db, night, None, PRESETS[variant], NAMES, end, first_dealer))


def a_hand(out: str) -> dict:
    return {"players": [went_out(n) if n == out else rack(n, "r5") for n in NAMES]}


# Ana goes out by a discard having melded a run; the others never opened.
ROMANIAN_HAND = {
    "players": [went_out("Ana", finish="discard"), rack("Bo", "r5"), rack("Cy", "k3")],
    "melds": [{"tiles": "b6 b7 b8 b9 b10 b11 b12", "by": "Ana"}],
}


@pytest.fixture
def path(tmp_path):
    migrate(tmp_path / "clock.db")
    return tmp_path / "clock.db"


def test_a_restart_reads_the_clock_the_last_step_left(path):
    with connect(path) as db:
        one = new_series(db)
        clock.step(db, one, "start", 100.0)
        clock.step(db, one, "done", 130.0)
        clock.step(db, one, "pause", 140.0)
    with connect(path) as db:
        kept = clock.read_clock(db, series_of(db, one.id))
    assert (kept.clock.seat, kept.clock.running, kept.clock.left(10_000.0)) == (1, False, 50.0)
    assert kept.turns == [Turn(1, 0, 30.0, False)]


@pytest.mark.parametrize(
    ("variant", "first_dealer", "starters"),
    [
        # Rummikub has no dealer: each hand is started by the next player in turn.
        ("rummikub", 0, [0, 1, 2, 0, 1]),
        # Romanian tile rummy: the deal passes to the right, the next in the order of play,
        # and the player to the dealer's right (the next again) starts.
        ("romanian", 0, [1, 2, 0, 1, 2]),
    ],
)
def test_each_hand_starts_with_its_starter_and_a_recorded_hand_stops_the_clock(
    path, variant, first_dealer, starters
):
    with connect(path) as db:
        one = new_series(db, variant, first_dealer)
        found = []
        for number in range(1, 6):
            started = clock.step(db, one, "start", 10.0 * number)
            found.append(started.clock.seat)
            clock.step(db, one, "done", 10.0 * number + 5)
            record_hand(db, one, ROMANIAN_HAND if variant == "romanian" else a_hand("Ana"))
            stopped = clock.read_clock(db, one)
            if number < 5:
                assert (stopped.clock.hand, stopped.clock.seat) == (number + 1, None)
        assert found == starters
        with pytest.raises(ClockRefused):
            clock.step(db, one, "start", 100.0)  # the series is over


def test_a_done_for_a_turn_already_over_changes_nothing(path):
    with connect(path) as db:
        one = new_series(db)
        clock.step(db, one, "start", 100.0)
        # Ana's phone ends her turn; the scorer's page, still showing it, sends its Done.
        clock.step(db, one, "done", 110.0, TurnMark(0, 1, 1))
        before = clock.read_clock(db, one)
        with pytest.raises(ClockRefused) as refused:
            clock.step(db, one, "done", 110.15, TurnMark(0, 1, 1))
        assert str(refused.value) == "Ana's turn had already ended; it is now Bo's turn."
        after = clock.read_clock(db, one)
        assert after.clock == before.clock and after.turns == [Turn(1, 0, 10.0, False)]
        assert after.changes == before.changes
        # The Done that names Bo's turn ends it.
        ended = clock.step(db, one, "done", 130.0, TurnMark(1, 2, 1))
        assert (ended.clock.seat, ended.clock.turn) == (2, 3)


def test_a_hand_recorded_during_a_turn_keeps_that_turn(path, monkeypatch):
    with connect(path) as db:
        one = new_series(db)
        clock.step(db, one, "start", 100.0)
        clock.step(db, one, "done", 120.0)
        # Bo's turn ran out at 60 s; the hand is recorded 70 s in.
        monkeypatch.setattr(clock, "clock_time", lambda: 190.0)
        record_hand(db, one, a_hand("Ana"))
        assert clock.turns_of(db, one.id) == [Turn(1, 0, 20.0, False), Turn(1, 1, 70.0, True)]
        assert clock.read_clock(db, one).clock.started is False
        # A hand recorded with the clock stopped adds no turn.
        record_hand(db, one, a_hand("Bo"))
        assert len(clock.turns_of(db, one.id)) == 2


def test_a_hand_deleted_under_a_running_clock_leaves_it_stopped(path):
    with connect(path) as db:
        one = new_series(db)
        saved = record_hand(db, one, a_hand("Ana"))
        clock.step(db, one, "start", 1.0)
        delete_hand(db, saved["id"])
        assert clock.read_clock(db, one).clock.started is False


def test_importing_the_same_export_twice_keeps_each_turn_once(path, tmp_path):
    with connect(path) as db:
        one = new_series(db)
        clock.set_own_limit(db, one, 20)
        clock.step(db, one, "start", 0.0)
        clock.step(db, one, "done", 25.0)
        document = export_document(db)
    migrate(tmp_path / "other.db")
    with connect(tmp_path / "other.db") as other:
        import_document(other, document)
        import_document(other, document)
        assert clock.turns_of(other, 1) == [Turn(1, 0, 25.0, True)]
        assert clock.read_clock(other, series_of(other, 1)).clock.limit == 20
