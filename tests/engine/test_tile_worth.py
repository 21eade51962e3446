"""What each tile of a meld counts and why (the meld checker's explanation, issue 25): the
variant's tile values, its aces by where they lie, a joker as the tile it stands for, a
fixed joker value in the opening, a joker kept out of it, and a melded joker's bonus."""

from __future__ import annotations

import pytest

from scorekeeper.engine import parse_tiles
from scorekeeper.engine.errors import InvalidMeld
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.openings import best_opening, check, left_on_rack
from scorekeeper.engine.tile_worth import tile_worths
from scorekeeper.engine.variants import PRESETS, ROMANIAN, RUMMIKUB, RUMMY_CARDS, TILE_RUMMY


def explained(tiles: str, variant) -> list[tuple[str, int, int | None, list[str]]]:
    meld = check_meld(parse_tiles(tiles), variant)
    return [
        (str(w.tile), w.opening, w.end, [why.english for why in w.why])
        for w in tile_worths(meld, variant)
    ]


def test_a_romanian_two_joker_run_says_why_it_scores_130():
    assert explained("r8 r9 j j r12 r13", ROMANIAN) == [
        ("r8", 5, 5, ["counts 5: here every tile from 2 to 9 counts 5"]),
        ("r9", 5, 5, ["counts 5: here every tile from 2 to 9 counts 5"]),
        (
            "j=r10",
            10,
            50,
            [
                "a joker: it counts 10, as the tile it stands for does",
                "at the end of the hand it scores 50, the bonus for a melded joker here",
            ],
        ),
        (
            "j=r11",
            10,
            50,
            [
                "a joker: it counts 10, as the tile it stands for does",
                "at the end of the hand it scores 50, the bonus for a melded joker here",
            ],
        ),
        ("r12", 10, 10, ["counts 10: here every tile from 10 to 13 counts 10"]),
        ("r13", 10, 10, ["counts 10: here every tile from 10 to 13 counts 10"]),
    ]


def test_romanian_aces_count_by_where_they_lie():
    assert explained("r1 r2 r3", ROMANIAN)[0] == (
        "r1",
        5,
        5,
        ["counts 5: here an ace counts 5 at the low end of a run"],
    )
    assert explained("r12 r13 r1", ROMANIAN)[2] == (
        "r1",
        10,
        10,
        ["counts 10: here an ace counts 10 after the 13 of a run"],
    )
    assert explained("r1 b1 k1", ROMANIAN)[1] == (
        "b1",
        25,
        25,
        ["counts 25: here an ace counts 25 in a set"],
    )


def test_rummikub_tiles_count_their_number_and_a_joker_the_tile_it_stands_for():
    assert explained("r12 r13 j", RUMMIKUB) == [
        ("j=r11", 11, None, ["a joker: it counts 11, as the tile it stands for does"]),
        ("r12", 12, None, ["counts 12, the number on the tile"]),
        ("r13", 13, None, ["counts 13, the number on the tile"]),
    ]


def test_a_fixed_joker_value_and_a_joker_kept_out_of_the_opening():
    assert explained("y1 y2 j", TILE_RUMMY)[2] == (
        "j=y3",
        25,
        None,
        ["a joker: toward the opening it counts 25, the fixed value of a joker here"],
    )
    assert explained("k11 k12 j", RUMMY_CARDS) == [
        ("k11", 0, None, ["counts 11, the number on the tile"]),
        ("k12", 0, None, ["counts 12, the number on the tile"]),
        (
            "j=k13",
            0,
            None,
            ["a joker: it may not be used in the opening here, so the meld counts nothing there"],
        ),
    ]


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
@pytest.mark.parametrize("tiles", ["r8 r9 j j r12 r13", "r5 b5 j", "r1 b1 k1 j", "r12 r13 j"])
def test_the_tiles_add_up_to_the_checkers_two_figures(variant, tiles):
    try:
        meld = check_meld(parse_tiles(tiles), variant)
    except InvalidMeld:
        pytest.skip("not a meld under this variant")
    checked = check(parse_tiles(tiles), variant)
    worths = tile_worths(meld, variant)
    assert sum(w.opening for w in worths) == checked.opening_value
    assert sum(w.end or 0 for w in worths) == checked.end_value


@pytest.mark.parametrize(
    ("rack", "left"),
    [
        ("r10 r11 r12 b3 k9 j j", ["b3"]),
        ("r1 r2 r3 b7 k7 y7 j", []),
        ("b1 b5", ["b1", "b5"]),
        ("r5 j r6 b9 r7 b9", ["b9", "b9"]),
    ],
)
def test_the_tiles_left_on_the_rack_after_its_best_opening(rack, left):
    tiles = parse_tiles(rack, in_meld=False)
    assert [str(t) for t in left_on_rack(tiles, best_opening(tiles, RUMMIKUB))] == left
