"""Names and widths, in Debian's Chromium: with four players called Grandma, Alexandra,
Christopher and Evangeline no page of a series scrolls sideways at 360 to 430 px, no name
breaks mid-word, and the score sheet scrolls in its own box with the hand column fixed."""

import pytest
from playwright.sync_api import Page, expect

from .browser import start_series

pytestmark = pytest.mark.browser

NAMES = ("Grandma", "Alexandra", "Christopher", "Evangeline")
WIDTHS = ({"width": 360, "height": 740}, {"width": 430, "height": 932})

# Document width against the window's, and every name drawn on more than one line (a name
# is one word here: two lines would be a break mid-word).
MEASURE = """() => {
  const broken = [...document.querySelectorAll(".name, .card-detail, .viewer-name, legend, bdi")]
    .filter(el => el.checkVisibility())
    .flatMap(el => [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE))
    .filter(node => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const words = node.textContent.trim().split(/\\s+/).length;
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      return lines.size > words;
    })
    .map(node => node.textContent.trim());
  return {wide: document.documentElement.scrollWidth > window.innerWidth, broken};
}"""


def fits(page: Page) -> None:
    assert page.evaluate(MEASURE) == {"wide": False, "broken": []}, page.url


def hand(went_out: str, racks: dict) -> dict:
    return {
        "players": [
            {"name": n, "went_out": True}
            if n == went_out
            else {"name": n, "rack": racks.get(n, "")}
            for n in NAMES
        ]
    }


def test_every_page_of_a_series_fits_at_360_and_430_px_with_long_names(browser_page, screenshot):
    page = browser_page
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    dealer = page.locator("#first_dealer option")
    expect(dealer).to_have_text(
        ["Pick at random", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6"]
    )
    for i, name in enumerate(NAMES):
        page.fill(f"#seats-{i}", name)
    # The first dealer is chosen by name once the names are typed; the empty seats go.
    expect(page.locator("#first_dealer option:not([hidden])")).to_have_text(
        ["Pick at random", *NAMES]
    )
    expect(page.locator("#first_dealer-hint")).to_be_hidden()
    page.select_option("#first_dealer", label="Christopher")
    screenshot(page, "series-new-dealer-by-name")
    page.check("input[name=end_kind][value=hands]")
    page.fill("#end_value", "3")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*")
    expect(page.locator(".dealer")).to_have_text("Hand 1: Christopher plays first.")
    series = page.url.rsplit("/", 1)[1]
    for one in (
        hand(
            "Grandma", {"Alexandra": "r12 k3 j", "Christopher": "b1 b2 y13 y13", "Evangeline": "k9"}
        ),
        hand("Evangeline", {"Grandma": "r5", "Alexandra": "b7 b8", "Christopher": "y1"}),
    ):
        answer = page.request.post(f"/api/series/{series}/hands", data=one)
        assert answer.status == 201, answer.text()
    page.goto("/")
    home = page.get_by_role(
        "link", name="Record hand 3 of Grandma, Alexandra, Christopher, Evangeline"
    )
    expect(home).to_be_visible()
    night = page.locator(".cards a.card").first.get_attribute("href")
    pages = [
        "/",
        night,
        f"{night}/series/new",
        f"/series/{series}",
        f"/series/{series}/hands/new",
        f"/series/{series}/hands/1",
        f"/series/{series}/hands/1/edit",
        f"/series/{series}/view",
        f"/series/{series}/rules",
        f"/history/series/{series}/print",
        f"/history/nights/{night.rsplit('/', 1)[1]}",
        "/history",
        "/players/",
    ]
    for size in WIDTHS:
        page.set_viewport_size(size)
        for address in pages:
            page.goto(address)
            fits(page)

    page.set_viewport_size({"width": 390, "height": 844})
    for address, name in (
        ("/", "home-in-play"),
        (night, "night-in-play"),
        (f"/series/{series}", "series-long-names"),
        (f"/series/{series}/view", "viewer-long-names"),
    ):
        page.goto(address)
        page.emulate_media(color_scheme="light")
        screenshot(page, name)
        page.emulate_media(color_scheme="dark")
        screenshot(page, f"{name}-dark")
    page.emulate_media(color_scheme="light")

    # The sheet scrolls in its own box; the hand column stays put as it does.
    page.set_viewport_size(WIDTHS[0])
    page.goto(f"/series/{series}")
    wrap = page.locator(".sheet-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")
    first = page.locator(".sheet tbody tr").first.locator("th")
    left = first.bounding_box()["x"]
    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    assert first.bounding_box()["x"] == left
    fits(page)


def test_a_finished_series_rematches_from_the_series_page(browser_page):
    page = browser_page
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    for i, name in enumerate(NAMES):
        page.fill(f"#seats-{i}", name)
    page.check("input[name=end_kind][value=hands]")
    page.fill("#end_value", "1")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*")
    series = page.url.rsplit("/", 1)[1]
    answer = page.request.post(
        f"/api/series/{series}/hands",
        data=hand("Alexandra", {"Grandma": "r5", "Christopher": "k2", "Evangeline": "y4"}),
    )
    assert answer.status == 201, answer.text()
    page.reload()
    expect(page.locator(".banner")).to_have_text("Series over: Alexandra wins.")
    page.get_by_role("button", name="Rematch: the same players and rules").click()
    # Grandma played first in the one hand: Alexandra, next in the order of play, carries on.
    expect(page.locator(".flash")).to_have_text("Rematch started: Alexandra plays first.")
    expect(page.locator("a.button-primary")).to_have_text("Record hand 1")
    page.goto("/")
    expect(page.locator("main a.button").first).to_have_text(
        "Record hand 1 of Grandma, Alexandra, Christopher, Evangeline"
    )


# Names of the most a name may hold (engine/names.py, NAME_MAX = 40): two with spaces, two
# single words, as a tester typed them.
FORTY = (
    "Alexandra Evangelina Constantinescu-Popa",
    "Christopher Maximilian Vanderbilt-Smythe",
    "Bartholomew" * 3 + "Ashwort",
    "Ioana" + "a" * 35,
)


@pytest.mark.parametrize(
    "size",
    [
        {"width": 360, "height": 740},
        {"width": 844, "height": 390},
        {"width": 1024, "height": 768},
        {"width": 1280, "height": 800},
    ],
)
def test_the_table_screen_never_scrolls_sideways_with_forty_letter_names(browser_page, size):
    page = browser_page
    assert [len(name) for name in FORTY] == [40] * 4
    start_series(page, FORTY, "rummikub", "hands", 3)
    series = page.url.rsplit("/", 1)[1]
    went_out = {"name": FORTY[0], "went_out": True}
    racks = [
        {"name": name, "rack": rack}
        for name, rack in zip(FORTY[1:], ("r5", "k12", "b3"), strict=True)
    ]
    answer = page.request.post(f"/api/series/{series}/hands", data={"players": [went_out, *racks]})
    assert answer.status == 201, answer.text()
    page.set_viewport_size(size)
    page.goto(f"/series/{series}/screen")
    expect(page.get_by_role("heading", name="Scores of hand 1")).to_be_visible()
    # Every name of the row and its score are on the page, none cut off at its edge.
    for name in FORTY:
        expect(page.locator(".screen-last th", has_text=name)).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), (
        page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    )
    row = page.locator(".screen-last")
    assert row.evaluate("el => el.getBoundingClientRect().right <= window.innerWidth")
    page.screenshot(path=f"/tmp/shots-fixA/screen-forty-{size['width']}.png", full_page=True)
