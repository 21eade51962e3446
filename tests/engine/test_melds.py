"""Melds: which sets and runs each preset allows, why not, and what each tile is worth."""

import pytest

from scorekeeper.engine import (
    PRESETS,
    InvalidMeld,
    check_meld,
    end_values,
    opening_values,
    parse_tiles,
    preset,
    rack_value,
)

FACE_LOW = ("rummikub", "tile-rummy", "tile-rummy-5-10-15")  # any number of jokers
CARDS = ("rummy-cards",)  # ace low, one joker per meld
ROMANIAN = (
    "romanian",
    "romanian-100-plus-rack",
    "romanian-45",
    "romanian-discard-opening",
    "romanian-joly-double",
)  # high runs, twice as many real tiles as jokers
MELD = (
    "rummy-meld",
    "rummy-meld-rack-empty",
    "rummy-meld-discard-jolly",
    "rummy-meld-minimum-points",
)  # high runs, sets 2:1, no two jokers side by side
EVERY = FACE_LOW + CARDS + ROMANIAN + MELD
LOW_ONLY = FACE_LOW + CARDS
HIGH = ROMANIAN + MELD


def test_the_groups_above_cover_every_preset():
    assert sorted(EVERY) == sorted(PRESETS)


def meld(text, variant_id):
    return check_meld(parse_tiles(text), preset(variant_id))


# (tiles, the presets where they are a legal meld; refused in all the others)
LEGALITY = [
    ("r5 b5 k5", EVERY),
    ("r5 b5 k5 y5", EVERY),
    ("r5 r6 r7", EVERY),
    ("r7 r5 r6", EVERY),  # given in any order
    ("r1 r2 r3", EVERY),  # the ace low
    ("r9 r10 r11 r12 r13", EVERY),
    ("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13", EVERY),
    ("r1 b1 k1 y1", EVERY),
    # The ace after the 13: only where runs may be high.
    ("r12 r13 r1", HIGH),
    ("r11 r12 r13 r1", HIGH),
    ("r12 j r1", HIGH),
    # Wrapping round the corner is refused everywhere, also in Rummy Meld
    # ("cannot extend past the ace").
    ("r13 r1 r2", ()),
    ("r12 r13 r1 r2", ()),
    ("r11 r12 r13 r1 r2 r3", ()),
    # One joker.
    ("r5 j r7", EVERY),
    ("r5 r6 j", EVERY),
    ("r5 b5 j", EVERY),
    ("r5 b5 k5 j", EVERY),
    # Two jokers: Rummikub any number; card-faced tiles one per meld; Romanian at
    # least twice as many real tiles; Rummy Meld sets 2:1, runs no two side by side.
    ("r5 j=r6 j=r7", FACE_LOW),
    ("r5 b5 j j", FACE_LOW),
    ("r3 j r5 j r7", FACE_LOW + MELD),  # Romanian: 3 real tiles, 2 jokers
    ("r3 j r5 j r7 r8", FACE_LOW + ROMANIAN + MELD),  # Romanian: 4 real, 2 jokers
    ("r3 r4 r5 r6 j j", FACE_LOW + ROMANIAN),  # the two jokers lie side by side
    ("r3 r4 j j r7 r8", FACE_LOW + ROMANIAN),
    ("r3 j r5 r6 j", FACE_LOW + MELD),  # Romanian: 3 real, 2 jokers
    # Never legal.
    ("r5 b5", ()),
    ("r5 r6", ()),
    ("r5 b5 k5 y5 j", ()),
    ("r5 b5 r5", ()),
    ("r5 r5 r6", ()),
    ("r5 b6 k7", ()),
    ("r5 r6 r8", ()),
    ("r5 b5 k6", ()),
    ("j j j", ()),
]


@pytest.mark.parametrize("variant_id", EVERY)
@pytest.mark.parametrize(("text", "legal_in"), LEGALITY)
def test_a_meld_is_legal_only_in_the_presets_that_allow_it(text, legal_in, variant_id):
    if variant_id in legal_in:
        meld(text, variant_id)
    else:
        with pytest.raises(InvalidMeld):
            meld(text, variant_id)


