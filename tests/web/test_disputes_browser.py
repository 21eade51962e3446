"""Settling disputes on a phone in Debian's Chromium at 390x844, from a Romanian series."""

import re

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone, pad, start_series, tap_tiles

pytestmark = pytest.mark.browser


def test_settling_disputes_in_a_romanian_series(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 6)
    series_url = page.url
    tools = page.get_by_role("navigation", name="Settle a dispute")
    expect(tools.get_by_role("link")).to_have_text(
        ["Rules", "Check a meld", "Best opening"], use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "disputes-series")

    # The rule reference of the series, one tap away.
    tools.get_by_role("link", name="Rules").click()
    page.wait_for_url("**/series/*/rules")
    expect(page.locator("h1")).to_have_text("Romanian tile rummy", use_inner_text=True)
    high = page.locator("#ace_high")
    expect(high).to_contain_text("12-13-1", use_inner_text=True)
    expect(high.locator(".source")).to_contain_text(
        "Romanian tile rummy, The Play", use_inner_text=True
    )
    expect(page.locator("#ace_rack .mark")).to_have_text("Ruling", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "disputes-series-rules")

    # Is 12-13-1 a run here? Tapped in with the tile pad, under the series' rules.
    page.get_by_role("link", name="Check a meld").click()
    page.wait_for_url("**/rules/check?series=*")
    expect(page.locator("#variant")).to_have_value("series")
    tap_tiles(page, "tiles", ["Red (r)", "Red 12", "Red 13", "Red 1"])
    expect(page.locator("#tiles")).to_have_value("r12 r13 r1 ")
    assert_fits_a_phone(page)
    screenshot(page, "disputes-check-pad")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#verdict")).to_have_text("✓ Legal run", use_inner_text=True)
    expect(page.locator("#opening-value")).to_have_text("30", use_inner_text=True)
    expect(page.locator("#end-value")).to_have_text("30", use_inner_text=True)
    expect(page.locator(".verdict-rules")).to_have_text(
        "Under Romanian tile rummy", use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "disputes-check-high-run")

    # Two jokers beside two tiles: no Romanian set, and the exact reason.
    page.fill("#tiles", "r5 b5 j j")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#verdict")).to_have_text("✗ Not a legal meld", use_inner_text=True)
    expect(page.locator("#reason")).to_have_text(
        "Not a set: a set must hold at least twice as many numbered tiles as jokers.",
        use_inner_text=True,
    )
    assert_fits_a_phone(page)
    screenshot(page, "disputes-check-two-jokers")

    # A typo is refused, naming the tile, and kept to fix.
    page.fill("#tiles", "r5 b5 x5")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("#tiles-error")).to_have_text(
        re.compile(r"^'x5' is not a tile"), use_inner_text=True
    )
    expect(page.locator("#tiles")).to_have_value("r5 b5 x5")

    # Could I have opened with that rack?
    page.get_by_role("link", name="Best opening of a rack").click()
    page.wait_for_url("**/rules/best-opening?series=*")
    page.fill("#rack", "r1 r1 r2 r3 r12 r13 b1 k1")
    page.get_by_role("button", name="Find the best opening").click()
    expect(page.locator("#verdict")).to_have_text("✓ Opens", use_inner_text=True)
    expect(page.locator("#opening-value")).to_have_text("105", use_inner_text=True)
    expect(page.locator("#threshold")).to_have_text("50", use_inner_text=True)
    expect(page.locator(".melds .tiles-text")).to_have_text(
        ["r1 b1 k1", "r12 r13 r1"], use_inner_text=True
    )
    expect(page.locator(".melds .meld-value")).to_have_text(["75", "30"], use_inner_text=True)
    # One whole sentence ("No: ..."), so each language places its own colon.
    expect(page.locator("#all-at-once")).to_have_text(re.compile(r"^No: "), use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "disputes-best-opening")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "disputes-best-opening-dark")
    page.emulate_media(color_scheme="light")

    # The series' rules beside Rummikub's, only what differs.
    page.goto(series_url + "/rules")
    page.get_by_role("link", name="Compare").click()
    page.select_option("#b", "rummikub")
    page.get_by_role("button", name="Compare").click()
    expect(page).to_have_url(re.compile(r"[?&]b=rummikub"))
    expect(page.locator("#summary")).to_be_visible()
    assert page.locator(".cmp-rule").count() > page.locator(".mark-differs").count() > 10
    assert_fits_a_phone(page)
    page.check("input[name=only]")
    page.get_by_role("button", name="Compare").click()
    expect(page).to_have_url(re.compile(r"[?&]only=differences"))
    expect(page.locator("#summary")).to_have_text(
        re.compile(r"^Romanian tile rummy and Rummikub: "), use_inner_text=True
    )
    assert page.locator(".mark-differs").count() == page.locator(".cmp-rule").count() > 10
    assert_fits_a_phone(page)
    screenshot(page, "disputes-compare")


def test_a_house_ruling_and_a_breakdown_line_that_lands_on_its_rule(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 6)
    page.get_by_role("link", name="Record hand").click()
    page.check("input[name=went_out][value=Ana]")
    pad(page, 0, ["Blue (b)", "Blue 6", "Blue 7", "Blue 8"], field="melded_tiles")
    page.fill("#players-1-rack", "r12 k1")
    page.fill("#players-2-rack", "j y3")
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url("**/series/*")

    # A refused ruling keeps what was typed; then it is recorded and listed.
    page.locator("summary", has_text="Record a house ruling").click()
    page.fill("#text", "A Joly left on the rack costs 50, swapped or not.")
    page.fill("#hand_number", "7")
    page.get_by_role("button", name="Record the ruling").click()
    expect(page.locator("#hand_number-error")).to_have_text(
        "There is no hand 7 yet: 1 hand is on the score sheet, so a ruling can be about "
        "hand 1 to 2.",
        use_inner_text=True,
    )
    expect(page.locator("#text")).to_have_value("A Joly left on the rack costs 50, swapped or not.")
    assert_fits_a_phone(page)
    screenshot(page, "disputes-ruling-refused")
    page.fill("#hand_number", "1")
    page.fill("#agreed_by", "everyone")
    page.get_by_role("button", name="Record the ruling").click()
    expect(page.locator(".rulings-list li p")).to_have_text(
        ["A Joly left on the rack costs 50, swapped or not.", "Hand 1 · agreed by everyone"],
        use_inner_text=True,
    )
    assert_fits_a_phone(page)
    screenshot(page, "disputes-ruling")
    page.locator(".crumbs a").click()
    page.wait_for_url("**/nights/*")
    expect(page.locator(".rulings-list li p")).to_have_text(
        [
            "A Joly left on the rack costs 50, swapped or not.",
            "Series 1 · hand 1 · agreed by everyone",
        ],
        use_inner_text=True,
    )
    assert_fits_a_phone(page)
    screenshot(page, "disputes-night-rulings")
    page.go_back()

    # A breakdown line's source lands on its rule, in view.
    page.locator(".sheet tbody th a").first.click()
    link = page.locator(".breakdown .source").first
    anchor = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(f"**/rules#{anchor}")
    target = page.locator(f"[id='{anchor}']")
    expect(page.locator(":target")).to_have_id(anchor)
    top = target.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < 844 / 2
    screenshot(page, "disputes-rule-from-breakdown")
