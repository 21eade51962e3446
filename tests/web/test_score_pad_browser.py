"""The score pad on a phone in Debian's Chromium at 390x844: a series, as a scorer plays it."""

import pytest

pytestmark = pytest.mark.browser

FITS_AND_TAPPABLE = """() => {
  const target = el => (el.type === "checkbox" || el.type === "radio") && el.closest("label")
    ? el.closest("label") : el;
  const small = [...document.querySelectorAll("a, button, input, select, textarea")]
    .filter(el => el.type !== "hidden" && el.offsetParent !== null)
    .map(el => [el.textContent.trim() || el.name || el.id,
                target(el).getBoundingClientRect().height])
    .filter(([, height]) => height < 44);
  return {overflow: document.documentElement.scrollWidth > window.innerWidth, small};
}"""


def assert_fits_a_phone(page):
    """No sideways scrolling, and every control (or its label) at least 44 px high."""
    assert page.evaluate(FITS_AND_TAPPABLE) == {"overflow": False, "small": []}, page.url


def start_series(page, seats, variant, end_kind, end_value):
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    for i, name in enumerate(seats):
        page.fill(f"#seats-{i}", name)
    page.select_option("#variant", variant)
    page.check(f"input[name=end_kind][value={end_kind}]")
    page.fill("#end_value", str(end_value))
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*")


def pad(page, seat, keys, field="rack"):
    """Tap tiles in with the tile pad of a player's field."""
    page.click(f"#players-{seat}-{field} + .pad-toggle")
    keypad = page.locator(f"#players-{seat}-{field} ~ .tilepad")
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()
    keypad.get_by_role("button", name="close the tile pad").click()


def save_hand(page, went_out):
    page.get_by_role("link", name="Record hand").click()
    page.check(f"input[name=went_out][value={went_out}]")


def test_the_rummikub_score_table_played_on_a_phone(browser_page, screenshot):
    page = browser_page
    start_series(page, ["A", "B", "C", "D"], "rummikub", "rounds", 1)
    assert page.locator(".dealer").inner_text() == "Deals next: A"
    screenshot(page, "series-new-empty")

    # Hand 1 with the tile pad: A goes out; B r5, C b10 k6, D y3.
    save_hand(page, "A")
    pad(page, 1, ["Red (r)", "5"])
    pad(page, 2, ["Blue (b)", "10", "Black (k)", "6"])
    pad(page, 3, ["Yellow (y)", "3"])
    assert page.input_value("#players-2-rack") == "b10 k6 "
    assert_fits_a_phone(page)
    screenshot(page, "hand-tile-pad")
    page.get_by_role("button", name="Preview").click()
    assert page.locator(".preview").inner_text().count("+24") == 1
    screenshot(page, "hand-preview")
    page.get_by_role("button", name="Save hand").click()
    assert "Hand 1 saved. A won the hand (+24)." in page.locator("[role=status]").first.inner_text()

    # Hand 2 with points typed instead of tiles.
    save_hand(page, "C")
    page.fill("#players-0-rack_points", "6")
    page.fill("#players-1-rack_points", "11")
    page.fill("#players-3-rack_points", "5")
    page.get_by_role("button", name="Save hand").click()

    # Hand 3: a joker on A's rack (30) and a typed rack.
    save_hand(page, "D")
    pad(page, 0, ["joker (j)", "Yellow (y)", "2"])
    page.fill("#players-1-rack", "r13")
    page.fill("#players-2-rack", "k2")
    page.get_by_role("button", name="Save hand").click()

    # Hand 4, first with a typo that is refused and kept, then fixed.
    save_hand(page, "C")
    page.fill("#players-0-rack", "r10")
    page.fill("#players-1-rack", "b12 b31")
    page.fill("#players-3-rack", "k6")
    page.get_by_role("button", name="Save hand").click()
    assert "numbers go from 1 to 13" in page.locator("#players-1-rack-error").inner_text()
    assert page.input_value("#players-1-rack") == "b12 b31"
    assert page.input_value("#players-3-rack") == "k6"
    screenshot(page, "hand-refused")
    page.fill("#players-1-rack", "b12 b13")
    page.get_by_role("button", name="Save hand").click()

    assert page.locator(".banner").inner_text() == "C wins the series."
    totals = dict(zip(page.locator(".standings tbody td:nth-child(2)").all_inner_texts(),
                      page.locator(".standings tbody td:nth-child(3)").all_inner_texts(),
                      strict=True))
    assert totals == {"C": "+45", "D": "+33", "A": "-24", "B": "-54"}
    won = dict(zip(page.locator(".standings tbody td:nth-child(2)").all_inner_texts(),
                   page.locator(".standings tbody td:nth-child(4)").all_inner_texts(),
                   strict=True))
    assert won == {"C": "2", "D": "1", "A": "1", "B": "0"}
    assert page.locator(".sheet tbody tr").count() == 4
    assert_fits_a_phone(page)
    screenshot(page, "series-finished")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "series-finished-dark")
    page.emulate_media(color_scheme="light")

    page.locator(".sheet tbody th a").nth(2).click()
    assert page.locator("h1").inner_text() == "Hand 3"
    assert "Tiles left on your rack (j y2: 30 + 2)" in page.locator(".breakdown").first.inner_text()
    assert_fits_a_phone(page)
    screenshot(page, "hand-breakdown")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)


def test_a_romanian_hand_with_melds_a_joly_and_an_exposed_twin(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 6)
    assert page.locator(".dealer").inner_text() == "Deals next: Ana"
    save_hand(page, "Ana")
    # Ana melded a run and a set of aces, tapped in with the pad's ace buttons.
    pad(page, 0, ["Blue (b)", "6", "7", "8", "Red (r)", "ace in a set", "Black (k)",
                  "ace in a set", "Yellow (y)", "ace in a set"], field="melded_tiles")
    assert page.input_value("#players-0-melded_tiles") == "b6 b7 b8 r1/set k1/set y1/set "
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
    sheet = page.locator(".sheet tbody tr").first.locator("td").all_inner_texts()
    assert [cell.split()[0] for cell in sheet] == ["+190", "+5", "+40"]
    assert "(won)" in sheet[0]
    assert page.locator(".dealer").inner_text() == "Deals next: Cici"  # to the right

    page.locator(".sheet tbody th a").first.click()
    breakdown = page.locator(".breakdown").all_inner_texts()
    assert "Went out by discarding the last tile" in breakdown[0]
    assert "Tiles you put on the table (b6 b7 b8 r1 k1 y1)" in breakdown[0]
    assert "Announced the twin of the exposed tile" in breakdown[1]
    assert "1 joker credited to you as first melder, 50 each" in breakdown[2]
    assert "Romanian tile rummy, scoring section" in breakdown[2]
    assert_fits_a_phone(page)
    screenshot(page, "romanian-breakdown")
