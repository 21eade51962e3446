"""Every preset, rule source and part of a source the app names is a message read in the
reader's language; a stored preset's name (its English, in the JSON) and a stored line's
part read in that language again, while a name the group typed stays as typed."""

import json
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS, preset, read_hand, score_hand, variant_from_json
from scorekeeper.engine.results import Line
from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.variant_data import stored_name
from scorekeeper.engine.words import Words, say

CATALOGUES = Path(__file__).parents[2] / "scorekeeper" / "translations"

# A few Romanian names, as the Romanian catalogue gives them.
ROMANIAN = {
    "Romanian tile rummy": "Remi românesc",
    "Rummikub": "Rummikub",
    "Tile Rummy": "Remi după pliant",
    "Romanian: opening 45": "Remi românesc: deschidere la 45",
    "scoring section": "partea despre punctaj",
    "{source}, {section}": "{source}, {section}",
    "{section} (pool used up)": "{section} (s-au terminat piesele de tras)",
    "Rummikub official rules": "Regulile oficiale Rummikub",
    "Scoring": "Punctajul",
    "The Play": "Jocul",
    "{section}, options 5-7": "{section}, opțiunile 5-7",
}


class Catalogue:
    """A catalogue as gettext's translations answer (no plural forms needed here)."""

    def gettext(self, message: str) -> str:
        return ROMANIAN.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_every_presets_name_is_a_message(variant_id):
    assert isinstance(preset(variant_id).name, Words)


def test_every_sources_title_and_about_are_messages():
    for source in SOURCES.values():
        assert isinstance(source.title, Words) and isinstance(source.about, Words)


def test_a_presets_name_reads_in_the_readers_language():
    assert say(preset("romanian").name, Catalogue()) == "Remi românesc"
    assert say(preset("romanian-45").name, Catalogue()) == "Remi românesc: deschidere la 45"
    assert say(preset("tile-rummy").name, None) == "Tile Rummy"


def test_a_stored_presets_name_is_its_english_and_reads_in_the_readers_language_again():
    stored = json.loads(preset("romanian").to_json())
    assert stored["name"] == "Romanian tile rummy"  # the JSON, the database and exports
    back = variant_from_json(json.dumps(stored))
    assert say(back.name, Catalogue()) == "Remi românesc"
    assert back == preset("romanian")


def test_a_name_the_group_typed_stays_as_typed():
    own = preset("romanian").changed(
        id="custom-ours", name="Romanian tile rummy", based_on="romanian"
    )
    assert say(variant_from_json(own.to_json()).name, Catalogue()) == "Romanian tile rummy"
    assert stored_name("custom-ours", "Romanian tile rummy") == "Romanian tile rummy"
    # A preset's id with another name (a file written by hand) keeps that name too.
    assert stored_name("romanian", "Our Romanian") == "Our Romanian"
    assert say(stored_name("rummikub", "Rummikub"), Catalogue()) == "Rummikub"


def a_romanian_hand():
    return read_hand(
        {
            "variant": "romanian",
            "players": [
                {"name": "Ana", "went_out": True, "finish": "discard", "melded_points": 0},
                {"name": "Bo", "rack": "r5 k7", "melded_points": 0},
            ],
        }
    )


def test_a_breakdown_lines_part_reads_in_the_readers_language():
    line = score_hand(a_romanian_hand()).breakdown["Bo"][0]
    assert say(line.source, Catalogue()) == "Remi românesc, partea despre punctaj"
    assert say(line.source, None) == "Romanian tile rummy, scoring section"


def test_a_part_stored_as_english_text_reads_in_the_readers_language_again():
    # A hand stored before the parts the app names were words kept "scoring section".
    [line] = score_hand(a_romanian_hand()).to_record()["breakdown"]["Bo"][-1:]
    line["said"]["source"]["values"]["section"] = "scoring section"
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, Catalogue()) == "Remi românesc, partea despre punctaj"
    # A heading the source prints was kept as its English text too.
    line["said"]["source"]["values"]["section"] = "The Play"
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, Catalogue()) == "Remi românesc, Jocul"
    assert say(source, None) == "Romanian tile rummy, The Play"


def test_a_heading_inside_the_apps_remark_stored_as_english_reads_in_the_language_again():
    [line] = score_hand(a_romanian_hand()).to_record()["breakdown"]["Bo"][-1:]
    remark = {"template": "{section}, options 5-7", "values": {"section": "The Play"}}
    line["said"]["source"]["values"]["section"] = remark
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, Catalogue()) == "Remi românesc, Jocul, opțiunile 5-7"
    # The whole part kept as one English text reads again too.
    line["said"]["source"]["values"]["section"] = "The Play, options 5-7"
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, Catalogue()) == "Remi românesc, Jocul, opțiunile 5-7"
    # Text no source names stays as it was stored.
    line["said"]["source"]["values"]["section"] = "Our own notes"
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, Catalogue()) == "Remi românesc, Our own notes"


def test_every_section_of_every_source_is_a_message():
    for source in SOURCES.values():
        assert all(isinstance(part, Words) for part in source.sections.values()), source.key


def test_a_heading_with_the_apps_remark_reads_both_in_the_language():
    pool = SOURCES["rummikub"].sections["pool"]
    assert say(pool, Catalogue()) == "Punctajul (s-au terminat piesele de tras)"
    assert say(pool, None) == "Scoring (pool used up)"


@pytest.mark.parametrize(
    ("language", "cited"),
    [
        ("ro", "Remi românesc, Jocul"),
        ("hu", "Román römi, A játék menete"),
        ("fr", "Rami roumain, Déroulement du jeu"),
    ],
)
def test_a_stored_english_heading_reads_in_each_language_by_its_catalogue(language, cited):
    from babel.support import Translations

    catalogue = Translations.load(str(CATALOGUES), [language])
    [line] = score_hand(a_romanian_hand()).to_record()["breakdown"]["Bo"][-1:]
    line["said"]["source"]["values"]["section"] = "The Play"
    source = Line.from_record(json.loads(json.dumps(line))).source
    assert say(source, catalogue) == cited
