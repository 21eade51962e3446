"""Hand scoring for every preset and every ruling of RULES.md.

Every expected number is worked out by hand from RULES.md; the arithmetic is in
the comment beside each case.
"""

import pytest
from hands import went_out

from scorekeeper.engine import (
    PRESETS,
    InvalidHand,
    read_hand,
    read_series,
    score_hand,
    score_series,
)
from scorekeeper.engine.words import english


def hand(variant, *players, melds=None):
    """A hand in the JSON format: players are dicts, or "Name: rack" strings."""
    data = {"variant": variant, "players": [_player(p) for p in players]}
    if melds is not None:
        data["melds"] = [{"tiles": t, "by": by} for t, by in melds]
    return data


def _player(p):
    if isinstance(p, dict):
        return p
    name, _, rack = p.partition(":")
    return {"name": name.strip(), "rack": rack.strip()}


def scored(data):
    """Score a hand, checking that every breakdown adds up and cites a rule and source."""
    result = score_hand(read_hand(data))
    assert list(result.scores) == [p["name"] for p in data["players"]]
    for name, lines in result.breakdown.items():
        assert lines, f"{name} has no breakdown"
        assert sum(line.points for line in lines) == result.scores[name]
        for line in lines:
            assert isinstance(line.points, int)
            assert english(line.rule).strip() and english(line.source).strip()
    return result


def assert_scores(data, scores, winner):
    result = scored(data)
    assert result.scores == scores
    assert result.winner == winner
    return result


# --- Rummikub -----------------------------------------------------------------

RUMMIKUB = [
    pytest.param(
        hand("rummikub", went_out("A"), "B: r12 k3 j", "C: b1 b2"),
        # B 12 + 3 + 30 (joker) = 45; C 1 + 2 = 3; A takes 45 + 3 = 48.
        {"A": 48, "B": -45, "C": -3},
        "A",
        id="went out: the others pay their racks",
    ),
    pytest.param(
        hand("rummikub", "A: r10", "B: b3 k4", "C: y13 j"),
        # Racks 10, 7, 43: B lowest. A -(10-7) = -3; C -(43-7) = -36; B +39.
        {"A": -3, "B": 39, "C": -36},
        "B",
        id="pool ran out: the lowest rack wins",
    ),
    pytest.param(
        hand("rummikub", "A: r3 b4", "B: k7", "C: y10", "D: r13 j"),
        # Ruling: A and B tie on 7; they score 0. C -(10-7) = -3; D -(43-7) = -36.
        {"A": 0, "B": 0, "C": -3, "D": -36},
        None,
        id="pool ran out: a tie for the lowest",
    ),
    pytest.param(
        hand("rummikub", "A: r3", "B: k3"),
        # Both hold 3: nobody wins, both score 0.
        {"A": 0, "B": 0},
        None,
        id="pool ran out: two players tie",
    ),
    pytest.param(
        hand(
            "rummikub",
            went_out("A"),
            {"name": "B", "rack_points": 20, "rack_jokers": 1},
            {"name": "C", "rack_points": 7},
        ),
        # B 20 + 30 = 50; C 7; A 57.
        {"A": 57, "B": -50, "C": -7},
        "A",
        id="racks given as points",
    ),
    pytest.param(
        hand("rummikub", went_out("A"), "B: j j", "C: r1"),
        # B 30 + 30 = 60; C 1 (the ace is 1); A 61.
        {"A": 61, "B": -60, "C": -1},
        "A",
        id="two jokers on a rack",
    ),
]


@pytest.mark.parametrize(("data", "scores", "winner"), RUMMIKUB)
def test_rummikub(data, scores, winner):
    assert_scores(data, scores, winner)


def test_a_rummikub_hand_with_a_winner_sums_to_zero_but_a_tie_does_not():
    for param in RUMMIKUB:
        data, _, winner = param.values
        if winner is not None:
            assert sum(scored(data).scores.values()) == 0
    # The tie ruling: the others still pay the difference, but nobody receives it.
    tie = scored(hand("rummikub", "A: r3 b4", "B: k7", "C: y10"))
    assert sum(tie.scores.values()) == -3


def test_the_tie_ruling_is_cited_as_a_scorekeeper_ruling():
    result = scored(hand("rummikub", "A: r3 b4", "B: k7", "C: y10"))
    (line,) = result.breakdown["A"]
    assert line.points == 0
    assert "Scorekeeper" in english(line.source)
    assert "tie" in english(line.rule)


