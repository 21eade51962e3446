"""Table mode: the source's examples, every refusal with its rule and source,
joker histories, Howarth's bookkeeping and the end of the hand."""

from dataclasses import replace

import pytest

from scorekeeper.engine import preset, read_hand, score_hand
from scorekeeper.engine.table import (
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    Table,
    action_from_dict,
    actions_from_list,
    hand_record,
    replay,
    score_table,
)
from scorekeeper.engine.tiles import format_tiles
from scorekeeper.engine.variants import RUMMY_CARDS
from scorekeeper.engine.words import english

ROMANIAN = preset("romanian")
RUMMY_MELD = preset("rummy-meld")
PLAYERS = ["Ana", "Bo", "Cici"]
ROMANIAN_SOURCE = "(Romanian tile rummy, The Play)"
SWAP_SOURCE = "(Romanian tile rummy, The Play, options 5-7)"

# Openings worth at least 50 (romanian) and 45 with a run (rummy-meld).
ANA_OPENS = NewMeld("Ana", ["r11 b11 k11", "y12 y13 y1"])  # 30 + 30
BO_OPENS = NewMeld("Bo", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"])  # 15 + 30 + 15
CICI_OPENS = NewMeld("Cici", ["r2 r3 r4 r5 r6 r7 r8 r9 r10"])  # 8 x 5 + 10 = 50


def said(lines):
    """What the app said, in English (the engine's words are read by name)."""
    return tuple(english(line) for line in lines)


def play(*actions, variant=ROMANIAN, players=PLAYERS):
    """The table after these actions, applied one by one. Where nobody melds in the
    first round, the first action says that round is over (the tests of that rule
    below apply their actions themselves)."""
    table = Table(variant, players)
    for i, action in enumerate(actions):
        if i == 0 and variant.first_round_no_melds:
            action = replace(action, first_round_over=True)
        table = table.apply(action)
    return table


def refusal(*actions, variant=ROMANIAN, players=PLAYERS):
    """The message of the refusal of the last action (answered as `play` answers the first)."""
    table = play(*actions[:-1], variant=variant, players=players)
    last = actions[-1]
    if len(actions) == 1 and variant.first_round_no_melds:
        last = replace(last, first_round_over=True)
    with pytest.raises(InvalidAction) as caught:
        table.apply(last)
    return str(caught.value)


def assert_counts_exact(table):
    for p in table.players:
        assert table.count(p) == table.exact_melded_value(p), p


# --- The source's example -----------------------------------------------------------


def test_source_example_ana_takes_b7_b8_b9_and_bos_run_shows_its_ends():
    table = play(ANA_OPENS, BO_OPENS, AddTiles("Ana", 2, "b9 b10"))
    assert said(table.guidance) == (
        "Ana adds b9 b10 to Bo's run.",
        "Ana takes b7 b8 b9 into their stack; Bo's run shows b6 ... b10.",
    )
    assert format_tiles(table.stack("Ana")) == "b7 b8 b9"
    assert [str(m) for m in table.area("Bo")] == ["b6 ... b10", "r10 b10 k10", "y2 y3 y4"]
    assert table.owed("Ana") == table.owed("Bo") == 0
    # Ana: 60 opening + b9 b10 (15); Bo: 60 opening.
    assert (table.count("Ana"), table.count("Bo")) == (75, 60)
    assert_counts_exact(table)
    assert table.to_melds()[2] == {
        "tiles": "b6 b7 b8 b9 b10",
        "by": ["Bo", "Bo", "Bo", "Ana", "Ana"],
    }


def test_adding_to_ones_own_run_takes_nothing():
    table = play(ANA_OPENS, BO_OPENS, AddTiles("Bo", 2, "b9"))
    assert said(table.guidance) == ("Bo adds b9 to Bo's run.",)
    assert str(table.area("Bo")[0]) == "b6 b7 b8 b9"
    assert table.stack("Bo") == ()


def test_points_are_owed_when_no_middle_tiles_make_the_amount():
    # The middle of b9 ... b12 holds only 10s; Ana added 5.
    table = play(ANA_OPENS, NewMeld("Bo", ["b10 b11 b12", "r10 b10 k10"]), AddTiles("Ana", 2, "b9"))
    assert english(table.guidance[-1]) == (
        "Ana takes nothing into their stack; Bo's run shows "
        "b9 b10 b11 b12. No middle tiles make exactly 5: Bo owes "
        "Ana 5 points."
    )
    assert (table.owed("Ana"), table.owed("Bo")) == (5, -5)
    assert (table.count("Ana"), table.count("Bo")) == (65, 60)
    assert_counts_exact(table)


def test_a_later_add_takes_from_what_is_left_of_the_middle():
    table = play(
        ANA_OPENS, BO_OPENS, CICI_OPENS, AddTiles("Ana", 2, "b9 b10"), AddTiles("Cici", 2, "b11")
    )
    # The middle of b6 ... b11 is now only b10 (worth 10): Cici takes it.
    assert (
        english(table.guidance[-1]) == "Cici takes b10 into their stack; Bo's run shows b6 ... b11."
    )
    assert_counts_exact(table)


# --- Sets leaving the table ------------------------------------------------------------


def test_fourth_tile_of_a_set_without_a_joker_sends_it_to_the_stacks():
    table = play(ANA_OPENS, BO_OPENS, AddTiles("Ana", 3, "y10"))
    assert english(table.guidance[-1]) == (
        "Set of 10s complete: Bo stacks 3 tiles (r10 b10 k10) and Ana stacks 1 tile (y10); "
        "the set leaves the table."
    )
    assert [str(m) for m in table.area("Bo")] == ["b6 b7 b8", "y2 y3 y4"]
    assert format_tiles(table.stack("Ana")) == "y10"
    assert table.melds[3].stacked
    assert_counts_exact(table)


def test_a_joly_taken_by_two_missing_colours_completes_the_set():
    ana = NewMeld("Ana", ["r7 b7 j", "r11 b11 k11", "y8 y9 y10"])
    table = play(ana, BO_OPENS, SwapJoker("Bo", 0, "k7 y7", "r12 r13 j"))
    assert english(table.guidance[1]) == (
        "Set of 7s complete: Ana stacks 2 tiles (r7 b7) and Bo stacks 2 tiles (k7 y7); "
        "the set leaves the table."
    )
    assert_counts_exact(table)
    assert table.to_melds()[-1] == {"tiles": "r12 r13 j=r1", "by": ["Bo", "Bo", "Ana"]}


def test_rummy_meld_swap_completes_nothing_and_the_jolly_stays_on_the_rack():
    ana = NewMeld("Ana", ["r7 b7 j", "b1 b2 b3 b4 b5 b6"])
    bo = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"])
    table = play(ana, bo, SwapJoker("Bo", 0, "k7"), variant=RUMMY_MELD)
    assert (
        english(table.guidance[-1])
        == "Bo keeps the joker on the rack: there it counts 0 against Bo."
    )
    assert table.swapped_jokers("Bo") == 1
    assert str(table.area("Ana")[0]) == "r7 b7 k7"
    assert_counts_exact(table)


def test_tile_added_to_another_players_set_with_a_joker_lies_upside_down():
    ana = NewMeld("Ana", ["r7 b7 j", "r11 b11 k11", "y8 y9 y10"])
    table = play(ana, BO_OPENS, AddTiles("Bo", 0, "y7"))
    assert english(table.guidance[-1]) == "Bo's y7 lies upside down in Ana's set: it counts for Bo."
    tiles = table.area("Ana")[0].tiles
    assert [(str(t.tile), t.counts_for, t.upside_down) for t in tiles] == [
        ("r7", "Ana", False),
        ("b7", "Ana", False),
        ("j=k7", "Ana", False),
        ("y7", "Bo", True),
    ]
    # Romanian point 7: the last missing colour may now take the Joly.
    table = table.apply(CICI_OPENS).apply(SwapJoker("Cici", 0, "k7", "j k12 k13"))
    assert (
        "Set of 7s complete: Ana stacks 2 tiles (r7 b7), Bo stacks 1 tile (y7), and Cici "
        in english(table.guidance[1])
    )
    assert_counts_exact(table)


# --- The Joly chain and the end of the hand ---------------------------------------------


def joly_chain():
    return play(
        NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]),  # 15 + 30 + 20 = 65
        BO_OPENS,
        SwapJoker("Bo", 0, "k4", "r12 r13 j"),
        CICI_OPENS,
        SwapJoker("Cici", 6, "r1", "j k9 y9"),
    )


