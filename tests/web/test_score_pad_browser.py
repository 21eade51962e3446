"""The score pad on a phone in Debian's Chromium at 390x844: a series, as a scorer plays it."""

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone, expect_first_hand, pad, start_series

pytestmark = pytest.mark.browser


def save_hand(page, went_out):
    """Open the form of the next hand and mark who went out."""
    page.get_by_role("link", name="Record hand").click()
    page.check(f"input[name=went_out][value={went_out}]")


def test_the_rummikub_score_table_played_on_a_phone(browser_page, screenshot):
    page = browser_page
    start_series(page, ["A", "B", "C", "D"], "rummikub", "rounds", 1)
    expect(page.locator(".dealer")).to_have_text("Hand 1: A plays first.", use_inner_text=True)
    screenshot(page, "series-new-empty")

    # Hand 1 with the tile pad: A goes out; B r5, C b10 k6, D y3.
    save_hand(page, "A")
    pad(page, 1, ["Red (r)", "Red 5"])
    pad(page, 2, ["Blue (b)", "Blue 10", "Black (k)", "Black 6"])
    pad(page, 3, ["Yellow (y)", "Yellow 3"])
    expect(page.locator("#players-2-rack")).to_have_value("b10 k6 ")
    assert_fits_a_phone(page)
    screenshot(page, "hand-tile-pad")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator(".preview")).to_contain_text("+24")
    assert page.locator(".preview").inner_text().count("+24") == 1
    screenshot(page, "hand-preview")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("[role=status]").first).to_contain_text(
        "Hand 1 saved. A won the hand (+24).", use_inner_text=True
    )

    # Hand 2 with points typed instead of tiles.
    save_hand(page, "C")
    for seat, points in ((0, "6"), (1, "11"), (3, "5")):
        page.locator(f"#players-{seat}").get_by_text("Type points instead").click()
        page.fill(f"#players-{seat}-rack_points", points)
    page.get_by_role("button", name="Save hand").click()

    # Hand 3: a joker on A's rack (30) and a typed rack.
    save_hand(page, "D")
    pad(page, 0, ["joker (j)", "Yellow (y)", "Yellow 2"])
    page.fill("#players-1-rack", "r13")
    page.fill("#players-2-rack", "k2")
    page.get_by_role("button", name="Save hand").click()

    # Hand 4, first with a typo that is refused and kept, then fixed.
    save_hand(page, "C")
    page.fill("#players-0-rack", "r10")
    page.fill("#players-1-rack", "b12 b31")
    page.fill("#players-3-rack", "k6")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#players-1-rack-error")).to_contain_text(
        "numbers go from 1 to 13", use_inner_text=True
    )
    expect(page.locator("#players-1-rack")).to_have_value("b12 b31")
    expect(page.locator("#players-3-rack")).to_have_value("k6")
    screenshot(page, "hand-refused")
    page.fill("#players-1-rack", "b12 b13")
    page.get_by_role("button", name="Save hand").click()

    expect(page.locator(".banner")).to_have_text("Series over: C wins.", use_inner_text=True)
    # Each player's total and hands won, in the order of the standings.
    standings = page.locator(".standings tbody")
    expect(standings.locator("td:nth-child(2)")).to_have_text(
        ["C", "D", "A", "B"], use_inner_text=True
    )
    expect(standings.locator("td:nth-child(3)")).to_have_text(
        ["+45", "+33", "-24", "-54"], use_inner_text=True
    )
    expect(standings.locator("td:nth-child(4)")).to_have_text(
        ["2", "1", "1", "0"], use_inner_text=True
    )
    expect(page.locator(".sheet tbody tr")).to_have_count(4)
    assert_fits_a_phone(page)
    screenshot(page, "series-finished")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "series-finished-dark")
    page.emulate_media(color_scheme="light")

    page.locator(".sheet tbody th a").nth(2).click()
    expect(page.locator("h1")).to_have_text("Hand 3", use_inner_text=True)
    expect(page.locator(".breakdown").first).to_contain_text(
        "Tiles left on your rack (j y2: 30 + 2)", use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "hand-breakdown")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)


