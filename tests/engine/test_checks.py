"""Every check a hand must pass (RULES.md, "Checks every hand must pass"), and the
hand format's own field checks. A refusal names the player and the tile."""

import itertools

import pytest
from hands import went_out

from scorekeeper.engine import PRESETS, InvalidHand, read_hand, score_hand
from scorekeeper.engine.checks import player_fields
from scorekeeper.engine.words import english


def player(text, **extra):
    """'Ana: r5 j' is Ana with that rack."""
    name, _, rack = text.partition(":")
    return {"name": name.strip(), "rack": rack.strip(), **extra}


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
        hand("rummikub", went_out("Ana"), player("Bo: b7 b7"), player("Cici: b7")),
        ["3 copies of b7", "Bo", "Cici"],
        id="three copies on racks",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: r1"),
            player("Cici: b7"),
            melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Bo")],
        ),
        ["3 copies of b7", "Ana", "Bo", "Cici"],
        id="three copies across table and rack",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: r1"),
            player("Cici: k2"),
            melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Bo"), ("b5 b6 b7", "Cici")],
        ),
        ["3 copies of b7", "Ana", "Bo", "Cici"],
        id="three copies in three melds",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana"),
            player("Bo: r1"),
            melds=[("b7 b8 b9", "Ana"), ("b7 r7 k7", "Ana"), ("b5 b6 b7", "Ana")],
        ),
        ["3 copies of b7", "Ana"],
        id="three copies in one player's melds",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana"),
            player("Bo: r9"),
            {"name": "Cici", "melded_tiles": "r9 r10 r11", "rack": "r9"},
        ),
        ["3 copies of r9", "Bo", "Cici"],
        id="three copies with melded tiles",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: j j"), player("Cici: j")),
        ["jokers", "Bo", "Cici"],
        id="three jokers on racks",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: j"),
            player("Cici: r1"),
            melds=[("r5 j r7", "Ana"), ("b5 b6 j", "Cici")],
        ),
        ["jokers", "Ana", "Bo", "Cici"],
        id="three jokers across table and rack",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", finish="joker_discard"),
            player("Bo: j"),
            melds=[("r5 j r7", "Bo")],
        ),
        ["jokers", "Ana", "last discard", "Bo"],
        id="three jokers with a joker discard",
    ),
    pytest.param(
        hand(
            "rummy-meld-discard-jolly", went_out("Ana", finish="joker_discard"), player("Bo: j j")
        ),
        ["jokers", "Ana", "Bo"],
        id="a joker discard and two jokers on a rack",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", credited_jokers=2), player("Bo: j")),
        ["jokers", "Ana", "Bo"],
        id="three jokers with credited jokers",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            {"name": "Bo", "rack_points": 4, "rack_jokers": 2},
            player("Cici: j"),
        ),
        ["jokers", "Bo", "Cici"],
        id="three jokers with rack_jokers",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r7 x9")),
        ["Bo", "x9", "not a tile"],
        id="a token that is no tile on a rack",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r7 r14")),
        ["Bo", "r14"],
        id="a number past 13 on a rack",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r7 j=r8")),
        ["Bo", "j=r8"],
        id="a joker on a rack that stands for a tile",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r7"), melds=[("r4 r5 q6", "Ana")]),
        ["Ana", "q6", "not a tile"],
        id="a token that is no tile in a meld",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: r7"),
            melds=[("r4 r5 r6 z7", ["Bo", "Bo", "Bo", "Ana"])],
        ),
        ["Ana", "z7", "not a tile"],
        id="a token that is no tile added by another player",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", melded_tiles="r4 r5 x6"), player("Bo: r7")),
        ["Ana", "x6", "not a tile"],
        id="a token that is no tile in melded tiles",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), went_out("Bo"), player("Cici: r3")),
        ["Ana", "Bo", "both went out"],
        id="two players who went out",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana") | {"rack": "r5 j"}, player("Bo: r3")),
        ["Ana", "r5 j", "went out but still has tiles"],
        id="went out with tiles left",
    ),
    pytest.param(
        hand("rummikub", {"name": "Ana", "went_out": True, "rack_points": 7}, player("Bo: r3")),
        ["Ana", "7 points", "went out but still has tiles"],
        id="went out with rack points left",
    ),
    pytest.param(
        hand("rummikub", {"name": "Ana", "went_out": True, "rack_jokers": 1}, player("Bo: r3")),
        ["Ana", "went out but still has tiles"],
        id="went out with a joker left",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3"), melds=[("r5 r6 r8", "Ana")]),
        ["Ana", "r5 r6 r8", "r7 missing"],
        id="an illegal meld",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: r3"),
            melds=[("r12 r13 r1", ["Ana", "Ana", "Bo"])],
        ),
        ["Ana", "Bo", "r12 r13 r1", "12-13-1"],
        id="a high run where the ace is only low",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: r3"), melds=[("k13 k1 k2", "Bo")]),
        ["Bo", "k13 k1 k2", "round the corner"],
        id="a wrapping run",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: r3"), melds=[("b5 y5 j j", "Ana")]),
        ["Ana", "b5 y5 j j", "twice as many"],
        id="a Romanian set with two Jolys",
    ),
    pytest.param(
        hand("rummy-cards", went_out("Ana"), player("Bo: r3"), melds=[("k4 j j k7", "Ana")]),
        ["Ana", "k4 j j k7", "at most 1 joker"],
        id="two jokers with card-faced tiles",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana"), player("Bo: r3"), melds=[("k4 k5 j j k8", "Ana")]),
        ["Ana", "k4 k5 j j k8", "next to each other"],
        id="Rummy Meld jokers side by side",
    ),
    pytest.param(
        hand(
            "rummy-meld",
            went_out("Ana", finish="rack_empty"),
            player("Bo: r3"),
            melds=[("r4 r5 r6", "Ana")],
        ),
        ["Ana", "emptying the rack"],
        id="a closing the variant forbids",
    ),
    pytest.param(
        hand(
            "rummy-meld-discard-jolly",
            went_out("Ana", finish="discard"),
            player("Bo: r3"),
            melds=[("r4 r5 r6", "Ana")],
        ),
        ["Ana", "discarding a joker"],
        id="the last discard must be a joker",
    ),
]


