"""Hostile files and text: imports held to the forms' and the engine's rules, no control
characters in any form or API text, and limits on an import's size and records."""

from __future__ import annotations

import copy
import io
import json

import pytest

from scorekeeper.store import import_limits
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.export_format import BadExport
from scorekeeper.store.export_reader import read_document

from .history_fixture import fill
from .steps import start_night, start_series


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    source = tmp_path_factory.mktemp("source") / "scorekeeper.db"
    migrate(source)
    fill(source)
    with connect(source) as db:
        return export_document(db)


def first_series(doc: dict) -> dict:
    return doc["nights"][0]["series"][0]


def hostile(change):
    def changed(doc: dict) -> dict:
        doc = copy.deepcopy(doc)
        change(doc)
        return doc

    return changed


def _set(path: str, value):
    """Set a value by a path of keys and indexes into the document."""

    def change(doc):
        *parents, last = [int(p) if p.isdigit() else p for p in path.split("/")]
        node = doc
        for part in parents:
            node = node[part]
        node[last] = value

    return hostile(change)


def _custom_variant_with_a_presets_id(doc):
    doc["variants"].append(
        {
            "id": "rummikub",
            "name": "Rummikub",
            "created": doc["exported"],
            "based_on": None,
            "rules": first_series(doc)["variant"],
        }
    )


S = "nights/0/series/0"
H = f"{S}/hands/0"
HOSTILE_FILES = {
    "table actions that are not actions": (
        _set(f"{H}/table_actions", [{"kind": "nonsense"}]),
        "table_actions",
    ),
    "a table action the engine refuses": (
        _set(f"{H}/table_actions", [{"kind": "meld", "player": "Nobody", "tiles": "r1"}]),
        "table_actions",
    ),
    "a hand numbered 2^63-1": (_set(f"{H}/number", 2**63 - 1), "out of range"),
    "a hand numbered past its series": (_set(f"{H}/number", 99), "in a series of"),
    "a huge number in a record": (
        _set(f"{H}/record/players/1/rack_points", 10**30),
        "out of range",
    ),
    "a number that is not whole": (_set(f"{S}/first_dealer", 1e300), "out of range"),
    "a name over 40 characters": (_set("players/0/name", "A" * 41), "at most 40 characters"),
    "a name with NUL": (_set("players/0/name", "Ana\x00"), "control character (U+0000)"),
    "a custom variant with a preset's id": (
        hostile(_custom_variant_with_a_presets_id),
        "is a preset's id",
    ),
    "a ruling for hand -5": (
        hostile(
            lambda d: first_series(d)["rulings"].append(
                {
                    "uid": "r-5",
                    "hand_number": -5,
                    "text": "jokers",
                    "agreed_by": None,
                    "created": d["exported"],
                }
            )
        ),
        "there is no hand -5",
    ),
    "NUL in a place": (_set("nights/0/place", "Ana's\x00"), "control character"),
    "NUL in a note": (_set("nights/0/note", "\x00"), "control character"),
    "NUL in a series name": (_set(f"{S}/name", "Final\x00"), "control character"),
    "a first dealer who is not at the table": (_set(f"{S}/first_dealer", 7), "first dealer"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
def test_a_hostile_import_file_is_refused_with_a_message_and_stores_nothing(
    app, client, document, name
):
    change, words = HOSTILE_FILES[name]
    text = json.dumps(change(document))
    with pytest.raises(BadExport, match=None) as refused:
        read_document(text)
    assert words in str(refused.value) and "\n" not in str(refused.value)
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(text.encode()), "x.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    with connect(app.config["DATABASE"]) as db:
        assert db["hands"].count == 0 and db["variants"].count == 0


def test_the_unchanged_file_is_taken(app, client, document):
    response = client.post(
        "/import",
        content_type="multipart/form-data",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "x.json")},
    )
    assert response.status_code == 302


def test_an_import_past_the_size_or_record_limits_is_refused(document, monkeypatch):
    text = json.dumps(document)
    monkeypatch.setattr(import_limits, "MAX_BYTES", len(text) - 1)
    with pytest.raises(BadExport, match="an import takes at most"):
        read_document(text)
    monkeypatch.setattr(import_limits, "MAX_BYTES", 32 * 1024 * 1024)
    monkeypatch.setattr(import_limits, "MAX_RECORDS", 50)
    with pytest.raises(BadExport, match="holds more than 50 records; import it in parts"):
        read_document(text)


def test_the_documented_limits_are_those_the_app_applies():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"{import_limits.MAX_BYTES // 1024 // 1024} MB" in readme
    assert f"{import_limits.MAX_RECORDS:,} records" in readme


@pytest.mark.parametrize("text", ["Final\x00", "a\x07b", "\x1b[31mred", "x\x7f", "\x85"])
def test_forms_and_the_api_refuse_control_characters_in_text(app, client, text):
    night = start_night(client)
    form = client.post("/nights/new", data={"date": "2025-11-23", "place": text})
    assert form.status_code == 400
    assert "cannot be typed or shown" in form.get_data(as_text=True)
    series = client.post(
        f"/nights/{night}/series/new",
        data={
            "name": text,
            "variant": "rummikub",
            "seat-0": "A",
            "seat-1": "B",
            "end_kind": "hands",
            "end_value": "2",
            "first_dealer": "0",
        },
    )
    assert series.status_code == 400
    api = client.post(
        "/api/series",
        json={"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 2}, "name": text},
    )
    assert api.status_code == 400 and api.get_json()["where"] == "name"
    series_id = start_series(client)
    ruling = client.post(f"/series/{series_id}/rulings", data={"text": text})
    assert ruling.status_code == 400
    with connect(app.config["DATABASE"]) as db:
        stored = json.dumps(
            [list(db.query(f"SELECT * FROM {t}")) for t in ("nights", "series", "rulings")]
        )
    assert text not in stored and json.dumps(text)[1:-1] not in stored


def test_line_breaks_in_a_note_are_still_text(client):
    assert (
        client.post(
            "/nights/new", data={"date": "2025-11-23", "note": "first line\r\nsecond"}
        ).status_code
        == 302
    )