def test_joly_history_records_every_swap():
    table = joly_chain()
    (joly,) = table.jokers
    assert joly.first_melder == "Ana"
    assert [
        (e.kind, e.player, e.meld_index, format_tiles(e.replaced_by), e.to_meld)
        for e in joly.events
    ] == [
        ("melded", "Ana", 0, "", None),
        ("swapped", "Bo", 0, "k4", 6),
        ("swapped", "Cici", 6, "r1", 8),
    ]
    assert joly.meld_index == 8
    assert english(joly.said) == (
        "Joker 1: melded by Ana in meld 1; swapped by Bo for k4 out of meld 1, "
        "melded in meld 7; swapped by Cici for r1 out of meld 7, melded in meld 9"
    )
    assert said(table.guidance) == (
        "Cici puts r1 in Bo's run in place of the joker (upside down: it counts for Cici).",
        "Cici melds the joker in a new set j=9 k9 y9; it still counts for Ana.",
    )
    assert_counts_exact(table)


def test_joly_chain_scores_the_50_for_ana_and_replacements_for_their_suppliers():
    table = joly_chain()
    melds = table.to_melds()
    assert melds[0] == {"tiles": "k3 k4 k5", "by": ["Ana", "Bo", "Ana"]}
    assert melds[6] == {"tiles": "r12 r13 r1", "by": ["Bo", "Bo", "Cici"]}
    assert melds[8] == {"tiles": "j=9 k9 y9", "by": ["Ana", "Cici", "Cici"]}
    hand = hand_record(table, {"Ana": "", "Bo": "k1", "Cici": "b2"}, went_out="Ana")
    result = score_hand(read_hand(hand))
    # Ana: 100 for going out + 60 melded (k3 k5 10, 11s 30, y8-y10 20) + Joly 50.
    # Bo: 60 opening + k4 5 + r12 r13 20 = 85, minus k1 on the rack (25).
    # Cici: 50 opening + r1 (high, 10) + k9 y9 10 = 70, minus b2 (5).
    assert result.scores == {"Ana": 210, "Bo": 60, "Cici": 65}
    assert result.melded == {p: table.exact_melded_value(p) for p in PLAYERS}
    assert score_table(table, {"Ana": "", "Bo": "k1", "Cici": "b2"}, went_out="Ana") == result


