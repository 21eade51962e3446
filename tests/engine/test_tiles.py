"""The tile notation: colour letter and number, j for a joker, spaces or commas."""

import pytest

from scorekeeper.engine import JOKER, InvalidTile, Tile, format_tiles, parse_tiles, tile_label
from scorekeeper.engine.tiles import joker_as
from scorekeeper.engine.words import english


@pytest.mark.parametrize(
    ("text", "tiles"),
    [
        ("r7", [Tile("r", 7)]),
        ("b13 k1 y10", [Tile("b", 13), Tile("k", 1), Tile("y", 10)]),
        ("b13,k1,y10", [Tile("b", 13), Tile("k", 1), Tile("y", 10)]),
        ("b13, k1 ,  y10", [Tile("b", 13), Tile("k", 1), Tile("y", 10)]),
        ("  r1\tr2\nr3  ", [Tile("r", 1), Tile("r", 2), Tile("r", 3)]),
        ("R7 B8 K9 Y10", [Tile("r", 7), Tile("b", 8), Tile("k", 9), Tile("y", 10)]),
        # Sets sold with orange tiles: o is the same fourth colour as yellow.
        ("o5 O6", [Tile("y", 5), Tile("y", 6)]),
        ("j", [JOKER]),
        ("J", [JOKER]),
        ("j=b11", [joker_as("b", 11)]),
        ("J=B11", [joker_as("b", 11)]),
        ("j=11", [joker_as(None, 11)]),
        ("j=r11", [joker_as("r", 11)]),
        ("j=o2", [joker_as("y", 2)]),
        ("", []),
        (" , ", []),
    ],
)
def test_the_notation_reads_as(text, tiles):
    assert parse_tiles(text) == tiles


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("x7", "x7"),  # no such colour
        ("r0", "1 to 13"),
        ("r14", "1 to 13"),
        ("b", "'b'"),
        ("7", "'7'"),
        ("r7r", "r7r"),
        ("r-1", "r-1"),
        ("rr7", "rr7"),
        ("jj", "jj"),
        ("j=", "j="),
        ("j=x11", "j=x11"),
        ("j=b14", "1 to 13"),
        ("j=b0", "1 to 13"),
        ("joker", "joker"),
        ("r7;", "r7;"),
        ("r007", "r007"),
        # Only ASCII digits and letters: full-width, Arabic-Indic and Devanagari digits,
        # and the Kelvin sign that lower-cases to k, are no tiles.
        ("r\uff15", "r\uff15"),
        ("r\u0663", "r\u0663"),
        ("b1\u0967", "b1\u0967"),
        ("\u212a5", "\u212a5"),
        ("j=r\uff17", "j=r\uff17"),
    ],
)
def test_a_bad_token_is_refused_naming_the_token(token, fragment):
    with pytest.raises(InvalidTile) as caught:
        parse_tiles(f"r1 {token} r3")
    assert fragment in str(caught.value)
    assert token in str(caught.value)
    assert caught.value.token == token


def test_a_joker_on_a_rack_stands_for_nothing():
    assert parse_tiles("r12 k3 j", in_meld=False) == [Tile("r", 12), Tile("k", 3), JOKER]
    with pytest.raises(InvalidTile, match="j=b11"):
        parse_tiles("r12 j=b11", in_meld=False)


def test_tiles_are_written_back_in_the_notation():
    text = "r1 b13 j j=b11 j=7"
    assert format_tiles(parse_tiles(text)) == text
    assert format_tiles(parse_tiles("O5,K2")) == "y5 k2"


@pytest.mark.parametrize(
    ("token", "suits", "label"),
    [
        ("b7", False, "blue 7"),
        ("j", False, "joker"),
        ("j=r11", False, "joker as red 11"),
        ("j=11", False, "joker as 11"),
        ("b7", True, "7 of clubs"),
        ("k1", True, "A of spades"),
        ("r13", True, "K of hearts"),
        ("y12", True, "Q of diamonds"),
        ("j=k11", True, "joker as J of spades"),
    ],
)
def test_a_tile_in_words(token, suits, label):
    (tile,) = parse_tiles(token)
    assert english(tile_label(tile, suits=suits)) == label


def test_a_joker_is_one_physical_tile_whatever_it_stands_for():
    assert {t.key for t in parse_tiles("j j=b11 j=3")} == {"j"}
    assert parse_tiles("j=b11")[0].plain() == JOKER
