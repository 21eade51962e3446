"""Event points from the tables' results (by place, tied players sharing, or by summed scores)
and the event's standings: by points, then score, then hands won, level players sharing a rank."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.event_points import TableResult, event_standings, table_points
from scorekeeper.engine.events import EventFormat, default_place_points
from scorekeeper.engine.series import SeriesEnd
from scorekeeper.engine.tallies import tally_of
from scorekeeper.engine.variants import PRESETS

TILE_RUMMY = PRESETS["tile-rummy"]  # the highest total wins
RUMMIKUB = PRESETS["rummikub"]  # most hands won, then the highest total


def event(points="places", place_points=None):
    return EventFormat(
        3, 4, SeriesEnd("hands", 2), "mix", points, place_points or default_place_points()
    )


def table(totals, won=None, finished=True, variant=TILE_RUMMY):
    """A table's result: `totals` by player in order of play, after 2 hands when finished."""
    names = list(totals)
    played = 2 if finished else 1
    return TableResult(
        tuple(names),
        tally_of(
            variant,
            names,
            SeriesEnd("hands", 2),
            0,
            played,
            [totals[n] for n in names],
            [(won or {}).get(n, 0) for n in names],
            "play",
        ),
    )


# (totals at a finished table, custom points per place or None, event points by player)
PLACES = [
    ({"A": 30, "B": 10, "C": -5, "D": -35}, None, {"A": 3, "B": 2, "C": 1, "D": 0}),
    # Two tied first share places 1 and 2: (3 + 2) / 2 each.
    ({"A": 20, "B": 20, "C": -10, "D": -30}, None, {"A": 2.5, "B": 2.5, "C": 1, "D": 0}),
    # Three tied second share places 2, 3 and 4: (2 + 1 + 0) / 3.
    ({"A": 30, "B": -10, "C": -10, "D": -10}, None, {"A": 3, "B": 1, "C": 1, "D": 1}),
    ({"A": 0, "B": 0, "C": 0, "D": 0}, None, {"A": 1.5, "B": 1.5, "C": 1.5, "D": 1.5}),
    ({"A": 5, "B": -2, "C": -3}, None, {"A": 2, "B": 1, "C": 0}),
    ({"A": 5, "B": -3, "C": -3}, None, {"A": 2, "B": 0.5, "C": 0.5}),
    ({"A": -4, "B": 4}, None, {"A": 0, "B": 1}),
    ({"A": 0, "B": 0}, None, {"A": 0.5, "B": 0.5}),
    # The organiser's points per place, for the table's own size.
    ({"A": 9, "B": 9, "C": 9, "D": 0}, {4: (5, 3, 1, 0)}, {"A": 3, "B": 3, "C": 3, "D": 0}),
    ({"A": 9, "B": 1, "C": 0}, {4: (5, 3, 1, 0), 3: (4, 1, 0)}, {"A": 4, "B": 1, "C": 0}),
    # A size the organiser left out keeps the default.
    ({"A": 9, "B": 1, "C": 0}, {4: (5, 3, 1, 0)}, {"A": 2, "B": 1, "C": 0}),
    (
        {"A": 9, "B": 9, "C": 9, "D": 0},
        {4: (5, 3, 2, 0)},
        {"A": 10 / 3, "B": 10 / 3, "C": 10 / 3, "D": 0},
    ),
]


@pytest.mark.parametrize(("totals", "custom", "points"), PLACES)
def test_a_finished_table_gives_points_by_place_tied_players_sharing(totals, custom, points):
    place_points = custom or default_place_points()
    assert table_points(table(totals), event("places", place_points)) == pytest.approx(points)


def test_places_follow_the_series_ranking_of_the_variant():
    # Rummikub ranks by hands won first: A won more hands with the lower total.
    result = table({"A": 10, "B": 50, "C": -60}, won={"A": 2}, variant=RUMMIKUB)
    assert table_points(result, event()) == {"A": 2, "B": 1, "C": 0}