# The source's worked score table, rebuilt from racks:
# game 1 A goes out: B r5 = 5, C b10 b6 = 16, D k3 = 3; A 5 + 16 + 3 = +24.
# game 2 C goes out: A y6 = 6, B r11 = 11, D k2 k3 = 5; C 6 + 11 + 5 = +22.
# game 3 D goes out: A j r2 = 30 + 2 = 32, B b13 = 13, C y2 = 2; D 32 + 13 + 2 = +47.
# game 4 C goes out: A k10 = 10, B r12 r13 = 25, D b1 b2 b3 = 6; C 10 + 25 + 6 = +41.
# Totals: A 24 - 6 - 32 - 10 = -24; B -5 - 11 - 13 - 25 = -54;
#         C -16 + 22 - 2 + 41 = +45; D -3 - 5 + 47 - 6 = +33.
SCORE_TABLE = {
    "variant": "rummikub",
    "players": ["A", "B", "C", "D"],
    "end": {"rounds": 1},
    "hands": [
        {"players": [went_out("A"), _player("B: r5"), _player("C: b10 b6"), _player("D: k3")]},
        {"players": [_player("A: y6"), _player("B: r11"), went_out("C"), _player("D: k2 k3")]},
        {"players": [_player("A: j r2"), _player("B: b13"), _player("C: y2"), went_out("D")]},
        {
            "players": [
                _player("A: k10"),
                _player("B: r12 r13"),
                went_out("C"),
                _player("D: b1 b2 b3"),
            ]
        },
    ],
}


def test_the_sources_four_hand_table_as_a_series_of_one_round():
    result = score_series(*read_series(SCORE_TABLE))
    assert [h.scores for h in result.hands] == [
        {"A": 24, "B": -5, "C": -16, "D": -3},
        {"A": -6, "B": -11, "C": 22, "D": -5},
        {"A": -32, "B": -13, "C": -2, "D": 47},
        {"A": -10, "B": -25, "C": 41, "D": -6},
    ]
    assert [h.winner for h in result.hands] == ["A", "C", "D", "C"]
    assert result.totals == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert result.games_won == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert result.finished is True
    assert result.winners == ["C"]


# --- Tile Rummy and its 5-10-15 variation ----------------------------------------

TILE_RUMMY = [
    pytest.param(
        hand("tile-rummy", went_out("A"), "B: r12 k3 j", "C: b1 y13"),
        # B 12 + 3 + 25 (joker) = 40; C 1 + 13 = 14; A 54.
        {"A": 54, "B": -40, "C": -14},
        "A",
        id="went out, joker 25 on a rack",
    ),
    pytest.param(
        hand("tile-rummy", went_out("A", all_at_once=True), "B: r12 k3 j", "C: b1 y13"),
        # All at once with no joker: 54 + 500 = 554.
        {"A": 554, "B": -40, "C": -14},
        "A",
        id="all at once, no joker: 500",
    ),
    pytest.param(
        hand("tile-rummy", went_out("A", all_at_once=True, jokers_used=1), "B: r12 k3", "C: y13"),
        # B 15, C 13: 28 + 400 = 428.
        {"A": 428, "B": -15, "C": -13},
        "A",
        id="all at once, one joker: 400",
    ),
    pytest.param(
        hand("tile-rummy", went_out("A", all_at_once=True, jokers_used=2), "B: r12 k3", "C: y13"),
        # 28 + 300 = 328.
        {"A": 328, "B": -15, "C": -13},
        "A",
        id="all at once, two jokers: 300",
    ),
    pytest.param(
        hand("tile-rummy", "A: r5", "B: j", "C: k1 k2"),
        # Nobody went out: everyone minus their own rack, nobody wins.
        {"A": -5, "B": -25, "C": -3},
        None,
        id="pool ran out: everyone pays their rack",
    ),
    pytest.param(
        hand("tile-rummy-5-10-15", went_out("A"), "B: r1 r9 r10 j", "C: b13 b2"),
        # B 15 + 5 + 10 + 25 = 55; C 10 + 5 = 15; A 70.
        {"A": 70, "B": -55, "C": -15},
        "A",
        id="5-10-15: went out",
    ),
    pytest.param(
        hand("tile-rummy-5-10-15", went_out("A", all_at_once=True, jokers_used=1), "B: k1 k2"),
        # B 15 + 5 = 20; A 20 + 400 = 420.
        {"A": 420, "B": -20},
        "A",
        id="5-10-15: all at once, one joker",
    ),
    pytest.param(
        hand("tile-rummy-5-10-15", "A: r1", "B: k9 k13", "C: j"),
        # A 15; B 5 + 10 = 15; C 25: everyone pays, nobody wins.
        {"A": -15, "B": -15, "C": -25},
        None,
        id="5-10-15: pool ran out",
    ),
]


