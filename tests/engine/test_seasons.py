"""A season's standings: each event's standings added up per player (points, score, hands
won, events played), ranked by points, then score, then hands won, level players sharing."""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.event_points import EventStanding
from scorekeeper.engine.seasons import SeasonStanding, season_standings


def standing(player, points, score=0, won=0, tables=1, rank=1):
    """One player's line of an event's standings (its rank does not matter to a season)."""
    return EventStanding(player, points, score, won, rank, tables)


def lines(events):
    """The season as (rank, player, points, score, hands won, events)."""
    return [
        (s.rank, s.player, s.points, s.score, s.hands_won, s.events)
        for s in season_standings(events)
    ]


CASES = [
    # No events, no season.
    ([], []),
    # One event: its standings as they are.
    (
        [[standing("Ana", 3, 40, 2), standing("Bo", 2, 10, 1), standing("Cy", 0, -50)]],
        [(1, "Ana", 3.0, 40, 2, 1), (2, "Bo", 2.0, 10, 1, 1), (3, "Cy", 0.0, -50, 0, 1)],
    ),
    # Two events: points, score and hands won add up; Cy missed the second.
    (
        [
            [standing("Ana", 3, 40, 2), standing("Bo", 2, 10, 1), standing("Cy", 2.5, 5, 1)],
            [standing("Bo", 3, 30, 2), standing("Ana", 1, -20)],
        ],
        [(1, "Bo", 5.0, 40, 3, 2), (2, "Ana", 4.0, 20, 2, 2), (3, "Cy", 2.5, 5, 1, 1)],
    ),
    # Level on points: the higher score first.
    (
        [[standing("Ana", 3, 10), standing("Bo", 3, 25)]],
        [(1, "Bo", 3.0, 25, 0, 1), (2, "Ana", 3.0, 10, 0, 1)],
    ),
    # Level on points and score: more hands won first.
    (
        [[standing("Ana", 3, 10, 1), standing("Bo", 3, 10, 2)]],
        [(1, "Bo", 3.0, 10, 2, 1), (2, "Ana", 3.0, 10, 1, 1)],
    ),
    # Level on all three: a shared rank, the next player's rank after them ("1, 1, 3"),
    # the level players in name order whatever their case.
    (
        [[standing("bo", 2, 5, 1), standing("Ana", 2, 5, 1), standing("Cy", 1)]],
        [(1, "Ana", 2.0, 5, 1, 1), (1, "bo", 2.0, 5, 1, 1), (3, "Cy", 1.0, 0, 0, 1)],
    ),
    # Thirds of a three-way tie add up exactly: 1/3 + 2/3 equals 1 in any order.
    (
        [
            [standing("Ana", 1 / 3), standing("Bo", 2 / 3)],
            [standing("Ana", 2 / 3), standing("Bo", 1 / 3)],
            [standing("Cy", 1)],
        ],
        [(1, "Ana", 1.0, 0, 0, 2), (1, "Bo", 1.0, 0, 0, 2), (1, "Cy", 1.0, 0, 0, 1)],
    ),
    # A player on a roster who never sat at a table did not play that event; one who never
    # played any is not in the season.
    (
        [
            [standing("Ana", 3, 10, 1), standing("Bo", 0, 0, 0, tables=0)],
            [standing("Bo", 1, 5), standing("Dan", 0, 0, 0, tables=0)],
        ],
        [(1, "Ana", 3.0, 10, 1, 1), (2, "Bo", 1.0, 5, 0, 1)],
    ),
    # The same player written two ways (case, Romanian's cedilla ş) is one player, named as
    # in the first event they played.
    (
        [[standing("Ștefan", 2, 10)], [standing("ştefan", 1, 5)], [standing("ȘTEFAN", 1, 1)]],
        [(1, "Ștefan", 4.0, 16, 0, 3)],
    ),
    # Negative totals ("totals" events) add up like any others.
    (
        [[standing("Ana", -30, -30), standing("Bo", 30, 30, 1)], [standing("Ana", 45, 45, 2)]],
        [(1, "Bo", 30.0, 30, 1, 1), (2, "Ana", 15.0, 15, 2, 2)],
    ),
]


@pytest.mark.parametrize(("events", "expected"), CASES)
def test_season_standings(events, expected):
    assert lines(events) == expected


def test_a_season_standing_is_the_contracts_shape():
    (one,) = season_standings([[standing("Ana", 2.5, 12, 1)]])
    assert one == SeasonStanding("Ana", 2.5, 12, 1, 1, 1)
    assert isinstance(one.points, float)


@given(
    st.lists(
        st.lists(
            st.tuples(
                st.sampled_from(["Ana", "Bo", "Cy", "Dan"]),
                st.sampled_from([0, 0.5, 1, 1.5, 2, 2.5, 3, 1 / 3, 2 / 3]),
                st.integers(-500, 500),
                st.integers(0, 10),
            ),
            max_size=4,
            unique_by=lambda t: t[0],
        ),
        max_size=6,
    )
)
def test_ranks_follow_points_score_and_hands_won_whatever_the_order(events):
    season = lines([[standing(*one) for one in event] for event in events])
    backwards = lines([[standing(*one) for one in event] for event in reversed(events)])
    assert season == backwards
    for before, after in pairwise(season):
        assert before[2:5] >= after[2:5]
        assert (before[0] == after[0]) == (before[2:5] == after[2:5])
