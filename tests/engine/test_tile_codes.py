"""Tile codes in a page's letters: read back to the notation, written from it, kept with a
stored message, and said by `say` in the reader's letters."""

from __future__ import annotations

import gettext

import pytest

from scorekeeper.engine.errors import InvalidTile
from scorekeeper.engine.tile_codes import TileCode, in_letters, swap, to_notation, written
from scorekeeper.engine.tiles import parse_tiles
from scorekeeper.engine.words import Reading, as_record, english, from_record, say, words

# The letters of the Hungarian and French pages (web/shell/tile_letters.py), as data here:
# the engine knows no language.
HUNGARIAN = {"r": "p", "b": "k", "k": "f", "y": "s", "o": "n", "j": "j"}
FRENCH = {"r": "r", "b": "b", "k": "n", "y": "j", "o": "o", "j": "*"}
ENGLISH = gettext.NullTranslations()


@pytest.mark.parametrize(
    ("letters", "typed", "read"),
    [
        (HUNGARIAN, "k5", "b5"),
        (HUNGARIAN, "p1 k2, f3  s4 n5 j", "r1 b2, k3  y4 o5 j"),
        (HUNGARIAN, "j=k11 J=F2", "j=b11 J=K2"),
        (FRENCH, "j5 * *=j11 n3", "y5 j j=y11 k3"),
        (HUNGARIAN, "p1/low", "r1/low"),
        (None, "k5", "k5"),
    ],
)
def test_typed_tiles_are_read_in_the_notation(letters, typed, read):
    assert to_notation(typed, letters) == read


@pytest.mark.parametrize("typed", ["b5", "r5", "y5", "o5"])
def test_a_letter_the_page_does_not_use_is_never_a_tile(typed):
    # On a Hungarian page `b5` is no tile (b is no Hungarian colour), not the English blue 5.
    with pytest.raises(InvalidTile):
        parse_tiles(to_notation(typed, HUNGARIAN))


@pytest.mark.parametrize("letters", [HUNGARIAN, FRENCH])
@pytest.mark.parametrize("typed", ["b5 k55 x", "J=Q3 * y", "hello, r1/set"])
def test_whatever_was_typed_is_written_back_as_it_was_typed(letters, typed):
    assert in_letters(to_notation(typed, letters), letters) == typed


def test_the_swap_pairs_every_letter_both_ways():
    for letters in (HUNGARIAN, FRENCH):
        table = swap(letters)
        assert sorted(table) == sorted(table.values())


def test_say_writes_tile_codes_in_the_readers_letters_and_nothing_else():
    message = words("'{token}' is no tile, {player}", token=TileCode("b55"), player="Kati b5")
    assert say(message, Reading(ENGLISH, letters=HUNGARIAN)) == "'k55' is no tile, Kati b5"
    assert say(message, Reading(ENGLISH)) == "'b55' is no tile, Kati b5"
    assert english(message) == "'b55' is no tile, Kati b5"


def test_a_tile_in_a_message_is_written_in_the_readers_letters():
    (tile,) = parse_tiles("j=y11")
    assert written(tile, FRENCH) == "*=j11"
    assert written("y11", FRENCH) == "y11"


def test_a_stored_message_keeps_its_tile_codes_marked():
    message = words("Tiles left on your rack ({tiles})", tiles=TileCode("b5 k6"))
    again = from_record(as_record(message))
    assert say(again, Reading(ENGLISH, letters=HUNGARIAN)) == "Tiles left on your rack (k5 f6)"


def test_a_message_starting_with_a_tile_in_other_letters_keeps_it_lower_case():
    message = words("{tiles}: not a run", tiles=TileCode("b5 k6")).as_sentence()
    assert say(message, Reading(ENGLISH, letters=HUNGARIAN)) == "k5 f6: not a run"
    assert say(message, Reading(ENGLISH, letters=FRENCH)) == "b5 n6: not a run"