def test_rummy_meld_jolly_counts_for_whoever_melded_it_where_it_lies():
    ana = NewMeld("Ana", ["k3 j k5 k6 k7 k8", "r11 b11 k11"])  # 30 + 30
    bo = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9", "r2 b2 k2"])  # 35 + 15
    table = play(ana, bo, SwapJoker("Bo", 0, "k4", "r12 r13 j"), variant=RUMMY_MELD)
    melds = table.to_melds()
    assert melds[0]["by"] == ["Ana", "Bo", "Ana", "Ana", "Ana", "Ana"]
    assert melds[-1] == {"tiles": "r12 r13 j=r1", "by": ["Bo", "Bo", "Bo"]}
    # The Jolly stands for r11 (10) and counts for Bo, who melded it there.
    assert table.exact_melded_value("Bo") == 50 + 5 + 30
    assert_counts_exact(table)


def test_rummy_meld_swapped_jolly_kept_on_the_rack_costs_nothing():
    ana = NewMeld("Ana", ["r7 b7 j", "b1 b2 b3 b4 b5 b6"])
    bo = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"])
    table = play(ana, bo, SwapJoker("Bo", 0, "k7"), variant=RUMMY_MELD)
    hand = hand_record(table, {"Ana": "", "Bo": "j r4", "Cici": "j"}, went_out="Ana")
    assert hand["players"][1]["swapped_jokers"] == 1
    result = score_hand(read_hand(hand))
    # Bo: 55 + k7 5 - r4 5 - swapped Jolly 0; Cici never melded: - Jolly 50.
    assert result.scores["Bo"] == 55
    assert result.scores["Cici"] == -50


def test_all_at_once_is_inferred_for_a_player_who_went_out_in_their_opening_turn():
    # Bo opens, then adds to his own run before his turn ends: the scorer says "same turn".
    table = play(ANA_OPENS, BO_OPENS, AddTiles("Bo", 2, "b9", same_turn=True))
    hand = hand_record(table, {"Ana": "r2", "Bo": "", "Cici": "r3"}, went_out="Bo")
    assert hand["players"][1]["all_at_once"] is True
    assert "all_at_once" not in hand_record(table, {}, went_out="Ana")["players"][0]
    result = score_hand(read_hand(hand))
    assert result.scores["Bo"] == 100 + 100 + 65
    # By default his next action is a later turn: he did not go out all at once.
    later = play(ANA_OPENS, BO_OPENS, AddTiles("Bo", 2, "b9"))
    assert "all_at_once" not in hand_record(later, {}, went_out="Bo")["players"][1]


# --- Refusals: every check, with its rule and its source -----------------------------------


def test_table_mode_refuses_a_variant_that_scores_only_the_racks():
    with pytest.raises(InvalidAction, match="Rummikub scores only the racks"):
        Table(preset("rummikub"), PLAYERS)


