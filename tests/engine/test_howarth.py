"""Hilary Howarth's split-run bookkeeping (RULES.md, romanian): the adder takes
middle tiles worth what they added, never an end tile or a joker."""

import pytest

from scorekeeper.engine import InvalidMeld, parse_tiles, preset, split_run


def split(run, add, variant="romanian", ace=None):
    result = split_run(parse_tiles(run), parse_tiles(add), preset(variant), ace=ace)
    return " ".join(map(str, result.take)), " ".join(map(str, result.remains)), result.owed


# (run as it lies, tiles added, variant, take, remains, owed)
SPLITS = [
    # The source's example: b9 b10 are worth 5 + 10 = 15; b7 b8 b9 are 5 + 5 + 5.
    ("b6 b7 b8", "b9 b10", "romanian", "b7 b8 b9", "b6 b10", 0),
    # The middle already stacked: b11 is worth 10, the b10 left in the run too.
    ("b6 b10", "b11", "romanian", "b10", "b6 b11", 0),
    # One 5 added: either middle tile is worth 5; the one nearest the new tile goes.
    ("b6 b7 b8", "b9", "romanian", "b8", "b6 b7 b9", 0),
    # Added at the low end: b4 b5 are 10; b5 (the adder's own) and b6 are 5 + 5.
    ("b6 b7 b8", "b4 b5", "romanian", "b5 b6", "b4 b7 b8", 0),
    # No middle tile worth 5 or less: nothing taken, 5 owed to the adder.
    ("b10 b11 b12", "b9", "romanian", "", "b9 b10 b11 b12", 5),
    # b9 b10 are 5 + 10 = 15; the middle (b10 b11 b12) holds only 10s: take 10, owe 5.
    ("b11 b12 b13", "b9 b10", "romanian", "b10", "b9 b11 b12 b13", 5),
    # The joker is never taken: the middle without it is b8 b9 = 10 of the 15 added.
    ("b6 j b8", "b9 b10", "romanian", "b8 b9", "b6 j=b7 b10", 5),
    ("b6 j=b7 b8", "b9 b10", "romanian", "b8 b9", "b6 j=b7 b10", 5),
    # A high ace is worth 10 in a high run; b12 and b13 are 10 each.
    ("b11 b12 b13", "b1", "romanian", "b13", "b11 b12 b1", 0),
    ("b11 b12 b13", "b1", "rummy-meld", "b13", "b11 b12 b1", 0),
    # A low ace is worth 5.
    ("b2 b3 b4", "b1", "romanian", "b2", "b1 b3 b4", 0),
    # A high ace added with the 13 it follows: b11 b12 b13 b1 are 10 each = 40;
    # the middle (b10 ... b13, the ends now b3 and b1) is 40.
    ("b3 b10", "b11 b12 b13 b1", "romanian", "b10 b11 b12 b13", "b3 b1", 0),
    # The same bookkeeping in the variations and in Rummy Meld.
    ("b6 b7 b8", "b9 b10", "romanian-joly-double", "b7 b8 b9", "b6 b10", 0),
    ("b6 b7 b8", "b9 b10", "rummy-meld", "b7 b8 b9", "b6 b10", 0),
]


@pytest.mark.parametrize(("run", "add", "variant", "take", "remains", "owed"), SPLITS)
def test_the_adder_takes_middle_tiles_worth_what_they_added(run, add, variant, take, remains, owed):
    assert split(run, add, variant) == (take, remains, owed)


def test_tiles_added_at_both_ends_leave_both_new_ends():
    # b5 and b9 are 5 + 5: any two of b6 b7 b8 (5 each) make it; the rules do not
    # say which two, only that the new ends b5 and b9 stay.
    take, remains, owed = split("b6 b7 b8", "b5 b9")
    assert owed == 0
    assert len(take.split()) == 2 and set(take.split()) <= {"b6", "b7", "b8"}
    assert remains.split()[0] == "b5" and remains.split()[-1] == "b9"


