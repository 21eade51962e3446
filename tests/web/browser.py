"""Steps the browser tests share: a page that fits a phone, starting a series, the tile pad.

Every step waits the way Playwright's `expect` does, so a test reads the page it means to read
and never one still on its way out.
"""

import re

from playwright.sync_api import Page, expect

# A box or a choice inside its label is tapped through the whole label; what a folded group
# or a closed tile pad hides is not tapped at all.
FITS_AND_TAPPABLE = """() => {
  const target = el => (el.type === "checkbox" || el.type === "radio") && el.closest("label")
    ? el.closest("label") : el;
  const small = [...document.querySelectorAll("a, button, input, select, textarea, summary")]
    .filter(el => el.type !== "hidden" && el.checkVisibility())
    .map(el => [el.textContent.trim() || el.name || el.id,
                target(el).getBoundingClientRect().height])
    .filter(([, height]) => height < 44);
  return {overflow: document.documentElement.scrollWidth > window.innerWidth, small};
}"""


def assert_fits_a_phone(page: Page) -> None:
    """No sideways scrolling, and every link, button, box and folded group's summary (or a
    choice's label) at least 44 px high."""
    assert page.evaluate(FITS_AND_TAPPABLE) == {"overflow": False, "small": []}, page.url


def start_series(page: Page, seats, variant: str, end_kind: str, end_value: int) -> None:
    """Start a game night and a series in it from the home page, and land on the series."""
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


def tap_tiles(page: Page, field: str, keys) -> None:
    """Tap tiles in with the tile pad of the field of that id, then close the pad."""
    page.click(f"#{field} + .pad-toggle")
    keypad = page.locator(f"#{field} ~ .tilepad")
    expect(keypad).to_be_visible()
    for key in keys:
        keypad.get_by_role("button", name=key, exact=True).click()
    keypad.get_by_role("button", name="close the tile pad").click()
    expect(keypad).to_be_hidden()


def pad(page: Page, seat: int, keys, field: str = "rack") -> None:
    """Tap tiles in with the tile pad of a player's field on a hand form."""
    tap_tiles(page, f"players-{seat}-{field}", keys)


def expect_first_hand(page: Page, *scores: str) -> None:
    """The score sheet's first hand: each player's cell starts with that score, in seat order."""
    cells = page.locator(".sheet tbody tr").first.locator("td")
    expect(cells).to_have_text(
        [re.compile(rf"^\s*{re.escape(s)}(\s|$)") for s in scores], use_inner_text=True
    )