def test_opening_below_the_threshold_is_refused():
    message = refusal(NewMeld("Ana", ["b6 b7 b8", "r10 b10 k10"]))
    assert message == (
        "Ana's opening counts 45 (b6 b7 b8 (15) + r10 b10 k10 (30)): Romanian "
        "tile rummy needs at least 50 from the rack in the first meld (Romanian "
        "tile rummy, The Play). Enter every meld of the opening together, as one "
        "new meld"
    )
    play(NewMeld("Ana", ["b6 b7 b8", "r10 b10 k10"]), variant=preset("romanian-45"))


def test_opening_counts_a_joly_as_the_tile_it_stands_for():
    # j stands for k12: 10 + 10 + 10 + 30 = 60.
    table = play(NewMeld("Ana", ["k11 j=k12 k13", "r11 b11 y11"]))
    assert said(table.guidance) == ("Ana opened with 60: k11 j=k12 k13 (30) and r11 b11 y11 (30).",)


def test_rummy_meld_nobody_melds_in_the_first_round_asked_once_with_the_first_action():
    opening = NewMeld("Ana", ["b1 b2 b3 b4 b5 b6 b7 b8 b9"])
    with pytest.raises(InvalidAction) as caught:
        Table(RUMMY_MELD, PLAYERS).apply(opening)
    assert str(caught.value) == (
        "Ana cannot touch the table yet: nobody melds in the first round (Rummy Meld "
        "tutorial, First Round & Initial Meld). Once every player has had a turn, tick "
        '"Everyone has had a first turn"'
    )
    assert caught.value.field == "first_round_over"
    # Answered once, on the first action; nobody is asked again.
    table = Table(RUMMY_MELD, PLAYERS).apply(replace(opening, first_round_over=True))
    table = table.apply(NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"]))
    assert [m.owner for m in table.melds] == ["Ana", "Bo"]
    # Romanian tile rummy has no such rule: its first action needs no answer.
    assert Table(ROMANIAN, PLAYERS).apply(ANA_OPENS).opened("Ana")


def test_a_players_next_action_is_a_later_turn_unless_the_scorer_says_same_turn():
    # Bo opens, Ana opens; in Ana's next turn (the others only drew) she adds to Bo's run.
    table = play(BO_OPENS, ANA_OPENS, AddTiles("Ana", 0, "b9"))
    assert format_tiles(table.melds[0].tiles) == "b6 b7 b8 b9"
    assert not table.in_opening_turn("Ana")
    # The same turn is only ever the last action's player's.
    message = refusal(BO_OPENS, AddTiles("Ana", 0, "b9", same_turn=True))
    assert message == (
        "the last action was Bo's, so this cannot be in the same turn for Ana: "
        'untick "Same turn as the last action"'
    )
    assert refusal(NewMeld("Ana", ["r11 b11 k11"], same_turn=True)) == (
        "nothing was recorded before this action, so it cannot be in the same turn as one: "
        'untick "Same turn as the last action"'
    )


def test_same_turn_is_kept_in_the_actions_json_only_when_said():
    add = AddTiles("Ana", 0, "b9", same_turn=True)
    assert add.to_dict() == {
        "action": "add_tiles",
        "player": "Ana",
        "meld_index": 0,
        "tiles": "b9",
        "same_turn": True,
    }
    assert action_from_dict(add.to_dict()) == add
    # Stored before: "new_turn" said what is now the default.
    old = {"action": "add_tiles", "player": "Ana", "meld_index": 0, "tiles": "b9", "new_turn": True}
    assert action_from_dict(old) == AddTiles("Ana", 0, "b9")
    first = NewMeld("Ana", ["b1 b2 b3"], first_round_over=True)
    assert first.to_dict()["first_round_over"] is True
    assert action_from_dict(first.to_dict()) == first


def test_rummy_meld_opening_needs_a_run():
    message = refusal(NewMeld("Ana", ["r11 b11 k11", "r12 b12 k12"]), variant=RUMMY_MELD)
    assert message == (
        "Ana's opening holds no run: Rummy Meld needs at least one run in the "
        "opening (Rummy Meld tutorial, Initial Meld Requirements)"
    )


def test_a_joker_is_refused_in_the_opening_where_the_variant_forbids_it():
    no_joker = RUMMY_CARDS.changed(
        id="cards-melded", name="Cards, melded", scoring="melded", pool_out="melded_minus_rack"
    )
    message = refusal(NewMeld("Ana", ["k11 j k13", "r11 b11 y11"]), variant=no_joker)
    assert "a joker may not be used in the opening (Rummy with card-faced tiles" in message


def test_adding_before_opening_is_refused():
    message = refusal(ANA_OPENS, AddTiles("Bo", 0, "y11"))
    assert message == (
        "Bo has not opened yet: tiles can be added to the table only after "
        f"opening {ROMANIAN_SOURCE}"
    )


def test_swapping_before_opening_is_refused():
    message = refusal(
        NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]),
        SwapJoker("Bo", 0, "k4", "r12 r13 j"),
    )
    assert message == (
        "Bo has not opened yet: a joker can be taken from the table only after "
        f"opening {SWAP_SOURCE}"
    )


