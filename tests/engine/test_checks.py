"""Every check a hand must pass (RULES.md, "Checks every hand must pass"), and the
hand format's own field checks. A refusal names the player and the tile."""

import pytest

from scorekeeper.engine import InvalidHand, read_hand


def player(text, **extra):
    """'Ana: r5 j' is Ana with that rack."""
    name, _, rack = text.partition(":")
    return {"name": name.strip(), "rack": rack.strip(), **extra}


def out(name, **extra):
    return {"name": name, "went_out": True, "rack": "", **extra}


def hand(variant, *players, melds=None):
    data = {"variant": variant, "players": list(players)}
    if melds is not None:
        data["melds"] = [{"tiles": t, "by": by} for t, by in melds]
    return data


def refusal(data):
    with pytest.raises(InvalidHand) as caught:
        read_hand(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


# (hand, fragments the message must hold: the player(s) and the tile)
RULE_CHECKS = [
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: b7 b7"), player("Cici: b7")),
        ["b7 is there 3 times", "Bo", "Cici"], id="three copies on racks"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r1"), player("Cici: b7"),
             melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Bo")]),
        ["b7 is there 3 times", "Ana", "Bo", "Cici"], id="three copies across table and rack"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r1"), player("Cici: k2"),
             melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Bo"), ("b5 b6 b7", "Cici")]),
        ["b7 is there 3 times", "Ana", "Bo", "Cici"], id="three copies in three melds"),
    pytest.param(
        hand("romanian", out("Ana"), player("Bo: r1"),
             melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Ana"), ("b5 b6 b7", "Ana")]),
        ["b7 is there 3 times", "Ana"], id="three copies in one player's melds"),
    pytest.param(
        hand("romanian", out("Ana"), player("Bo: r9"),
             {"name": "Cici", "melded_tiles": "r9 r10 r11", "rack": "r9"}),
        ["r9 is there 3 times", "Bo", "Cici"], id="three copies with melded tiles"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: j j"), player("Cici: j")),
        ["jokers", "Bo", "Cici"], id="three jokers on racks"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: j"), player("Cici: r1"),
             melds=[("r5 j r7", "Ana"), ("b5 b6 j", "Cici")]),
        ["jokers", "Ana", "Bo", "Cici"], id="three jokers across table and rack"),
    pytest.param(
        hand("romanian", out("Ana", finish="joker_discard"), player("Bo: j"),
             melds=[("r5 j r7", "Bo")]),
        ["jokers", "Ana", "last discard", "Bo"], id="three jokers with a joker discard"),
    pytest.param(
        hand("rummy-meld-discard-jolly", out("Ana", finish="joker_discard"),
             player("Bo: j j")),
        ["jokers", "Ana", "Bo"], id="a joker discard and two jokers on a rack"),
    pytest.param(
        hand("romanian", out("Ana", credited_jokers=2), player("Bo: j")),
        ["jokers", "Ana", "Bo"], id="three jokers with credited jokers"),
    pytest.param(
        hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": 4, "rack_jokers": 2},
             player("Cici: j")),
        ["jokers", "Bo", "Cici"], id="three jokers with rack_jokers"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r7 x9")),
        ["Bo", "x9", "not a tile"], id="a token that is no tile on a rack"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r7 r14")),
        ["Bo", "r14"], id="a number past 13 on a rack"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r7 j=r8")),
        ["Bo", "j=r8"], id="a joker on a rack that stands for a tile"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r7"), melds=[("r4 r5 q6", "Ana")]),
        ["Ana", "q6", "not a tile"], id="a token that is no tile in a meld"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r7"),
             melds=[("r4 r5 r6 z7", ["Bo", "Bo", "Bo", "Ana"])]),
        ["Ana", "z7", "not a tile"], id="a token that is no tile added by another player"),
    pytest.param(
        hand("romanian", out("Ana", melded_tiles="r4 r5 x6"), player("Bo: r7")),
        ["Ana", "x6", "not a tile"], id="a token that is no tile in melded tiles"),
    pytest.param(
        hand("rummikub", out("Ana"), out("Bo"), player("Cici: r3")),
        ["Ana", "Bo", "both went out"], id="two players who went out"),
    pytest.param(
        hand("rummikub", out("Ana") | {"rack": "r5 j"}, player("Bo: r3")),
        ["Ana", "r5 j", "went out but still has tiles"], id="went out with tiles left"),
    pytest.param(
        hand("rummikub", {"name": "Ana", "went_out": True, "rack_points": 7},
             player("Bo: r3")),
        ["Ana", "7 points", "went out but still has tiles"],
        id="went out with rack points left"),
    pytest.param(
        hand("rummikub", {"name": "Ana", "went_out": True, "rack_jokers": 1},
             player("Bo: r3")),
        ["Ana", "went out but still has tiles"], id="went out with a joker left"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r3"), melds=[("r5 r6 r8", "Ana")]),
        ["Ana", "r5 r6 r8", "r7 missing"], id="an illegal meld"),
    pytest.param(
        hand("rummikub", out("Ana"), player("Bo: r3"),
             melds=[("r12 r13 r1", ["Ana", "Ana", "Bo"])]),
        ["Ana", "Bo", "r12 r13 r1", "12-13-1"], id="a high run where the ace is only low"),
    pytest.param(
        hand("romanian", out("Ana"), player("Bo: r3"), melds=[("k13 k1 k2", "Bo")]),
        ["Bo", "k13 k1 k2", "round the corner"], id="a wrapping run"),
    pytest.param(
        hand("romanian", out("Ana"), player("Bo: r3"), melds=[("b5 y5 j j", "Ana")]),
        ["Ana", "b5 y5 j j", "twice as many"], id="a Romanian set with two Jolys"),
    pytest.param(
        hand("rummy-cards", out("Ana"), player("Bo: r3"), melds=[("k4 j j k7", "Ana")]),
        ["Ana", "k4 j j k7", "at most 1 joker"], id="two jokers with card-faced tiles"),
    pytest.param(
        hand("rummy-meld", out("Ana"), player("Bo: r3"), melds=[("k4 k5 j j k8", "Ana")]),
        ["Ana", "k4 k5 j j k8", "next to each other"], id="Rummy Meld jokers side by side"),
    pytest.param(
        hand("rummy-meld", out("Ana", finish="rack_empty"), player("Bo: r3"),
             melds=[("r4 r5 r6", "Ana")]),
        ["Ana", "emptying the rack"], id="a closing the variant forbids"),
    pytest.param(
        hand("rummy-meld-discard-jolly", out("Ana", finish="discard"), player("Bo: r3"),
             melds=[("r4 r5 r6", "Ana")]),
        ["Ana", "discarding a joker"], id="the last discard must be a joker"),
]