def test_an_unfinished_table_gives_no_place_points():
    result = table({"A": 30, "B": 10, "C": -5, "D": -35}, finished=False)
    assert table_points(result, event()) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_by_totals_every_hand_played_so_far_counts():
    totals = {"A": 30, "B": 10, "C": -5, "D": -35}
    assert table_points(table(totals), event("totals")) == totals
    assert table_points(table(totals, finished=False), event("totals")) == totals


@settings(max_examples=100, deadline=None)
@given(
    totals=st.lists(st.integers(-60, 60), min_size=2, max_size=4),
    custom=st.lists(st.integers(0, 50), min_size=4, max_size=4),
)
def test_ties_share_the_places_points_and_keep_their_order(totals, custom):
    names = [f"P{i}" for i in range(len(totals))]
    size = len(names)
    per_place = tuple(sorted(custom, reverse=True)[:size])
    fmt = event("places", default_place_points() | {size: per_place})
    points = table_points(table(dict(zip(names, totals, strict=True))), fmt)
    # Sharing hands out exactly the table's points, and a better total never earns less.
    assert sum(points.values()) == pytest.approx(sum(per_place))
    by_total = sorted(names, key=lambda n: totals[names.index(n)], reverse=True)
    assert [points[n] for n in by_total] == sorted(points.values(), reverse=True)


def ranks(standings):
    return [(s.player, s.rank) for s in standings]


def test_the_standings_rank_by_points_then_score_then_hands_won_sharing_ranks():
    results = [
        # Round 1: A and C win their tables (3 points), B and D come second (2).
        table({"A": 30, "B": 10, "E": -5, "F": -35}),
        table({"C": 20, "D": 15, "G": -10, "H": -25}),
        # Round 2: B wins (3), D and G tie second (1.5 each); C wins again, E second.
        table({"B": 40, "D": 5, "G": 5, "A": -50}),
        table({"C": 10, "E": 0, "F": -4, "H": -6}),
    ]
    standings = event_standings(list("ABCDEFGHI"), results, event())
    points = {s.player: s.points for s in standings}
    assert points == {
        "A": 3, "B": 5, "C": 6, "D": 3.5, "E": 3, "F": 1, "G": 2.5, "H": 0, "I": 0,
    }  # fmt: skip
    # A and E have 3 points: E's score (-5) beats A's (-20). H and I both have 0 points; H's
    # score is -31, but I has sat at no table yet: no rank, after everyone who played.
    assert ranks(standings) == [
        ("C", 1), ("B", 2), ("D", 3), ("E", 4), ("A", 5), ("G", 6), ("F", 7), ("H", 8),
        ("I", None),
    ]  # fmt: skip
    i = next(s for s in standings if s.player == "I")
    assert (i.points, i.score, i.hands_won, i.tables) == (0, 0, 0, 0)
    a = next(s for s in standings if s.player == "A")
    assert (a.score, a.tables) == (-20, 2)


def test_players_level_on_points_score_and_hands_won_share_a_rank_1_2_2_4():
    results = [
        table({"A": 20, "B": 0, "C": 0, "D": -20}),
        table({"E": 20, "F": 0, "G": 0, "H": -20}),
    ]
    standings = event_standings(list("ABCDEFGH"), results, event("totals"))
    assert [s.rank for s in standings] == [1, 1, 3, 3, 3, 3, 7, 7]
    standings = event_standings(list("ABCD"), results[:1], event("places"))
    # B and C tie second (1.5 each, score 0): ranks 1, 2, 2, 4, listed by name.
    assert ranks(standings) == [("A", 1), ("B", 2), ("C", 2), ("D", 4)]


def test_hands_won_break_a_tie_of_points_and_score():
    results = [table({"A": 10, "B": 10}, won={"A": 1}), table({"C": 10, "D": 10}, won={"C": 2})]
    standings = event_standings(list("ABCD"), results, event("totals"))
    assert ranks(standings) == [("C", 1), ("A", 2), ("B", 3), ("D", 3)]
    assert [s.hands_won for s in standings] == [2, 1, 0, 0]


def test_an_unfinished_table_counts_its_score_but_no_place_points_yet():
    results = [table({"A": 30, "B": -30}), table({"C": 50, "D": -50}, finished=False)]
    standings = event_standings(list("ABCD"), results, event())
    assert [(s.player, s.points, s.score, s.rank) for s in standings] == [
        ("A", 1, 30, 1),
        ("C", 0, 50, 2),
        ("B", 0, -30, 3),
        ("D", 0, -50, 4),
    ]