def test_adding_to_another_players_meld_in_the_opening_turn_is_refused():
    message = refusal(BO_OPENS, ANA_OPENS, AddTiles("Ana", 0, "b9", same_turn=True))
    assert message == (
        "Ana opened in this turn: adding to other players' melds is allowed from "
        f"the next turn on {ROMANIAN_SOURCE}. If Ana's turn had ended, untick "
        '"Same turn as the last action"'
    )
    # Her own melds she may extend at once; others' from a later turn, the default.
    play(BO_OPENS, ANA_OPENS, AddTiles("Ana", 3, "y11", same_turn=True))
    play(BO_OPENS, ANA_OPENS, AddTiles("Ana", 0, "b9"))
    play(BO_OPENS, ANA_OPENS, AddTiles("Bo", 0, "b9"), AddTiles("Ana", 0, "b10"))
    # Still the opening's turn after another meld of her own in it.
    assert "Ana opened in this turn" in refusal(
        BO_OPENS,
        ANA_OPENS,
        AddTiles("Ana", 3, "y11", same_turn=True),
        AddTiles("Ana", 0, "b9", same_turn=True),
    )


def test_rummy_meld_adding_in_the_opening_turn_cites_the_ruling():
    bo = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"])
    message = refusal(
        bo,
        NewMeld("Ana", ["b1 b2 b3 b4 b5 b6 b7 b8 b9"]),
        AddTiles("Ana", 0, "y12", same_turn=True),
        variant=RUMMY_MELD,
    )
    assert "(Scorekeeper ruling: no adding to other players' melds" in message


def test_swapping_another_players_joly_in_the_opening_turn_is_refused():
    message = refusal(
        NewMeld("Bo", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]),
        ANA_OPENS,
        SwapJoker("Ana", 0, "k4", "r12 r13 j", same_turn=True),
    )
    assert message.startswith(
        "Ana opened in this turn: taking another player's joker is "
        "allowed from the next turn on (Romanian tile rummy, The Play)"
    )


@pytest.mark.parametrize(
    "variant, tiles, reason",
    [
        (ROMANIAN, "y13 y1 y2", "a run may not go round the corner from 13 to 1 to 2"),
        (
            ROMANIAN,
            "y3 j y5 j y7",
            "a run must hold at least twice as many numbered tiles as jokers",
        ),
        (RUMMY_MELD, "y3 j j y6", "two jokers may not lie next to each other in a run"),
        (ROMANIAN, "y3 y4", "a meld needs at least 3 tiles"),
    ],
)
def test_an_illegal_meld_is_refused_with_the_reason(variant, tiles, reason):
    opened = ANA_OPENS if variant is ROMANIAN else NewMeld("Ana", ["b1 b2 b3 b4 b5 b6 b7 b8 b9"])
    message = refusal(opened, NewMeld("Ana", [tiles]), variant=variant)
    assert f"Ana's new meld {tiles} is not a legal meld" in message
    assert reason in message
    source = ROMANIAN_SOURCE if variant is ROMANIAN else "(Rummy Meld tutorial, Valid Combinations)"
    assert message.endswith(source)


def test_adding_must_extend_a_run_at_its_ends():
    message = refusal(ANA_OPENS, BO_OPENS, AddTiles("Ana", 2, "b11"))
    assert message == (
        "Ana cannot add b11 to Bo's run b6 b7 b8: not a run: b9 b10 missing "
        f"between b6 and b11 {ROMANIAN_SOURCE}"
    )


def test_adding_the_tile_a_joker_stands_for_points_to_the_swap():
    message = refusal(
        NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]), BO_OPENS, AddTiles("Bo", 0, "k4")
    )
    assert "to replace a joker with the tile it stands for, swap the joker" in message