@pytest.mark.parametrize(("data", "fragments"), RULE_CHECKS)
def test_a_hand_that_breaks_a_rule_is_refused_naming_player_and_tile(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message


# (hand, fragments) for the hand format's own fields
FIELD_CHECKS = [
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3")) | {"dealer": "Ana"},
        ["unknown field 'dealer'"],
        id="an unknown hand field",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3", colour="red")),
        ["Bo", "unknown field 'colour'"],
        id="an unknown player field",
    ),
    pytest.param(
        {
            "variant": "rummikub",
            "players": [went_out("Ana"), player("Bo: r3")],
            "melds": [{"tiles": "r4 r5 r6", "by": "Ana", "when": 3}],
        },
        ["meld 1", "unknown field 'when'"],
        id="an unknown meld field",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3", rack_points=3)),
        ["Bo", "not both"],
        id="rack and rack_points both given",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3", rack_jokers=1)),
        ["Bo", "not both"],
        id="rack and rack_jokers both given",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3"), melds=[("r4 r5 r6", "Dan")]),
        ["meld 1", "'Dan' is not a player"],
        id="by names an unknown player",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3"), melds=[("r4 r5 r6", ["Ana", "Bo"])]),
        ["meld 1", "2 players for 3 tiles"],
        id="by of the wrong length",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3"), melds=[("r4 r5 r6", 7)]),
        ["meld 1", "by"],
        id="by of the wrong type",
    ),
    pytest.param(
        hand("nonsense", went_out("Ana"), player("Bo: r3")),
        ["unknown variant 'nonsense'", "rummikub"],
        id="an unknown variant",
    ),
    pytest.param({"players": [went_out("Ana"), player("Bo: r3")]}, ["variant"], id="no variant"),
    pytest.param(hand("rummikub"), ["players"], id="no players"),
    pytest.param(
        {"variant": "rummikub", "players": "Ana Bo"}, ["players"], id="players not a list"
    ),
    pytest.param(["rummikub"], ["JSON object"], id="a hand that is no object"),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"rack": "r3"}),
        ["player 2", "name"],
        id="a player without a name",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), "Bo"), ["player 2"], id="a player not an object"
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("ana: r3")),
        ["ana", "twice"],
        id="the same name twice",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("A"),
            player("B: r3"),
            player("C: r4"),
            player("D: r5"),
            player("E: r6"),
        ),
        ["2 to 4 players", "not 5"],
        id="five players",
    ),
    pytest.param(hand("rummikub", went_out("Ana")), ["not 1"], id="one player"),
    pytest.param(
        hand("rummikub", went_out("Ana") | {"went_out": "yes"}, player("Bo: r3")),
        ["Ana", "went out must be true or false"],
        id="went_out not a boolean",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack": 12}),
        ["Bo", "rack must be tiles"],
        id="rack not text",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": "12"}),
        ["Bo", "rack points must be a whole number"],
        id="rack_points as text",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": -3}),
        ["Bo", "rack points must be a whole number"],
        id="negative rack_points",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": 2.5}),
        ["Bo", "rack_points"],
        id="fractional rack_points",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": True}),
        ["Bo", "rack_points"],
        id="rack_points a boolean",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_jokers": 3}),
        ["Bo", "jokers on the rack must be a whole number from 0 to 2"],
        id="rack_jokers past 2",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana"), player("Bo: j", swapped_jokers=None)),
        ["Bo", "swapped jokers must be a whole number"],
        id="swapped_jokers null",
    ),
    pytest.param(
        hand("tile-rummy", went_out("Ana", all_at_once=True, jokers_used=None), player("Bo: r3")),
        ["Ana", "jokers_used"],
        id="jokers_used null",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", credited_jokers=None), player("Bo: r3")),
        ["Ana", "credited_jokers"],
        id="credited_jokers null",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": 3, "rack_jokers": None}),
        ["Bo", "rack_jokers"],
        id="rack_jokers null",
    ),
    pytest.param(
        hand("tile-rummy", went_out("Ana", all_at_once=True, jokers_used=3), player("Bo: r3")),
        ["Ana", "jokers_used"],
        id="jokers_used past 2",
    ),
    pytest.param(
        hand("tile-rummy", went_out("Ana", jokers_used=1), player("Bo: r3")),
        ["Ana", "jokers used is only for a hand laid down all at once"],
        id="jokers_used without all_at_once",
    ),
    pytest.param(
        hand("tile-rummy", went_out("Ana"), player("Bo: r3", all_at_once=True)),
        ["Bo", "all at once is only for the player who went out"],
        id="all_at_once for a player who did not go out",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3", finish="discard")),
        ["Bo", "finish is only for the player who went out"],
        id="finish for a player who did not go out",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", finish="shout"), player("Bo: r3")),
        ["Ana", "'shout' is not a way to go out"],
        id="an unknown finish",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana"), player("Bo: r3 j", swapped_jokers=2)),
        ["Bo", "2 swapped jokers, but only 1 on the rack"],
        id="more swapped jokers than jokers",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: r3", declared=["lucky"])),
        ["Bo", "declared"],
        id="an unknown declaration",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3", declared=["exposed_twin"])),
        ["Bo", "no bonus for the twin"],
        id="an exposed twin outside Romanian",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana"),
            player("Bo: r3", declared=["exposed_twin"]),
            player("Cici: r4", declared=["exposed_twin"]),
        ),
        ["only one player"],
        id="two exposed twins",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: r3", declared=["left_table"])),
        ["Bo", "leaves the table"],
        id="leaving the table outside Rummy Meld",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana", declared=["left_table"]), player("Bo: r3")),
        ["Ana", "left the table cannot have gone out"],
        id="went out and left the table",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana", melded_points=30), player("Bo: r3")),
        ["Ana", "scores only the racks"],
        id="melded points in a racks variant",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", melded_points=30),
            player("Bo: r3"),
            melds=[("r4 r5 r6", "Bo")],
        ),
        ["Ana", "not both"],
        id="melded points and melds both given",
    ),
    pytest.param(
        hand(
            "romanian", went_out("Ana", melded_points=30, melded_tiles="r4 r5 r6"), player("Bo: r3")
        ),
        ["Ana", "melded points or melded tiles, not both"],
        id="melded points and melded tiles both given",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana", melded_points=30, credited_jokers=1), player("Bo: r3")),
        ["Ana", "include it in the melded points"],
        id="credited jokers where a joker counts its tile",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", melded_tiles="r4 r5 j=r6"), player("Bo: r3")),
        ["Ana", "jokers credited", "j=r6"],
        id="a Joly among melded tiles",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana", melded_tiles="r4 r5 j"), player("Bo: r3")),
        ["Ana", "say which tile the joker stands for"],
        id="a joker in melded tiles that stands for nothing",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", melded_tiles="r1 r2 r3"), player("Bo: r3")),
        ["Ana", "say where the ace lies", "r1/low"],
        id="an ace whose place is unknown",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", melded_tiles=7), player("Bo: r3")),
        ["Ana", "melded tiles must be tiles"],
        id="melded tiles not text",
    ),
    pytest.param(
        {
            "variant": "rummikub",
            "players": [went_out("Ana"), player("Bo: r3")],
            "melds": "r4 r5 r6",
        },
        ["melds"],
        id="melds not a list",
    ),
    pytest.param(
        {
            "variant": "rummikub",
            "players": [went_out("Ana"), player("Bo: r3")],
            "melds": [{"by": "Ana"}],
        },
        ["meld 1", "tiles"],
        id="a meld without tiles",
    ),
]


