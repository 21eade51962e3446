"""A Romanian hand followed in table mode, read in Romanian, Hungarian and French: every
message the engine gives on the way (the guidance after each action, the refusals, the
jokers' histories, the breakdown at the end and a refused undo of a deleted hand) reads
without an English word (issue 24: "Ștefan stacks 3 tiles, Mihai 1", "r7 and r9", a whole
English refusal, "hand 4 comes after the series ended" are what a Romanian table read).

The English words are those of the catalogues' English messages that the language's own
catalogue never writes: a word the translation itself uses (a loanword such as "joker", a
preset's name still in English) is no leak of the engine's."""

from __future__ import annotations

import gettext
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from babel.lists import format_list
from babel.messages.pofile import read_po

from scorekeeper.engine import preset
from scorekeeper.engine.errors import RuleError
from scorekeeper.engine.series import SeriesEnd, tally_series
from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.table import AddTiles, NewMeld, SwapJoker, Table, score_table
from scorekeeper.engine.words import Reading, say
from scorekeeper.web.shell.tile_letters import letters_of

CATALOGUES = Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"
ROMANIAN = preset("romanian")
PLAYERS = ["Ștefan", "Mihai", "Ana"]
# Names, and the game's own names, are no English words.
NOT_ENGLISH = {"ștefan", "mihai", "ana", "joly", "rummikub"}
# A word of letters only: a tile code ("r7", "j=k7") is letters and digits, and one letter
# ("j", the joker's code) is no word.
WORD = re.compile(r"(?<![\w=])[^\W\d_]{2,}(?![\w])")
LISTS = {"and": "standard", "or": "or"}


@cache
def po(name: str):
    path = CATALOGUES / ("messages.pot" if name == "en" else f"{name}/LC_MESSAGES/messages.po")
    with path.open("rb") as file:
        return read_po(file)


def texts(message) -> list[str]:
    """Every form of a message's id or string."""
    found = message if isinstance(message, (list, tuple)) else [message]
    return [text for text in found if text]


@cache
def english_words(language: str) -> frozenset[str]:
    """The words of the English messages that the language's catalogue never uses, but for
    the sections a source names as it prints them (cited in its own words: "The Play")."""
    said = {w.lower() for m in po("en") if m.id for t in texts(m.id) for w in WORD.findall(t)}
    own = {
        w.lower() for m in po(language) if m.id for t in texts(m.string) for w in WORD.findall(t)
    }
    cited = {
        w.lower()
        for source in SOURCES.values()
        for section in source.sections.values()
        for w in WORD.findall(say(section, None))
    }
    return frozenset(said - own - cited - NOT_ENGLISH)


def reader(language: str) -> Reading:
    """The language as a page reads it: its catalogue and Babel's lists."""
    catalogue = gettext.translation("messages", CATALOGUES, [language])
    return Reading(
        catalogue, lists=lambda items, style: format_list(list(items), LISTS[style], language)
    )


def refused(table: Table, action) -> RuleError:
    with pytest.raises(RuleError) as caught:
        table.apply(action)
    return caught.value


def romanian_hand() -> list[object]:
    """Every message of a Romanian hand followed in table mode, as the engine gives them."""
    table = Table(ROMANIAN, PLAYERS)
    messages: list[object] = []
    table = table.apply(NewMeld("Ștefan", ["r11 b11 k11", "y12 y13 y1"]))
    # Ana may not touch the table before her opening (engine/table/checks.py).
    messages.append(refused(table, AddTiles("Ana", 0, "y11")).words)
    table = table.apply(NewMeld("Mihai", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"]))
    table = table.apply(NewMeld("Ana", ["r7 b7 j", "k11 k12 k13", "y8 y9 y10"]))
    # An addition to another player's run (first typed wrong), then a fourth tile on a set.
    messages.append(refused(table, AddTiles("Ștefan", 2, "b9 x9")).words)
    table = table.apply(AddTiles("Ștefan", 2, "b9"))
    table = table.apply(AddTiles("Mihai", 0, "y11"))
    # A Joly swap refused (a colour the set has; engine/table/swaps.py), then made.
    messages.append(refused(table, SwapJoker("Mihai", 5, "r7 y7", "r12 r13 j")).words)
    messages.append(refused(table, SwapJoker("Mihai", 5, "k7", "r12 r13 j")).words)
    table = table.apply(SwapJoker("Mihai", 5, "k7 y7", "r12 r13 j"))
    messages += [line for lines in table.log for line in lines]
    messages += [joker.said for joker in table.jokers]
    # The end of the hand and its breakdown.
    result = score_table(table, {"Ștefan": "", "Mihai": "k1", "Ana": "b2 r5"}, went_out="Ștefan")
    messages += [line.rule for lines in result.breakdown.values() for line in lines]
    # A deleted hand that cannot come back: the series ended before it.
    with pytest.raises(RuleError) as caught:
        tally_series(ROMANIAN, PLAYERS, SeriesEnd("hands", 1), [result, result])
    messages.append(caught.value.words)
    return messages


def test_the_hand_gives_the_messages_it_is_about():
    english = [say(m, None) for m in romanian_hand()]
    assert any("stacks" in m for m in english)
    assert any("comes after the series ended" in m for m in english)
    assert any("Joker 1" in m for m in english)
    assert len(english) >= 12


@pytest.mark.parametrize("language", ["ro", "hu", "fr"])
def test_every_message_of_a_romanian_hand_in_table_mode_reads_without_english(language):
    page = reader(language)
    leaks = {
        said: sorted(english_words(language) & {w.lower() for w in WORD.findall(said)})
        for said in (say(message, page) for message in romanian_hand())
    }
    assert {said: words for said, words in leaks.items() if words} == {}


# A tile code in the notation's letters that a Hungarian page does not use (piros p, kék k,
# fekete f, sárga s, narancs n): r, b, y or o before a number.
NOTATION_ONLY = re.compile(r"(?<![\w=])[rbyo](?:1[0-3]|[1-9])(?!\d)")


def test_every_tile_a_hungarian_page_reads_in_table_mode_is_in_its_letters():
    page = replace(reader("hu"), letters=letters_of("hu"))
    said = [say(m, page) for m in romanian_hand()]
    assert any("k11" in s for s in said)  # the blue 11 of Ștefan's opening, in kék's letter
    assert not [s for s in said if NOTATION_ONLY.search(s)]
