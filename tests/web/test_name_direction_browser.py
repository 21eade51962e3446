"""A name cannot turn the score beside it round (issue 23), in Debian's Chromium: a name
stored with a right-to-left override before such characters were refused ends its override
at the name's isolate, so "22" after it still reads 22, left to right."""

import sqlite3

import pytest

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
