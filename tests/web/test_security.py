"""Hostile input: security headers on every answer, size limits, no traceback, markup as text."""

import pytest

from scorekeeper import create_app
from scorekeeper.web.shell.security import HEADERS

from .routes import address, dump, rules, seed
from .steps import start_series

MARKUP = "<script>alert(1)</script>"


def assert_headers(response, url):
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (url, name)
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]


def test_every_page_and_every_error_carries_the_security_headers(app, client):
    ids = seed(app, client)
    urls = [address(app, rule, ids) for rule in rules(app, "GET", api=False)]
    urls += [address(app, rule, ids) for rule in rules(app, "GET", api=True)]
    urls += ["/static/app.css", "/nowhere", "/api/nowhere", "/series/99"]
    for url in urls:
        with client.get(url) as response:
            assert_headers(response, url)
    assert_headers(client.delete("/nights/new"), "DELETE /nights/new")
    assert_headers(client.post("/api/series", data="x", content_type="text/plain"), "415")


def test_a_request_too_large_gets_a_friendly_413(app, client):
    start_series(client)
    before = dump(app)
    big = "r1 " * (1024 * 1024)
    page = client.post("/series/1/hands/new", data={"players-0-rack": big})
    assert page.status_code == 413
    assert "Too much to send" in page.get_data(as_text=True)
    assert_headers(page, "413")
    api = client.post("/api/series/1/hands", data=big, content_type="application/json")
    assert api.status_code == 413
    assert api.get_json()["error"].startswith("too much to send")
    assert dump(app) == before


def test_an_unexpected_error_shows_no_traceback(tmp_path, monkeypatch):
    app = create_app(
        {
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "DATABASE": str(tmp_path / "scorekeeper.db"),
            "INSTANCE_PATH": str(tmp_path / "instance"),
        }
    )
    client = app.test_client()
    start_series(client)

    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr("scorekeeper.store.tallies.series_tally", broken)
    for url in ["/series/1", "/api/series/1"]:
        response = client.get(url)
        text = response.get_data(as_text=True)
        assert response.status_code == 500
        assert "Something went wrong on our side" in text or "something went wrong" in text
        assert "Traceback" not in text and "secret internals" not in text
        assert_headers(response, url)
    assert client.get("/api/series/1").get_json()["error"].startswith("something went wrong")


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [("DELETE", "/nights/new", 405), ("PUT", "/api/series", 405), ("GET", "/api/none", 404)],
)
def test_every_refusal_is_in_the_apps_words(client, method, url, status):
    response = client.open(url, method=method)
    assert response.status_code == status
    if url.startswith("/api/"):
        assert response.get_json()["error"]
    else:
        assert "Back to the game nights" in response.get_data(as_text=True)


def test_markup_typed_as_names_and_notes_is_shown_as_text(app, client):
    client.post("/nights/new", data={"date": "2025-11-22", "place": MARKUP, "note": MARKUP})
    response = client.post(
        "/nights/1/series/new",
        data={
            "variant": "rummikub",
            "end_kind": "rounds",
            "end_value": "1",
            "first_dealer": "0",
            "name": MARKUP,
            "seats-0": MARKUP,
            "seats-1": "B",
            "seats-2": "",
            "seats-3": "",
            "seats-4": "",
            "seats-5": "",
        },
    )
    assert response.status_code == 302
    client.post(
        "/series/1/hands/new",
        data={"went_out": MARKUP, "players-1-rack": "r5", "save": "Save hand"},
    )
    for url in [
        "/",
        "/nights/1",
        "/series/1",
        "/series/1/hands/1",
        "/series/1/hands/new",
        "/series/1/view",
    ]:
        page = client.get(url).get_data(as_text=True)
        assert MARKUP not in page, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, url


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        # A control character is refused in every form before it is read (web/shell/clean_text.py).
        ("Ana\x00", "a character that cannot be typed or shown"),
        ("Ana, Bo", "A name cannot contain a comma"),
        ("x" * 41, "Field cannot be longer than 40 characters."),
    ],
)
def test_a_name_that_cannot_be_shown_is_refused_with_a_message(app, client, seat, message):
    client.post("/nights/new", data={"date": "2025-11-22"})
    before = dump(app)
    response = client.post(
        "/nights/1/series/new",
        data={
            "variant": "rummikub",
            "end_kind": "rounds",
            "end_value": "1",
            "first_dealer": "0",
            "seats-0": seat,
            "seats-1": "B",
        },
    )
    assert response.status_code == (400 if "\x00" in seat else 200)
    assert message in response.get_data(as_text=True)
    assert dump(app) == before
