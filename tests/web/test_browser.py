"""A phone at the table, in Debian's Chromium at 390x844: starting a game night."""

import pytest

pytestmark = pytest.mark.browser

FITS_AND_TAPPABLE = """() => {
  const small = [...document.querySelectorAll("a, button, input, textarea, select")]
    .filter(el => el.type !== "hidden")
    .map(el => [el.textContent.trim() || el.name, el.getBoundingClientRect().height])
    .filter(([, height]) => height < 44);
  return {overflow: document.documentElement.scrollWidth > window.innerWidth, small};
}"""


def assert_fits_a_phone(page):
    """No sideways scrolling, and every link, button and box at least 44 px high."""
    assert page.evaluate(FITS_AND_TAPPABLE) == {"overflow": False, "small": []}


def test_starting_a_game_night_on_a_phone(browser_page, screenshot):
    page = browser_page
    assert page.locator("text=No game night today yet.").is_visible()
    assert page.locator(".qr svg").is_visible()
    assert_fits_a_phone(page)
    screenshot(page, "home-empty")

    page.get_by_role("link", name="New game night").click()
    # The place box takes at most 80 characters, so only a missing date reaches the server.
    assert page.get_by_label("Place").get_attribute("maxlength") == "80"
    page.get_by_label("Date").fill("")
    page.get_by_label("Place").fill("Ana's kitchen")
    page.get_by_role("button", name="Start the night").click()
    assert page.locator("#date-error").inner_text() == "Enter the date of the game night."
    assert page.get_by_label("Place").input_value() == "Ana's kitchen"
    assert_fits_a_phone(page)
    screenshot(page, "night-new-refused")

    page.get_by_label("Date").fill("2025-11-22")
    page.get_by_label("Note").fill("Bring the second set of tiles.")
    screenshot(page, "night-new")
    page.get_by_role("button", name="Start the night").click()
    page.wait_for_url("**/nights/1")
    assert page.locator("[role=status]").inner_text() == "Game night started."
    assert page.locator("text=No series yet.").is_visible()
    assert page.get_by_role("link", name="New series").get_attribute("href") == (
        "/nights/1/series/new")
    assert_fits_a_phone(page)
    screenshot(page, "night")

    page.get_by_role("link", name="Scorekeeper").click()
    assert page.locator(".cards .card-title").all_inner_texts() == ["Saturday 22 November 2025"]
    assert "Ana's kitchen · 0 series" in page.locator(".cards .card-detail").inner_text()
    screenshot(page, "home")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "home-dark")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)