def test_shares_in_thirds_add_up_exactly_so_level_players_stay_level():
    thirds = event("places", {4: (5, 3, 2, 0), 3: (2, 0, 0), 2: (4, 0)})
    results = [
        # A ties first with B and C: (5 + 3 + 2) / 3 = 10/3 each.
        table({"A": 9, "B": 9, "C": 9, "D": 0}),
        # Then all three tie at a table of 3: (2 + 0 + 0) / 3 = 2/3 each; A has 4.
        table({"A": 0, "E": 0, "F": 0}),
        # G wins a table of 2: 4, on the same score as A (9) and no hand won either.
        table({"G": 9, "H": -9}),
    ]
    standings = event_standings(list("ABCDEFGH"), results, thirds)
    assert [(s.player, s.points, s.score, s.rank) for s in standings[:2]] == [
        ("A", 4, 9, 1),
        ("G", 4, 9, 1),
    ]
    assert standings[2].points == pytest.approx(10 / 3)


@st.composite
def rounds_played(draw):
    """A roster of up to 10 players and a round or two of tables among them, some unfinished."""
    roster = [f"P{i}" for i in range(draw(st.integers(2, 10)))]
    results = []
    for _ in range(draw(st.integers(0, 2))):
        order = draw(st.permutations(roster))
        start = 0
        while len(order) - start >= 2:
            size = min(draw(st.integers(2, 4)), len(order) - start)
            players = order[start : start + size]
            start += size
            totals = {n: draw(st.integers(-20, 20)) for n in players}
            won = {n: draw(st.integers(0, 2)) for n in players}
            results.append(table(totals, won, finished=draw(st.booleans())))
    return roster, results


@settings(max_examples=100, deadline=None)
@given(played=rounds_played(), points=st.sampled_from(["places", "totals"]))
def test_every_player_is_ranked_once_behind_exactly_those_ahead_of_them(played, points):
    roster, results = played
    standings = event_standings(roster, results, event(points))
    assert sorted(s.player for s in standings) == sorted(roster)
    seated = [s for s in standings if s.tables]
    key = {s.player: (s.points, s.score, s.hands_won) for s in seated}
    for s in seated:
        # "1, 2, 2, 4": one more than the players strictly ahead.
        assert s.rank == 1 + sum(other > key[s.player] for other in key.values())
    assert [(s.rank, s.player) for s in seated] == sorted((s.rank, s.player) for s in seated)
    # Those never seated: no rank, every one after every player who sat at a table.
    assert all(s.rank is None for s in standings if not s.tables)
    assert standings[: len(seated)] == seated
    assert sum(s.tables for s in standings) == sum(len(r.players) for r in results)


# A player never seated (added late, gone before the next round): listed after all who
# played, with no rank, however far below 0 those who played are. Cases: the results of
# round 1 (totals at one finished table), the roster, and the standings as (player, rank).
NEVER_SEATED = [
    # Everyone at the table scored below 0 and earns no place points by totals.
    ("totals", {"A": -5, "B": -10}, "ABZ", [("A", 1), ("B", 2), ("Z", None)]),
    # By places the last at the table has 0 points, as the late player does.
    ("places", {"A": 10, "B": -10}, "ABZ", [("A", 1), ("B", 2), ("Z", None)]),
    # Two never seated: by name, after the table; a name before the players' names too.
    ("places", {"B": 4, "C": -4}, "BCYA", [("B", 1), ("C", 2), ("A", None), ("Y", None)]),
    # A level table: its players share rank 1, the late player is not third but unranked.
    ("totals", {"A": 0, "B": 0}, "ABZ", [("A", 1), ("B", 1), ("Z", None)]),
]


@pytest.mark.parametrize(("points", "totals", "roster", "expected"), NEVER_SEATED)
def test_a_player_never_seated_comes_after_every_player_who_played(
    points, totals, roster, expected
):
    standings = event_standings(list(roster), [table(totals)], event(points))
    assert ranks(standings) == expected