@pytest.mark.parametrize(("data", "fragments"), FIELD_CHECKS)
def test_a_hand_with_a_bad_field_is_refused_saying_where(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message


def test_a_refusal_keeps_where_and_detail_apart():
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand("rummikub", went_out("Ana"), player("Bo: r7 x9")))
    assert english(caught.value.where) == "player Bo, rack"
    assert "x9" in english(caught.value.detail)


def test_exactly_two_copies_and_two_jokers_are_fine():
    read_hand(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: b7 j"),
            player("Cici: b7"),
            melds=[("r5 j r7", "Ana")],
        )
    )
    read_hand(hand("romanian", went_out("Ana", finish="joker_discard"), player("Bo: j")))


# --- Jokers of every origin count together (RULES.md: racks, table, credited,
# used all at once, discarded to go out) -----------------------------------------


def tile_rummy_at_once(used=None, bo="r5", cici=None, melds=None):
    ana = went_out("Ana", all_at_once=True) | ({} if used is None else {"jokers_used": used})
    cici_entry = (
        {"name": "Cici", "rack_points": 4, "rack_jokers": cici} if cici else player("Cici: r9")
    )
    return hand("tile-rummy", ana, player(f"Bo: {bo}"), cici_entry, melds=melds)


ANA_AT_ONCE_MELDS = [("r1 r2 j=r3", "Ana"), ("k5 k6 k7 k8", "Ana"), ("b9 y9 r9", "Ana")]