# (tiles, preset, a fragment of the reason)
REASONS = [
    ("r5 b5", "rummikub", "at least 3 tiles"),
    ("j j j", "rummikub", "numbered tile"),
    ("r12 r13 r1", "rummikub", "12-13-1 is not a run"),
    ("r12 r13 r1", "tile-rummy", "12-13-1 is not a run"),
    ("r12 r13 r1", "rummy-cards", "12-13-1 is not a run"),
    ("r13 r1 r2", "rummikub", "round the corner"),
    ("r13 r1 r2", "romanian", "round the corner"),
    ("r12 r13 r1 r2", "rummy-meld", "round the corner"),
    ("r5 r6 r8", "rummikub", "r7 missing"),
    ("r5 r6 r9", "romanian", "r7 r8 missing"),
    ("r5 r5 r6", "rummikub", "r5 appears twice"),
    ("r5 b5 r5", "rummikub", "r5 appears twice"),
    ("r5 b5 k5 y5 j", "rummikub", "at most 4 tiles"),
    ("r5 b6 k7", "rummikub", "a set needs one number in different colours"),
    ("r5 j=b6 r7", "rummikub", "j=b6 cannot stand in a run of colour r"),
    ("r5 b5 j=k6", "rummikub", "j=k6 cannot stand in a set of 5s"),
    ("r5 b5 j=r5", "rummikub", "j=r5 stands for a colour the set already has"),
    ("r5 j j", "rummikub", "could be a set or a run"),
    ("r5 b5 j j", "rummy-cards", "at most 1 joker"),
    ("r5 j=r6 j=r7", "rummy-cards", "at most 1 joker"),
    ("r3 j r5 j r7", "rummy-cards", "at most 1 joker"),
    ("r5 b5 j j", "romanian", "twice as many numbered tiles as jokers"),
    ("r3 j r5 j r7", "romanian", "twice as many numbered tiles as jokers"),
    ("r3 j r5 j r7", "romanian-joly-double", "twice as many numbered tiles as jokers"),
    ("r5 b5 j j", "rummy-meld", "twice as many numbered tiles as jokers"),
    ("r3 r4 r5 r6 j j", "rummy-meld", "two jokers may not lie next to each other"),
    ("r3 r4 j j r7", "rummy-meld-rack-empty", "two jokers may not lie next to each other"),
]


@pytest.mark.parametrize(("text", "variant_id", "fragment"), REASONS)
def test_a_refused_meld_says_why(text, variant_id, fragment):
    with pytest.raises(InvalidMeld) as caught:
        meld(text, variant_id)
    assert fragment in str(caught.value)


def test_a_run_lies_from_low_to_high_and_a_high_ace_follows_the_13():
    assert str(meld("r7 r5 r6", "rummikub")) == "r5 r6 r7"
    high = meld("r1 r12 r13", "romanian")
    assert high.kind == "run"
    assert str(high) == "r12 r13 r1"
    assert sorted(high.ranks) == [12, 13, 14]


@pytest.mark.parametrize(
    ("text", "variant_id", "shown"),
    [
        ("r5 j r7", "rummikub", "r5 j=r6 r7"),  # the gap decides the joker
        ("r5 r6 j", "rummikub", "r5 r6 j=r7"),  # a joker at the end goes above
        ("r12 r13 j", "rummikub", "j=r11 r12 r13"),  # ... below where above is full
        ("r12 r13 j", "romanian", "r12 r13 j=r1"),  # a high ace where runs may be high
        ("r5 b5 k5 j", "rummikub", "r5 b5 k5 j=y5"),  # the one colour missing
    ],
)
def test_a_joker_stands_for_the_tile_the_meld_needs(text, variant_id, shown):
    assert str(meld(text, variant_id)) == shown


