"""The new-series form in Chromium at 390x844: the words on how to list the players follow the
rules chosen (Romanian: anticlockwise, to the right; Rummikub: clockwise, to the left), "who
goes first" names the players as they are typed, and a draw says who was picked."""

import re

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone

pytestmark = pytest.mark.browser


def test_the_form_says_which_way_to_list_the_players_for_the_rules_chosen(browser_page, screenshot):
    page = browser_page
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    order, first = page.locator("#play-order"), page.locator("#first-seat")
    page.select_option("#variant", "romanian")
    expect(order).to_have_text(
        "Romanian tile rummy is played anticlockwise: list the players in the order they take "
        "turns, going round to the right."
    )
    expect(first).to_contain_text("choose who deals the first hand")
    # The choice's label says what the name chosen does under the rules chosen.
    label = page.locator("label[for=first_dealer]")
    expect(label).to_have_text("Who deals first")
    for i, name in enumerate(["Ana", "Dan", "Cai", "Bo"]):
        page.fill(f"#seats-{i}", name)
    choices = page.locator("#first_dealer option:not([hidden])")
    expect(choices).to_have_text(["Pick at random", "Ana", "Dan", "Cai", "Bo"])
    assert_fits_a_phone(page)
    screenshot(page, "series-new-romanian")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "series-new-romanian-dark")
    page.emulate_media(color_scheme="light")
    page.select_option("#variant", "rummikub")
    expect(order).to_have_text(
        "Rummikub is played clockwise: list the players in the order they take turns, going "
        "round to the left."
    )
    expect(first).to_contain_text("the highest plays first; choose who won the draw")
    expect(label).to_have_text("Who plays first")
    page.select_option("#variant", "romanian")
    page.check("input[name=end_kind][value=hands]")
    page.fill("#end_value", "4")
    page.select_option("#first_dealer", "random")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*")
    drawn = re.compile(r"Drawn at random: (Ana|Dan|Cai|Bo) deals the first hand\.")
    expect(page.locator("main")).to_contain_text(drawn)
    dealer = drawn.search(page.locator("main").inner_text())
    assert dealer
    names = ["Ana", "Dan", "Cai", "Bo"]
    after = names[(names.index(dealer.group(1)) + 1) % 4]
    expect(page.locator(".dealer")).to_have_text(
        f"Hand 1: {dealer.group(1)} deals, {after} plays first."
    )
    assert_fits_a_phone(page)
    screenshot(page, "series-drawn")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "series-drawn-dark")


def test_a_rematch_can_draw_who_goes_first(browser_page, screenshot):
    page = browser_page
    made = page.request.post(
        "/api/series",
        data={"variant": "rummikub", "players": ["Ana", "Bo", "Cai"], "end": {"hands": 1}},
    )
    assert made.status == 201, made.text()
    hand = page.request.post(
        "/api/series/1/hands",
        data={
            "players": [
                {"name": "Ana", "went_out": True},
                {"name": "Bo", "rack": "r5"},
                {"name": "Cai", "rack": "k3"},
            ]
        },
    )
    assert hand.status == 201, hand.text()
    page.goto("/series/1")
    first = page.get_by_label("Who plays first")
    # Ana played first in the one hand; Bo carries on the order of play.
    expect(first.locator("option")).to_have_text(["Bo", "Pick at random", "Ana", "Cai"])
    assert_fits_a_phone(page)
    screenshot(page, "series-rematch")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "series-rematch-dark")
    first.select_option("random")
    page.get_by_role("button", name="Rematch: the same players and rules").click()
    page.wait_for_url("**/series/2")
    expect(page.locator("main")).to_contain_text(
        re.compile(r"Rematch started\. Drawn at random: (Ana|Bo|Cai) plays first\.")
    )