@pytest.mark.parametrize(("data", "scores", "winner"), TILE_RUMMY)
def test_tile_rummy(data, scores, winner):
    assert_scores(data, scores, winner)


def test_the_all_at_once_bonus_has_its_own_line():
    result = scored(TILE_RUMMY[1].values[0])
    assert [line.points for line in result.breakdown["A"]] == [54, 500]


# --- Rummy with card-faced tiles -------------------------------------------------

RUMMY_CARDS = [
    pytest.param(
        hand("rummy-cards", went_out("A"), "B: k13 j", "C: r1"),
        # B 13 + 30 = 43; C 1; A 44.
        {"A": 44, "B": -43, "C": -1},
        "A",
        id="went out, joker 30",
    ),
    pytest.param(
        hand("rummy-cards", "A: k5 k6", "B: r2", "C: j"),
        # After the last-chance round: racks 11, 2, 30. B lowest:
        # A -(11-2) = -9; C -(30-2) = -28; B +37.
        {"A": -9, "B": 37, "C": -28},
        "B",
        id="pool ran out: the lowest rack wins",
    ),
    pytest.param(
        hand("rummy-cards", "A: r2", "B: k2", "C: y9"),
        # The tie ruling as in Rummikub: A and B 0; C -(9-2) = -7.
        {"A": 0, "B": 0, "C": -7},
        None,
        id="pool ran out: a tie for the lowest",
    ),
]


@pytest.mark.parametrize(("data", "scores", "winner"), RUMMY_CARDS)
def test_rummy_cards(data, scores, winner):
    assert_scores(data, scores, winner)


# --- Romanian tile rummy and its variations --------------------------------------

# Ana went out by discarding her last tile.
#   meld 1 b6 b7 b8 by Bo, b9 b10 added by Ana: Bo 5+5+5 = 15, Ana 5+10 = 15
#   meld 2 r1 b1 k1 by Ana (a set of aces): 25 x 3 = 75
#   meld 3 y11 y12 j=y13 by Cici: 10 + 10, and the Joly +50 for Cici
#   meld 4 k12 k13 k1 by Ana (a high run, the ace 10): 30
# Ana 100 + 15 + 75 + 30 = 220
# Bo 15 - (r5 5 + j 25) = -15
# Cici 20 + 50 - (y1 25 (ruling: a loose ace 25) + k13 10) = 35
ROMANIAN_MELDS = [
    ("b6 b7 b8 b9 b10", ["Bo", "Bo", "Bo", "Ana", "Ana"]),
    ("r1 b1 k1", "Ana"),
    ("y11 y12 j", "Cici"),
    ("k12 k13 k1", "Ana"),
]


def romanian(
    variant="romanian", ana=None, bo="r5 j", cici="y1 k13", melds=ROMANIAN_MELDS, **cici_extra
):
    return hand(
        variant,
        ana or went_out("Ana", finish="discard"),
        _player(f"Bo: {bo}"),
        {"name": "Cici", "rack": cici, **cici_extra},
        melds=melds,
    )


# A small hand for the never-opened rules: Ana went out with r3 r4 r5 (15);
# Bo never melded and holds k7 k9 j (5 + 5 + 25 = 35); Cici melded b10 b11 b12 (30)
# and holds y2 (5).
SMALL = [("r3 r4 r5", "Ana"), ("b10 b11 b12", "Cici")]


def small(variant, ana=None, **cici_extra):
    return hand(
        variant,
        ana or went_out("Ana"),
        _player("Bo: k7 k9 j"),
        {"name": "Cici", "rack": "y2", **cici_extra},
        melds=SMALL,
    )