def test_a_romanian_hand_with_melds_a_joly_and_an_exposed_twin(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 6)
    expect(page.locator(".dealer")).to_have_text(
        "Hand 1: Ana deals, Bo plays first.", use_inner_text=True
    )
    save_hand(page, "Ana")
    # Ana melded a run and a set of aces, tapped in with the pad's ace buttons.
    pad(
        page,
        0,
        [
            "Blue (b)",
            "Blue 6",
            "Blue 7",
            "Blue 8",
            "Red (r)",
            "1 set: Red ace in a set",
            "Black (k)",
            "1 set: Black ace in a set",
            "Yellow (y)",
            "1 set: Yellow ace in a set",
        ],
        field="melded_tiles",
    )
    expect(page.locator("#players-0-melded_tiles")).to_have_value("b6 b7 b8 r1/set k1/set y1/set ")
    page.fill("#players-1-rack", "r12 k1")
    page.fill("#players-1-melded_points", "15")
    page.check("#players-1-exposed_twin")
    page.fill("#players-2-rack", "j y3")
    page.fill("#players-2-melded_tiles", "y11 y12")
    page.fill("#players-2-credited_jokers", "1")
    assert_fits_a_phone(page)
    screenshot(page, "romanian-hand")
    page.get_by_role("button", name="Save hand").click()

    # Ana 100 + 15 + 3 x 25 = 190; Bo 15 - (10 + 25) + 25 = 5; Cici 20 + 50 - (25 + 5) = 40.
    expect_first_hand(page, "+190", "+5", "+40")
    expect(page.locator(".sheet tbody tr").first.locator("td").first).to_contain_text(
        "(won)", use_inner_text=True
    )
    expect(page.locator(".dealer")).to_have_text(
        # Listed in the order they take turns: the deal passes on to Bo, and Cici after him.
        "Hand 2: Bo deals, Cici plays first.",
        use_inner_text=True,
    )

    page.locator(".sheet tbody th a").first.click()
    breakdown = page.locator(".breakdown")
    expect(breakdown.nth(0)).to_contain_text(
        "Went out by discarding the last tile", use_inner_text=True
    )
    expect(breakdown.nth(0)).to_contain_text(
        "Tiles you put on the table (b6 b7 b8 r1 k1 y1)", use_inner_text=True
    )
    expect(breakdown.nth(1)).to_contain_text(
        "Announced the twin of the exposed tile", use_inner_text=True
    )
    expect(breakdown.nth(2)).to_contain_text(
        "1 joker credited to you as first melder, 50 each", use_inner_text=True
    )
    expect(breakdown.nth(2)).to_contain_text(
        "Romanian tile rummy, scoring section", use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "romanian-breakdown")


def test_an_orange_tile_typed_as_o_counts_on_the_racks(browser_page):
    # Sets sold with orange tiles write the fourth colour `o` (engine/tiles.py): the pad's
    # running points read the engine's notation, so o12 counts 12 like y12, as the hand will.
    page = browser_page
    start_series(page, ["Ana", "Bo"], "rummikub", "hands", 2)
    save_hand(page, "Ana")
    page.fill("#players-1-rack", "o12")
    expect(page.locator("#live-total")).to_have_text("On the racks: 12")
    expect(page.locator("#players-1-rack + .pad-toggle .rack-tile")).to_have_text("12")
    expect(page.locator("#players-1-rack + .pad-toggle .rack-tile")).to_have_class(
        "rack-tile pad-y"
    )
    page.fill("#players-1-rack", "o12 O3 j")
    expect(page.locator("#live-total")).to_have_text("On the racks: 45")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("[role=status]").first).to_contain_text(
        "Hand 1 saved. Ana won the hand (+45).", use_inner_text=True
    )
