"""Seating an event's round: table sizes, every player at one table, round one drawn at random,
the standings putting the top players together, and mixing players so they meet new opponents
as often as can be done (each best figure worked out by hand below)."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.errors import InvalidEvent
from scorekeeper.engine.events import EventFormat, default_place_points
from scorekeeper.engine.seating import meetings_of, repeat_meetings, seat_round, table_sizes
from scorekeeper.engine.series import SeriesEnd
from scorekeeper.engine.variants import PRESETS

RUMMIKUB = PRESETS["rummikub"]  # 2 to 4 players
THREE_TO_SIX = RUMMIKUB.changed(id="big", name="Big tables", min_players=3, max_players=6)
TWO_ONLY = RUMMIKUB.changed(id="duel", name="Duel", min_players=2, max_players=2)


def event(seating, table_size=4, rounds=3):
    return EventFormat(
        rounds, table_size, SeriesEnd("hands", 4), seating, "places", default_place_points()
    )


def names(count):
    return [f"P{i:03}" for i in range(count)]


# (players, table size, least and most at a table, the tables' sizes, biggest first)
SIZES = [
    (8, 4, 2, 4, [4, 4]),
    (10, 4, 2, 4, [4, 3, 3]),
    (13, 4, 2, 4, [4, 3, 3, 3]),
    (9, 4, 2, 4, [3, 3, 3]),
    (7, 4, 2, 4, [4, 3]),
    (6, 4, 2, 4, [3, 3]),
    (4, 4, 2, 4, [4]),
    (3, 4, 2, 4, [3]),
    (2, 4, 2, 4, [2]),
    # Five cannot be tables of 4 and 3: spread evenly, 3 and 2.
    (5, 4, 2, 4, [3, 2]),
    (6, 3, 2, 4, [3, 3]),
    (7, 3, 2, 4, [3, 2, 2]),
    (4, 3, 2, 4, [2, 2]),
    (8, 2, 2, 4, [2, 2, 2, 2]),
    # Tables of 2 seat an odd player at one table of 3.
    (7, 2, 2, 4, [3, 2, 2]),
    (3, 2, 2, 4, [3]),
    (200, 4, 2, 4, [4] * 50),
    (199, 4, 2, 4, [4] * 49 + [3]),
    (14, 4, 3, 6, [4, 4, 3, 3]),
]


@pytest.mark.parametrize(("count", "size", "least", "most", "sizes"), SIZES)
def test_the_tables_are_as_few_as_the_table_size_allows_and_spread_evenly(
    count, size, least, most, sizes
):
    assert table_sizes(count, size, least, most) == sizes


# (players, table size, least and most at a table, the refusal's English)
CANNOT = [
    (1, 4, 2, 4, "an event needs at least 2 players to seat a table, not 1"),
    (0, 2, 2, 4, "an event needs at least 2 players to seat a table, not 0"),
    (2, 4, 3, 6, "an event needs at least 3 players to seat a table, not 2"),
    (7, 2, 2, 2, "7 players cannot be seated at tables of 2 with exactly 2 players at each"),
    (5, 4, 3, 4, "5 players cannot be seated at tables of 4 with 3 to 4 players at each"),
    (4, 3, 3, 4, "4 players cannot be seated at tables of 3 with 3 to 4 players at each"),
]


@pytest.mark.parametrize(("count", "size", "least", "most", "said"), CANNOT)
def test_a_round_that_cannot_be_seated_is_refused_about_the_players(count, size, least, most, said):
    with pytest.raises(InvalidEvent) as refused:
        table_sizes(count, size, least, most)
    assert refused.value.field == "players"
    assert str(refused.value) == said


def fits_the_splitting_rule(sizes, count, size):
    """The contract's rule: tables of `size`, some of `size - 1` when the count does not
    divide (tables of 2: one table of 3 instead), whenever the count allows it."""
    if size == 2:
        return sorted(sizes) == [2] * (count // 2 - count % 2) + [3] * (count % 2)
    if any(count == a * size + b * (size - 1) for a in range(count + 1) for b in range(count + 1)):
        return set(sizes) <= {size, size - 1} and len(sizes) == -(-count // size)
    # No such split (5 at tables of 4, 2 at tables of 4): one table, or tables one apart.
    return max(sizes) - min(sizes) <= 1


def splits(count, size, least, most):
    """Whether `count` players make tables the splitting rule allows within the limits."""
    if size == 2:
        return least <= 2 and (count % 2 == 0 or most >= 3)
    allowed = [s for s in (size, size - 1) if least <= s <= most]
    return any(count % s == 0 for s in allowed) or (
        len(allowed) == 2
        and any((count - a * size) % (size - 1) == 0 for a in range(count // size + 1))
    )


@pytest.mark.parametrize("variant", [RUMMIKUB, THREE_TO_SIX], ids=["2-4", "3-6"])
@pytest.mark.parametrize("size", [2, 3, 4])
def test_every_count_up_to_200_is_seated_within_the_variants_limits(variant, size):
    for count in range(variant.min_players, 201):
        try:
            sizes = table_sizes(count, size, variant.min_players, variant.max_players)
        except InvalidEvent:
            # Refused only where the rule's tables cannot be had within the limits.
            assert not splits(count, size, variant.min_players, variant.max_players)
            continue
        assert sum(sizes) == count
        assert sizes == sorted(sizes, reverse=True)
        assert all(variant.min_players <= s <= variant.max_players for s in sizes)
        assert fits_the_splitting_rule(sizes, count, size), (count, size, sizes)


def test_meetings_count_each_pair_as_often_as_it_sat_together():
    rounds = [[["A", "B", "C"], ["D", "E"]], [["A", "B"], ["C", "D", "E"]]]
    met = meetings_of(rounds)
    assert met[frozenset("AB")] == 2
    assert met[frozenset("DE")] == 2
    assert met[frozenset("AC")] == met[frozenset("CD")] == 1
    assert frozenset("AD") not in met
    # A and B meeting a third time count 2, C and E a second time 1, A and D (B and D) a
    # first time 0.
    assert repeat_meetings([["A", "B", "D"], ["C", "E"]], met) == 2 + 1 + 0 + 0
    assert repeat_meetings([["A", "D"], ["B", "E"]], met) == 0


def seated(tables):
    return sorted(name for table in tables for name in table)


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(2, 200),
    size=st.sampled_from([2, 3, 4]),
    seating=st.sampled_from(["random", "mix", "standings"]),
    round_number=st.integers(1, 5),
    seed=st.integers(0, 2**32),
)
def test_every_player_sits_at_exactly_one_table_of_the_right_size(
    count, size, seating, round_number, seed
):
    players = names(count)
    rng = random.Random(seed)
    # Earlier rounds at random, so that the players have met.
    earlier = [seat_round(players, 1, event("random", size), RUMMIKUB, {}, [], rng)]
    met = meetings_of(earlier * (round_number - 1))
    ranking = sorted(players, key=lambda _: rng.random())
    tables = seat_round(players, round_number, event(seating, size), RUMMIKUB, met, ranking, rng)
    assert seated(tables) == players
    assert [len(t) for t in tables] == table_sizes(count, size, 2, 4)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_only_the_players_here_are_seated_as_the_roster_changes(seed, data):
    """Late players join and others leave between rounds: each round seats exactly those
    present, whoever they met before."""
    rng = random.Random(seed)
    present = names(data.draw(st.integers(4, 30)))
    rounds = []
    for number in range(1, 5):
        left = data.draw(st.sets(st.sampled_from(present), max_size=len(present) - 4))
        present = [p for p in present if p not in left] + [f"L{number}{i}" for i in range(2)]
        tables = seat_round(present, number, event("mix"), RUMMIKUB, meetings_of(rounds), [], rng)
        assert seated(tables) == sorted(present)
        rounds.append(tables)


def test_round_one_is_drawn_at_random_whatever_the_seating():
    players = names(16)
    fmt = event("standings")
    draws = [seat_round(players, 1, fmt, RUMMIKUB, {}, players, random.Random(s)) for s in range(8)]
    # Not the standings' order: the top four are not table 1 every time, and draws differ.
    assert any(set(tables[0]) != set(players[:4]) for tables in draws)
    assert len({tuple(map(tuple, tables)) for tables in draws}) == len(draws)
    # The same rng draws the same round.
    again = seat_round(players, 1, fmt, RUMMIKUB, {}, players, random.Random(3))
    assert again == draws[3]


def test_by_the_standings_the_top_players_sit_together_at_table_1():
    players = names(10)
    ranking = list(reversed(players))  # P009 leads
    tables = seat_round(players, 2, event("standings"), RUMMIKUB, {}, ranking, random.Random(1))
    assert [set(t) for t in tables] == [set(ranking[:4]), set(ranking[4:7]), set(ranking[7:])]


def test_by_the_standings_a_late_player_sits_after_the_ranked_ones():
    ranking = names(7)
    players = ["Late", *ranking]
    tables = seat_round(players, 3, event("standings"), RUMMIKUB, {}, ranking, random.Random(2))
    assert [set(t) for t in tables] == [set(ranking[:4]), {*ranking[4:], "Late"}]


def three_rounds(count, seed):
    """Round 1 at random, rounds 2 and 3 mixed: the repeat meetings of rounds 2 and 3."""
    players, rng, rounds, repeats = names(count), random.Random(seed), [], 0
    for number in (1, 2, 3):
        met = meetings_of(rounds)
        tables = seat_round(players, number, event("mix"), RUMMIKUB, met, [], rng)
        repeats += repeat_meetings(tables, met)
        rounds.append(tables)
    return repeats


def total_repeats(rounds):
    return sum(repeat_meetings(r, meetings_of(rounds[:i])) for i, r in enumerate(rounds))


# Over three rounds, a pair that sits together m times counts 0 + 1 + ... + (m - 1) =
# C(m, 2) repeat meetings: one for each two of the three rounds in which it sat together. So
# the three rounds' repeat meetings are the pairs together in rounds 1 and 2, plus those
# together in rounds 1 and 3, plus those together in rounds 2 and 3: a bound on the pairs any
# two rounds share is a third of a bound on the whole.
#
# 8 players, tables 4 + 4. Two rounds share at least 4 pairs: a table of the second round
# takes a players from one table of the first and 4 - a from the other, so it holds
# C(a, 2) + C(4 - a, 2) >= 1 + 1 pairs that sat together (a = 2 is the least); two tables,
# at least 4. Three pairs of rounds: at least 3 * 4 = 12. Reached:
EIGHT = [["abcd", "efgh"], ["abef", "cdgh"], ["aceg", "bdfh"]]
# rounds 1 and 2 share ab, cd, ef, gh; 1 and 3 share ac, bd, eg, fh; 2 and 3 ae, bf, cg, dh.
#
# 10 players, tables 4 + 3 + 3. The table of 4 of either round holds 4 players from the
# other round's three tables, so two of them sat together there (pigeonhole): two rounds share
# at least 1 pair, three rounds at least 3 * 1 = 3. Reached:
TEN = [["abcd", "efg", "hij"], ["abeh", "cfi", "dgj"], ["abfj", "cgh", "dei"]]
# rounds 1 and 2 share ab only; 1 and 3 share ab only; 2 and 3 share ab only (ab meets three
# times: C(3, 2) = 3); every other pair of round 3 is new (af aj bf bj fj, cg ch gh, de di ei).
#
# 13 players, tables 4 + 3 + 3 + 3. No bound above 0 (a table of 4 can take one player from
# each of the other round's four tables), and 0 is reached: no pair sits together twice.
THIRTEEN = [
    ["abcd", "efg", "hij", "klm"],
    ["aehk", "bfi", "cgl", "djm"],
    ["afjl", "bem", "cik", "dgh"],
]
BEST = [(8, EIGHT, 12), (10, TEN, 3), (13, THIRTEEN, 0)]


@pytest.mark.parametrize(("count", "proof", "best"), BEST, ids=["8", "10", "13"])
def test_the_best_figure_is_reached_by_the_arrangement_written_out(count, proof, best):
    rounds = [[list(table) for table in tables] for tables in proof]
    assert all(seated(tables) == sorted("abcdefghijklm"[:count]) for tables in rounds)
    assert [[len(t) for t in tables] for tables in rounds] == [table_sizes(count, 4, 2, 4)] * 3
    assert total_repeats(rounds) == best
    # The bound as argued: the pairs each two rounds share.
    shared = [
        len(set(pairs_of(rounds[i])) & set(pairs_of(rounds[j])))
        for i, j in combinations(range(3), 2)
    ]
    assert sum(shared) == best


def pairs_of(tables):
    return [frozenset(pair) for table in tables for pair in combinations(table, 2)]


@pytest.mark.parametrize(("count", "proof", "best"), BEST, ids=["8", "10", "13"])
@pytest.mark.parametrize("seed", range(6))
def test_mixing_meets_again_no_more_than_the_best_possible(count, proof, best, seed):
    assert three_rounds(count, seed) <= best


def test_mixing_finds_a_round_where_nobody_meets_again_when_there_is_one():
    # 16 players at 4 tables of 4: each table of round 2 takes one player from each table
    # of round 1.
    players, rng = names(16), random.Random(5)
    met = meetings_of([seat_round(players, 1, event("random"), RUMMIKUB, {}, [], rng)])
    mixed = seat_round(players, 2, event("mix"), RUMMIKUB, met, [], rng)
    assert repeat_meetings(mixed, met) == 0
    # Deterministic given the rng.
    again = seat_round(players, 2, event("mix"), RUMMIKUB, met, [], random.Random(9))
    assert again == seat_round(players, 2, event("mix"), RUMMIKUB, met, [], random.Random(9))


def every_seating(players, sizes):
    """Every way to seat the players at tables of these sizes (tables of one size unordered)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for seating in every_seating(remaining, left):
                yield [[first, *others], *seating]


# The mixing is a search, not a proof: the same examples every run keep the suite steady
# (over 3,000 drawn rounds of 7 to 10 players it found the fewest every time).
@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    count=st.integers(5, 10),
    size=st.sampled_from([2, 3, 4]),
    earlier=st.integers(1, 5),
    seed=st.integers(0, 2**32),
)
def test_mixing_finds_the_fewest_repeat_meetings_of_any_seating_of_a_small_round(
    count, size, earlier, seed
):
    """Against every seating there is (at most 2,100 for 10 players at 4 + 3 + 3)."""
    players, rng = names(count), random.Random(seed)
    fmt = event("mix", size)
    rounds = [seat_round(players, 1, fmt, RUMMIKUB, {}, [], rng) for _ in range(earlier)]
    met = meetings_of(rounds)
    mixed = seat_round(players, earlier + 1, fmt, RUMMIKUB, met, [], rng)
    sizes = table_sizes(count, size, 2, 4)
    fewest = min(repeat_meetings(seating, met) for seating in every_seating(players, sizes))
    assert repeat_meetings(mixed, met) == fewest
