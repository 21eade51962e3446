"""A club night's pages laid out where they are read (issue 27, a fresh-eye tester's findings):
the print pages on A4 paper, the big screen on a TV, and long names on a 360 px phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-fix27c")
TEN = ["Ana", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]


def new_event(page: Page, players: list[str], name: str = "Friday club night", **more) -> int:
    """An event made through the JSON API (no passcode is set: every phone is the organiser)."""
    body = {
        "name": name,
        "variant": "rummikub",
        "players": players,
        "rounds": 3,
        "table_size": 4,
        "round_end": {"hands": 8},
        "seating": "mix",
        "points": "places",
        **more,
    }
    answer = page.request.post("/api/events", data=body)
    assert answer.status == 201, answer.text()
    return int(answer.json()["id"])


def play_a_hand_at_each_table(page: Page, event: int) -> None:
    """Seat 1 of every table of the round goes out; the others keep a red 5."""
    for table in page.request.get(f"/api/events/{event}").json()["rounds"][-1]["tables"]:
        first, *others = table["players"]
        hand = {"players": [{"name": first, "went_out": True}]}
        hand["players"] += [{"name": name, "rack": "r5"} for name in others]
        answer = page.request.post(f"/api/series/{table['series']}/hands", data=hand)
        assert answer.status == 201, answer.text()


def pdf_pages(page: Page) -> int:
    """How many A4 pages the page prints as (the PDF's page objects, not its page tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", page.pdf(format="A4")))


def shoot(page: Page, name: str) -> None:
    for folder in (SHOTS, SCREENSHOTS):
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize(
    ("kind", "hands", "pages"), [("sheets", 8, 1), ("slips", 8, 1), ("sheets", 30, 3)]
)
def test_a_ten_player_nights_print_pages_fill_a4_sheets(browser_page: Page, kind, hands, pages):
    """Tables of 4, 3 and 3: with eight hands a round the three score sheets, and the three
    slips, share one A4 sheet, the language bar and the navigation left off; thirty lines a
    sheet take a sheet of paper per table, none cut in two."""
    event = new_event(browser_page, TEN, round_end={"hands": hands})
    browser_page.goto(f"/events/{event}/print/{kind}")
    expect(browser_page.locator("section")).to_have_count(3)
    browser_page.emulate_media(media="print")
    expect(browser_page.locator(".foot")).to_be_hidden()
    expect(browser_page.locator("header.top")).to_be_hidden()
    if kind == "sheets":
        shoot(browser_page, f"print-sheets-{hands}")
    assert pdf_pages(browser_page) == pages


def every_row_in_view(page: Page) -> list[str]:
    """The standings rows that stand (even partly) outside the window."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.event-screen-standings tbody tr')]
          .filter(row => { const box = row.getBoundingClientRect();
            return box.top < 0 || box.bottom > window.innerHeight
              || box.left < 0 || box.right > window.innerWidth; })
          .map(row => row.textContent.trim())"""
    )


@pytest.mark.parametrize("count", [13, 24])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_big_screen_shows_every_standings_row_on_a_tv(
    chromium: Browser, live_server: str, count: int, size: tuple[int, int]
):
    width, height = size
    for scheme in ("light", "dark"):
        context = chromium.new_context(
            viewport={"width": width, "height": height},
            base_url=live_server,
            color_scheme=scheme,
        )
        page = context.new_page()
        names = [f"Player {n:02d}" for n in range(1, count + 1)]
        event = new_event(page, names, name="Thursday league night")
        page.goto(f"/events/{event}/screen")
        rows = page.locator(".event-screen-standings tbody tr")
        expect(rows).to_have_count(count)
        expect(page.get_by_text("Round 1 of 3")).to_be_visible()
        expect(page.get_by_role("navigation", name="Main")).to_have_count(0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"screen-{count}-{width}-{scheme}.png"))
        assert every_row_in_view(page) == [], (size, count)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Each table's players: a name goes to the next line whole, never "Player / 22".
        assert split_names(page) == [], (size, count)
        context.close()


def split_names(page: Page) -> list[str]:
    """The names in the big screen's list of tables that are drawn over two lines or more:
    each name's text is measured where it stands, whatever the markup around it."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.event-screen-players')].flatMap(line => {
            const split = [];
            const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const found of node.data.matchAll(/Player \\d+/g)) {
                const range = document.createRange();
                range.setStart(node, found.index);
                range.setEnd(node, found.index + found[0].length);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (tops.size > 1) { split.push(found[0]); }
              }
            }
            return split; })"""
    )


LONG_EVENT = ("Clubnight" * 9)[:80]  # 80 letters, no space to break at
LONG_PLAYER = "Bartholomew-Alexandrescu-Wolfgangsson-Jr"  # 40 letters


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/history",
        "/players",
        "/players/1",
        "/history/nights/1",
        "/nights/1",
        "/events/{event}",
        "/events/{event}/standings",
        "/events/{event}/follow",
    ],
)
def test_long_names_do_not_scroll_a_360_px_phone_sideways(
    chromium: Browser, live_server: str, path
):
    context = chromium.new_context(viewport={"width": 360, "height": 780}, base_url=live_server)
    page = context.new_page()
    event = new_event(page, [LONG_PLAYER, *TEN[:5]], name=LONG_EVENT)
    play_a_hand_at_each_table(page, event)
    page.goto(path.format(event=event))
    expect(page.get_by_text(LONG_EVENT).or_(page.get_by_text(LONG_PLAYER)).first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    context.close()


def test_a_refused_late_player_lands_at_the_field_with_its_message_in_view(browser_page: Page):
    """On a phone, the late player's box is far down the event page: a name refused (one on
    the roster already) brings the page back at the box, focused, its message beside it."""
    page = browser_page
    event = new_event(page, TEN)
    page.goto(f"/events/{event}")
    page.get_by_text("Roster: 10 players").click()
    page.get_by_label("Late player").fill("ana")
    page.get_by_role("button", name="Add the late player").click()
    message = page.locator("#name-error")
    expect(message).to_have_text("ana is on the roster already.")
    box = page.get_by_label("Late player")
    assert page.url.endswith("#name")
    expect(box).to_be_focused()
    expect(box).to_have_attribute("aria-describedby", "name-error")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(message).to_be_in_viewport()
    expect(box).to_be_in_viewport()
    expect(page.locator("label[for=name]")).to_be_in_viewport()
    shoot(page, "late-player-refused")
