"""The hand a table writes at its end carries only fields its variant has a rule
for (docs/hand-format.md), so table mode's hands are read like any other."""

from scorekeeper.engine import preset, read_hand, score_hand
from scorekeeper.engine.checks import has_rule
from scorekeeper.engine.table import NewMeld, SwapJoker, Table, hand_record

PLAYERS = ["Ana", "Bo", "Cici"]


def play(variant, *actions):
    table = Table(preset(variant), PLAYERS)
    for action in actions:
        table = table.apply(action)
    return table


def test_rummy_meld_going_out_in_the_opening_turn_is_scored_without_an_all_at_once_bonus():
    # Rummy Meld has no all-at-once rule: the hand must not say all at once.
    assert not has_rule(preset("rummy-meld"), "all_at_once")
    table = play(
        "rummy-meld", NewMeld("Ana", ["b6 b7 b8 b9", "r10 b10 k10"], first_round_over=True)
    )
    hand = hand_record(table, {"Bo": "r2", "Cici": "r3"}, went_out="Ana")
    assert "all_at_once" not in hand["players"][0]
    result = score_hand(read_hand(hand))
    assert result.scores["Ana"] == 200 + 20 + 30


def test_romanian_joly_kept_after_a_swap_costs_what_any_joly_costs():
    # Romanian has no rule of its own for a swapped Joly (it is melded at once): the
    # other Joly, on Bo's rack, is not taken for a swapped one and costs 25.
    assert not has_rule(preset("romanian"), "swapped_jokers")
    table = play(
        "romanian",
        NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]),
        NewMeld("Bo", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"]),
        SwapJoker("Bo", 0, "k4", "r12 r13 j"),
    )
    hand = hand_record(table, {"Ana": "", "Bo": "j r4", "Cici": "r5"}, went_out="Ana")
    assert "swapped_jokers" not in hand["players"][1]
    result = score_hand(read_hand(hand))
    assert result.racks["Bo"] == 25 + 5
