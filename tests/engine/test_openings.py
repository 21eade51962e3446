"""The meld checker and the best-opening solver, under every preset.

The solver is compared with a brute force on thousands of random racks: every
subset of the rack's tiles is put to the engine's own `check_meld` with every
tile each joker could stand for, and every collection of disjoint legal melds
is weighed. Hand-made racks pin down the answers players argue about.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement

import pytest

from scorekeeper.engine import PRESETS, InvalidMeld, check_meld, opening_values, parse_tiles
from scorekeeper.engine.openings import InvalidRack, best_opening, check
from scorekeeper.engine.tiles import COLOURS, joker_as
from scorekeeper.engine.variants import Variant
from scorekeeper.engine.words import english

# --- The meld checker ----------------------------------------------------------

RACKS_SCORE = (
    "melds score nothing at the end of the hand here: only the tiles left on the racks count"
)
NO_JOKER = "a joker may not be used in the opening here, so this meld counts 0 toward it"
LOW_ONLY = "not a run: the ace is only low here: 12-13-1 is not a run"
NO_CORNER = "not a run: a run may not go round the corner from 13 to 1 to 2"


def legal(kind, opening, end):
    return {"legal": True, "kind": kind, "opening_value": opening, "end_value": end, "reason": None}


def illegal(reason):
    return {"legal": False, "kind": None, "opening_value": 0, "end_value": 0, "reason": reason}


ROMANIAN_LIKE = [v for v in PRESETS if v.startswith("romanian")]
RUMMY_MELD_LIKE = [v for v in PRESETS if v.startswith("rummy-meld")]

CHECKS = [
    # Rummikub: the ace is only low; melds count nothing at the end (racks are scored).
    ("rummikub", "r12 r13 r1", illegal(LOW_ONLY)),
    ("rummikub", "r1 r2 r3", legal("run", 6, 0)),
    ("rummikub", "r1 b1 k1", legal("set", 3, 0)),
    ("rummikub", "r5 j=r6 j=r7", legal("run", 18, 0)),
    ("rummikub", "r5 r5 b5", illegal("not a set: r5 appears twice; a set needs different colours")),
    # Tile Rummy: a joker counts 25 in the opening (the leaflet's yellow 1, 2, joker = 28).
    ("tile-rummy", "y1 y2 j", legal("run", 28, 0)),
    ("tile-rummy", "r12 r13 r1", illegal(LOW_ONLY)),
    # 5-10-15: the ace 15, 2-9 count 5, the joker the tile it stands for (a 3: 5).
    ("tile-rummy-5-10-15", "y1 y2 j", legal("run", 25, 0)),
    ("tile-rummy-5-10-15", "r1 b1 k1 y1", legal("set", 60, 0)),
    # Card-faced Rummy: one joker per meld, and none in the opening.
    ("rummy-cards", "r10 b10 j", legal("set", 0, 0)),
    (
        "rummy-cards",
        "r10 j j",
        illegal(
            "not a set: at most 1 joker in a meld here; not a run: at most 1 joker in a meld here"
        ),
    ),
    ("rummy-cards", "k11 k12 k13", legal("run", 36, 0)),
    # Romanian: aces 5 low, 10 high, 25 in a set; a Joly scores +50 at the end.
    ("romanian", "r1 r2 r3", legal("run", 15, 15)),
    ("romanian", "r12 r13 r1", legal("run", 30, 30)),
    ("romanian", "r1 b1 k1 y1", legal("set", 100, 100)),
    ("romanian", "r5 b5 j", legal("set", 15, 60)),
    ("romanian", "j j r5 r6 r7 r8", legal("run", 30, 120)),  # jokers as r3, r4
    (
        "romanian",
        "r5 b5 j j",
        illegal("not a set: a set must hold at least twice as many numbered tiles as jokers"),
    ),
    ("romanian", "r13 r1 r2", illegal(NO_CORNER)),
    ("romanian-100-plus-rack", "r12 r13 r1", legal("run", 30, 30)),
    ("romanian-45", "b1 k1 y1", legal("set", 75, 75)),
    ("romanian-discard-opening", "j r6 r7", legal("run", 15, 60)),  # 2 tiles, 1 Joly: enough
    (
        "romanian-discard-opening",
        "j j r6 r7",
        illegal("not a run: a run must hold at least twice as many numbered tiles as jokers"),
    ),
    # A joker written after the 13 stands for the high ace (10): 4 x 10 = 40 in the
    # opening; at the end the three tiles count 30 and the Joly 50.
    ("romanian-joly-double", "r11 r12 r13 j", legal("run", 40, 80)),
    # Rummy Meld: high runs, sets one joker per two tiles, no two jokers side by side,
    # a melded joker counts the tile it stands for.
    ("rummy-meld", "r5 b5 j", legal("set", 15, 15)),
    (
        "rummy-meld",
        "r4 j=r5 j=r6 r7",
        illegal("not a run: two jokers may not lie next to each other in a run"),
    ),
    ("rummy-meld", "j r6 r7", legal("run", 15, 15)),
    ("rummy-meld-rack-empty", "r12 r13 r1", legal("run", 30, 30)),
    ("rummy-meld-discard-jolly", "r12 r13 r1 r2", illegal(NO_CORNER)),
    ("rummy-meld-minimum-points", "r1 b1 k1", legal("set", 75, 75)),
]


@pytest.mark.parametrize(("variant_id", "meld", "expected"), CHECKS)
def test_meld_checker(variant_id, meld, expected):
    checked = check(parse_tiles(meld), PRESETS[variant_id]).to_dict()
    if checked["reason"] is not None:
        checked["reason"] = english(checked["reason"])
    assert checked == expected


def test_the_checker_covers_every_preset():
    assert {variant_id for variant_id, _, _ in CHECKS} == set(PRESETS)


def test_a_meld_under_a_racks_variant_says_it_scores_nothing_at_the_end():
    assert english(check(parse_tiles("r1 r2 r3"), PRESETS["rummikub"]).note) == RACKS_SCORE
    assert check(parse_tiles("r1 r2 r3"), PRESETS["romanian"]).note is None


def test_a_joker_in_a_card_faced_rummy_meld_counts_nothing_toward_the_opening_and_says_so():
    result = check(parse_tiles("r10 b10 j"), PRESETS["rummy-cards"])
    assert english(result.note) == f"{NO_JOKER}; {RACKS_SCORE}"


def test_the_checker_gives_the_meld_it_found():
    result = check(parse_tiles("r12 r13 j"), PRESETS["romanian"])
    assert str(result.meld) == "r12 r13 j=r1"


@pytest.mark.parametrize("tiles", ["r5 r5 r5", "j j j r5", " ".join(["r1"] * 2 + ["b1"] * 14)])
def test_tiles_no_set_holds_are_refused(tiles):
    with pytest.raises(InvalidRack):
        check(parse_tiles(tiles), PRESETS["rummikub"])
    with pytest.raises(InvalidRack):
        best_opening(parse_tiles(tiles, in_meld=False), PRESETS["rummikub"])


# --- Hand-made racks -------------------------------------------------------------


def solve(variant_id, rack):
    return best_opening(parse_tiles(rack, in_meld=False), PRESETS[variant_id]).to_dict()


def test_greedy_is_wrong_the_solver_is_not():
    # The biggest meld, r5-r8 (26), leaves b8 k8 useless: 26, no opening.
    # r5 r6 r7 (18) with the set of 8s (24) makes 42.
    assert solve("rummikub", "r5 r6 r7 r8 b8 k8") == {
        "value": 42,
        "melds": [["r5", "r6", "r7"], ["r8", "b8", "k8"]],
        "opens": True,
        "all_at_once": True,
    }


def test_a_tile_wanted_by_a_set_and_a_run_goes_where_it_is_worth_most():
    # r10 is wanted by the run r10-r13 and by the set of 10s. Taking the set with r10
    # first (40) leaves r11-r13 (36) and b11 k11 unused: 76. The run from r10 (46) with
    # b10 k10 y10 (30) is 76 as well. r11 in the set of 11s (33) instead would leave
    # r12 r13 stranded: 40 + 33 = 73. So 76, and no tile used twice.
    result = solve("rummikub", "r10 r11 r12 r13 b10 k10 y10 b11 k11")
    assert result["value"] == 76
    assert sorted(t for meld in result["melds"] for t in meld) == sorted(
        ["r10", "r11", "r12", "r13", "b10", "k10", "y10"]
    )


def test_aces_low_high_and_in_sets_under_romanian():
    # One r1: the set of aces (25 each, 75) beats 1-2-3 low (15) and 12-13-1 high (30).
    assert solve("romanian", "r1 r2 r3 r12 r13 b1 k1")["value"] == 75
    # Two r1: one in the set (75), the other high in 12-13-1 (30) rather than low (15).
    assert solve("romanian", "r1 r1 r2 r3 r12 r13 b1 k1") == {
        "value": 105,
        "melds": [["r1", "b1", "k1"], ["r12", "r13", "r1"]],
        "opens": True,
        "all_at_once": False,
    }


def test_aces_under_rummikub_are_low_and_count_one():
    # 12-13-1 is no run: r1 b1 k1 (3) + r1 r2 r3 (6) = 9.
    assert solve("rummikub", "r1 r1 r2 r3 r12 r13 b1 k1")["value"] == 9


def test_aces_count_15_under_5_10_15():
    # r1 b1 k1 = 45, r1 r2 r3 = 15 + 5 + 5 = 25; 70.
    assert solve("tile-rummy-5-10-15", "r1 r1 r2 r3 r12 r13 b1 k1")["value"] == 70


def test_two_jokers_fit_a_romanian_run_of_six_but_never_a_set():
    # Two jokers need four numbered tiles beside them: r5-r8 with jokers as r9 (5) and
    # r10 (10) makes 4 x 5 + 5 + 10 = 35.
    assert solve("romanian", "j j r5 r6 r7 r8")["melds"] == [
        ["r5", "r6", "r7", "r8", "j=r9", "j=r10"]
    ]
    assert solve("romanian", "j j r5 r6 r7 r8")["value"] == 35
    # r5 b5 j j: no set holds two jokers, no run either; one joker makes r5 b5 j = 15.
    assert solve("romanian", "r5 b5 j j")["value"] == 15
    # Rummikub allows it: r5 b5 and two jokers as 5s = 20.
    assert solve("rummikub", "r5 b5 j j")["value"] == 20


def test_rummy_meld_needs_a_run_in_the_opening():
    # 5s (20) and 10s (30) make 50 over 45, but there is no run: no opening.
    rack = "r5 b5 k5 y5 r10 b10 k10"
    assert solve("rummy-meld", rack) == {
        "value": 0,
        "melds": [],
        "opens": False,
        "all_at_once": False,
    }
    assert solve("romanian-45", rack)["opens"] is True
    # With r11 r12 the run r10 r11 r12 (30) and the 5s (20) open with 50.
    assert solve("rummy-meld", rack + " r11 r12") == {
        "value": 50,
        "melds": [["r5", "b5", "k5", "y5"], ["r10", "r11", "r12"]],
        "opens": True,
        "all_at_once": False,
    }


def test_rummy_meld_keeps_two_jokers_apart():
    # r4 j=r5 j=r6 r7 (4 tiles, 5 each: 20) puts the jokers side by side; a set r4 j j
    # breaks one joker per two tiles. What is left is one tile between two jokers,
    # j=r3 r4 j=r5 or j=r6 r7 j=r8: 15.
    result = solve("rummy-meld", "r4 r7 j j")
    assert result["value"] == 15
    assert [t.startswith("j=") for t in result["melds"][0]] == [True, False, True]
    # Rummikub allows r4 j=r5 j=r6 r7 (22), but r7 j=r8 j=r9 is worth more: 24.
    assert solve("rummikub", "r4 r7 j j")["value"] == 24


def test_no_joker_in_a_card_faced_rummy_opening():
    # Without the joker only r13 k13 y13 (39) is a meld.
    assert solve("rummy-cards", "r10 b10 j r13 k13 y13") == {
        "value": 39,
        "melds": [["r13", "k13", "y13"]],
        "opens": True,
        "all_at_once": False,
    }
    # r10 b10 and the joker would be 30 in Rummikub; card-faced Rummy cannot use it.
    assert solve("rummikub", "r10 b10 j")["value"] == 30
    assert solve("rummy-cards", "r10 b10 j")["value"] == 0


def test_tile_rummy_counts_a_joker_25_in_the_opening():
    # The leaflet: yellow 1, yellow 2, joker = 28 (not enough for 30).
    assert solve("tile-rummy", "y1 y2 j") == {
        "value": 28,
        "melds": [["y1", "y2", "j=y3"]],
        "opens": False,
        "all_at_once": False,
    }
    # r10 r11 and a joker: 10 + 11 + 25 = 46; Rummikub counts the joker as r12: 33.
    assert solve("tile-rummy", "r10 r11 j")["value"] == 46
    assert solve("rummikub", "r10 r11 j")["value"] == 33
    # 5-10-15 counts what the joker stands for: y3 is 5, so 15 + 5 + 5 = 25.
    assert solve("tile-rummy-5-10-15", "y1 y2 j")["value"] == 25


def test_the_whole_rack_at_once():
    # Romanian closes with a discard: y7 goes, the rest makes r1-r4 (20), b5 k5 y5 (15),
    # r10 b10 k10 (30), r11 r12 r13 (30) = 95, over 50.
    rack = "r1 r2 r3 r4 b5 k5 y5 r10 b10 k10 r11 r12 r13 y7"
    assert solve("romanian", rack)["all_at_once"] is True
    # Rummikub empties the rack: y7 cannot be laid.
    assert solve("rummikub", rack)["all_at_once"] is False
    # Laying everything at once is an opening too: r2 r3 r4 (15) is under 50.
    assert solve("romanian", "r2 r3 r4 b9")["all_at_once"] is False
    assert solve("rummikub", "r9 r10 r11")["all_at_once"] is True


def test_the_whole_rack_at_once_with_a_joker_discard():
    # Rummy Meld: r10-r13 (40) and b10 k10 y10 (30), with a run: 70 over 45.
    rack = "r10 r11 r12 r13 b10 k10 y10"
    assert solve("rummy-meld", rack + " b2")["all_at_once"] is True  # b2 discarded
    assert solve("rummy-meld-discard-jolly", rack + " b2")["all_at_once"] is False
    assert solve("rummy-meld-discard-jolly", rack + " j")["all_at_once"] is True
    # Card-faced Rummy: a joker may not be part of an all-at-once opening.
    assert solve("rummy-cards", "r10 r11 r12 j")["all_at_once"] is False
    assert solve("rummikub", "r10 r11 r12 j")["all_at_once"] is True


def test_an_empty_rack_lays_nothing():
    assert solve("romanian", "") == {"value": 0, "melds": [], "opens": False, "all_at_once": False}


# --- The brute force ---------------------------------------------------------------

NONE = float("-inf")


# What decides whether tiles make a meld and what it counts in the opening; presets
# that agree on all of it share the brute force's table of melds.
MELD_RULES = (
    "ace_high",
    "wrap",
    "max_jokers_per_meld",
    "joker_ratio_sets",
    "joker_ratio_runs",
    "adjacent_jokers",
    "opening_joker",
    "opening_joker_value",
    "value_2_9",
    "value_10_13",
    "ace_low_run",
    "ace_high_run",
    "ace_set",
)


_MELDS: dict[tuple, tuple[float, float]] = {}


def meld_values(keys: tuple[str, ...], v: Variant, rules: tuple) -> tuple[float, float]:
    """The best opening value of these tiles as a set and as a run (-inf when they
    make none), remembered for every variant with the same meld rules."""
    key = (keys, rules)
    if key not in _MELDS:
        _MELDS[key] = every_meld_of(keys, v)
    return _MELDS[key]


def every_meld_of(keys: tuple[str, ...], v: Variant) -> tuple[float, float]:
    """Put these tiles to `check_meld` with every tile each joker could stand for.
    (A joker in a set stands for a colour no tile there has, in a run for a number
    no tile there has; two jokers are interchangeable.)"""
    reals = [t for t in parse_tiles(" ".join(keys), in_meld=False) if not t.joker]
    jokers = len(keys) - len(reals)
    if not reals or (jokers and v.opening_joker == "not_allowed"):
        return NONE, NONE
    colours = {t.colour for t in reals}
    numbers = {t.number for t in reals}
    if len(colours) > 1 and len(numbers) > 1:
        return NONE, NONE  # neither one colour nor one number: no meld, whatever the jokers
    stands_for = [
        (c, n)
        for c in COLOURS
        for n in range(1, 14)
        if (c in colours and n not in numbers) or (n in numbers and c not in colours)
    ]
    best = {"set": NONE, "run": NONE}
    for choice in combinations_with_replacement(stands_for, jokers):
        tiles = reals + [joker_as(c, n) for c, n in choice]
        try:
            meld = check_meld(tiles, v)
        except InvalidMeld:
            continue
        best[meld.kind] = max(best[meld.kind], sum(opening_values(meld, v)))
    return best["set"], best["run"]


def brute_force(rack: list[str], v: Variant) -> tuple[float, bool]:
    """The best opening value and whether the whole rack can be laid at once."""
    rules = tuple(getattr(v, name) for name in MELD_RULES)
    n = len(rack)
    melds = []  # (positions as a bit mask, value, is a run)
    for size in range(3, n + 1):
        for positions in combinations(range(n), size):
            as_set, as_run = meld_values(tuple(sorted(rack[i] for i in positions)), v, rules)
            mask = sum(1 << i for i in positions)
            if as_set > NONE:
                melds.append((mask, as_set, False))
            if as_run > NONE:
                melds.append((mask, as_run, True))

    @cache
    def best(left: int, needs_run: bool, cover: bool) -> float:
        if not left:
            return NONE if needs_run else 0
        lowest = left & -left
        value = NONE if cover else best(left ^ lowest, needs_run, cover)
        for mask, worth, is_run in melds:
            if mask & lowest and mask & left == mask:
                rest = best(left ^ mask, needs_run and not is_run, cover)
                value = max(value, worth + rest)
        return value

    everything = (1 << n) - 1
    opening = best(everything, v.opening_needs_run, False)
    # Every closing the variant allows: the whole rack where it may be emptied,
    # all but one tile where the last is discarded (a joker for a Jolly closing).
    left_after_closing = [everything] if "rack_empty" in v.finishes else []
    left_after_closing += [
        everything ^ (1 << i)
        for i in range(n)
        if "discard" in v.finishes or ("joker_discard" in v.finishes and rack[i] == "j")
    ]
    at_once = any(
        left and best(left, v.opening_needs_run, True) >= max(v.opening, 1)
        for left in left_after_closing
    )
    return (opening if opening > NONE else 0), at_once


def random_rack(rng: random.Random) -> list[str]:
    """Up to 10 tiles, mostly from a few colours and a window of numbers (so that
    melds are common, the window sometimes running past 13 to the aces), with 0-2
    jokers; sometimes dealt from the whole set."""
    jokers = rng.choice([0, 0, 1, 1, 2])
    size = rng.randint(max(1, jokers), 10)
    if rng.random() < 0.2:
        pool = [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2
    else:
        first = rng.randint(1, 13)
        numbers = [(first + i - 1) % 13 + 1 for i in range(rng.randint(3, 6))]
        colours = rng.sample(COLOURS, rng.randint(1, 4))
        pool = [f"{c}{n}" for c in colours for n in numbers] * 2
    reals = rng.sample(pool, min(size - jokers, len(pool)))
    return reals + ["j"] * jokers


def tile_keys(tiles) -> list[str]:
    return ["j" if t.joker else str(t) for t in tiles]


def assert_melds_make_the_opening(rack: list[str], v: Variant, result) -> None:
    """The melds are legal, come from the rack, add up to the value and keep the rules."""
    left = list(rack)
    total = 0
    kinds = set()
    for tiles in result.melds:
        meld = check_meld(tiles, v)
        kinds.add(meld.kind)
        total += sum(opening_values(meld, v))
        assert not (meld.jokers and v.opening_joker == "not_allowed")
        for key in tile_keys(tiles):
            left.remove(key)
    assert total == result.value
    if result.melds and v.opening_needs_run:
        assert "run" in kinds
    assert result.opens == (bool(result.melds) and result.value >= v.opening)


RACKS_PER_VARIANT = 300
# No preset lets runs go round the corner (13-1-2); a group's own variant may.
HOUSE_WRAP = PRESETS["rummikub"].changed(
    id="house-wrap", name="House rules: runs round the corner", ace_high=True, wrap=True
)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [*PRESETS.values(), HOUSE_WRAP], ids=lambda v: v.id)
def test_the_solver_matches_the_brute_force(variant):
    rng = random.Random(2024)  # the same racks under every variant
    opened = at_once = 0
    jokers_seen, sizes = Counter(), set()
    for _ in range(RACKS_PER_VARIANT):
        rack = random_rack(rng)
        jokers_seen[rack.count("j")] += 1
        sizes.add(len(rack))
        result = best_opening(parse_tiles(" ".join(rack), in_meld=False), variant)
        value, whole = brute_force(rack, variant)
        assert (result.value, result.all_at_once) == (value, whole), rack
        assert_melds_make_the_opening(rack, variant, result)
        opened += result.opens
        at_once += result.all_at_once
    # The random racks must exercise both answers, or the comparison proves little.
    assert 0 < opened < RACKS_PER_VARIANT
    assert 0 < at_once < RACKS_PER_VARIANT
    # Racks with no joker, one and two, and racks as long as 10 tiles, all compared.
    assert min(jokers_seen[n] for n in (0, 1, 2)) > 30
    assert max(sizes) == 10


# (variant, rack, whether the whole rack can go down at once): the closing decides
# whether a tile must be kept back to discard.
ALL_AT_ONCE = [
    # Rummy Meld with the rack-empty closing: the rack may go down whole.
    ("rummy-meld-rack-empty", "y1 y2 y3 k12 k13 k1", True),
    ("rummy-meld-rack-empty", "r1 k1 b1 b2 b3 b4", True),
    # The same racks where the last tile must be discarded: every tile is needed
    # in a meld, so none can be the discard.
    ("rummy-meld", "y1 y2 y3 k12 k13 k1", False),
    ("rummy-meld", "r1 k1 b1 b2 b3 b4", False),
    # A spare tile to discard: the discard closings go out, and so does the rack-empty
    # one (it allows a discard too).
    ("rummy-meld", "y1 y2 y3 k12 k13 k1 r7", True),
    ("rummy-meld-rack-empty", "y1 y2 y3 k12 k13 k1 r7", True),
    # The Jolly closing needs a joker to discard.
    ("rummy-meld-discard-jolly", "y1 y2 y3 k12 k13 k1 r7", False),
    ("rummy-meld-discard-jolly", "y1 y2 y3 k12 k13 k1 j", True),
    # Rummikub goes out by emptying the rack: a spare tile keeps the rack from going down.
    ("rummikub", "r10 r11 r12 b10 k10 y10", True),
    ("rummikub", "r10 r11 r12 b10 k10 y10 b2", False),
]


@pytest.mark.parametrize(("variant", "rack", "whole"), ALL_AT_ONCE)
def test_the_whole_rack_goes_down_at_once_exactly_when_a_closing_allows(variant, rack, whole):
    result = best_opening(parse_tiles(rack, in_meld=False), PRESETS[variant])
    assert result.all_at_once is whole