def test_a_set_grows_to_four_and_no_further():
    ana = NewMeld("Ana", ["r7 b7 k7 j", "r11 b11 k11"])
    message = refusal(ana, BO_OPENS, AddTiles("Bo", 0, "y7"))
    assert "a set has at most 4 tiles" in message
    assert message.endswith(ROMANIAN_SOURCE)
    message = refusal(ANA_OPENS, BO_OPENS, AddTiles("Ana", 3, "y10"), AddTiles("Bo", 3, "r10"))
    assert "Bo's set r10 b10 k10 y10 is complete and has left the table" in message
    assert message.endswith(ROMANIAN_SOURCE)


def test_rummy_meld_runs_do_not_extend_past_the_ace():
    ana = NewMeld("Ana", ["y11 y12 y13 y1", "r5 b5 k5"])
    message = refusal(
        ana,
        NewMeld("Bo", ["b1 b2 b3 b4 b5 b6 b7 b8 b9"]),
        AddTiles("Bo", 0, "y2"),
        variant=RUMMY_MELD,
    )
    assert "a run may not go round the corner" in message
    assert message.endswith("(Rummy Meld tutorial, Layoff (Adding to Board))")


def test_a_run_joly_is_replaced_by_exactly_the_tile_it_stands_for():
    ana = NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"])
    assert refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k6", "r12 r13 j")) == (
        f"Bo: the joker in Ana's run k3 j=k4 k5 stands for k4, not k6 {SWAP_SOURCE}"
    )
    assert refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k4 k6", "r12 r13 j")) == (
        f"Bo: a joker in a run is replaced by exactly the one tile it stands for {SWAP_SOURCE}"
    )


def test_romanian_point_7_one_missing_colour_cannot_take_the_joly():
    ana = NewMeld("Ana", ["r7 b7 j", "r11 b11 k11", "y8 y9 y10"])
    message = refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k7", "r12 r13 j"))
    assert message == (
        "Bo: with only k7 of the missing k7 and y7 the joker cannot be taken; add "
        "k7 to the set instead, and the joker can later be taken by the last "
        f"missing colour {SWAP_SOURCE}"
    )
    message = refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "r7 y7", "r12 r13 j"))
    assert "can be replaced only by a missing colour of the 7s (k7 or y7), not r7" in message


def test_romanian_swapped_joly_must_be_melded_at_once_with_two_rack_tiles():
    ana = NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"])
    assert refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k4")) == (
        f"Bo must meld the joker at once with 2 tiles from the rack, in a new set or run "
        f'{SWAP_SOURCE}: write them with j in "New meld with the joker"'
    )
    assert refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k4", "j r12 r13 r1")) == (
        f"Bo must meld the joker with exactly 2 tiles from the rack, not 3 {SWAP_SOURCE}"
    )
    assert refusal(ana, BO_OPENS, SwapJoker("Bo", 0, "k4", "r12 r13 r1")) == (
        f"Bo's new meld r12 r13 r1 must hold the swapped joker and only it {SWAP_SOURCE}"
    )
    bad = SwapJoker("Bo", 0, "k4", "j r12 b2")
    assert "is not a legal meld" in refusal(ana, BO_OPENS, bad)


def test_rummy_meld_a_swapped_jolly_cannot_be_swapped_again():
    ana = NewMeld("Ana", ["r7 b7 j", "b1 b2 b3 b4 b5 b6"])
    bo = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"])
    cici = NewMeld("Cici", ["r1 r2 r3 r4 r5 r6 r7 r8 r9"])
    message = refusal(
        ana,
        bo,
        SwapJoker("Bo", 0, "k7"),
        AddTiles("Bo", 1, "j"),
        cici,
        SwapJoker("Cici", 1, "b7"),
        variant=RUMMY_MELD,
    )
    assert message == (
        "Cici: the joker in Ana's run b1 b2 b3 b4 b5 b6 j=b7 was swapped before, "
        "and a previously-swapped joker cannot be swapped again (Rummy Meld "
        "tutorial, Jolly Swap)"
    )


def test_a_meld_without_a_joker_has_nothing_to_swap():
    message = refusal(ANA_OPENS, BO_OPENS, SwapJoker("Bo", 0, "r11", "r12 r13 j"))
    assert message == "Ana's set r11 b11 k11 holds no joker to swap"


def test_a_third_copy_of_a_tile_is_refused():
    message = refusal(ANA_OPENS, NewMeld("Bo", ["r11 b11 y11", "r11 r12 r13"]))
    assert message == (
        "r11: a set has only two, and both are on the table already (Romanian "
        "tile rummy, introduction)"
    )


