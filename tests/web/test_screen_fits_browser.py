"""The table screen fits one 1280x720 landscape screen (issue 26, tester's point 2): in the
scorer's session, with four players, the clock, the standings and the scorer's buttons, the
page needs no scrolling; in table mode the live table sits beside the rest. Photographed in
light and dark, in English and Romanian, with and without table mode."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorekeeper.web.access import passcode

from .laptop import Laptop

pytestmark = pytest.mark.browser

CODE = "tile rummy"
SEATS = ("Ana", "Bo", "Cai", "Dee")
TV = {"width": 1280, "height": 720}


@pytest.fixture(scope="module")
def laptop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Laptop]:
    served = Laptop(tmp_path_factory.mktemp("screen-fits"))
    passcode.set_passcode(Path(served.app.instance_path), CODE)
    yield served
    served.stop()


def scorer_context(chromium: Browser, laptop: Laptop, language: str) -> BrowserContext:
    return chromium.new_context(
        base_url=f"http://127.0.0.1:{laptop.port}", viewport=TV, locale=language
    )


def start_series(page: Page) -> None:
    """A Romanian series of four players (it has a dealer and a live table)."""
    page.goto("/scorer")
    page.fill("#passcode", CODE)
    page.get_by_role("button", name="Become the scorer").click()
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    for i, name in enumerate(SEATS):
        page.fill(f"#seats-{i}", name)
    page.select_option("#variant", "romanian")
    page.select_option("#first_dealer", "0")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/1")


def height(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(SCREENSHOTS / f"screen-fits-{name}-{scheme}.png"))


def test_the_table_screen_fits_a_landscape_screen(chromium, laptop):
    context = scorer_context(chromium, laptop, "en")
    page = context.new_page()
    start_series(page)
    page.goto("/series/1/screen")
    expect(page.locator(".screen-dealer")).to_have_text("Hand 1: Ana deals, Bo plays first.")
    shoot(page, "en")
    # Who deals and plays first weighs more than "the clock is not running".
    dealer = page.locator(".screen-dealer").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    idle = page.locator(".clock-turn").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert dealer > idle
    assert height(page) <= TV["height"]
    for name in ("Reload now", "Score sheet", "Start the clock"):
        expect(
            page.get_by_role("link", name=name).or_(page.get_by_role("button", name=name))
        ).to_be_in_viewport()
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator(".clock-turn")).to_have_text("Bo's turn")
    assert height(page) <= TV["height"]

    # In Romanian too.
    ro = scorer_context(chromium, laptop, "ro")
    ro.add_cookies(context.cookies())
    tv_ro = ro.new_page()
    tv_ro.set_extra_http_headers({"Accept-Language": "ro"})
    tv_ro.goto("/series/1/screen")
    shoot(tv_ro, "ro")
    assert height(tv_ro) <= TV["height"]

    # Table mode: a meld on the table; the live table stands beside the rest, starting in the
    # first screenful, and its tiles are big enough to read across the table.
    page.goto("/series/1/table")
    page.get_by_role("radio", name="Bo").check()
    page.fill("#meld-melds-0", "k3 j k5")
    page.get_by_text("More melds in this opening").click()
    page.fill("#meld-melds-1", "r11 b11 k11")
    page.fill("#meld-melds-2", "y8 y9 y10")
    page.get_by_role("button", name="Lay the meld").click()
    page.goto("/series/1/screen")
    table = page.locator(".screen-table")
    expect(table).to_contain_text("Hand 1 on the table")
    shoot(page, "en-table")
    box = table.bounding_box()
    assert box is not None and box["y"] < 200 and box["x"] > TV["width"] / 3
    tile = page.locator(".screen-table .tile-n").first
    assert tile.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 24
    tv_ro.goto("/series/1/screen")
    expect(tv_ro.locator(".screen-table")).to_be_visible()
    shoot(tv_ro, "ro-table")
    context.close()
    ro.close()
