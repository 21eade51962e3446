"""The installed app (issue 28): the service worker at the site's root, what it keeps, how an
update reaches a phone, the offline page in each language, and the manifest that names it."""

from __future__ import annotations

import json
import re
from importlib.metadata import version

import pytest

# The offline page's words in each language: its heading, what is kept, and its one button.
OFFLINE_WORDS = {
    "en": (
        "Scorekeeper cannot be reached",
        "What you typed is kept on this phone",
        "Try again",
    ),
    "ro": ("Scorekeeper nu răspunde", "Ce ai scris rămâne pe telefon", "Încearcă din nou"),
    "hu": (
        "A Scorekeeper nem érhető el",
        "Amit beírtál, megmarad ezen a telefonon",
        "Próbáld újra",
    ),
    "fr": (
        "Scorekeeper est injoignable",
        "Ce que vous avez saisi reste sur ce téléphone",
        "Réessayer",
    ),
}


def kept_by_the_worker(script: str, name: str):
    """A value the worker script holds (`var NAME = ...;`), read as JSON."""
    found = re.search(rf"^var {name} = (.+);$", script, re.MULTILINE)
    assert found, name
    return json.loads(found.group(1))


def test_the_worker_is_served_from_the_root_asked_again_every_time(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    # Never kept without asking: the phone finds a new worker at its next visit ...
    assert response.cache_control.no_cache and not response.cache_control.max_age
    # ... and an unchanged one costs a 304.
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    # Served at the root, its scope is the whole app without asking for more.
    assert "Service-Worker-Allowed" not in response.headers


def test_the_workers_cache_is_named_after_the_version_and_what_it_keeps(client):
    script = client.get("/sw.js").get_data(as_text=True)
    cache = kept_by_the_worker(script, "CACHE")
    assert re.fullmatch(rf"scorekeeper-{re.escape(version('scorekeeper'))}-[0-9a-f]{{16}}", cache)
    files = kept_by_the_worker(script, "FILES")
    # Every static file at the address the pages ask for it (its fingerprint), and the
    # offline page in every language; no page of scores, no API.
    page = client.get("/").get_data(as_text=True)
    for address in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        assert address in files
    assert any(f.startswith("/static/icons/icon-512.png?v=") for f in files)
    assert [f for f in files if not f.startswith("/static/")] == [
        "/offline/en",
        "/offline/ro",
        "/offline/hu",
        "/offline/fr",
    ]
    assert not any("manifest" in f for f in files)


def test_a_changed_static_file_makes_a_new_worker(app, client, tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.css").write_text("body { color: black; }")
    app.static_folder = str(folder)
    first = client.get("/sw.js")
    (folder / "app.css").write_text("body { color: navy; }")
    second = client.get("/sw.js", headers={"If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200
    before = kept_by_the_worker(first.get_data(as_text=True), "CACHE")
    after = kept_by_the_worker(second.get_data(as_text=True), "CACHE")
    assert before != after and before.rsplit("-", 1)[0] == after.rsplit("-", 1)[0]


def test_a_new_release_makes_a_new_worker(client, monkeypatch):
    from scorekeeper.web import offline

    first = kept_by_the_worker(client.get("/sw.js").get_data(as_text=True), "CACHE")
    monkeypatch.setattr(offline, "app_version", lambda: "9.9.9")
    second = kept_by_the_worker(client.get("/sw.js").get_data(as_text=True), "CACHE")
    assert second.startswith("scorekeeper-9.9.9-") and first != second


def test_every_page_loads_the_script_that_registers_the_worker(client):
    page = client.get("/").get_data(as_text=True)
    assert re.search(
        r'<script src="/static/install.js\?v=[0-9a-f]+" defer data-worker="/sw.js">', page
    )


@pytest.mark.parametrize("language", OFFLINE_WORDS)
def test_the_offline_page_in_each_language(client, language):
    # The phone's own language cookie says otherwise: the address decides.
    client.set_cookie("language", "en" if language != "en" else "fr")
    response = client.get(f"/offline/{language}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'<html lang="{language}">' in page
    heading, kept, again = OFFLINE_WORDS[language]
    assert f"<title>{heading} · Scorekeeper</title>" in page
    assert f"<h1>{heading}</h1>" in page
    assert kept in page
    assert re.search(rf'<a class="button button-primary" href="">{again}</a>', page)
    # No score on it, and no probe of the machine that cannot be reached.
    assert "reach.js" not in page


def test_an_offline_page_in_no_language_of_the_app_is_not_found(client):
    assert client.get("/offline/de").status_code == 404


def test_the_manifest_names_one_app_whatever_its_language(client):
    for language in ("en", "ro", "hu", "fr"):
        manifest = client.get(f"/manifest/{language}.webmanifest").get_json()
        assert manifest["lang"] == language
        # One app on the phone whichever language it was installed in: the id and the
        # scope are the site's root, which the worker serves.
        assert (manifest["id"], manifest["start_url"], manifest["scope"]) == ("/", "/", "/")
        assert manifest["display"] == "standalone"
        sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
        assert {"192x192", "512x512"} <= sizes


def test_a_phone_holding_the_last_worker_gets_the_new_release(client, monkeypatch):
    from scorekeeper.web import offline

    first = client.get("/sw.js")
    monkeypatch.setattr(offline, "app_version", lambda: "9.9.9")
    # The phone asks with the tag of the worker it holds: the new one is sent, not a 304.
    second = client.get("/sw.js", headers={"If-None-Match": first.headers["ETag"]})
    assert second.status_code == 200
    assert "scorekeeper-9.9.9-" in second.get_data(as_text=True)