def test_a_third_joker_is_refused():
    ana = NewMeld("Ana", ["k3 j k5", "r3 j r5", "r11 b11 k11"])
    message = refusal(ana, NewMeld("Bo", ["y3 j y5", "r12 b12 k12", "y8 y9 y10"]))
    assert message == (
        "Bo lays a joker, but both jokers of the set are on the table already "
        "(Romanian tile rummy, introduction)"
    )


def test_unknown_player_and_meld_are_refused():
    assert refusal(NewMeld("Dan", ["r11 b11 k11"])) == (
        "'Dan' is not a player of this hand (Ana, Bo, and Cici)"
    )
    assert refusal(ANA_OPENS, AddTiles("Ana", 7, "y11")) == (
        "Ana: there is no meld 8 on the table (2 laid so far, numbered from 1)"
    )
    assert "'x9' is not a tile" in refusal(ANA_OPENS, AddTiles("Ana", 0, "x9"))


# --- Actions as JSON, replay and undo ---------------------------------------------------


def test_actions_round_trip_through_json():
    actions = [
        ANA_OPENS,
        BO_OPENS,
        AddTiles("Ana", 2, "b9 b10"),
        SwapJoker("Bo", 0, "k4", "r12 r13 j"),
        SwapJoker("Bo", 0, "k4"),
    ]
    data = [a.to_dict() for a in actions]
    assert data[2] == {"action": "add_tiles", "player": "Ana", "meld_index": 2, "tiles": "b9 b10"}
    assert data[4] == {
        "action": "swap_joker",
        "player": "Bo",
        "meld_index": 0,
        "tiles": "k4",
        "new_meld_tiles": None,
    }
    assert actions_from_list(data) == actions


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player": "Ana"}, 'an action needs "action": one of new_meld, add_tiles, swap_joker'),
        ({"action": "add_tiles", "player": "Ana", "tiles": "b9"}, "needs 'meld_index'"),
        (
            {"action": "add_tiles", "player": "Ana", "meld_index": "2", "tiles": "b9"},
            "meld_index must be a whole number",
        ),
        (
            {"action": "new_meld", "player": "Ana", "melds": ["b1 b2 b3"], "by": "Bo"},
            "unknown field 'by'",
        ),
        ({"action": "new_meld", "player": "", "melds": ["b1 b2 b3"]}, "needs the player's name"),
    ],
)
def test_bad_action_data_is_refused(data, message):
    with pytest.raises(InvalidAction, match=message):
        action_from_dict(data)


def test_replay_and_undo_give_the_same_table_as_applying():
    table = joly_chain()
    again = replay(ROMANIAN, PLAYERS, table.actions_to_list())
    assert again.to_melds() == table.to_melds()
    assert again.log == table.log
    undone = table.undo()
    assert undone.actions == table.actions[:-1]
    assert len(undone.to_melds()) == 8
    assert undone.to_melds()[6]["tiles"] == "r12 r13 j=r1"
    assert [j.meld_index for j in undone.jokers] == [6]


def test_replay_names_the_refused_action():
    data = [ANA_OPENS.to_dict(), AddTiles("Bo", 0, "y11").to_dict()]
    with pytest.raises(InvalidAction, match=r"^action 2: Bo has not opened yet") as caught:
        replay(ROMANIAN, PLAYERS, data)
    assert caught.value.index == 1


def test_a_refused_action_leaves_the_table_unchanged():
    table = play(ANA_OPENS, BO_OPENS)
    with pytest.raises(InvalidAction):
        table.apply(AddTiles("Ana", 2, "b9 b10 b12"))
    assert table.to_melds()[2]["tiles"] == "b6 b7 b8"
    assert table.stack("Ana") == ()


# --- More of point 2: high runs, joker limits, the opening's joker, splitting ---------------

NO_HIGH_RUNS = ROMANIAN.changed(id="romanian-low", name="Romanian, low runs only", ace_high=False)
ONE_JOKER = ROMANIAN.changed(
    id="romanian-one-joker",
    name="Romanian, one joker a meld",
    max_jokers_per_meld=1,
    joker_ratio_runs=False,
)
CARDS_MELDED = RUMMY_CARDS.changed(
    id="cards-melded", name="Cards, melded", scoring="melded", pool_out="melded_minus_rack"
)


