"""A series: its end (hands, rounds or a target), totals, hands won and winners."""

import pytest
from hands import rack, went_out

from scorekeeper.engine import (
    PRESETS,
    InvalidHand,
    InvalidSeries,
    SeriesEnd,
    check_player_count,
    read_series,
    score_series,
)
from scorekeeper.engine.series import check_series_setup, read_players, winner_words
from scorekeeper.engine.table import InvalidAction
from scorekeeper.engine.words import english


def won_by(winner, names, racks):
    """A racks-scoring hand: `winner` went out, the others hold `racks` in seat order."""
    others = iter(racks)
    return {"players": [went_out(n) if n == winner else rack(n, next(others)) for n in names]}


def series(variant, names, end, hands):
    return score_series(
        *read_series({"variant": variant, "players": names, "end": end, "hands": hands})
    )


AB = ["A", "B"]
ABC = ["A", "B", "C"]


# (hands, players, end, hands played, finished)
ENDS = [
    ({"hands": 2}, ABC, 1, False),
    ({"hands": 2}, ABC, 2, True),
    ({"rounds": 1}, AB, 1, False),
    ({"rounds": 1}, AB, 2, True),  # a round is as many hands as players
    ({"rounds": 1}, ABC, 2, False),
    ({"rounds": 1}, ABC, 3, True),
    ({"rounds": 2}, AB, 3, False),
    ({"rounds": 2}, AB, 4, True),
    ({"hands": 1}, AB, 0, False),
]


@pytest.mark.parametrize(("end", "names", "played", "finished"), ENDS)
def test_a_series_ends_after_its_hands_or_rounds(end, names, played, finished):
    # Every hand: the first player goes out, the others hold r1 (1 point each).
    hands = [won_by(names[0], names, ["r1"] * (len(names) - 1))] * played
    result = series("rummikub", names, end, hands)
    assert result.finished is finished
    assert result.winners == ([names[0]] if finished else [])
    assert result.totals[names[0]] == played * (len(names) - 1)


def test_a_series_with_a_target_ends_when_someone_reaches_it():
    # tile-rummy: B holds r13 r12 (25) each time, so A has 25, then 50.
    hand = won_by("A", AB, ["r13 r12"])
    first = series("tile-rummy", AB, {"target": 50}, [hand])
    assert (first.totals, first.finished, first.winners) == ({"A": 25, "B": -25}, False, [])
    second = series("tile-rummy", AB, {"target": 50}, [hand, hand])
    assert (second.totals, second.finished, second.winners) == ({"A": 50, "B": -50}, True, ["A"])


@pytest.mark.parametrize(
    ("variant", "end", "hands"),
    [
        ("rummikub", {"hands": 1}, 2),
        ("rummikub", {"rounds": 1}, 3),  # two players: a round is 2 hands
        ("tile-rummy", {"target": 50}, 3),  # reached after the second hand
    ],
)
def test_a_hand_after_the_end_is_refused(variant, end, hands):
    hand = won_by("A", AB, ["r13 r12"])
    with pytest.raises(InvalidSeries, match=f"hand {hands} comes after the series ended"):
        series(variant, AB, end, [hand] * hands)


# Rummikub: the most hands won, a tie going to the highest total.
# hand 1 A goes out, B holds r1: A +1; hand 2 A goes out, B holds r2: A +2;
# hand 3 B goes out, A holds j j r13 (30 + 30 + 13 = 73): B +73.
# Totals A 1 + 2 - 73 = -70, B -1 - 2 + 73 = +70; hands won A 2, B 1.
MOST_HANDS = [won_by("A", AB, ["r1"]), won_by("A", AB, ["r2"]), won_by("B", AB, ["j j r13"])]


def test_rummikub_is_won_by_the_most_hands_even_with_a_lower_total():
    result = series("rummikub", AB, {"hands": 3}, MOST_HANDS)
    assert result.totals == {"A": -70, "B": 70}
    assert result.games_won == {"A": 2, "B": 1}
    assert result.winners == ["A"]


def test_card_faced_rummy_is_won_by_the_highest_total():
    # The same hands, the same numbers (joker 30, face values): B has the higher total.
    result = series("rummy-cards", AB, {"hands": 3}, MOST_HANDS)
    assert result.totals == {"A": -70, "B": 70}
    assert result.winners == ["B"]


@pytest.mark.parametrize(
    ("variant", "hands", "winners"),
    [
        # A +5 then B +3: hands won 1 each, totals A +2, B -2: A on total.
        ("rummikub", [won_by("A", AB, ["r5"]), won_by("B", AB, ["r3"])], ["A"]),
        # A +5 then B +5: level on hands and on total: both win.
        ("rummikub", [won_by("A", AB, ["r5"]), won_by("B", AB, ["r5"])], ["A", "B"]),
        # Tile Rummy, pool ran out twice: A -5 -5, B -5 -5: level, both win.
        ("tile-rummy", [{"players": [rack("A", "r5"), rack("B", "k5")]}] * 2, ["A", "B"]),
        # The highest total: A +5 +5 = 10 beats B's -10.
        ("tile-rummy", [won_by("A", AB, ["r5"]), won_by("A", AB, ["k5"])], ["A"]),
    ],
)
def test_a_tie_under_the_variants_rule_gives_several_winners(variant, hands, winners):
    assert series(variant, AB, {"hands": 2}, hands).winners == winners


