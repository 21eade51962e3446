"""Table mode on a phone in Debian's Chromium at 390x844: the source's example and a joker chain."""

import pytest

from .test_score_pad_browser import assert_fits_a_phone, start_series

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
    """What the app tells the players after the last action, line by line."""
    return "\n".join(page.locator("#guidance p").all_inner_texts())


def area(page, player):
    return page.get_by_role("region", name=f"{player}'s meld area")


def test_the_sources_example_a_takes_7_8_9_and_bs_run_shows_6_to_10(browser_page, screenshot):
    page = browser_page
    start_series(page, ["A", "B", "C"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    assert page.locator("#guidance h2").inner_text() == "Nothing on the table yet"
    assert_fits_a_phone(page)
    screenshot(page, "table-empty")

    # A opens with 60; B's opening (50 needed) holds blue 6-7-8 and two more melds.
    lay(page, "A", "r11 b11 k11", "y12 y13 y1")
    assert "A opened with 60" in guidance(page)
    lay(page, "B", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")
    assert "B opened with 60" in guidance(page)

    # A taps B's run, then the tiles blue 9 and blue 10 on the tile pad.
    area(page, "B").get_by_role("link", name="Meld 3 · run").click()
    assert page.locator("#add-meld input[value='2']").is_checked()
    add = page.locator("#add form")
    add.locator("input[name=add-player][value=A]").check()
    page.click("#add-tiles + .pad-toggle")
    pad = page.locator("#add-tiles ~ .tilepad")
    for key in ["Blue (b)", "9", "10"]:
        pad.get_by_role("button", name=key, exact=True).click()
    pad.get_by_role("button", name="close the tile pad").click()
    assert page.input_value("#add-tiles") == "b9 b10 "
    add.get_by_role("button", name="Add the tiles").click()

    assert guidance(page).splitlines() == [
        "A adds b9 b10 to B's run.",
        "A takes b7 b8 b9 into their stack; B's run shows b6 ... b10."]
    b_run = area(page, "B").locator(".meld").first
    assert " ".join(b_run.locator(".tile-n, .gap").all_inner_texts()) == "6 … 10"
    assert b_run.locator(".tile-c").all_inner_texts() == ["blue", "blue"]
    a_stack = area(page, "A").locator(".stack")
    assert a_stack.locator(".tile-n").all_inner_texts() == ["7", "8", "9"]
    assert "count 75" in area(page, "A").locator("h3").inner_text()
    assert "count 60" in area(page, "B").locator("h3").inner_text()
    assert_fits_a_phone(page)
    screenshot(page, "table-source-example")

    # A refused action: C has not opened; the message names the rule and its source.
    add = page.locator("#add form")
    add.locator("input[name=add-player][value=C]").check()
    add.locator("input[name=add-meld][value='0']").check()
    add.locator("#add-tiles").fill("y11")
    add.get_by_role("button", name="Add the tiles").click()
    assert page.locator("#add-player-error").inner_text() == (
        "C has not opened yet: tiles can be added to the table only after opening "
        "(Romanian tile rummy, The Play)")
    assert page.input_value("#add-tiles") == "y11"
    assert "This action was not recorded." in page.locator("[role=alert]").inner_text()
    assert_fits_a_phone(page)
    screenshot(page, "table-refused")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "table-refused-dark")
    page.emulate_media(color_scheme="light")

    # Undo, right under what the app said: the add is taken back and the run is whole again.
    page.locator("#guidance").get_by_role("button", name="Undo action 3").click()
    assert "Action 3 taken back: A adds b9 b10 to B's run." in page.locator(
        "[role=status]").first.inner_text()
    b_run = area(page, "B").locator(".meld").first
    assert b_run.locator(".tile-n").all_inner_texts() == ["6", "7", "8"]
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
    assert swap.locator("input[name=swap-meld][value='0']").is_checked()
    swap.locator("input[name=swap-player][value=Bo]").check()
    swap.locator("#swap-tiles").fill("k4")
    swap.locator("#swap-new_meld_tiles").fill("r12 r13 j")
    swap.locator("#swap-new_turn").check()
    swap.get_by_role("button", name="Swap the joker").click()
    assert ("Bo melds the joker in a new run r12 r13 j=r1; it still counts for Ana."
            in guidance(page))

    lay(page, "Cici", "r2 r3 r4 r5 r6 r7 r8 r9 r10")
    # Cici takes it on, with the red ace, into a set of 9s.
    area(page, "Bo").get_by_role("link", name="Swap the joker in meld 7").click()
    swap = page.locator("#swap form")
    swap.locator("input[name=swap-player][value=Cici]").check()
    swap.locator("#swap-tiles").fill("r1")
    swap.locator("#swap-new_meld_tiles").fill("j k9 y9")
    swap.locator("#swap-new_turn").check()
    swap.get_by_role("button", name="Swap the joker").click()
    assert "Cici melds the joker in a new set j=9 k9 y9; it still counts for Ana." in guidance(page)
    upside = area(page, "Bo").locator(".tile-upside")
    assert upside.locator(".tile-n, .tile-c, .tile-for").all_inner_texts() == ["1", "red", "↕ Cici"]
    assert_fits_a_phone(page)
    screenshot(page, "table-joker-chain")

    page.get_by_role("link", name="End of hand: racks and who went out").click()
    page.check("input[name=went_out][value=Ana]")
    page.fill("#players-1-rack", "k1")
    page.fill("#players-2-rack", "b2")
    page.get_by_role("button", name="Preview").click()
    assert page.locator(".preview").is_visible()
    assert_fits_a_phone(page)
    screenshot(page, "table-end-preview")
    page.get_by_role("button", name="Save hand").click()

    assert page.locator("h1").inner_text() == "Hand 1"
    breakdown = page.locator(".breakdown").all_inner_texts()
    # Ana 100 + 60 melded + the Joly's 50; Bo 85 - 25; Cici 70 - 5.
    assert page.locator(".breakdown h2 .num").all_inner_texts() == ["+210", "+60", "+65"]
    assert "1 joker credited to you as first melder, 50 each" in breakdown[0]
    jokers = page.locator(".joker-history").inner_text()
    assert "Joker 1, first melded by Ana" in jokers
    assert "swapped by Cici for r1 out of meld 7, melded in meld 9" in jokers
    assert_fits_a_phone(page)
    screenshot(page, "table-hand-page")

    page.get_by_role("link", name=page.locator(".crumbs a").inner_text()).click()
    sheet = page.locator(".sheet tbody tr").first.locator("td").all_inner_texts()
    assert [cell.split()[0] for cell in sheet] == ["+210", "+60", "+65"]
    assert page.get_by_role("link", name="Play hand 2 in table mode").is_visible()
