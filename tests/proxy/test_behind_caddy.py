"""Behind Caddy over HTTPS, as a club runs it: the page is a secure context, every cookie is
Secure, a hand sent through the proxy is stored once and logged with the phone's own address
(not Caddy's), and wrong passcodes count for the phone that sent them."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import expect

from .conftest import PASSCODE, App, Caddy

pytestmark = pytest.mark.browser

SCORER = {"Authorization": f"Bearer {PASSCODE}", "Content-Type": "application/json"}
# Caddy reaches the app from 127.0.0.1; the phones of these tests talk to Caddy from others.
PHONE, GUESSER, NEIGHBOUR = "127.0.0.2", "127.0.0.3", "127.0.0.4"
HAND = {
    "players": [
        {"name": "Ana", "went_out": True},
        {"name": "Bo", "rack": "r5"},
        {"name": "Cai", "rack": "b10 k6"},
    ]
}


def new_series(caddy: Caddy) -> int:
    """A series of three started through the proxy with the passcode as a bearer."""
    body = {"variant": "rummikub", "players": ["Ana", "Bo", "Cai"], "end": {"hands": 4}}
    made = caddy.request("POST", "/api/series", json.dumps(body).encode(), SCORER, source=PHONE)
    assert made.status == 201, made.body
    return int(json.loads(made.body)["id"])


def hands_stored(app: App, series_id: int) -> int:
    """How many hands the database holds for the series."""
    with sqlite3.connect(app.database) as db:
        return int(
            db.execute("SELECT count(*) FROM hands WHERE series_id = ?", [series_id]).fetchone()[0]
        )


def test_a_hand_through_the_proxy_is_stored_once_and_logged_with_the_phones_address(
    app_behind_caddy: App, caddy: Caddy
):
    series_id = new_series(caddy)
    path = f"/api/series/{series_id}/hands"
    headers = {**SCORER, "Idempotency-Key": "proxy-hand-1"}
    # The phone's connection drops before the answer, so it sends the hand again.
    first, again = (
        caddy.request("POST", path, json.dumps(HAND).encode(), headers, source=PHONE)
        for _ in range(2)
    )
    assert (first.status, again.status) == (201, 201)
    assert json.loads(first.body) == json.loads(again.body)
    assert hands_stored(app_behind_caddy, series_id) == 1
    # Every address the hand came from: Caddy's (127.0.0.1) must not be one of them.
    posts = app_behind_caddy.requests("POST", path, (PHONE, "127.0.0.1"), 2)
    assert posts == [(PHONE, "201"), (PHONE, "201")]


def test_a_wrong_passcode_behind_the_proxy_counts_for_the_guesser_alone(
    app_behind_caddy: App, caddy: Caddy
):
    def guess(code: str, source: str) -> int:
        headers = {**SCORER, "Authorization": f"Bearer {code}"}
        return caddy.request("POST", "/api/series", b"{}", headers, source=source).status

    assert [guess(f"wrong {n}", GUESSER) for n in range(6)] == [403] * 5 + [429]
    # Another phone behind the same proxy is not locked out: were the guesses counted for
    # Caddy's address, it would be.
    assert guess("wrong again", NEIGHBOUR) == 403
    assert guess(PASSCODE, NEIGHBOUR) == 400  # let in, and told the empty series is wrong
    lines = app_behind_caddy.requests("POST", "/api/series", (GUESSER, NEIGHBOUR, "127.0.0.1"), 8)
    assert lines == [(GUESSER, "403")] * 5 + [
        (GUESSER, "429"),
        (NEIGHBOUR, "403"),
        (NEIGHBOUR, "400"),
    ]


def test_in_a_browser_that_trusts_caddy_the_page_is_secure_and_so_is_every_cookie(
    app_behind_caddy: App, caddy: Caddy, secure_page, screenshot
):
    series_id = new_series(caddy)
    page = secure_page
    page.goto("/")
    assert page.evaluate("window.isSecureContext") is True
    # What only a secure page gets: the table screen and the turn clock keep the screen awake.
    assert page.evaluate("'wakeLock' in navigator") is True
    # The home page's join address is the public https one.
    expect(page.locator(".address")).to_have_text(caddy.url)
    page.get_by_role("button", name="Română").click()
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    page.get_by_role("button", name="English").click()
    page.goto(f"/scorer?next=/series/{series_id}/hands/new")
    page.get_by_label("Passcode").fill(PASSCODE)
    page.get_by_label("Passcode").press("Enter")
    page.wait_for_url(f"**/series/{series_id}/hands/new")
    page.check("input[name=went_out][value=Ana]")
    page.fill("#players-1-rack", "r5")
    page.fill("#players-2-rack", "b10 k6")
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url(re.compile(rf"/series/{series_id}(\?|#|$)"))
    screenshot(page, "behind-caddy-hand-saved")
    assert hands_stored(app_behind_caddy, series_id) == 1
    cookies = {c["name"]: c for c in page.context.cookies()}
    assert {"session", "scorer_phone", "language"} <= set(cookies)
    assert {name: c["secure"] for name, c in cookies.items()} == {name: True for name in cookies}
