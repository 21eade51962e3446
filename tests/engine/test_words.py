"""The engine's words: English as ever, and the key and values a page reads in its language."""

from __future__ import annotations

import json
import pickle

import pytest

from scorekeeper.engine import read_hand, score_hand
from scorekeeper.engine.errors import InvalidHand
from scorekeeper.engine.melds import check_meld
from scorekeeper.engine.results import HandResult, Line
from scorekeeper.engine.tiles import parse_tiles, tile_label
from scorekeeper.engine.variants import preset
from scorekeeper.engine.words import (
    Reading,
    Words,
    and_list,
    as_record,
    counted,
    english,
    from_record,
    install_reader,
    or_list,
    say,
    words,
)


class Catalogue:
    """A small catalogue of Romanian, as gettext's translations answer."""

    def __init__(self, entries: dict[str, str], plurals: dict[str, tuple[str, ...]] | None = None):
        self.entries, self.plurals = entries, plurals or {}

    def gettext(self, message: str) -> str:
        return self.entries.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.plurals.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        # Romanian: one, few (0 and 2-19), many (20 and more take "de").
        return forms[0 if n == 1 else 1 if n == 0 or 1 < n % 100 < 20 else 2]


RO = Catalogue(
    {
        "player {player}": "jucătorul {player}",
        "{first}, {then}": "{first}, {then}",
        "rack": "suport",
        "{where}: {detail}": "{where}: {detail}",
        "{tiles}: a meld needs at least 3 tiles": "{tiles}: o formație are cel puțin 3 piese",
        "Nobody went out. {rack} count against you": "Nimeni nu a ieșit. {rack} se scad",
        "Tiles left on your rack ({tiles}: {costs})": "Piese rămase pe suport ({tiles}: {costs})",
    },
    {"{n} joker": ("{n} joker", "{n} jokeri", "{n} de jokeri")},
)


def test_words_read_as_their_english_text():
    said = words("{player} went out with {tiles}", player="Ștefan", tiles="r1 r2 r3")
    assert said.english == english(said) == "Ștefan went out with r1 r2 r3"
    assert not isinstance(said, str)
    assert said.template == "{player} went out with {tiles}"
    assert said.values == {"player": "Ștefan", "tiles": "r1 r2 r3"}
    assert said == words("{player} went out with {tiles}", player="Ștefan", tiles="r1 r2 r3")
    assert said != words("{player} went out with {tiles}", player="Ana", tiles="r1 r2 r3")
    assert said != "Ștefan went out with r1 r2 r3"


def test_a_refusal_is_read_in_the_catalogues_language_names_and_tiles_untouched():
    with pytest.raises(Exception) as caught:
        check_meld(parse_tiles("r12 r13"), preset("romanian"))
    assert str(caught.value) == "r12 r13: a meld needs at least 3 tiles"
    assert say(caught.value.words, RO) == "r12 r13: o formație are cel puțin 3 piese"


def test_the_place_of_a_refusal_is_translated_with_it():
    error = InvalidHand(
        words("{tiles}: a meld needs at least 3 tiles", tiles="k3 k4"),
        player="Zsófia",
        field="rack",
    )
    assert str(error) == "player Zsófia, rack: k3 k4: a meld needs at least 3 tiles"
    assert say(error.words, RO) == (
        "jucătorul Zsófia, suport: k3 k4: o formație are cel puțin 3 piese"
    )
    assert say(error.where, RO) == "jucătorul Zsófia, suport"


@pytest.mark.parametrize(
    "n, english, romanian",
    [(1, "1 joker", "1 joker"), (2, "2 jokers", "2 jokeri"), (21, "21 jokers", "21 de jokeri")],
)
def test_plural_forms_follow_each_languages_rule(n, english, romanian):
    said = counted("{n} joker", "{n} jokers", n=n)
    assert said.english == english
    assert say(said, RO) == romanian


def test_a_breakdown_line_is_read_in_the_catalogues_language():
    hand = {
        "variant": "rummikub",
        "players": [{"name": "Ana", "went_out": True}, {"name": "Éloïse", "rack": "r5 k7"}],
    }
    result = score_hand(read_hand(hand))
    line = result.breakdown["Éloïse"][0]
    assert (
        english(line.rule)
        == "Ana went out. Tiles left on your rack (r5 k7: 5 + 7) count against you"
    )
    # "{player} went out. {rack} count against you" has no entry: English around the
    # translated rack, and the names and tiles as written.
    assert say(line.rule, RO) == (
        "Ana went out. Piese rămase pe suport (r5 k7: 5 + 7) count against you"
    )


def test_a_stored_result_keeps_its_words_as_data():
    hand = {
        "variant": "tile-rummy",
        "players": [
            {"name": "Ana", "went_out": False, "rack": "r5 j"},
            {"name": "Bo", "went_out": False, "rack": "k2"},
        ],
    }
    result = score_hand(read_hand(hand))
    stored = HandResult.from_record(json.loads(json.dumps(result.to_record())))
    line = stored.breakdown["Ana"][0]
    assert line == result.breakdown["Ana"][0]
    assert isinstance(line.rule, Words)
    assert line.rule.template == "Nobody went out. {rack} count against you"
    assert say(line.rule, RO).startswith("Nimeni nu a ieșit. Piese rămase pe suport (r5 j: ")


def test_a_line_stored_before_words_were_kept_reads_in_english():
    old = {"points": -5, "rule": "Never opened", "source": "Rummikub, Scoring", "param": "x"}
    line = Line.from_record(old)
    assert (line.rule, line.source) == ("Never opened", "Rummikub, Scoring")
    assert say(line.rule, RO) == "Never opened"