# (run as it lies, tiles added, where the ace was said to lie, take, remains, owed)
ACE_SAID = [
    # b1 after the 13 is the high ace, 10 in Romanian; before the 2 it is 5.
    ("b2 b13", "b1", "high", "b13", "b2 b1", 0),
    ("b2 b13", "b1", "low", "b2", "b1 b13", 0),
    # Added with the 13 and the 2 alike, the ace could be either end:
    # low, b1 5 + b2...b6 25 + b10...b13 40 = 70; the whole middle b2 ... b12 is
    # 25 + 5 + 5 + 30 = 65: take it all, owe 5.
    (
        "b7 b9",
        "b1 b2 b3 b4 b5 b6 b10 b11 b12 b13",
        "low",
        "b2 b3 b4 b5 b6 b7 b9 b10 b11 b12",
        "b1 b13",
        5,
    ),
    # high, the added tiles are 75 and the middle b3 ... b13 is 70: take it all, owe 5.
    (
        "b7 b9",
        "b2 b3 b4 b5 b6 b10 b11 b12 b13 b1",
        "high",
        "b3 b4 b5 b6 b7 b9 b10 b11 b12 b13",
        "b2 b1",
        5,
    ),
    # Where only one end fits, saying it changes nothing.
    ("b11 b12 b13", "b1", "high", "b13", "b11 b12 b1", 0),
]


@pytest.mark.parametrize(("run", "add", "ace", "take", "remains", "owed"), ACE_SAID)
def test_an_ace_said_to_lie_low_or_high_is_split_there(run, add, ace, take, remains, owed):
    assert split(run, add, ace=ace) == (take, remains, owed)


@pytest.mark.parametrize(
    ("run", "add"),
    [("b2 b13", "b1"), ("b3 b12", "b13 b1 b2"), ("b7 b9", "b1 b2 b3 b4 b5 b6 b10 b11 b12 b13")],
)
def test_an_ace_that_could_lie_at_either_end_is_asked_not_guessed(run, add):
    with pytest.raises(InvalidMeld) as caught:
        split(run, add)
    assert caught.value.tile == "b1"
    assert caught.value.field == "ace"
    assert "b1 could lie before the b2 or after the b13" in str(caught.value)


@pytest.mark.parametrize(
    ("run", "add", "ace", "fragment"),
    [
        ("b11 b12 b13", "b1", "low", "does not extend the run"),
        ("b2 b3 b4", "b1", "high", "does not extend the run"),
        ("b2 b3 b4", "b1", "middle", "low or high"),
    ],
)
def test_an_ace_said_to_lie_where_it_cannot_is_refused(run, add, ace, fragment):
    with pytest.raises(InvalidMeld) as caught:
        split(run, add, ace=ace)
    assert fragment in str(caught.value)


def test_take_and_owed_make_the_added_value():
    result = split_run(parse_tiles("b11 b12 b13"), parse_tiles("b9 b10"), preset("romanian"))
    assert result.added_value == 15
    assert result.owed + 10 == result.added_value


def test_the_split_as_the_command_line_prints_it():
    result = split_run(parse_tiles("b6 b7 b8"), parse_tiles("b9 b10"), preset("romanian"))
    assert result.to_dict() == {"take": ["b7", "b8", "b9"], "remains": ["b6", "b10"], "owed": 0}


@pytest.mark.parametrize(
    ("run", "add", "variant", "fragment"),
    [
        ("b6 b10", "b8", "romanian", "b8 is inside the run"),
        ("b6 b7 b8", "b7", "romanian", "b7 is inside the run"),
        ("b6 b7 b8", "b10", "romanian", "without a gap"),
        ("b6 b7 b8", "b3 b4", "romanian", "without a gap"),
        ("b12 b13 b1", "b2", "romanian", "without a gap"),  # no wrapping past the ace
        ("b6 b7 b8", "r9", "romanian", "one colour"),
        ("b6", "b7", "romanian", "at least its two end tiles"),
        ("b6 b7 b8", "", "romanian", "give the tiles that were added"),
        ("b8 b7 b6", "b9", "romanian", "from low to high"),
        ("b6 b7 b8", "b9 b10", "rummikub", "scores only the racks"),
        ("b6 b7 b8", "b9 b10", "tile-rummy", "scores only the racks"),
        ("b6 b7 b8", "j", "romanian", "say which tile the added joker stands for"),
    ],
)
def test_a_split_that_cannot_be_is_refused(run, add, variant, fragment):
    with pytest.raises(InvalidMeld) as caught:
        split(run, add, variant)
    assert fragment in str(caught.value)
