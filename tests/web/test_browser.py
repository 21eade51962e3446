"""A phone at the table, in Debian's Chromium at 390x844: starting a game night."""

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone

pytestmark = pytest.mark.browser


def test_starting_a_game_night_on_a_phone(browser_page, screenshot):
    page = browser_page
    expect(page.locator("text=No game night today yet.")).to_be_visible()
    expect(page.locator(".qr svg")).to_be_visible()
    assert_fits_a_phone(page)
    screenshot(page, "home-empty")

    page.get_by_role("link", name="New game night").click()
    # The place box takes at most 80 characters, so only a missing date reaches the server.
    expect(page.get_by_label("Place")).to_have_attribute("maxlength", "80")
    page.get_by_label("Date").fill("")
    page.get_by_label("Place").fill("Ana's kitchen")
    page.get_by_role("button", name="Start the night").click()
    expect(page.locator("#date-error")).to_have_text(
        "Enter the date of the game night.", use_inner_text=True
    )
    expect(page.get_by_label("Place")).to_have_value("Ana's kitchen")
    assert_fits_a_phone(page)
    screenshot(page, "night-new-refused")

    page.get_by_label("Date").fill("2025-11-22")
    page.get_by_label("Note").fill("Bring the second set of tiles.")
    screenshot(page, "night-new")
    page.get_by_role("button", name="Start the night").click()
    page.wait_for_url("**/nights/1")
    expect(page.locator("[role=status]")).to_have_text("Game night started.", use_inner_text=True)
    expect(page.locator("text=No series yet.")).to_be_visible()
    expect(page.get_by_role("link", name="New series")).to_have_attribute(
        "href", "/nights/1/series/new"
    )
    assert_fits_a_phone(page)
    screenshot(page, "night")

    page.get_by_role("link", name="Scorekeeper").click()
    expect(page.locator(".cards .card-title")).to_have_text(
        ["Saturday 22 November 2025"], use_inner_text=True
    )
    expect(page.locator(".cards .card-detail")).to_contain_text(
        "Ana's kitchen · 0 series", use_inner_text=True
    )
    screenshot(page, "home")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "home-dark")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)
