"""What the app says about each rule source lives in one module per source, and
no engine code decides a rule by the name of a source."""

import re
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS, preset
from scorekeeper.engine import sources as sources_package
from scorekeeper.engine.reference import describe
from scorekeeper.engine.scoring import source_of
from scorekeeper.engine.sources import SOURCES, Ruling, cite, ruling, scorekeeper_ruling
from scorekeeper.engine.table import cite_rule as _cite
from scorekeeper.engine.words import english

ENGINE = Path(sources_package.__file__).parent.parent
SOURCE_MODULES = sorted(
    p.stem for p in Path(sources_package.__file__).parent.glob("*.py") if not p.stem.startswith("_")
)
# What every published source must place: the reference cites these for every preset.
CORE_TOPICS = (
    "tiles",
    "melds",
    "joker",
    "rack",
    "joker_rack",
    "opening",
    "scoring",
    "going_out",
    "pool",
    "players",
)


def test_every_source_module_is_one_source():
    assert len(SOURCE_MODULES) == len(SOURCES)
    assert sorted(k.replace("-", "_") for k in SOURCES) == SOURCE_MODULES


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_every_preset_follows_a_source_that_places_its_rules(variant_id):
    source = SOURCES[preset(variant_id).source]
    assert source.title and source.about
    missing = [t for t in CORE_TOPICS if t not in source.sections]
    assert not missing
    if source.main_preset is not None:
        assert source.main_preset in PRESETS
        assert "variation" in source.sections


def test_a_ruling_is_cited_as_scorekeepers():
    assert english(ruling("who deals next")) == "Scorekeeper ruling: who deals next"
    assert english(cite("romanian", "The Play")) == "Romanian tile rummy, The Play"
    assert isinstance(scorekeeper_ruling("deal"), Ruling)


@pytest.mark.parametrize(
    ("variant_id", "topic", "citation"),
    [
        ("romanian", "swap", "Romanian tile rummy, The Play, options 5-7"),
        ("rummy-meld", "swap", "Rummy Meld tutorial, Jolly Swap"),
        ("romanian", "turn", "Romanian tile rummy, The Play"),
        # Only the Romanian text has a rule for the turn of one's opening.
        (
            "rummy-meld",
            "turn",
            "Scorekeeper ruling: no adding to other players' melds or taking "
            "their jokers in the turn of one's opening, as in Romanian tile "
            "rummy",
        ),
        ("rummikub", "split", "Scorekeeper ruling: table mode (split)"),
    ],
)
def test_table_mode_cites_the_section_or_the_ruling(variant_id, topic, citation):
    assert english(_cite(preset(variant_id), topic)) == citation


@pytest.mark.parametrize(
    ("variant_id", "topic", "citation"),
    [
        ("rummy-cards", "pool_scoring", "Rummy with card-faced tiles, Scoring (last-chance round)"),
        ("tile-rummy", "bonus", "Tile Rummy leaflet, The Game (all tiles at once)"),
        ("rummikub", "bonus", "Rummikub official rules, Scoring"),  # no section: the racks'
    ],
)
def test_a_breakdown_line_cites_its_sources_section(variant_id, topic, citation):
    assert english(source_of(preset(variant_id), topic)) == citation


def test_a_sources_ruling_reaches_the_reference():
    [entry] = [e for e in describe(preset("tile-rummy")) if e["param"] == "pool_out"]
    said = SOURCES["tile-rummy"].rulings["pool_out"]
    assert entry["ruling"] == said.text
    assert english(entry["source"]) == (
        f"Tile Rummy leaflet, Pointage (French text); {english(ruling(said.about))}"
    )


# A comparison of a source with a quoted name: the rule would then live in code.
BRANCH = re.compile(r"""source\s*(==|!=|not in|in)\s*[("']""")


def test_no_engine_code_decides_a_rule_by_the_name_of_a_source():
    found = [
        f"{path.relative_to(ENGINE)}:{n}"
        for path in sorted(ENGINE.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if BRANCH.search(line)
    ]
    assert found == []
