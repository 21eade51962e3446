"""The Import page's refusals in the page's language (issue 24): what is wrong and where,
with the file's names, numbers and field names as the file writes them."""

from __future__ import annotations

import json

import pytest

from scorekeeper.store import import_limits

from . import test_export as exports
from .steps import page_text
from .test_export import upload

# The export tests' fixtures: a filled instance (`source`) and an empty one (`other`).
source = exports.source
other = exports.other

BAD_RACK = {
    "fr": "club.json : soirée jeux 3, partie 1, manche 1, record : ",
    "hu": "club.json: 3. játékest, 1. parti, 1. leosztás, record: ",
    "ro": "club.json: seara de joc 3, partida 1, mâna 1, record: ",
}
TWICE = {
    "fr": "joueur 2 : « Ana » figure deux fois",
    "hu": "2. játékos: „Ana” kétszer szerepel",
    "ro": "jucătorul 2: „Ana” apare de două ori",
}


def exported(client) -> dict:
    return json.loads(client.get("/export/everything.json").get_data(as_text=True))


@pytest.mark.parametrize("language", sorted(BAD_RACK))
def test_a_refused_files_place_and_fault_are_in_the_pages_language(client, source, other, language):
    document = exported(client)
    document["nights"][2]["series"][0]["hands"][0]["record"]["players"][1]["rack"] = "x9"
    target = other.test_client()
    target.set_cookie("language", language)
    response = upload(target, json.dumps(document), name="club.json")
    assert response.status_code == 422
    text = page_text(response)
    assert BAD_RACK[language] in text
    assert "night 3" not in text and "series 1" not in text
    assert "{" not in text
    # The language's own no-break spaces stay spaces (a file's line break is escaped).
    assert "\\x" not in text


@pytest.mark.parametrize("language", sorted(TWICE))
def test_a_name_listed_twice_is_said_in_the_pages_language(client, source, other, language):
    document = exported(client)
    document["players"].insert(1, {"name": "Ana"})
    target = other.test_client()
    target.set_cookie("language", language)
    text = page_text(upload(target, json.dumps(document), name="club.json"))
    assert TWICE[language] in text
    assert "listed twice" not in text


def test_the_english_page_says_it_as_before(client, source, other):
    document = exported(client)
    document["players"].insert(1, {"name": "Ana"})
    text = page_text(upload(other.test_client(), json.dumps(document), name="club.json"))
    assert 'club.json: player 2: "Ana" is listed twice' in text


def test_a_file_that_is_no_export_is_said_so_in_the_pages_language(other):
    target = other.test_client()
    target.set_cookie("language", "hu")
    text = page_text(upload(target, '{"format": "csv"}', name="notes.json"))
    assert 'notes.json: ez nem Scorekeeper-export (nincs benne "format": "scorekeeper-export")' in (
        text
    )


TOO_LARGE = {
    "fr": "club.json : le fichier est trop gros : une importation prend au plus 0 Mo",
    "hu": "club.json: a fájl túl nagy: egy importálás legfeljebb 0 MB lehet",
}
OUT_OF_RANGE = {
    "fr": 'club.json : "nights", élément 3, "series", élément 1, "hands", élément 1, '
    '"record", "players", élément 1, "score" : 1234567 est hors limites (au plus 1,000,000)',
    "hu": 'club.json: "nights", 3. elem, "series", 1. elem, "hands", 1. elem, '
    '"record", "players", 1. elem, "score": 1234567 kívül esik a megengedett tartományon',
}


@pytest.mark.parametrize("language", sorted(TOO_LARGE))
def test_a_file_past_the_imports_size_is_refused_in_the_pages_language(
    client, source, other, monkeypatch, language
):
    text = json.dumps(exported(client))
    monkeypatch.setattr(import_limits, "MAX_BYTES", len(text.encode()) - 1)
    target = other.test_client()
    target.set_cookie("language", language)
    response = upload(target, text, name="club.json")
    assert response.status_code == 422
    said = page_text(response)
    assert TOO_LARGE[language] in said
    assert "too large" not in said and "{" not in said


@pytest.mark.parametrize("language", sorted(OUT_OF_RANGE))
def test_a_number_out_of_range_is_refused_in_the_pages_language(client, source, other, language):
    document = exported(client)
    document["nights"][2]["series"][0]["hands"][0]["record"]["players"][0]["score"] = 1234567
    target = other.test_client()
    target.set_cookie("language", language)
    response = upload(target, json.dumps(document), name="club.json")
    assert response.status_code == 422
    said = page_text(response)
    assert OUT_OF_RANGE[language] in said
    assert "item" not in said and "out of range" not in said