ROMANIAN = [
    pytest.param(
        romanian(),
        {"Ana": 220, "Bo": -15, "Cici": 35},
        "Ana",
        id="went out: 100 + melded; others melded - rack; Joly +50, -25",
    ),
    pytest.param(
        small("romanian"),
        # Ana 100 + 15 = 115; Bo never opened -200; Cici 30 - 5 = 25.
        {"Ana": 115, "Bo": -200, "Cici": 25},
        "Ana",
        id="never opened: -200",
    ),
    pytest.param(
        small("romanian-100-plus-rack"),
        # Bo -(100 + 35) = -135.
        {"Ana": 115, "Bo": -135, "Cici": 25},
        "Ana",
        id="100-plus-rack: never opened costs 100 + rack",
    ),
    pytest.param(
        small("romanian", ana=went_out("Ana", all_at_once=True)),
        # Ana 100 + 100 + 15 = 215.
        {"Ana": 215, "Bo": -200, "Cici": 25},
        "Ana",
        id="all at once: +100",
    ),
    pytest.param(
        small("romanian", declared=["exposed_twin"]),
        # Cici 30 - 5 + 25 = 50.
        {"Ana": 115, "Bo": -200, "Cici": 50},
        "Ana",
        id="exposed twin: +25",
    ),
    pytest.param(
        small("romanian-joly-double", ana=went_out("Ana", finish="joker_discard")),
        # Ana (100 + 15) x 2 = 230. The discarded Joly is one of the two
        # jokers (Bo holds the other).
        {"Ana": 230, "Bo": -200, "Cici": 25},
        "Ana",
        id="joly-double: doubled",
    ),
    pytest.param(
        small("romanian-joly-double", ana=went_out("Ana", finish="discard")),
        {"Ana": 115, "Bo": -200, "Cici": 25},
        "Ana",
        id="joly-double: a plain discard is not doubled",
    ),
    pytest.param(
        small("romanian", ana=went_out("Ana", finish="joker_discard")),
        {"Ana": 115, "Bo": -200, "Cici": 25},
        "Ana",
        id="plain romanian: a Joly discard is not doubled",
    ),
    pytest.param(
        small("romanian-45"),
        {"Ana": 115, "Bo": -200, "Cici": 25},
        "Ana",
        id="romanian-45 scores as romanian",
    ),
    pytest.param(
        small("romanian-discard-opening"),
        {"Ana": 115, "Bo": -200, "Cici": 25},
        "Ana",
        id="romanian-discard-opening scores as romanian",
    ),
    pytest.param(
        hand(
            "romanian", _player("Ana: r9"), _player("Bo: k7 k9 j"), _player("Cici: y2"), melds=SMALL
        ),
        # Pool ran out: no 100, nobody wins. Ana 15 - 5 = 10; Bo still -200;
        # Cici 30 - 5 = 25.
        {"Ana": 10, "Bo": -200, "Cici": 25},
        None,
        id="pool ran out",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana"),
            _player("Bo: r2"),
            melds=[("k4 k5 k6", "Ana"), ("r10 r11 j r13", ["Bo", "Bo", "Ana", "Bo"])],
        ),
        # The Joly lies in Bo's run but Ana melded it first: +50 for Ana.
        # Ana 100 + 15 + 50 = 165; Bo 10 + 10 + 10 - 5 = 25.
        {"Ana": 165, "Bo": 25},
        "Ana",
        id="the Joly scores for the credited player",
    ),
    pytest.param(
        hand("romanian", went_out("Ana"), _player("Bo: r1 r2")),
        # A player who went out with nothing melded (all in one discard) still
        # went out: 100. Bo never opened: -200 (not -(25 + 5)).
        {"Ana": 100, "Bo": -200},
        "Ana",
        id="never opened ignores the rack",
    ),
    pytest.param(
        hand(
            "romanian",
            went_out("Ana", melded_points=40, credited_jokers=1),
            {"name": "Bo", "melded_tiles": "k12 k13 k1/high", "rack": "r9"},
            {"name": "Cici", "melded_tiles": "b1/set y1/set r1/low r2 r3", "rack": "j"},
        ),
        # Count mode. Ana 100 + 40 + 50 = 190; Bo 10 + 10 + 10 - 5 = 25;
        # Cici 25 + 25 + 5 + 5 + 5 - 25 = 40.
        {"Ana": 190, "Bo": 25, "Cici": 40},
        "Ana",
        id="count mode",
    ),
]


@pytest.mark.parametrize(("data", "scores", "winner"), ROMANIAN)
def test_romanian(data, scores, winner):
    assert_scores(data, scores, winner)


def test_romanian_never_opened_and_100_plus_rack_cite_the_variations():
    (line,) = scored(small("romanian-100-plus-rack")).breakdown["Bo"]
    assert line.points == -135
    assert "variations" in english(line.source)
    assert "Romanian" in english(line.source)


def test_the_joly_double_line_doubles_the_whole_hand():
    result = scored(small("romanian-joly-double", ana=went_out("Ana", finish="joker_discard")))
    assert [line.points for line in result.breakdown["Ana"]] == [100, 15, 115]


