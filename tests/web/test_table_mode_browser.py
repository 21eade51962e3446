"""Table mode on a phone in Debian's Chromium at 390x844: the source's example and a joker chain."""

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone, expect_first_hand, start_series, tap_tiles

pytestmark = pytest.mark.browser


def lay(page, player, *melds, new_turn=False):
    """Lay new melds (an opening: all of them at once) with the form under the table."""
    form = page.locator("#meld form")
    form.locator(f"input[name=meld-player][value={player}]").check()
    for i, tiles in enumerate(melds):
        form.locator(f"#meld-melds-{i}").fill(tiles)
    if new_turn:
        form.locator("#meld-new_turn").check()
    form.get_by_role("button", name="Lay the meld").click()
    page.wait_for_load_state()


def guidance(page):
    """What the app tells the players after the last action, one paragraph a line."""
    return page.locator("#guidance p")


def says(page, text):
    """The app's guidance after the last action holds this text."""
    expect(guidance(page)).to_contain_text([text], use_inner_text=True)


def area(page, player):
    return page.get_by_role("region", name=f"{player}'s meld area")


def test_the_sources_example_a_takes_7_8_9_and_bs_run_shows_6_to_10(browser_page, screenshot):
    page = browser_page
    start_series(page, ["A", "B", "C"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    expect(page.locator("#guidance h2")).to_have_text("Nothing on the table yet",
                                                      use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-empty")

    # A opens with 60; B's opening (50 needed) holds blue 6-7-8 and two more melds.
    lay(page, "A", "r11 b11 k11", "y12 y13 y1")
    says(page, "A opened with 60")
    lay(page, "B", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")
    says(page, "B opened with 60")

    # A taps B's run, then the tiles blue 9 and blue 10 on the tile pad.
    area(page, "B").get_by_role("link", name="Meld 3 · run").click()
    expect(page.locator("#add-meld input[value='2']")).to_be_checked()
    add = page.locator("#add form")
    add.locator("input[name=add-player][value=A]").check()
    tap_tiles(page, "add-tiles", ["Blue (b)", "9", "10"])
    expect(page.locator("#add-tiles")).to_have_value("b9 b10 ")
    add.get_by_role("button", name="Add the tiles").click()

    expect(guidance(page)).to_have_text([
        "A adds b9 b10 to B's run.",
        "A takes b7 b8 b9 into their stack; B's run shows b6 ... b10."], use_inner_text=True)
    b_run = area(page, "B").locator(".meld").first
    expect(b_run.locator(".tile-n, .gap")).to_have_text(["6", "…", "10"], use_inner_text=True)
    expect(b_run.locator(".tile-c")).to_have_text(["blue", "blue"], use_inner_text=True)
    a_stack = area(page, "A").locator(".stack")
    expect(a_stack.locator(".tile-n")).to_have_text(["7", "8", "9"], use_inner_text=True)
    expect(area(page, "A").locator("h3")).to_contain_text("count 75", use_inner_text=True)
    expect(area(page, "B").locator("h3")).to_contain_text("count 60", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-source-example")

    # A refused action: C has not opened; the message names the rule and its source.
    add = page.locator("#add form")
    add.locator("input[name=add-player][value=C]").check()
    add.locator("input[name=add-meld][value='0']").check()
    add.locator("#add-tiles").fill("y11")
    add.get_by_role("button", name="Add the tiles").click()
    expect(page.locator("#add-player-error")).to_have_text(
        "C has not opened yet: tiles can be added to the table only after opening "
        "(Romanian tile rummy, The Play)", use_inner_text=True)
    expect(page.locator("#add-tiles")).to_have_value("y11")
    expect(page.locator("[role=alert]")).to_contain_text("This action was not recorded.",
                                                         use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-refused")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "table-refused-dark")
    page.emulate_media(color_scheme="light")

    # Undo, right under what the app said: the add is taken back and the run is whole again.
    page.locator("#guidance").get_by_role("button", name="Undo action 3").click()
    expect(page.locator("[role=status]").first).to_contain_text(
        "Action 3 taken back: A adds b9 b10 to B's run.", use_inner_text=True)
    b_run = area(page, "B").locator(".meld").first
    expect(b_run.locator(".tile-n")).to_have_text(["6", "7", "8"], use_inner_text=True)
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)
    screenshot(page, "table-undone-360")


def test_a_joly_swap_chain_and_the_50_goes_to_its_first_melder(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    lay(page, "Ana", "k3 j k5", "r11 b11 k11", "y8 y9 y10")
    lay(page, "Bo", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")

    # Bo takes the Joly with the black 4 and melds it at once with red 12 and 13.
    area(page, "Ana").get_by_role("link", name="Swap the joker in meld 1").click()
    swap = page.locator("#swap form")
    expect(swap.locator("input[name=swap-meld][value='0']")).to_be_checked()
    swap.locator("input[name=swap-player][value=Bo]").check()
    swap.locator("#swap-tiles").fill("k4")
    swap.locator("#swap-new_meld_tiles").fill("r12 r13 j")
    swap.locator("#swap-new_turn").check()
    swap.get_by_role("button", name="Swap the joker").click()
    says(page, "Bo melds the joker in a new run r12 r13 j=r1; it still counts for Ana.")

    lay(page, "Cici", "r2 r3 r4 r5 r6 r7 r8 r9 r10")
    # Cici takes it on, with the red ace, into a set of 9s.
    area(page, "Bo").get_by_role("link", name="Swap the joker in meld 7").click()
    swap = page.locator("#swap form")
    swap.locator("input[name=swap-player][value=Cici]").check()
    swap.locator("#swap-tiles").fill("r1")
    swap.locator("#swap-new_meld_tiles").fill("j k9 y9")
    swap.locator("#swap-new_turn").check()
    swap.get_by_role("button", name="Swap the joker").click()
    says(page, "Cici melds the joker in a new set j=9 k9 y9; it still counts for Ana.")
    upside = area(page, "Bo").locator(".tile-upside")
    expect(upside.locator(".tile-n, .tile-c, .tile-for")).to_have_text(["1", "red", "↕ Cici"],
                                                                       use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-joker-chain")

    page.get_by_role("link", name="End of hand: racks and who went out").click()
    page.check("input[name=went_out][value=Ana]")
    page.fill("#players-1-rack", "k1")
    page.fill("#players-2-rack", "b2")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator(".preview")).to_be_visible()
    assert_fits_a_phone(page)
    screenshot(page, "table-end-preview")
    page.get_by_role("button", name="Save hand").click()

    expect(page.locator("h1")).to_have_text("Hand 1", use_inner_text=True)
    # Ana 100 + 60 melded + the Joly's 50; Bo 85 - 25; Cici 70 - 5.
    expect(page.locator(".breakdown h2 .num")).to_have_text(["+210", "+60", "+65"],
                                                            use_inner_text=True)
    expect(page.locator(".breakdown").first).to_contain_text(
        "1 joker credited to you as first melder, 50 each", use_inner_text=True)
    jokers = page.locator(".joker-history")
    expect(jokers).to_contain_text("Joker 1, first melded by Ana", use_inner_text=True)
    expect(jokers).to_contain_text("swapped by Cici for r1 out of meld 7, melded in meld 9",
                                   use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-hand-page")

    page.get_by_role("link", name=page.locator(".crumbs a").inner_text()).click()
    expect_first_hand(page, "+210", "+60", "+65")
    expect(page.get_by_role("link", name="Play hand 2 in table mode")).to_be_visible()