def test_rummikub_ties_for_the_lowest_rack_win_no_hand_in_the_series():
    # Pool ran out, A and B tie on 3: nobody wins the hand; C pays 10 - 3 = 7.
    hand = {"players": [rack("A", "r3"), rack("B", "k3"), rack("C", "y10")]}
    result = series("rummikub", ABC, {"hands": 1}, [hand])
    assert result.games_won == {"A": 0, "B": 0, "C": 0}
    assert result.totals == {"A": 0, "B": 0, "C": -7}
    assert result.winners == ["A", "B"]  # level on hands won (0) and on total (0)


def test_a_romanian_series_to_a_target():
    # Ana goes out with r3 r4 r5 (15): 100 + 15 = 115; Bo never opened: -200.
    hand = {
        "players": [{"name": "Ana", "went_out": True, "rack": ""}, rack("Bo", "k7")],
        "melds": [{"tiles": "r3 r4 r5", "by": "Ana"}],
    }
    one = series("romanian", ["Ana", "Bo"], {"target": 200}, [hand])
    assert (one.totals, one.finished) == ({"Ana": 115, "Bo": -200}, False)
    two = series("romanian", ["Ana", "Bo"], {"target": 200}, [hand, hand])
    assert (two.totals, two.finished, two.winners) == ({"Ana": 230, "Bo": -400}, True, ["Ana"])
    assert two.games_won == {"Ana": 2, "Bo": 0}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"extra": 1}, "unknown field 'extra'"),
        ({"variant": "nonsense"}, "unknown variant"),
        ({"players": "A B"}, "players"),
        ({"players": ["A", "a"]}, "a is seated twice"),
        ({"end": {"laps": 2}}, "not 'laps'"),
        ({"end": {"hands": 0}}, "from 1 to 100000"),
        ({"end": {"hands": "2"}}, "whole number"),
        ({"end": {"hands": 2, "target": 100}}, 'end: the end must be {"hands": N}'),
        ({"end": None}, "end: the end must be"),
        ({"hands": {"players": []}}, "hands: the hands must be a list"),
        (
            {"hands": [{"variant": "rummikub", "players": [went_out("A"), rack("B", "r1")]}]},
            "hand 1, variant: a hand in a series takes the series' variant",
        ),
        ({"hands": [{"players": [rack("B", "r1"), went_out("A")]}]}, "hand 1"),
        ({"hands": [won_by("A", AB, ["r1"]), won_by("A", AB, ["x1"])]}, "hand 2"),
    ],
)
def test_a_bad_series_is_refused_saying_where(change, fragment):
    data = {"variant": "rummikub", "players": AB, "end": {"hands": 2}, "hands": []} | change
    with pytest.raises(InvalidSeries) as caught:
        score_series(*read_series(data))
    assert fragment in str(caught.value)


def test_a_bad_hand_in_a_series_names_the_hand_player_and_tile():
    data = {
        "variant": "rummikub",
        "players": AB,
        "end": {"hands": 2},
        "hands": [won_by("A", AB, ["r1"]), won_by("A", AB, ["r1 x9"])],
    }
    with pytest.raises(InvalidSeries) as caught:
        read_series(data)
    assert all(part in str(caught.value) for part in ("hand 2", "B", "x9"))


def test_a_series_may_use_a_variant_object():
    custom = PRESETS["rummikub"].changed(id="house", name="House rules", joker_rack=50)
    result = series(custom.to_dict(), AB, {"hands": 1}, [won_by("A", AB, ["j"])])
    assert result.totals == {"A": 50, "B": -50}


def test_the_series_end_in_words():
    assert english(SeriesEnd("rounds", 2).describe(3)) == "2 rounds (6 hands)"
    assert english(SeriesEnd("hands", 1).describe(3)) == "1 hand"
    assert english(SeriesEnd("target", 500).describe(3)) == "first to 500 points"
    assert SeriesEnd("rounds", 2).hands_for(4) == 8
    assert SeriesEnd("target", 500).hands_for(4) is None