JOKER_ORIGINS = [
    pytest.param(
        tile_rummy_at_once(used=2, bo="j r5"),
        ["3 jokers", "Ana", "jokers used", "Bo's rack"],
        id="jokers used all at once and a joker on a rack",
    ),
    pytest.param(
        tile_rummy_at_once(used=2, cici=1),
        ["3 jokers", "Ana", "Cici"],
        id="jokers used all at once and rack jokers",
    ),
    pytest.param(
        tile_rummy_at_once(used=2, melds=[("r5 j r7", "Bo"), ("b5 b6 j", "Bo")]),
        ["2 jokers used", "the melds show 0 laid by Ana"],
        id="jokers used that the melds do not show",
    ),
    pytest.param(
        tile_rummy_at_once(bo="j j", melds=ANA_AT_ONCE_MELDS),
        ["3 jokers", "meld 1 by Ana", "Bo's rack"],
        id="a joker in the melds laid all at once and two on a rack",
    ),
    pytest.param(
        tile_rummy_at_once(used=0, melds=ANA_AT_ONCE_MELDS),
        ["0 jokers used", "the melds show 1 laid by Ana"],
        id="jokers used contradicting the melds",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out(
                "Ana", finish="joker_discard", all_at_once=True, melded_points=60, credited_jokers=1
            ),
            player("Bo: j"),
        ),
        ["3 jokers", "jokers credited", "last discard", "Bo's rack"],
        id="credited, discarded to go out and on a rack",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", all_at_once=True, melded_points=60, credited_jokers=1, jokers_used=2),
            player("Bo: j"),
        ),
        ["3 jokers", "Ana's jokers used all at once", "Bo's rack"],
        id="more jokers used than credited, and one on a rack",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", all_at_once=True, melded_points=60, credited_jokers=2, jokers_used=1),
            player("Bo: r3"),
        ),
        ["1 jokers used, but the hand shows 2"],
        id="fewer jokers used than credited",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana", melded_tiles="r4 r5 j=r6"), player("Bo: j j")),
        ["3 jokers", "Ana's melded tiles", "Bo's rack"],
        id="a joker among melded tiles and two on a rack",
    ),
]