def test_records_and_pickles_bring_words_back_whole():
    said = words("{what} count against you", what=counted("{n} joker", "{n} jokers", n=3))
    again = from_record(json.loads(json.dumps(as_record(said))))
    assert again == said and isinstance(again, Words)
    assert say(again, RO) == "3 jokeri count against you"
    assert say(pickle.loads(pickle.dumps(said)), RO) == "3 jokeri count against you"


def test_lists_are_written_by_the_readers_language_and_in_english_without_one():
    assert english(and_list(["A", "B", "C"])) == "A, B, and C"
    assert english(and_list(["A", "B"])) == "A and B"
    assert english(and_list(["A"])) == "A"
    assert english(or_list(["r7", "b7", "k7"])) == "r7, b7, or k7"
    romanian = Reading(RO, lists=lambda items, style: " și ".join(items) + f" ({style})")
    listed = words("{tiles}: a meld needs at least 3 tiles", tiles=and_list(["r1", "r2"]))
    assert say(listed, romanian) == "r1 și r2 (and): o formație are cel puțin 3 piese"
    again = from_record(json.loads(json.dumps(as_record(listed))))
    assert again == listed


def test_a_catalogue_entry_with_a_wrong_placeholder_falls_back_to_english():
    broken = Catalogue({"{tiles}: a meld needs at least 3 tiles": "{piese}: prea puține"})
    said = words("{tiles}: a meld needs at least 3 tiles", tiles="r1")
    assert say(said, broken) == "r1: a meld needs at least 3 tiles"


def test_a_page_draws_words_escaped_in_its_readers_language():
    said = words("{tiles}: a meld needs at least 3 tiles", tiles="<b>")
    assert said.__html__() == "&lt;b&gt;: a meld needs at least 3 tiles"
    install_reader(lambda: RO)
    try:
        assert said.__html__() == "&lt;b&gt;: o formație are cel puțin 3 piese"
    finally:
        install_reader(None)


@pytest.mark.parametrize("start", ["r1", "k13", "j", "j=b5", "o7"])
def test_a_sentence_starting_with_a_tile_keeps_the_tile_as_written(start):
    message = words("{tile} is not in the rack", tile=start).as_sentence()
    assert message.english == f"{start} is not in the rack"
    assert say(message, Catalogue({"{tile} is not in the rack": "{tile} nu e pe tablă"})) == (
        f"{start} nu e pe tablă"
    )


def test_a_sentence_starting_with_a_word_gets_its_capital():
    assert words("joker left on the rack").as_sentence().english == "Joker left on the rack"
    assert words("red 10 twice").as_sentence().english == "Red 10 twice"


def test_a_presets_name_is_read_in_the_language_and_stored_as_plain_text():
    variant = preset("romanian-100-plus-rack")
    romanian = Catalogue(
        {
            "Romanian: never opened costs 100 plus the rack": (
                "Românesc: cine nu a deschis plătește 100 plus tabla"
            )
        }
    )
    assert say(variant.name, romanian) == "Românesc: cine nu a deschis plătește 100 plus tabla"
    assert json.loads(variant.to_json())["name"] == "Romanian: never opened costs 100 plus the rack"
    assert english(variant.name) == "Romanian: never opened costs 100 plus the rack"


def test_a_tile_in_words_is_read_in_the_language():
    red_10 = parse_tiles("r10")[0]
    romanian = Catalogue({"red": "roșu", "{colour} {number}": "{number} {colour}"})
    assert english(tile_label(red_10)) == "red 10"
    assert say(tile_label(red_10), romanian) == "10 roșu"


MESSAGE = words("{player} went out with {tiles}", player="Ana", tiles="r1 r2 r3")


@pytest.mark.parametrize(
    "built",
    [
        lambda w: ", ".join([w, "Bo"]),
        lambda w: " ".join([w]),
        lambda w: w + " Bo",
        lambda w: "Bo " + w,
        lambda w: f"{w}",
        lambda w: f"Bo: {w}.",
        lambda w: "{}".format(w),  # noqa: UP032 (the formatting under test)
        lambda w: "Bo: {said}".format_map({"said": w}),
        lambda w: "%s" % (w,),  # noqa: UP031 (the formatting under test)
        lambda w: "%(said)s" % {"said": w},  # noqa: UP031 (the formatting under test)
        lambda w: format(w, ""),
        lambda w: str(w),
        lambda w: json.dumps({"said": w}),
    ],
    ids=[
        "join",
        "join-one",
        "add",
        "radd",
        "f-string",
        "f-string-in-text",
        "format",
        "format-map",
        "percent",
        "percent-mapping",
        "format-builtin",
        "str",
        "json",
    ],
)
def test_a_message_cannot_be_built_into_a_text_from_pieces(built):
    # An engine message is read whole, in the reader's language: a join, a concatenation
    # or a formatting that would quietly give English fails loudly instead (issue 24).
    with pytest.raises(TypeError):
        built(MESSAGE)
    with pytest.raises(TypeError):
        built(and_list(["Ana", "Bo"]))


def test_a_message_is_asked_for_in_english_by_name():
    assert (
        MESSAGE.english == english(MESSAGE) == say(MESSAGE, None) == ("Ana went out with r1 r2 r3")
    )
    assert not isinstance(MESSAGE, str)
    assert {MESSAGE, words("{player} went out with {tiles}", player="Ana", tiles="r1 r2 r3")} == {
        MESSAGE
    }