# (variant, players, end, first dealer, field refused, fragment of the message): what
# the app refuses when a series is set up, decided in one place for the forms, the
# API, import and the command line.
SETUPS_REFUSED = [
    (
        "romanian",
        ["A", "B"],
        SeriesEnd("rounds", 1),
        0,
        "end",
        "a Romanian tile rummy series ends after a number of hands or at a target score, "
        "not after a number of rounds",
    ),
    ("rummy-meld", ["A", "B"], SeriesEnd("rounds", 2), 0, "end", "not after a number of rounds"),
    ("tile-rummy", ["A", "B"], SeriesEnd("rounds", 2), 0, "end", "not after a number of rounds"),
    (
        "rummikub",
        ["A"],
        SeriesEnd("hands", 4),
        0,
        "players",
        "Rummikub is played by 2 to 4 players, not 1",
    ),
    ("romanian", ["A", "B", "C", "D", "E", "F", "G"], SeriesEnd("hands", 4), 0, "players", "not 7"),
    ("rummikub", ["Ana", "ANA"], SeriesEnd("hands", 4), 0, "players", "ANA is seated twice"),
    (
        "rummikub",
        ["Ana", "Bo, Cici"],
        SeriesEnd("hands", 4),
        0,
        "players",
        "a name cannot contain a comma",
    ),
    ("rummikub", ["Ana", "B" * 41], SeriesEnd("hands", 4), 0, "players", "at most 40"),
    ("rummikub", ["Ana", "Bo\ud800"], SeriesEnd("hands", 4), 0, "players", "control characters"),
    (
        "rummikub",
        ["Ana", "Bo"],
        SeriesEnd("hands", 4),
        2,
        "first_dealer",
        "one of the 2 players seated",
    ),
    (
        "rummikub",
        ["Ana", "Bo"],
        SeriesEnd("hands", 4),
        -1,
        "first_dealer",
        "one of the 2 players seated",
    ),
    ("rummikub", ["Ana", "Bo"], SeriesEnd("hands", 4), True, "first_dealer", "players seated"),
    ("rummikub", ["Ana", "Bo"], SeriesEnd("hands", 4), "0", "first_dealer", "players seated"),
]


@pytest.mark.parametrize(("variant", "names", "end", "first", "field", "fragment"), SETUPS_REFUSED)
def test_a_series_set_up_the_variant_does_not_allow_is_refused(
    variant, names, end, first, field, fragment
):
    with pytest.raises(InvalidSeries) as caught:
        check_series_setup(PRESETS[variant], names, end, first)
    assert caught.value.field == field
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("variant", "players", "end", "first"),
    [
        ("rummikub", 4, SeriesEnd("rounds", 1), 3),
        ("romanian", 2, SeriesEnd("hands", 1), 0),
        ("romanian", 4, SeriesEnd("target", 1000), 2),
        ("rummy-meld", 4, SeriesEnd("target", 500), 1),
        ("tile-rummy", 4, SeriesEnd("hands", 8), 0),
    ],
)
def test_a_series_set_up_the_variant_allows_is_accepted(variant, players, end, first):
    names = ["Ana", "Bo", "Cici", "Dan"][:players]
    assert check_series_setup(PRESETS[variant], names, end, first) is None


def test_every_preset_allows_exactly_its_series_ends_and_player_counts():
    for v in PRESETS.values():
        for kind in ("hands", "rounds", "target"):
            for count in range(1, 8):
                names = [f"P{i}" for i in range(count)]
                allowed = kind in v.series_ends and v.min_players <= count <= v.max_players
                try:
                    check_series_setup(v, names, SeriesEnd(kind, 3), 0)
                except InvalidSeries:
                    assert not allowed, (v.id, kind, count)
                else:
                    assert allowed, (v.id, kind, count)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"variant": "romanian", "end": {"rounds": 1}}, "not after a number of rounds"),
        ({"players": ["A"]}, "not 1"),
        ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "not 7"),
    ],
)
def test_the_series_file_is_refused_where_the_app_refuses_the_set_up(change, fragment):
    data = {"variant": "rummikub", "players": AB, "end": {"hands": 2}, "hands": []} | change
    with pytest.raises(InvalidSeries) as caught:
        read_series(data)
    assert fragment in str(caught.value)


def test_the_players_are_read_tidied():
    assert read_players(["  Ana  Lee ", "Bo"]) == ["Ana Lee", "Bo"]
    with pytest.raises(InvalidSeries) as caught:
        read_players(["Ana", 7])
    assert caught.value.field == "players"


@pytest.mark.parametrize(
    ("winners", "present", "past"),
    [
        (["C"], "C wins", "C won"),
        (["A", "B"], "A and B share the win", "A and B shared the win"),
        (["A", "B", "C"], "A, B, and C share the win", "A, B, and C shared the win"),
    ],
)
def test_the_series_winner_in_words(winners, present, past):
    assert english(winner_words(winners)) == present
    assert english(winner_words(winners, past=True)) == past


@pytest.mark.parametrize("refusal", [InvalidSeries, InvalidHand, InvalidAction])
def test_the_player_count_is_refused_alike_for_a_series_a_hand_and_a_table(refusal):
    # One rule, one message and one place for it, whoever asks (engine.variants).
    rummikub = PRESETS["rummikub"]
    check_player_count(rummikub, 2, refusal)
    check_player_count(rummikub, 4, refusal)
    for count in (1, 5):
        with pytest.raises(refusal) as refused:
            check_player_count(rummikub, count, refusal)
        assert english(refused.value.detail) == f"Rummikub is played by 2 to 4 players, not {count}"
        assert refused.value.field == "players"