@pytest.mark.parametrize(("data", "fragments"), JOKER_ORIGINS)
def test_jokers_of_every_origin_count_together(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message


def test_jokers_used_all_at_once_and_on_racks_are_refused_exactly_past_two():
    for used, on_rack, rack_jokers in itertools.product(range(3), repeat=3):
        data = tile_rummy_at_once(
            used=used, bo=" ".join(["r5"] + ["j"] * on_rack), cici=rack_jokers
        )
        if used + on_rack + rack_jokers > 2:
            assert "jokers in this hand" in refusal(data), (used, on_rack, rack_jokers)
        else:
            scored = score_hand(read_hand(data))
            assert (
                scored.scores["Ana"]
                == -sum(scored.scores[n] for n in ("Bo", "Cici")) + (500, 400, 300)[used]
            )


def test_credited_discarded_used_and_racked_jokers_are_refused_exactly_past_two():
    for credited, used, discard, on_rack in itertools.product(range(3), range(3), (0, 1), range(3)):
        if used < credited:
            continue  # refused as a contradiction (above)
        ana = went_out(
            "Ana",
            all_at_once=True,
            melded_points=60,
            credited_jokers=credited,
            jokers_used=used,
            finish="joker_discard" if discard else "discard",
        )
        data = hand("romanian", ana, player("Bo: " + " ".join(["r3"] + ["j"] * on_rack)))
        if used + discard + on_rack > 2:
            assert "jokers in this hand" in refusal(data)
        else:
            read_hand(data)


def test_the_all_at_once_bonus_counts_the_jokers_shown_in_the_melds():
    # Tile Rummy: one joker in the melds laid all at once is the 400 bonus, not 500.
    scored = score_hand(read_hand(tile_rummy_at_once(bo="r12", melds=ANA_AT_ONCE_MELDS)))
    assert scored.scores["Ana"] == 12 + 9 + 400
    record = read_hand(tile_rummy_at_once(used=1, bo="r12", melds=ANA_AT_ONCE_MELDS))
    assert record.players[0].jokers_used == 1
    no_joker = [("r1 r2 r3", "Ana"), ("k5 k6 k7 k8", "Ana"), ("b9 y9 r9", "Ana")]
    assert (
        score_hand(read_hand(tile_rummy_at_once(bo="r12", melds=no_joker))).scores["Ana"]
        == 12 + 9 + 500
    )


# --- The turn of the opening, fields without a rule, words and digits ---------

LATER_HOLES = [
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", all_at_once=True),
            player("Bo: r3"),
            melds=[("b6 b7 b8 b9", ["Bo", "Bo", "Bo", "Ana"]), ("k5 k6 k7", "Ana")],
        ),
        ["Ana", "added to Bo's meld", "turn of the opening"],
        id="Romanian all at once with a tile added to another's meld",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana", all_at_once=True), player("Bo: r3")),
        ["Ana", "Rummikub has no rule for going out all at once"],
        id="all at once in Rummikub",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana", all_at_once=True), player("Bo: r3")),
        ["Ana", "no rule for going out all at once"],
        id="all at once in Rummy Meld",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana", jokers_used=1), player("Bo: r3")),
        ["Ana", "no bonus that depends on the jokers used"],
        id="jokers used in Rummikub",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: j r3", swapped_jokers=1)),
        ["Bo", "leave out swapped jokers"],
        id="swapped jokers in Romanian",
    ),
    pytest.param(
        hand("rummikub", {"name": "Ana", "went_out": True, "rack_jokers": 1}, player("Bo: r3")),
        ["Ana", "still has tiles on the rack (1 joker)"],
        id="went out with only rack jokers",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r\uff15")),
        ["Bo", "'r\uff15' is not a tile"],
        id="a full-width digit",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r٣")),
        ["Bo", "'r٣' is not a tile"],
        id="an Arabic-Indic digit",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: \u212a5")),
        ["Bo", "not a tile"],
        id="the Kelvin sign for k",
    ),
]