# --- Rummy Meld and its closing rules ---------------------------------------------

# Ana went out by discarding:
#   r1 r2 r3 (low run: 5 + 5 + 5) and k12 k13 k1 (high run: 10 + 10 + 10) by Ana = 45
#   b10 b11 b12 by Bo = 30
#   y5 j y7 by Cici: the joker counts the y6 it stands for: 5 + 5 + 5 = 15
# Ana 200 + 45 = 245; Bo 30 - (j 50 + r1 5) = -25; Cici 15 - (k9 5 + k10 10) = 0.
MELD_MELDS = [
    ("r1 r2 r3", "Ana"),
    ("k12 k13 k1", "Ana"),
    ("b10 b11 b12", "Bo"),
    ("y5 j y7", "Cici"),
]


def rummy_meld(variant="rummy-meld", finish="discard", bo=None, cici=None, ana=None):
    return hand(
        variant,
        ana or went_out("Ana", finish=finish),
        bo or _player("Bo: j r1"),
        cici or _player("Cici: k9 k10"),
        melds=MELD_MELDS,
    )


RUMMY_MELD = [
    pytest.param(
        rummy_meld(),
        {"Ana": 245, "Bo": -25, "Cici": 0},
        "Ana",
        id="went out: 200 + melded; joker on a rack 50, ace 5",
    ),
    pytest.param(
        rummy_meld(bo={"name": "Bo", "rack": "j r1", "swapped_jokers": 1}),
        # The joker Bo took by a swap costs 0: 30 - 5 = 25.
        {"Ana": 245, "Bo": 25, "Cici": 0},
        "Ana",
        id="a swapped joker costs 0",
    ),
    pytest.param(
        rummy_meld(bo={"name": "Bo", "rack_points": 5, "rack_jokers": 1, "swapped_jokers": 1}),
        {"Ana": 245, "Bo": 25, "Cici": 0},
        "Ana",
        id="a swapped joker costs 0 (rack as points)",
    ),
    pytest.param(
        rummy_meld(cici={"name": "Cici", "rack": "k9 k10", "declared": ["left_table"]}),
        # Cici left the table: -150 replaces her score.
        {"Ana": 245, "Bo": -25, "Cici": -150},
        "Ana",
        id="left the table: -150",
    ),
    pytest.param(
        rummy_meld(ana=_player("Ana: r9")),
        # Stalemate: nobody wins; Ana 45 - 5 = 40; the others as before.
        {"Ana": 40, "Bo": -25, "Cici": 0},
        None,
        id="stalemate",
    ),
    pytest.param(
        hand("rummy-meld", went_out("Ana"), _player("Bo: r13 k1 j"), melds=[("r2 r3 r4", "Ana")]),
        # Bo never melded: Rummy Meld has no fixed penalty, -(10 + 5 + 50) = -65.
        # Ana 200 + 15 = 215 (going out by discarding, the usual way).
        {"Ana": 215, "Bo": -65},
        "Ana",
        id="never opened only pays the rack",
    ),
    pytest.param(
        rummy_meld("rummy-meld", finish="joker_discard", bo=_player("Bo: r1")),
        # Discarding a joker is discarding the last tile. Bo 30 - 5 = 25.
        {"Ana": 245, "Bo": 25, "Cici": 0},
        "Ana",
        id="a joker discard is a discard",
    ),
    pytest.param(
        rummy_meld("rummy-meld-rack-empty", finish="rack_empty"),
        {"Ana": 245, "Bo": -25, "Cici": 0},
        "Ana",
        id="rack-empty: emptying allowed",
    ),
    pytest.param(
        rummy_meld("rummy-meld-rack-empty", finish="discard"),
        {"Ana": 245, "Bo": -25, "Cici": 0},
        "Ana",
        id="rack-empty: discard allowed",
    ),
    pytest.param(
        rummy_meld("rummy-meld-discard-jolly", finish="joker_discard", bo=_player("Bo: r1")),
        {"Ana": 245, "Bo": 25, "Cici": 0},
        "Ana",
        id="discard-jolly: joker discard",
    ),
    pytest.param(
        hand("rummy-meld-minimum-points", went_out("Ana", melded_points=200), _player("Bo: r1")),
        # Exactly 200 melded points is enough: 200 + 200 = 400; Bo -5.
        {"Ana": 400, "Bo": -5},
        "Ana",
        id="minimum-points: 200 melded is enough",
    ),
    pytest.param(
        hand(
            "rummy-meld-minimum-points",
            _player("Ana: r9"),
            {"name": "Bo", "melded_points": 20, "rack": "r1"},
        ),
        # Nobody went out: the minimum does not apply. Ana -5; Bo 20 - 5 = 15.
        {"Ana": -5, "Bo": 15},
        None,
        id="minimum-points: stalemate",
    ),
    pytest.param(
        hand(
            "rummy-meld",
            went_out("Ana", melded_tiles="r12 r13 r1/high j=r11"),
            {"name": "Bo", "melded_tiles": "b1/set k1/set y1/set", "rack": "j"},
        ),
        # Count mode: Ana 200 + 10 x 4 = 240; Bo 25 x 3 - 50 = 25.
        {"Ana": 240, "Bo": 25},
        "Ana",
        id="count mode with aces and a joker",
    ),
]


