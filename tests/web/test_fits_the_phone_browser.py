"""The phone's width in every language, in Debian's Chromium at 360 and 430 px: the
navigation stays on one line, nothing scrolls sideways, and no name or word breaks mid-word
on the pages of a series (table mode's "Who?" row and tabs, the rules tools, the navigation);
a word may break only where a soft hyphen, a hyphen or a dash lets it. The tile pad's keys and
the scorer's banner on the home page keep their words whole too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.web.access import passcode

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "ro", "hu", "fr"]
# Names as long as a family's table has them; "Bogdan" and "Bunica" broke in two at 390 px.
PLAYERS = ["Bogdan", "Bunica", "Éloïse", "Zsófia"]
PASSCODE = "table-secret"

# Each word of the texts inside the elements chosen (the parts between spaces, hyphens, dashes
# and soft hyphens) that a player sees, not an address: a word whose first and last letters lie on
# different lines was broken mid-word. (Text hidden for screen readers only, in a 1 px box,
# and a chart's labels are left out.)
BROKEN_WORDS = """(selector) => {
  const line = (node, at) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    // A letter just after a soft hyphen's break also reports the hyphen drawn at the end
    // of the line before: its own box is the last.
    const boxes = [...range.getClientRects()];
    const box = boxes[boxes.length - 1];
    return Math.round(box.top + box.height / 2);
  };
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder.checkVisibility() || holder.getBoundingClientRect().width < 2) continue;
      if (holder.closest("svg")) continue;  // a chart's axis label stands on its side
      for (const found of node.textContent.matchAll(/[^\\s\\u00ad\\-\\u2010-\\u2014]+/g)) {
        if (found[0].includes("://")) continue;
        const last = found.index + found[0].length - 1;
        if (line(node, found.index) !== line(node, last)) broken.push(found[0]);
      }
    }
  }
  return broken;
}"""

# The top of each navigation link: all equal when the navigation is one line.
LINK_TOPS = """() => [...document.querySelectorAll(".top nav a")]
  .map(a => Math.round(a.getBoundingClientRect().top))"""

WIDER_THAN_THE_SCREEN = "() => document.documentElement.scrollWidth > window.innerWidth"

# Each name's box in the "Who?" row against the height of one line of its text.
NAME_LINES = """() => [...document.querySelectorAll(".choices-inline .choice-name")].map(el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [el.textContent, lines.size];
})"""


# Each visible pad key whose words are wider than the key (the key clips them: "Albastr").
CLIPPED_KEYS = """() => [...document.querySelectorAll(".tilepad .pad-key")]
  .filter(key => key.checkVisibility() && key.scrollWidth > key.clientWidth)
  .map(key => key.textContent.trim())"""


@pytest.fixture
def romanian_series(chromium, live_server):
    """A Romanian series of four with one hand saved, its second about to be followed in
    table mode."""
    context = chromium.new_context(base_url=live_server)
    series = context.request.post(
        "/api/series",
        data={"variant": "romanian", "players": PLAYERS, "end": {"hands": 4}, "first_dealer": 0},
    )
    assert series.status == 201, series.text()
    series_id = series.json()["id"]
    hand = context.request.post(
        f"/api/series/{series_id}/hands",
        data={
            "players": [
                {
                    "name": "Bogdan",
                    "went_out": True,
                    "finish": "discard",
                    "melded_tiles": "r5 r6 r7 b5 k5 y5 r10 r11 r12 r13",
                },
                {"name": "Bunica", "melded_tiles": "k7 k8 k9", "rack": "b9"},
                {"name": "Éloïse", "melded_tiles": "", "rack": "b4 b6"},
                {"name": "Zsófia", "melded_tiles": "y2 y3 y4 y5", "rack": "k2"},
            ]
        },
    )
    assert hand.status == 201, hand.text()
    context.close()
    return live_server, series_id


def on_one_line(page: Page) -> None:
    """The navigation's links all start on the same line, and nothing scrolls sideways."""
    tops = page.evaluate(LINK_TOPS)
    assert len(tops) == 4 and len(set(tops)) == 1, (page.url, tops)
    assert page.evaluate(WIDER_THAN_THE_SCREEN) is False, page.url


@pytest.mark.parametrize("width", [360, 430])
def test_the_navigation_and_names_fit_the_phone_in_every_language(
    chromium, romanian_series, width, screenshot
):
    live_server, series_id = romanian_series
    for language in LANGUAGES:
        context = chromium.new_context(
            viewport={"width": width, "height": 844}, base_url=live_server, locale=language
        )
        page = context.new_page()
        for address in (
            "/",
            f"/series/{series_id}",
            f"/series/{series_id}/rules",
            f"/series/{series_id}/hands/new",
            f"/series/{series_id}/hands/1",
            "/players/1",
            "/variants/",
            "/rules/",
            "/rules/best-opening",
            "/history",
        ):
            page.goto(address)
            expect(page.locator("html")).to_have_attribute("lang", language)
            on_one_line(page)
            assert page.evaluate(BROKEN_WORDS, "body") == [], page.url
        page.goto(f"/series/{series_id}/table")
        expect(page.locator(".choices-inline .choice-name")).to_have_count(len(PLAYERS))
        on_one_line(page)
        assert page.evaluate(NAME_LINES) == [[name, 1] for name in PLAYERS], language
        assert page.evaluate(BROKEN_WORDS, ".choices-inline, .table-tabs, .top nav") == []
        screenshot(page, f"fits-{width}-{language}-table")
        context.close()