@pytest.mark.parametrize(("data", "fragments"), LATER_HOLES)
def test_a_hand_the_rules_forbid_is_refused(data, fragments):
    message = refusal(data)
    for fragment in fragments:
        assert fragment in message
    assert "None" not in message


def test_an_all_at_once_hand_of_its_own_melds_is_accepted():
    read_hand(
        hand(
            "romanian",
            went_out("Ana", all_at_once=True),
            player("Bo: r3"),
            melds=[("b6 b7 b8", "Bo"), ("k5 k6 k7", "Ana"), ("r9 b9 y9", "Ana")],
        )
    )


@pytest.mark.parametrize("variant", list(PRESETS))
def test_a_field_is_accepted_exactly_where_the_variant_has_a_rule_for_it(variant):
    v = PRESETS[variant]
    fields = player_fields(v)
    enough = {"melded_points": 250} if v.scoring == "melded" else {}  # minimum-points closing
    samples = {
        "all_at_once": went_out("Ana", all_at_once=True, finish=v.finishes[0], **enough),
        "swapped_jokers": went_out("Ana", finish=v.finishes[0], **enough),
    }
    bo = {"all_at_once": player("Bo: r3"), "swapped_jokers": player("Bo: j r3", swapped_jokers=1)}
    for field, ana in samples.items():
        data = hand(variant, ana, bo[field])
        if field in fields:
            read_hand(data)
        else:
            with pytest.raises(InvalidHand) as caught:
                read_hand(data)
            assert caught.value.field == field


# (hand, player, field, tile, meld): what a refusal is about, as data for the pages
ABOUT = [
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r7 x9")),
        "Bo",
        "rack",
        "x9",
        None,
        id="a token on a rack",
    ),
    pytest.param(
        hand("romanian", went_out("Ana", melded_tiles="r4 x6"), player("Bo: r7")),
        "Ana",
        "melded_tiles",
        "x6",
        None,
        id="a token in melded tiles",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("Ana"),
            player("Bo: r7"),
            melds=[("r4 r5 r6 z7", ["Bo", "Bo", "Bo", "Ana"])],
        ),
        "Ana",
        None,
        "z7",
        0,
        id="a token in a meld, by its supplier",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: b7 b7"), player("Cici: b7")),
        "Cici",
        "rack",
        "b7",
        None,
        id="the third copy",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), player("Bo: r3"), melds=[("r5 r6 r8", "Ana")]),
        "Ana",
        None,
        None,
        0,
        id="an illegal meld",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), player("Bo: r3"), melds=[("k13 k1 k2", "Bo")]),
        "Bo",
        None,
        "k1",
        0,
        id="a wrapping run",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"name": "Bo", "rack_points": -3}),
        "Bo",
        "rack_points",
        None,
        None,
        id="a bad count",
    ),
    pytest.param(
        hand("rummikub", went_out("Ana"), {"rack": "r3"}),
        None,
        "name",
        None,
        None,
        id="a player without a name",
    ),
    pytest.param(
        hand("tile-rummy", went_out("Ana", jokers_used=1), player("Bo: r3")),
        "Ana",
        "jokers_used",
        None,
        None,
        id="jokers used without all at once",
    ),
]


@pytest.mark.parametrize(("data", "name", "field", "tile", "meld"), ABOUT)
def test_a_refusal_says_what_it_is_about_as_data(data, name, field, tile, meld):
    with pytest.raises(InvalidHand) as caught:
        read_hand(data)
    error = caught.value
    assert (error.player, error.field, error.tile, error.meld) == (name, field, tile, meld)
    for internal in ("credited_jokers", "rack_points", "jokers_used", "melded_tiles"):
        assert internal not in english(error.detail)