@pytest.mark.parametrize(("data", "scores", "winner"), RUMMY_MELD)
def test_rummy_meld(data, scores, winner):
    assert_scores(data, scores, winner)


@pytest.mark.parametrize(
    ("variant", "finish", "fragment"),
    [
        ("rummy-meld", "rack_empty", "emptying the rack"),
        ("rummy-meld-discard-jolly", "rack_empty", "emptying the rack"),
        ("rummy-meld-discard-jolly", "discard", "discarding the last tile"),
        ("rummy-meld-minimum-points", "rack_empty", "emptying the rack"),
        ("romanian", "rack_empty", "emptying the rack"),
        ("rummikub", "discard", "discarding the last tile"),
    ],
)
def test_a_closing_the_variant_forbids_is_refused(variant, finish, fragment):
    data = hand(
        variant,
        went_out("Ana", finish=finish),
        _player("Bo: r1"),
        melds=[("r2 r3 r4", "Ana")] if PRESETS[variant].scoring == "melded" else None,
    )
    with pytest.raises(InvalidHand) as caught:
        read_hand(data)
    assert "Ana" in str(caught.value)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    "ana",
    [
        went_out("Ana", melded_points=199),
        went_out("Ana", melded_tiles="r12 r13 r1/high"),  # 30
        went_out("Ana"),  # nothing melded at all
    ],
)
def test_going_out_below_the_minimum_melded_points_is_refused(ana):
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand("rummy-meld-minimum-points", ana, _player("Bo: r1")))
    message = str(caught.value)
    assert "Ana" in message
    assert "at least 200" in message


def test_going_out_below_the_minimum_with_melds_on_the_table_is_refused():
    # Ana melded 45 on the table (RULES: the hand is refused with a clear error).
    data = rummy_meld("rummy-meld-minimum-points")
    with pytest.raises(InvalidHand, match=r"Ana.*went out with 45 melded points.*at least 200"):
        read_hand(data)


# --- Every preset ---------------------------------------------------------------


# Ana went out the preset's usual way, Bo holds k13 (13 at face value, 10 banded
# or 5-10-15). In the presets that score melded value Ana melded 200 (count mode)
# and Bo nothing.
EVERY_PRESET = {
    "rummikub": (13, -13),
    "tile-rummy": (13, -13),
    "tile-rummy-5-10-15": (10, -10),
    "rummy-cards": (13, -13),
    "romanian": (300, -200),  # 100 + 200; Bo never opened
    "romanian-100-plus-rack": (300, -110),  # Bo -(100 + 10)
    "romanian-45": (300, -200),
    "romanian-discard-opening": (300, -200),
    "romanian-joly-double": (300, -200),  # the usual way is a plain discard
    "rummy-meld": (400, -10),  # 200 + 200; no fixed penalty for never opening
    "rummy-meld-rack-empty": (400, -10),
    "rummy-meld-discard-jolly": (400, -10),  # going out on a joker: not doubled here
    "rummy-meld-minimum-points": (400, -10),
}


def test_the_table_above_covers_every_preset():
    assert sorted(EVERY_PRESET) == sorted(PRESETS)


@pytest.mark.parametrize(("variant_id", "expected"), list(EVERY_PRESET.items()))
def test_every_preset_scores_a_hand_where_someone_went_out(variant_id, expected):
    v = PRESETS[variant_id]
    extra = {"melded_points": 200} if v.scoring == "melded" else {}
    ana = went_out("Ana", finish=v.finishes[0], **extra)
    result = scored(hand(variant_id, ana, _player("Bo: k13")))
    assert result.winner == "Ana"
    assert result.scores == {"Ana": expected[0], "Bo": expected[1]}
