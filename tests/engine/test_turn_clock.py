"""The turn clock: each preset's limit and penalty words with their source, and the clock's
steps as a table of cases and as properties (../shared/RULES.md, "Playing the hand")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import PRESETS, preset, variant_from_dict
from scorekeeper.engine.reference import BY_PARAM
from scorekeeper.engine.time_up import OFF, time_up_words, turn_limit
from scorekeeper.engine.turn_clock import (
    Clock,
    ClockRefused,
    Turn,
    TurnMark,
    check_turn,
    done,
    last_turn,
    pause,
    resume,
    start,
    stopped,
    turn_figures,
)
from scorekeeper.engine.words import say

# preset, seconds per turn, the penalty as every screen says it, where the rule is cited.
PRESET_CLOCKS = [
    (
        "rummikub",
        60,
        "Time's up: Ana draws a tile; if the table was changed, put it back and draw three.",
        "Rummikub official rules, Time Limit",
    ),
    (
        "rummy-cards",
        60,
        "Time's up: Ana puts the table back as it was and takes three tiles from the pool.",
        "Rummy with card-faced tiles, How to Play",
    ),
    (
        "tile-rummy",
        None,
        "Time's up: Ana says pass, and the next player plays.",
        "Tile Rummy leaflet, The Game",
    ),
    (
        "tile-rummy-5-10-15",
        None,
        "Time's up: Ana says pass, and the next player plays.",
        "Tile Rummy leaflet, The Game",
    ),
    (
        "rummy-meld",
        50,
        "Time's up: Ana draws a tile and discards one.",
        "Rummy Meld tutorial, Turn Timer",
    ),
    ("romanian", None, "Time's up: Ana's turn is over.", "Scorekeeper ruling: the turn clock"),
    ("romanian-45", None, "Time's up: Ana's turn is over.", "Scorekeeper ruling: the turn clock"),
]


@pytest.mark.parametrize(("variant_id", "limit", "penalty", "cited"), PRESET_CLOCKS)
def test_each_preset_times_a_turn_as_its_source_says(variant_id, limit, penalty, cited):
    v = preset(variant_id)
    assert v.turn_limit == limit
    assert say(time_up_words(v, "Ana"), None) == penalty
    assert say(BY_PARAM["turn_limit"].cite(v), None).startswith(cited)
    assert say(BY_PARAM["time_up"].cite(v), None).startswith(cited)


def test_the_tile_rummy_leaflet_says_groups_may_set_three_minutes():
    ruling = say(BY_PARAM["turn_limit"].ruling(preset("tile-rummy")), None)
    assert "three minutes" in ruling


@pytest.mark.parametrize(
    ("variant_id", "own", "limit"),
    [
        ("rummikub", None, 60),
        ("rummikub", OFF, None),
        ("rummikub", 90, 90),
        ("romanian", None, None),
        ("romanian", 120, 120),
        ("tile-rummy", 180, 180),
    ],
)
def test_a_series_changes_or_switches_off_the_limit(variant_id, own, limit):
    assert turn_limit(preset(variant_id), own) == limit


def test_a_variant_stored_before_the_clock_takes_its_presets():
    old = PRESETS["rummikub"].to_dict()
    del old["turn_limit"], old["time_up"]
    assert variant_from_dict(old) == PRESETS["rummikub"]
    copy = {
        **PRESETS["rummy-meld"].to_dict(),
        "id": "ours",
        "name": "Ours",
        "based_on": "rummy-meld",
    }
    del copy["turn_limit"], copy["time_up"]
    assert variant_from_dict(copy).turn_limit == 50


# Steps from a clock of hand 1 with a 60 s limit, seat 0 starting at t=100:
# (steps as (step, at), what the clock then says at `now`: seat, running, left).
STEPS = [
    ([], 130, (0, True, 30.0)),
    ([("pause", 110)], 500, (0, False, 50.0)),
    ([("pause", 110), ("resume", 200)], 230, (0, True, 20.0)),
    ([("done", 120)], 130, (1, True, 50.0)),
    ([("pause", 110), ("done", 120)], 130, (1, True, 50.0)),
    ([], 400, (0, True, 0.0)),
]


@pytest.mark.parametrize(("steps", "now", "expected"), STEPS)
def test_the_clock_steps(steps, now, expected):
    clock = start(stopped(1, 60), 0, 100)
    for step, at in steps:
        if step == "pause":
            clock = pause(clock, at)
        elif step == "resume":
            clock = resume(clock, at)
        else:
            clock, _ = done(clock, 1, at)
    assert (clock.seat, clock.running, clock.left(now)) == expected


@pytest.mark.parametrize(
    ("clock", "step"),
    [
        (stopped(1, 60), lambda c: done(c, 1, 5)),
        (stopped(1, 60), lambda c: pause(c, 5)),
        (stopped(1, 60), lambda c: resume(c, 5)),
        (Clock(1, 60, 0, 1.0), lambda c: start(c, 1, 5)),
        (Clock(1, 60, 0, 1.0), lambda c: resume(c, 5)),
        (Clock(1, 60, 0, None, 3.0), lambda c: pause(c, 5)),
    ],
)
def test_a_step_the_clock_cannot_take_is_refused(clock, step):
    with pytest.raises(ClockRefused) as refused:
        step(clock)
    assert refused.value.field == "do"


def test_done_records_the_turn_and_whether_it_ran_out():
    clock = start(stopped(3, 50), 2, 1000.0)
    clock, turn = done(clock, 3, 1049.0)
    assert turn == Turn(3, 2, 49.0, False)
    clock, turn = done(clock, 0, 1100.0)
    assert turn == Turn(3, 3, 51.0, True)
    assert clock.seat == 0 and clock.used == 0.0


NAMES = ["Ana", "Bo", "Cai", "Dan"]


def test_each_turn_is_numbered_within_its_hand():
    clock = start(stopped(2, 60), 3, 0.0)
    assert clock.turn == 1
    clock, _ = done(clock, 0, 5.0)
    clock, _ = done(clock, 1, 9.0)
    assert (clock.seat, clock.turn) == (1, 3)


@pytest.mark.parametrize(
    ("mark", "said"),
    [
        # Dan's phone ended Dan's turn; the scorer's page still showed it.
        (TurnMark(3, 1, 2), "Dan's turn had already ended; it is now Ana's turn."),
        (TurnMark(seat=3), "Dan's turn had already ended; it is now Ana's turn."),
        # Round the table and back to Dan: his first turn's Done must not end his second.
        (TurnMark(0, 5, 2), "Ana's turn had already ended; it is Ana's turn again."),
        (TurnMark(turn=1), "That turn had already ended; it is now Ana's turn."),
        # A page left from the hand before.
        (TurnMark(0, 2, 1), "Ana's turn had already ended; it is Ana's turn again."),
    ],
)
def test_a_done_for_a_turn_already_over_is_refused_in_the_players_words(mark, said):
    clock = done(start(stopped(2, 60), 3, 0.0), 0, 8.0)[0]
    with pytest.raises(ClockRefused) as refused:
        check_turn(clock, mark, NAMES)
    assert str(refused.value) == said and refused.value.field == "do"


def test_a_done_for_the_turn_being_played_goes_through():
    clock = done(start(stopped(2, 60), 3, 0.0), 0, 8.0)[0]
    for mark in (TurnMark(), TurnMark(0), TurnMark(0, 2), TurnMark(0, 2, 2)):
        check_turn(clock, mark, NAMES)


def test_a_done_for_a_turn_of_a_clock_since_stopped_is_refused():
    with pytest.raises(ClockRefused) as refused:
        check_turn(stopped(3, 60), TurnMark(3, 4, 2), NAMES)
    assert str(refused.value) == "Dan's turn had already ended; the clock is stopped."


def test_the_turn_running_when_the_hand_ends_is_recorded_run_out_or_not():
    assert last_turn(stopped(1, 60), 100.0) is None
    clock = start(stopped(1, 5), 2, 100.0)
    assert last_turn(clock, 103.0) == Turn(1, 2, 3.0, False)
    assert last_turn(clock, 109.0) == Turn(1, 2, 9.0, True)
    assert last_turn(pause(clock, 102.0), 500.0) == Turn(1, 2, 2.0, False)


def test_without_a_limit_there_is_no_time_left_and_nothing_runs_out():
    clock = start(stopped(1, None), 1, 0)
    assert clock.left(10_000) is None and not clock.ran_out(10_000)


def test_a_clock_set_back_never_counts_backwards():
    clock = start(stopped(1, 60), 0, 100)
    assert clock.left(50) == 60.0


def test_each_players_median_turn_and_time_outs():
    turns = [
        Turn(1, 0, 10, False),
        Turn(1, 1, 70, True),
        Turn(1, 0, 30, False),
        Turn(2, 0, 20, False),
    ]
    figures = turn_figures(turns, 3)
    assert [(f.turns, f.median, f.ran_out) for f in figures] == [
        (3, 20, 0),
        (1, 70, 1),
        (0, None, 0),
    ]


steps = st.lists(
    st.tuples(st.sampled_from(["done", "pause", "resume"]), st.floats(0, 500)), max_size=12
)


@given(steps, st.integers(1, 600), st.floats(0, 2000))
def test_properties(moves, limit, later):
    """Whatever the steps: time left stays within the limit, a paused clock does not count,
    and every turn recorded is a non-negative length, run out exactly when over the limit."""
    clock = start(stopped(1, limit), 0, 0.0)
    at = 0.0
    for step, gap in moves:
        at += gap
        try:
            if step == "done":
                spent = clock.spent(at)
                clock, turn = done(clock, (clock.seat + 1) % 4, at)
                assert turn.seconds >= 0
                assert turn.ran_out == (spent >= limit)
            elif step == "pause":
                clock = pause(clock, at)
            else:
                clock = resume(clock, at)
        except ClockRefused:
            pass
        left = clock.left(at)
        assert left is not None and 0 <= left <= limit
    if not clock.running:
        assert clock.left(at + later) == clock.left(at)
    else:
        assert clock.left(at + later) <= clock.left(at)
