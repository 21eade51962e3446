"""Table mode's functional core: `apply(state, action)` gives the next frozen State
and never changes the one it was given, so a refused action leaves the table as it was."""

from dataclasses import FrozenInstanceError
from functools import reduce

import pytest

from scorekeeper.engine import preset
from scorekeeper.engine.table import (
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    Table,
    apply,
    replay,
    start,
)
from scorekeeper.engine.words import english

ROMANIAN = preset("romanian")
PLAYERS = ("Ana", "Bo", "Cici")
ANA_OPENS = NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"])  # meld 0 holds a joker
BO_OPENS = NewMeld("Bo", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"])
HAND = [ANA_OPENS, BO_OPENS, AddTiles("Ana", 3, "b9 b10"), SwapJoker("Bo", 0, "k4", "j r12 r13")]


def test_apply_gives_the_next_state_and_leaves_the_one_given_as_it_was():
    before = start(ROMANIAN, PLAYERS)
    after = apply(before, ANA_OPENS)
    assert before == start(ROMANIAN, PLAYERS)
    assert (before.melds, before.log) == ((), ())
    assert len(after.melds) == 3
    # Romanian tile rummy: 2-9 count 5 each, 10-13 count 10, a joker the tile it stands for.
    assert tuple(tuple(map(english, said)) for said in after.log) == (
        ("Ana opened with 65: k3 j=k4 k5 (15), r11 b11 k11 (30), and y8 y9 y10 (20).",),
    )


def test_a_refused_action_leaves_the_state_as_it_was():
    state = reduce(apply, HAND[:2], start(ROMANIAN, PLAYERS))
    kept = state
    with pytest.raises(InvalidAction) as caught:
        apply(state, SwapJoker("Bo", 0, "k4"))  # Romanian: the joker is melded at once
    assert (caught.value.player, caught.value.field) == ("Bo", "new_meld_tiles")
    assert state is kept
    assert state == reduce(apply, HAND[:2], start(ROMANIAN, PLAYERS))


def test_a_state_cannot_be_changed_in_place():
    state = apply(start(ROMANIAN, PLAYERS), ANA_OPENS)
    with pytest.raises(FrozenInstanceError):
        state.melds[0].tiles[0].lying = False  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        state.turn_player = "Bo"  # type: ignore[misc]


def test_the_table_is_the_state_its_actions_build():
    state = reduce(apply, HAND, start(ROMANIAN, PLAYERS))
    table = replay(ROMANIAN, PLAYERS, [a.to_dict() for a in HAND])
    assert table.state == state
    assert table.guidance == state.log[-1]
    assert tuple(map(english, table.guidance)) == (
        (
            "Bo puts k4 in Ana's run in place of the joker (upside down: it counts for Bo).",
            "Bo melds the joker in a new run j=r11 r12 r13; it still counts for Ana.",
        )
    )
    assert Table(ROMANIAN, PLAYERS).apply(ANA_OPENS).state == apply(
        start(ROMANIAN, PLAYERS), ANA_OPENS
    )