# Tile values (RULES.md, "Tile values"): (meld, preset, value of each tile at the end)
END_VALUES = [
    # face: 1 ... 13, a joker the tile it stands for.
    ("r1 r2 r3", "rummikub", [1, 2, 3]),
    ("r1 b1 k1", "rummikub", [1, 1, 1]),
    ("r11 r12 r13", "rummikub", [11, 12, 13]),
    ("r5 j r7", "rummikub", [5, 6, 7]),
    ("r1 r2 r3", "rummy-cards", [1, 2, 3]),
    ("k1 r1 b1 y1", "rummy-cards", [1, 1, 1, 1]),
    # 5-10-15: ace 15 wherever it lies.
    ("r1 r2 r3", "tile-rummy-5-10-15", [15, 5, 5]),
    ("r1 b1 k1", "tile-rummy-5-10-15", [15, 15, 15]),
    ("r9 r10 r11", "tile-rummy-5-10-15", [5, 10, 10]),
    # bands (Romanian): ace 5 low, 10 high, 25 in a set; the Joly +50 at the end.
    ("r1 r2 r3", "romanian", [5, 5, 5]),
    ("r12 r13 r1", "romanian", [10, 10, 10]),
    ("r1 b1 k1", "romanian", [25, 25, 25]),
    ("r9 r10 r11", "romanian", [5, 10, 10]),
    ("r5 j r7", "romanian", [5, 50, 5]),
    ("r1 b1 j", "romanian-45", [25, 25, 50]),
    # bands (Rummy Meld): the same aces; a joker the tile it stands for.
    ("r1 r2 r3", "rummy-meld", [5, 5, 5]),
    ("r12 r13 r1", "rummy-meld", [10, 10, 10]),
    ("r1 b1 k1 y1", "rummy-meld", [25, 25, 25, 25]),
    ("r5 j r7", "rummy-meld", [5, 5, 5]),
    ("r12 r13 j", "rummy-meld", [10, 10, 10]),  # the joker is the high ace
    ("r1 b1 j", "rummy-meld", [25, 25, 25]),  # the joker is an ace in a set
]


@pytest.mark.parametrize(("text", "variant_id", "values"), END_VALUES)
def test_what_each_melded_tile_is_worth_at_the_end(text, variant_id, values):
    assert end_values(meld(text, variant_id), preset(variant_id)) == values


@pytest.mark.parametrize(
    ("text", "variant_id", "values"),
    [
        # The leaflet's example: yellow 1, yellow 2, joker = 28 (a joker counts 25).
        ("y1 y2 j", "tile-rummy", [1, 2, 25]),
        ("r10 b10 j", "tile-rummy", [10, 10, 25]),
        # The 5-10-15 variation: a joker counts the tile it stands for in the opening.
        ("y1 y2 j", "tile-rummy-5-10-15", [15, 5, 5]),
        ("r5 j r7", "rummikub", [5, 6, 7]),
        # Romanian: a Joly counts the tile it stands for in the opening, not 50.
        ("r5 j r7", "romanian", [5, 5, 5]),
        ("r12 r13 j", "romanian", [10, 10, 10]),
        ("r1 b1 j", "romanian", [25, 25, 25]),
        ("r10 j r12", "rummy-meld", [10, 10, 10]),
    ],
)
def test_what_each_tile_counts_toward_the_opening(text, variant_id, values):
    assert opening_values(meld(text, variant_id), preset(variant_id)) == values


# (preset, ace, 2-9, 10-13, joker, swapped joker) left on a rack
RACK_VALUES = [
    ("rummikub", 1, 9, 13, 30, 30),
    ("tile-rummy", 1, 9, 13, 25, 25),
    ("tile-rummy-5-10-15", 15, 5, 10, 25, 25),
    ("rummy-cards", 1, 9, 13, 30, 30),
    ("romanian", 25, 5, 10, 25, 25),  # ruling: a loose ace costs 25
    ("romanian-100-plus-rack", 25, 5, 10, 25, 25),
    ("romanian-joly-double", 25, 5, 10, 25, 25),
    ("rummy-meld", 5, 5, 10, 50, 0),  # ruling: 1-9 count 5; a swapped joker 0
    ("rummy-meld-discard-jolly", 5, 5, 10, 50, 0),
]


@pytest.mark.parametrize(("variant_id", "ace", "nine", "king", "joker", "swapped"), RACK_VALUES)
def test_what_a_tile_left_on_a_rack_costs(variant_id, ace, nine, king, joker, swapped):
    v = preset(variant_id)
    r1, r9, r13, j = parse_tiles("r1 r9 r13 j")
    assert [rack_value(r1, v), rack_value(r9, v), rack_value(r13, v), rack_value(j, v)] == [
        ace,
        nine,
        king,
        joker,
    ]
    assert rack_value(j, v, swapped=True) == swapped
