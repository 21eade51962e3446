"""A hand is refused with every problem it holds at once, each carrying its place, and a
player who did not go out with nothing on the rack is a forgotten entry (RULES.md,
"Checks every hand must pass")."""

import pytest

from scorekeeper.engine import InvalidHand, read_hand, score_hand
from scorekeeper.engine.checks import nobody_out_words
from scorekeeper.engine.variants import preset
from scorekeeper.engine.words import english


def refusal(hand) -> InvalidHand:
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand)
    return caught.value


def places(error: InvalidHand) -> list[tuple]:
    return [(p.player, p.field, p.tile) for p in error.problems]


def test_an_empty_rack_of_a_player_who_did_not_go_out_is_refused():
    error = refusal(
        {
            "variant": "rummikub",
            "players": [
                {"name": "Ana", "went_out": True},
                {"name": "Bo", "rack": ""},
                {"name": "Cai"},
            ],
        }
    )
    assert places(error) == [("Bo", "rack", None), ("Cai", "rack", None)]
    assert str(error).startswith("player Bo, rack: nothing is left on the rack")


def test_zero_rack_points_without_jokers_is_an_empty_rack():
    error = refusal(
        {
            "variant": "rummikub",
            "players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack_points": 0}],
        }
    )
    assert places(error) == [("Bo", "rack_points", None)]


def test_a_player_who_left_the_table_may_have_an_empty_rack():
    result = score_hand(
        read_hand(
            {
                "variant": "rummy-meld",
                "players": [
                    {"name": "Ana", "went_out": True, "melded_points": 60},
                    {"name": "Bo", "rack": "r5", "melded_points": 0},
                    {"name": "Cai", "declared": ["left_table"], "melded_points": 0},
                ],
            }
        )
    )
    assert result.winner == "Ana"


def test_when_the_pool_ran_out_every_player_still_holds_a_tile():
    error = refusal(
        {
            "variant": "rummikub",
            "players": [{"name": "Ana", "rack": "r1"}, {"name": "Bo", "rack": ""}],
        }
    )
    assert places(error) == [("Bo", "rack", None)]


def test_every_players_problems_come_together_in_seat_order():
    # A token that is no tile, an empty rack and a field Rummikub has no rule for: three
    # players, three refusals, none hidden behind the first.
    error = refusal(
        {
            "variant": "rummikub",
            "players": [
                {"name": "Ana", "rack": "r5 x9"},
                {"name": "Bo"},
                {"name": "Cai", "rack": "k3", "swapped_jokers": 1},
                {"name": "Dee", "went_out": True},
            ],
        }
    )
    assert places(error) == [
        ("Ana", "rack", "x9"),
        ("Bo", "rack", None),
        ("Cai", "swapped_jokers", None),
    ]


def test_a_hand_wide_problem_comes_with_the_players_problems():
    error = refusal(
        {
            "variant": "rummikub",
            "players": [
                {"name": "Ana", "went_out": True},
                {"name": "Bo", "went_out": True},
                {"name": "Cai", "rack": ""},
            ],
        }
    )
    assert places(error) == [("Bo", "went_out", None), ("Cai", "rack", None)]


def test_a_single_refusal_is_its_own_only_problem():
    error = refusal(
        {
            "variant": "rummikub",
            "players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r5 r5 r5"}],
        }
    )
    assert error.problems == [error]


@pytest.mark.parametrize(
    ("variant_id", "words"),
    [
        ("rummikub", "Nobody: the pool ran out"),
        ("tile-rummy", "Nobody: the pool ran out"),
        ("romanian", "Nobody: the wall ran out"),
        ("rummy-meld", "Nobody: the draw pile ran out"),
    ],
)
def test_nobody_going_out_is_said_in_the_variants_words(variant_id, words):
    assert english(nobody_out_words(preset(variant_id))) == words