@pytest.mark.parametrize("width", [360, 390, 430])
def test_the_tile_pads_keys_keep_their_words_whole_in_every_language(
    chromium, romanian_series, width, screenshot
):
    """The pad's keys ("Albastru", "Golește", "Effacer", "Vissza") broke mid-word at 360-390 px,
    on table mode's pad and on the hand form's docked pad; no key clips its words either."""
    live_server, series_id = romanian_series
    for language in LANGUAGES:
        context = chromium.new_context(
            viewport={"width": width, "height": 844}, base_url=live_server, locale=language
        )
        page = context.new_page()
        page.goto(f"/series/{series_id}/table")
        page.locator(".pad-toggle").first.click()
        expect(page.locator(".tilepad:visible .pad-key")).to_have_count(4 + 13 + 4)
        on_one_line(page)
        assert page.evaluate(BROKEN_WORDS, ".tilepad") == [], (language, "table")
        assert page.evaluate(CLIPPED_KEYS) == [], (language, "table")
        screenshot(page, f"fits-{width}-{language}-table-pad")
        page.goto(f"/series/{series_id}/hands/new")
        page.locator("#went_out label").first.click()
        expect(page.locator(".tilepad:visible")).to_have_count(1)
        on_one_line(page)
        assert page.evaluate(BROKEN_WORDS, ".tilepad") == [], (language, "hand form")
        # "Albastru" and "Galben" were cut off by their keys at 360 and 390 px.
        assert page.evaluate(CLIPPED_KEYS) == [], (language, "hand form")
        screenshot(page, f"fits-{width}-{language}-hand-pad")
        context.close()


@pytest.mark.parametrize("width", [360, 430])
def test_the_scorers_banner_keeps_its_words_whole_in_every_language(
    chromium, romanian_series, tmp_path, width, screenshot
):
    """On the home page the "stop being the scorer" button took the row's width and left the
    sentence beside it a letter or two a line ("Ce téléph/one est le marqu/eur.")."""
    live_server, _ = romanian_series
    passcode.set_passcode(tmp_path / "instance", PASSCODE)
    for language in LANGUAGES:
        context = chromium.new_context(
            viewport={"width": width, "height": 844}, base_url=live_server, locale=language
        )
        page = context.new_page()
        page.goto("/scorer")
        page.locator("input[name=passcode]").fill(PASSCODE)
        page.locator("form[action$='/scorer'] button[type=submit]").click()
        page.goto("/")
        banner = page.locator("form.undo")
        expect(banner.locator("button")).to_be_visible()
        on_one_line(page)
        assert page.evaluate(BROKEN_WORDS, "form.undo") == [], language
        sentence = banner.locator("span").bounding_box()
        assert sentence is not None and sentence["width"] > width / 3, (language, sentence)
        screenshot(page, f"fits-{width}-{language}-scorer-banner")
        context.close()


# The lines a text fills in its element, and whether its words are wider than the element.
LINES_AND_CLIPPED = """(selector) => [...document.querySelectorAll(selector)].map(el => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [el.textContent.trim(), lines.size, el.scrollWidth > el.clientWidth];
})"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_hand_forms_bar_keeps_the_total_on_two_lines_and_its_buttons_whole(
    chromium, romanian_series, width, screenshot
):
    """Hungarian's "A tartókon: 0" took three lines of the bar at 360 px, and Romanian's
    "Calculează" filled its button to the edges."""
    live_server, series_id = romanian_series
    for language in LANGUAGES:
        context = chromium.new_context(
            viewport={"width": width, "height": 844}, base_url=live_server, locale=language
        )
        page = context.new_page()
        page.goto(f"/series/{series_id}/hands/new")
        page.locator("#went_out label").first.click()
        total = page.locator("#live-total")
        expect(total).not_to_be_empty()
        [(said, lines, clipped)] = page.evaluate(LINES_AND_CLIPPED, "#live-total")
        assert lines <= 2 and not clipped, (language, said, lines)
        for said, _lines, clipped in page.evaluate(LINES_AND_CLIPPED, ".entry-bar .button"):
            assert not clipped, (language, said)
        # Each button keeps some room around its word.
        for button in page.locator(".entry-bar .button").all():
            room = button.evaluate("b => b.clientWidth - b.scrollWidth")
            inner = button.evaluate(
                "b => { const r = document.createRange(); r.selectNodeContents(b);"
                " return b.clientWidth - r.getBoundingClientRect().width; }"
            )
            assert room >= 0 and inner >= 12, (language, button.inner_text(), inner)
        screenshot(page, f"fits-{width}-{language}-hand-bar")
        context.close()
