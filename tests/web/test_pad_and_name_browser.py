"""The open tile pad never covers the name of the player whose rack is being entered
(issue 25), on a 360, 390 and 430 px wide phone: the pad is opened on each rack in turn, and
the player's name is wholly on the screen, above the pad."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from .page_checks import ROMANIAN, RUMMIKUB, SEATS, a_night_served

pytestmark = pytest.mark.browser

# Where the name is, against the screen and the top of the open pad.
NAME_AND_PAD = """([name, pad]) => {
  const box = name.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, pad: pad.getBoundingClientRect().top};
}"""


@pytest.fixture(scope="module")
def laptop(tmp_path_factory) -> Iterator[str]:
    with a_night_served(tmp_path_factory.mktemp("pad")) as (address, _):
        yield address


@pytest.mark.parametrize("series", [RUMMIKUB, ROMANIAN])
@pytest.mark.parametrize("width", [360, 390, 430])
def test_the_pad_never_covers_the_name_of_the_rack_it_fills(chromium, laptop, width, series):
    context = chromium.new_context(viewport={"width": width, "height": 844}, base_url=laptop)
    page = context.new_page()
    page.goto(f"/series/{series}/hands/new")
    for seat, player in enumerate(SEATS):
        rack = page.locator(f"#players-{seat}-rack + .pad-toggle")
        rack.click()
        expect(rack).to_have_attribute("aria-expanded", "true")
        pad = page.locator(".tilepad:visible")
        name = page.locator(f"#players-{seat} > legend")
        expect(name).to_have_text(player)
        where = page.evaluate(NAME_AND_PAD, [name.element_handle(), pad.element_handle()])
        assert where["top"] >= 0 and where["bottom"] <= where["pad"], (player, where)
    context.close()