@pytest.mark.parametrize(("data", "fragments"), RULE_CHECKS)
def test_a_hand_that_breaks_a_rule_is_refused_naming_player_and_tile(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message


# (hand, fragments) for the hand format's own fields
FIELD_CHECKS = [
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3")) | {"dealer": "Ana"},
                 ["unknown field 'dealer'"], id="an unknown hand field"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3", colour="red")),
                 ["Bo", "unknown field 'colour'"], id="an unknown player field"),
    pytest.param({"variant": "rummikub", "players": [out("Ana"), player("Bo: r3")],
                  "melds": [{"tiles": "r4 r5 r6", "by": "Ana", "when": 3}]},
                 ["meld 1", "unknown field 'when'"], id="an unknown meld field"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3", rack_points=3)),
                 ["Bo", "not both"], id="rack and rack_points both given"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3", rack_jokers=1)),
                 ["Bo", "not both"], id="rack and rack_jokers both given"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3"),
                      melds=[("r4 r5 r6", "Dan")]),
                 ["meld 1", "'Dan' is not a player"], id="by names an unknown player"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3"),
                      melds=[("r4 r5 r6", ["Ana", "Bo"])]),
                 ["meld 1", "2 players for 3 tiles"], id="by of the wrong length"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3"),
                      melds=[("r4 r5 r6", 7)]),
                 ["meld 1", "by"], id="by of the wrong type"),
    pytest.param(hand("nonsense", out("Ana"), player("Bo: r3")),
                 ["unknown variant 'nonsense'", "rummikub"], id="an unknown variant"),
    pytest.param({"players": [out("Ana"), player("Bo: r3")]},
                 ["variant"], id="no variant"),
    pytest.param(hand("rummikub"), ["players"], id="no players"),
    pytest.param({"variant": "rummikub", "players": "Ana Bo"}, ["players"],
                 id="players not a list"),
    pytest.param(["rummikub"], ["JSON object"], id="a hand that is no object"),
    pytest.param(hand("rummikub", out("Ana"), {"rack": "r3"}), ["player 2", "name"],
                 id="a player without a name"),
    pytest.param(hand("rummikub", out("Ana"), "Bo"), ["player 2"], id="a player not an object"),
    pytest.param(hand("rummikub", out("Ana"), player("ana: r3")), ["ana", "twice"],
                 id="the same name twice"),
    pytest.param(hand("rummikub", out("A"), player("B: r3"), player("C: r4"), player("D: r5"),
                      player("E: r6")), ["2 to 4 players", "not 5"], id="five players"),
    pytest.param(hand("rummikub", out("Ana")), ["not 1"], id="one player"),
    pytest.param(hand("rummikub", out("Ana") | {"went_out": "yes"}, player("Bo: r3")),
                 ["Ana", "went out must be true or false"], id="went_out not a boolean"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack": 12}),
                 ["Bo", "rack must be tiles"], id="rack not text"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": "12"}),
                 ["Bo", "rack points must be a whole number"], id="rack_points as text"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": -3}),
                 ["Bo", "rack points must be a whole number"], id="negative rack_points"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": 2.5}),
                 ["Bo", "rack_points"], id="fractional rack_points"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": True}),
                 ["Bo", "rack_points"], id="rack_points a boolean"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_jokers": 3}),
                 ["Bo", "jokers on the rack must be a whole number from 0 to 2"],
                 id="rack_jokers past 2"),
    pytest.param(hand("rummy-meld", out("Ana"), player("Bo: j", swapped_jokers=None)),
                 ["Bo", "swapped jokers must be a whole number"], id="swapped_jokers null"),
    pytest.param(hand("tile-rummy", out("Ana", all_at_once=True, jokers_used=None),
                      player("Bo: r3")), ["Ana", "jokers_used"], id="jokers_used null"),
    pytest.param(hand("romanian", out("Ana", credited_jokers=None), player("Bo: r3")),
                 ["Ana", "credited_jokers"], id="credited_jokers null"),
    pytest.param(hand("rummikub", out("Ana"), {"name": "Bo", "rack_points": 3,
                                               "rack_jokers": None}),
                 ["Bo", "rack_jokers"], id="rack_jokers null"),
    pytest.param(hand("tile-rummy", out("Ana", all_at_once=True, jokers_used=3),
                      player("Bo: r3")), ["Ana", "jokers_used"], id="jokers_used past 2"),
    pytest.param(hand("tile-rummy", out("Ana", jokers_used=1), player("Bo: r3")),
                 ["Ana", "jokers used is only for a hand laid down all at once"],
                 id="jokers_used without all_at_once"),
    pytest.param(hand("tile-rummy", out("Ana"), player("Bo: r3", all_at_once=True)),
                 ["Bo", "all at once is only for the player who went out"],
                 id="all_at_once for a player who did not go out"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3", finish="discard")),
                 ["Bo", "finish is only for the player who went out"],
                 id="finish for a player who did not go out"),
    pytest.param(hand("romanian", out("Ana", finish="shout"), player("Bo: r3")),
                 ["Ana", "'shout' is not a way to go out"], id="an unknown finish"),
    pytest.param(hand("rummy-meld", out("Ana"), player("Bo: r3 j", swapped_jokers=2)),
                 ["Bo", "2 swapped jokers, but only 1 on the rack"],
                 id="more swapped jokers than jokers"),
    pytest.param(hand("romanian", out("Ana"), player("Bo: r3", declared=["lucky"])),
                 ["Bo", "declared"], id="an unknown declaration"),
    pytest.param(hand("rummikub", out("Ana"), player("Bo: r3", declared=["exposed_twin"])),
                 ["Bo", "no bonus for the twin"], id="an exposed twin outside Romanian"),
    pytest.param(hand("romanian", out("Ana"), player("Bo: r3", declared=["exposed_twin"]),
                      player("Cici: r4", declared=["exposed_twin"])),
                 ["only one player"], id="two exposed twins"),
    pytest.param(hand("romanian", out("Ana"), player("Bo: r3", declared=["left_table"])),
                 ["Bo", "leaves the table"], id="leaving the table outside Rummy Meld"),
    pytest.param(hand("rummy-meld", out("Ana", declared=["left_table"]), player("Bo: r3")),
                 ["Ana", "left the table cannot have gone out"],
                 id="went out and left the table"),
    pytest.param(hand("rummikub", out("Ana", melded_points=30), player("Bo: r3")),
                 ["Ana", "scores only the racks"], id="melded points in a racks variant"),
    pytest.param(hand("romanian", out("Ana", melded_points=30), player("Bo: r3"),
                      melds=[("r4 r5 r6", "Bo")]),
                 ["Ana", "not both"], id="melded points and melds both given"),
    pytest.param(hand("romanian", out("Ana", melded_points=30, melded_tiles="r4 r5 r6"),
                      player("Bo: r3")),
                 ["Ana", "melded points or melded tiles, not both"],
                 id="melded points and melded tiles both given"),
    pytest.param(hand("rummy-meld", out("Ana", melded_points=30, credited_jokers=1),
                      player("Bo: r3")),
                 ["Ana", "include it in the melded points"],
                 id="credited jokers where a joker counts its tile"),
    pytest.param(hand("romanian", out("Ana", melded_tiles="r4 r5 j=r6"), player("Bo: r3")),
                 ["Ana", "jokers credited", "j=r6"], id="a Joly among melded tiles"),
    pytest.param(hand("rummy-meld", out("Ana", melded_tiles="r4 r5 j"), player("Bo: r3")),
                 ["Ana", "say which tile the joker stands for"],
                 id="a joker in melded tiles that stands for nothing"),
    pytest.param(hand("romanian", out("Ana", melded_tiles="r1 r2 r3"), player("Bo: r3")),
                 ["Ana", "say where the ace lies", "r1/low"], id="an ace whose place is unknown"),
    pytest.param(hand("romanian", out("Ana", melded_tiles=7), player("Bo: r3")),
                 ["Ana", "melded tiles must be tiles"], id="melded tiles not text"),
    pytest.param({"variant": "rummikub", "players": [out("Ana"), player("Bo: r3")],
                  "melds": "r4 r5 r6"}, ["melds"], id="melds not a list"),
    pytest.param({"variant": "rummikub", "players": [out("Ana"), player("Bo: r3")],
                  "melds": [{"by": "Ana"}]}, ["meld 1", "tiles"], id="a meld without tiles"),
]


@pytest.mark.parametrize(("data", "fragments"), FIELD_CHECKS)
def test_a_hand_with_a_bad_field_is_refused_saying_where(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message


def test_a_refusal_keeps_where_and_detail_apart():
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand("rummikub", out("Ana"), player("Bo: r7 x9")))
    assert caught.value.where == "player Bo, rack"
    assert "x9" in caught.value.detail


def test_exactly_two_copies_and_two_jokers_are_fine():
    read_hand(hand("rummikub", out("Ana"), player("Bo: b7 j"), player("Cici: b7"),
                   melds=[("r5 j r7", "Ana")]))
    read_hand(hand("romanian", out("Ana", finish="joker_discard"), player("Bo: j")))
