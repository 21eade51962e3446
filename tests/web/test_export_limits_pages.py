"""The pages keep the export and the import in step: an export the import could not read back
is refused with a page saying why, in the phone's language; one at the limit is sent and
imported back through the Import page, read a night at a time."""

from __future__ import annotations

import io
import json

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.store import import_limits

from .history_fixture import fill

REFUSED = {
    "en": "This export would be larger than an import can read: at most 0 MB in all",
    "ro": "Acest export ar fi mai mare decât poate citi un import: cel mult 0 MB în total",
    "hu": "Ez az export nagyobb lenne, mint amit egy importálás be tud olvasni",
    "fr": "Cet export dépasserait ce qu&#39;un import peut lire : au plus 0 Mo en tout",
}


@pytest.fixture
def filled(app, client):
    fill(app.config["DATABASE"])
    return client


@pytest.mark.parametrize("language", sorted(REFUSED))
@pytest.mark.parametrize("address", ["/export/everything.json", "/export/nights/2.json"])
def test_an_export_past_the_imports_limit_is_refused_with_why(
    filled, monkeypatch, language, address
):
    size = len(filled.get(address).get_data())
    monkeypatch.setattr(import_limits, "MAX_BYTES", size - 1)
    response = filled.get(address, headers={"Accept-Language": language})
    assert response.status_code == 422 and response.mimetype == "text/html"
    assert "Content-Disposition" not in response.headers
    assert REFUSED[language] in response.get_data(as_text=True)


def test_an_export_at_the_limit_is_sent_and_imported_back_a_night_at_a_time(
    filled, monkeypatch, tmp_path
):
    first = filled.get("/export/everything.json")
    text = first.get_data(as_text=True)
    assert first.content_length == len(text.encode())
    monkeypatch.setattr(import_limits, "MAX_BYTES", len(text.encode()))
    longest = max(
        len(json.dumps(n, indent=1, ensure_ascii=False).replace("\n", "\n  "))
        for n in json.loads(text)["nights"]
    )
    monkeypatch.setattr(import_limits, "PART_CHARS", longest)
    sent = filled.get("/export/everything.json")
    assert sent.status_code == 200 and sent.get_data(as_text=True)[:200] == text[:200]
    target = create_app(app_settings(tmp_path / "other")).test_client()
    response = target.post(
        "/import",
        data={"file": (io.BytesIO(text.encode()), "all.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    assert target.get("/export/everything.json").get_json()["nights"] == json.loads(text)["nights"]


def test_the_import_page_names_a_night_past_its_limit(filled, monkeypatch, tmp_path):
    text = filled.get("/export/everything.json").get_data(as_text=True)
    monkeypatch.setattr(import_limits, "PART_CHARS", 100)
    target = create_app(app_settings(tmp_path / "other")).test_client()
    response = target.post(
        "/import",
        data={"file": (io.BytesIO(text.encode()), "all.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert (
        "all.json: night 1 is larger than 0 MB, the most an import reads at once"
        in response.get_data(as_text=True)
    )
