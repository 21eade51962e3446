"""The command line speaks the chosen language (`--lang`, else the terminal's): refusals and
breakdown lines from the same catalogues as the pages, names and tiles as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from scorekeeper import cli_language
from scorekeeper.cli import main
from scorekeeper.cli_language import terminal_language

ROMANIAN = {
    "'{shown}' is not a tile: {hint}": "„{shown}” nu este o piesă: {hint}",
    "write a colour letter ({red}, {blue}, {black}, {yellow} or {orange}) and a number 1-13, "
    "or {joker} for a joker": (
        "scrieți litera culorii ({red}, {blue}, {black}, {yellow} sau {orange}) și un număr "
        "1-13, sau {joker} pentru Joly"
    ),
    "{tiles}: a meld needs at least 3 tiles": "{tiles}: o formație are cel puțin 3 piese",
    "{player} went out. {rack} count against you": "{player} a ieșit. {rack} se scad",
    "Tiles left on your rack ({tiles}: {costs})": "Piese rămase pe tablă ({tiles}: {costs})",
}


@pytest.fixture
def romanian(tmp_path: Path, monkeypatch) -> None:
    """A small compiled Romanian catalogue where the command line looks for catalogues."""
    catalogue = Catalog(locale="ro")
    for message, translation in ROMANIAN.items():
        catalogue.add(message, translation)
    folder = tmp_path / "ro" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as compiled:
        write_mo(compiled, catalogue)
    monkeypatch.setattr(cli_language, "CATALOGUES", tmp_path)


def test_a_refusal_is_printed_in_the_language_asked_for(romanian, capsys):
    code = main(["--lang", "ro", "best-opening", "--variant", "romanian", "--rack", "r12 x9"])
    assert code == 2
    # The command line keeps the notation's own letters in every language.
    assert capsys.readouterr().err == (
        "scorekeeper best-opening: „x9” nu este o piesă: scrieți litera culorii (r, b, k, y sau "
        "o) și un număr 1-13, sau j pentru Joly\n"
    )


def test_a_reason_in_the_printed_answer_is_in_the_language_asked_for(romanian, capsys):
    assert main(["--lang", "ro", "check", "--variant", "romanian", "--meld", "r12 r13"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["reason"] == "r12 r13: o formație are cel puțin 3 piese"


def test_a_breakdown_is_printed_in_the_language_asked_for(romanian, tmp_path, capsys):
    hand = tmp_path / "hand.json"
    hand.write_text(
        json.dumps(
            {
                "variant": "rummikub",
                "players": [
                    {"name": "Ștefan", "went_out": True},
                    {"name": "Zsófia", "rack": "r5 k7"},
                ],
            }
        ),
        encoding="utf-8",
    )
    assert main(["--lang", "ro", "score", str(hand)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["breakdown"]["Zsófia"][0]["rule"] == (
        "Ștefan a ieșit. Piese rămase pe tablă (r5 k7: 5 + 7) se scad"
    )
    assert printed["scores"] == {"Ștefan": 12, "Zsófia": -12}


def test_english_is_printed_as_ever(capsys):
    assert main(["--lang", "en", "best-opening", "--variant", "romanian", "--rack", "r12 x9"]) == 2
    assert capsys.readouterr().err == (
        "scorekeeper best-opening: 'x9' is not a tile: write a "
        "colour letter (r, b, k, y or o) and a number 1-13, or j "
        "for a joker\n"
    )


@pytest.mark.parametrize(
    "environ, language",
    [
        ({"LANG": "ro_RO.UTF-8"}, "ro"),
        ({"LC_ALL": "hu_HU.UTF-8", "LANG": "ro_RO.UTF-8"}, "hu"),
        ({"LC_MESSAGES": "fr_CA", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminals_language_is_the_default(environ, language):
    assert terminal_language(environ) == language


def test_the_terminals_language_is_used_without_lang(romanian, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "ro_RO.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["best-opening", "--variant", "romanian", "--rack", "r12 x9"]) == 2
    assert "„x9” nu este o piesă" in capsys.readouterr().err
