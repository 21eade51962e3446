"""A name cannot turn the score beside it round (issue 23), in Debian's Chromium: a name
stored with a right-to-left override before such characters were refused ends its override
at the name's isolate, so "22" after it still reads 22, left to right."""

import sqlite3

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Where each character of " 22)" after the name is drawn, from left to right on the screen.
POSITIONS = """([sentence, after]) => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.includes(sentence)) continue;
    const start = node.textContent.indexOf(after);
    return [0, 1, 2].map(i => {
      const range = document.createRange();
      range.setStart(node, start + i);
      range.setEnd(node, start + i + 1);
      return range.getBoundingClientRect().left;
    });
  }
  return null;
}"""


def test_a_right_to_left_override_in_a_name_stops_at_the_name(browser_page, tmp_path):
    page = browser_page
    made = page.request.post(
        "/api/series", data={"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 4}}
    )
    assert made.status == 201, made.text()
    with sqlite3.connect(tmp_path / "scorekeeper.db") as db:
        db.execute("UPDATE players SET name = ? WHERE name = 'Bo'", ["Bo\u202e"])
    hand = page.request.post(
        "/api/series/1/hands",
        data={
            "players": [{"name": "Ana", "went_out": True}, {"name": "Bo\u202e", "rack": "r10 b12"}]
        },
    )
    assert hand.status == 201, hand.text()
    page.goto("/series/1/hands/1")
    # The sentence: "Went out: the sum of the other racks (<isolate>Bo<RLO></isolate> 22)".
    left = page.evaluate(POSITIONS, ["the sum of the other racks", " 22)"])
    assert left is not None
    space, two, again = left
    assert space < two < again  # drawn in the order written: " 2" then "2"


def test_the_series_in_play_button_keeps_the_spaces_round_the_leaders_name(browser_page):
    """The isolated name stands inside the sentence's own text on the home page's button (a
    flex box would make it an item of its own and drop the spaces on either side)."""
    page = browser_page
    made = page.request.post(
        "/api/series", data={"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 4}}
    )
    assert made.status == 201, made.text()
    hand = page.request.post(
        "/api/series/1/hands",
        data={"players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r10"}]},
    )
    assert hand.status == 201, hand.text()
    page.goto("/")
    button = page.get_by_role("link", name="Series in play")
    expect(button).to_be_visible()
    assert button.evaluate("link => link.innerText") == "Series in play: Ana leads"


def test_a_refused_seat_keeps_its_box_as_wide_as_the_others(browser_page):
    page = browser_page
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    page.fill("#seats-0", "Stefan")
    page.fill("#seats-1", "\u0405tefan")  # a Cyrillic dze for the S: refused beside Stefan
    page.get_by_role("button", name="Start the series").click()
    expect(page.get_by_text("look the same on a screen")).to_be_visible()
    widths = [page.locator(f"#seats-{i}").bounding_box()["width"] for i in range(3)]
    assert widths[1] == widths[0] == widths[2]
    # The message stands above the seat it is about, its label and box side by side below.
    label, box = page.get_by_text("Seat 2", exact=True), page.locator("#seats-1")
    assert label.bounding_box()["y"] < box.bounding_box()["y"] + box.bounding_box()["height"]
