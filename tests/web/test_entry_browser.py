"""The record-hand form on a phone (390x844): an untouched form saves nothing, a hand sent
twice is stored once, a hand typed while the laptop cannot be reached is kept and stored
once when it is back, and the reference Rummikub hand goes in by tile pad in 17 taps."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE, app_settings
from playwright.sync_api import Page, expect
from werkzeug.serving import make_server

from scorekeeper import create_app

from .browser import start_series

pytestmark = pytest.mark.browser

SEATS = ("Ana", "Bo", "Cai", "Dee")


class Laptop:
    """The app served on one port and database that a test can stop and start again."""

    def __init__(self, tmp_path: Path):
        self.app = create_app(app_settings(tmp_path, WTF_CSRF_ENABLED=True))
        self.database = tmp_path / "scorekeeper.db"
        self.port = 0
        self.start()

    def start(self) -> None:
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)

    def hands(self) -> list[tuple]:
        with sqlite3.connect(self.database) as db:
            found = db.execute("SELECT number, scores FROM hands ORDER BY number").fetchall()
        return [(number, json.loads(scores)) for number, scores in found]


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Laptop]:
    served = Laptop(tmp_path)
    yield served
    served.stop()


@pytest.fixture
def phone(chromium, laptop: Laptop) -> Iterator[Page]:
    context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    yield page
    context.close()


def open_form(page: Page) -> None:
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_role("heading", name="Record a hand")).to_be_visible()


def type_reference_hand(page: Page) -> None:
    page.locator("#went_out label", has_text="Dee").click()
    page.fill("#players-0-rack", "r12 k3 j")
    page.fill("#players-1-rack", "b1 b2 y13 y13")
    page.fill("#players-2-rack", "k9")


# Ana r12 k3 and a joker (30), Bo b1 b2 y13 y13, Cai k9: Dee takes what they hold.
REFERENCE_SCORES = {"Ana": -45, "Bo": -29, "Cai": -9, "Dee": 83}


def test_an_untouched_form_saves_nothing_and_lists_every_missing_entry(phone, laptop):
    open_form(phone)
    save = phone.get_by_role("button", name="Save hand")
    expect(save).to_be_in_viewport()  # Save is on screen without scrolling
    save.click()
    summary = phone.locator(".summary li, .problems li")
    expect(phone.get_by_text("Pick who went out").first).to_be_visible()
    for name in SEATS:
        expect(phone.locator(f"fieldset.player:has(legend:text-is('{name}')) .error")
               ).to_contain_text("nothing is left on the rack")
    assert summary.count() >= 5 or phone.locator(".error").count() >= 5
    expect(phone.get_by_role("button", name="Save hand")).to_be_in_viewport()
    assert laptop.hands() == []


def test_a_double_tap_stores_one_hand(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    phone.get_by_role("button", name="Save hand").dblclick()
    expect(phone.get_by_text("Hand 1 saved.").or_(phone.get_by_text("already saved"))
           ).to_be_visible()
    phone.goto("/series/1")
    expect(phone.get_by_role("link", name="Record hand 2")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_back_then_save_stores_nothing_new(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    phone.go_back()
    expect(phone.locator("#reach")).to_have_text(
        "The hand typed on this form before is saved already; this form is for the next one.")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Pick who went out").first).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_a_hand_typed_while_the_laptop_is_away_is_kept_and_stored_once(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    laptop.stop()
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("#reach")).to_contain_text("The laptop cannot be reached")
    expect(phone.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")
    laptop.start()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible(timeout=15000)
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_a_restarted_laptop_finds_the_typed_hand_still_on_the_form(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    laptop.stop()
    laptop.start()
    phone.reload()
    expect(phone.locator("#reach")).to_contain_text("What you typed before is back")
    expect(phone.locator("#players-0-rack")).to_have_value("r12 k3 j")
    expect(phone.locator("#players-3-rack")).to_have_value("")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    # The next form starts empty: the kept copy went with the saved hand.
    phone.get_by_role("link", name="Record hand 2").click()
    expect(phone.locator("#players-0-rack")).to_have_value("")
    expect(phone.locator("#reach")).to_be_hidden()


def test_the_reference_hand_by_tile_pad_in_17_taps(phone, laptop):
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1

    open_form(phone)
    tap(phone.locator("#went_out label", has_text="Dee"))
    for seat, keys in ((0, ["12", "Black (k)", "3", "joker (j)"]),
                       (1, ["Blue (b)", "1", "2", "Yellow (y)", "13", "13"]),
                       (2, ["Black (k)", "9"])):
        tap(phone.locator(f"#players-{seat}-rack + .pad-toggle"))
        pad = phone.locator(f"#players-{seat}-rack ~ .tilepad")
        for key in keys:
            tap(pad.get_by_role("button", name=key, exact=True))
    tap(phone.get_by_role("button", name="Save hand"))
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    assert taps == 17