@pytest.mark.parametrize(
    "variant, tiles, reason, source",
    [
        (NO_HIGH_RUNS, "y12 y13 y1", "12-13-1 is not a run", "(Romanian tile rummy, The Play)"),
        (
            ROMANIAN,
            "r5 b5 j j",
            "a set must hold at least twice as many numbered tiles as jokers",
            "(Romanian tile rummy, The Play)",
        ),
        (ONE_JOKER, "y3 j y5 j y7 y8 y9", "at most 1 joker", "(Romanian tile rummy, The Play)"),
        (
            RUMMY_MELD,
            "b11 b12 b13 b1 b2",
            "may not go round the corner",
            "(Rummy Meld tutorial, Valid Combinations)",
        ),
    ],
)
def test_high_runs_wraps_and_joker_limits_are_refused_with_the_source(
    variant, tiles, reason, source
):
    message = refusal(
        NewMeld("Ana", ["r11 b11 k11", "y2 y3 y4 y5 y6"]), NewMeld("Ana", [tiles]), variant=variant
    )
    assert message.startswith(f"Ana's new meld {tiles} is not a legal meld")
    assert reason in message
    assert message.endswith(source)


def test_a_high_run_is_a_legal_meld_where_the_variant_allows_it():
    table = play(NewMeld("Ana", ["y12 y13 y1", "r11 b11 k11"]))
    assert said(table.guidance) == ("Ana opened with 60: y12 y13 y1 (30) and r11 b11 k11 (30).",)


def test_a_fixed_joker_value_counts_in_the_opening_as_the_variant_says():
    fixed = ROMANIAN.changed(
        id="romanian-fixed",
        name="Romanian, joker 25 in the opening",
        opening_joker="fixed",
        opening_joker_value=25,
    )
    # k11 j k13 counts 10 + 25 + 10; with r2 r3 r4 (15) that is 60.
    table = play(NewMeld("Ana", ["k11 j k13", "r2 r3 r4"]), variant=fixed)
    assert said(table.guidance) == ("Ana opened with 60: k11 j=k12 k13 (45) and r2 r3 r4 (15).",)
    message = refusal(
        NewMeld("Ana", ["k2 j k4", "r2 r3 r4"]), variant=fixed.changed(opening_joker_value=0)
    )
    assert message.startswith("Ana's opening counts 25 (k2 j=k3 k4 (10) + r2 r3 r4 (15))")


def test_the_opening_counts_only_the_players_own_new_melds():
    # Tiles added to other players' melds never count: the opening is one new meld action.
    message = refusal(BO_OPENS, AddTiles("Ana", 0, "b9 b10"))
    assert message == (
        "Ana has not opened yet: tiles can be added to the table only after "
        f"opening {ROMANIAN_SOURCE}"
    )


def test_a_rummy_cards_opening_with_a_joker_is_refused_with_its_source():
    message = refusal(NewMeld("Ana", ["k11 j k13", "r11 b11 y11"]), variant=CARDS_MELDED)
    assert message == (
        "Ana's opening k11 j k13 holds a joker: a joker may not be used in the "
        "opening (Rummy with card-faced tiles, Opening the game)"
    )


def test_a_tile_inside_a_run_is_refused_as_a_split():
    bo = NewMeld("Bo", ["b6 b7 j b9 b10", "r10 b10 k10"])  # 5 x 5 + 30 = 55
    message = refusal(ANA_OPENS, bo, AddTiles("Ana", 2, "b7"))
    assert message == (
        "Ana cannot put b7 inside Bo's run b6 b7 j=b8 b9 b10: that would split "
        "the run, and melds are never split or rearranged; tiles are added at a "
        f"run's ends {ROMANIAN_SOURCE}"
    )


def test_a_meld_with_a_joker_cannot_be_split_where_the_variant_forbids_it():
    ana = NewMeld("Ana", ["r11 b11 k11"])
    bo = NewMeld("Bo", ["b6 b7 b8 b9 b10"])
    # The joker may not be in Bo's opening (Rummy with card-faced tiles), so in a later meld.
    bo_later = NewMeld("Bo", ["k6 j k8 k9"])
    message = refusal(ana, bo, bo_later, AddTiles("Ana", 2, "k8"), variant=CARDS_MELDED)
    assert message == (
        "Ana cannot put k8 inside Bo's run k6 j=k7 k8 k9: that would split the "
        "run, and a meld holding a joker may not be split or rearranged (Rummy "
        "with card-faced tiles, The Joker)"
    )
    # Without a joker the source allows a split, which table mode does not follow: it says so.
    message = refusal(ana, bo, AddTiles("Ana", 1, "b8"), variant=CARDS_MELDED)
    assert message.startswith(
        "Ana cannot put b8 inside Bo's run b6 b7 b8 b9 b10: that would "
        "split the run; table mode follows melds as they are laid"
    )
    assert message.endswith("(Scorekeeper ruling: table mode does not follow rearranged melds)")
