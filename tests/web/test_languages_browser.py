"""The pages a player meets, in Romanian, Hungarian and French, in Debian's Chromium at a
phone's size: a phone set to the language gets the page in it, and no English is left on
the page but names, tile codes and the rule sources' own titles."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT
from playwright.sync_api import Page, expect

from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.words import english

pytestmark = pytest.mark.browser

CATALOGUES = ROOT / "scorekeeper" / "translations"
PHONE = {"width": 390, "height": 844}
PLAYERS = ["Ana", "Bo", "Cai", "Dee"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}|%[sd]")
WORD = re.compile(r"[^\W\d_]{4,}")
# Proper names a page shows in every language: the games, the sources' authors, the app.
PROPER = {
    "rummikub",
    "howarth",
    "hilary",
    "joly",
    "jolly",
    "scorekeeper",
    "english",
    "română",
    "magyar",
    "français",
    "remi",
    "rummy",
}


def words_of(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


def english_only(language: str) -> set[str]:
    """The words of the English messages that the language's catalogue never uses: found on
    one of its pages, they are English left untranslated."""
    with (CATALOGUES / "messages.pot").open("rb") as pot:
        english = read_po(pot)
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        theirs = read_po(po)
    said: set[str] = set()
    for message in english:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            said |= words_of(text)
    used: set[str] = set()
    for message in theirs:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            used |= words_of(text or "")
    return said - used - PROPER


def source_titles() -> set[str]:
    """The sources' own titles and section names, shown as each source prints them."""
    titles = set()
    for source in SOURCES.values():
        titles.add(english(source.title))
        titles |= {english(section) for section in source.sections.values()}
    return titles


# The page's text without commands to type and addresses to open, which stay as they are.
READ = """() => {
  document.querySelectorAll("code, kbd").forEach(el => el.remove());
  return document.body.innerText;
}"""


def english_left(page: Page, language: str) -> list[str]:
    text = re.sub(r"https?://\S+", " ", page.evaluate(READ))
    for title in sorted(source_titles(), key=len, reverse=True):
        text = text.replace(title, " ")
    return sorted(words_of(text) & english_only(language))


@pytest.fixture
def played(chromium, live_server):
    """A series of four with one saved hand, set up through the JSON API."""
    context = chromium.new_context(viewport=PHONE, base_url=live_server, locale="en-GB")
    api = context.request
    series = api.post(
        "/api/series",
        data={"variant": "rummikub", "players": PLAYERS, "end": {"hands": 4}, "first_dealer": 0},
    )
    assert series.status == 201, series.text()
    series_id = series.json()["id"]
    hand = api.post(
        f"/api/series/{series_id}/hands",
        data={
            "players": [
                {"name": "Ana", "rack": "r12 k3 j"},
                {"name": "Bo", "rack": "b1 b2 y13 y13"},
                {"name": "Cai", "rack": "k9"},
                {"name": "Dee", "went_out": True},
            ]
        },
    )
    assert hand.status == 201, hand.text()
    context.close()
    return live_server, series_id


@pytest.mark.parametrize("language", ["ro", "hu", "fr"])
def test_a_players_pages_are_in_the_phones_language_with_no_english_left(
    chromium, played, language, screenshot
):
    live_server, series_id = played

    def refuse_untouched_form(page: Page, name: str) -> None:
        if name == "record":
            # An untouched form is refused: every missing entry listed, in the language.
            page.locator("#save").click()
            expect(page.locator(".flash-error[role=alert]")).to_be_visible()

    left = walk(
        chromium,
        live_server,
        language,
        screenshot,
        [
            ("home", "/"),
            ("series", f"/series/{series_id}"),
            ("breakdown", f"/series/{series_id}/hands/1"),
            ("rules", "/rules/"),
            ("player", "/players/1"),
            ("record", f"/series/{series_id}/hands/new"),
        ],
        then=refuse_untouched_form,
    )
    assert left == {name: [] for name in left}


def walk(chromium, live_server: str, language: str, screenshot, pages, then=None) -> dict:
    """Open each page on a phone set to the language, check it is drawn in it, and give the
    English words left on each (after `then(page, name)`, where a page needs a tap)."""
    context = chromium.new_context(viewport=PHONE, base_url=live_server, locale=language)
    page = context.new_page()
    left = {}
    for name, address in pages:
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", language)
        if then is not None:
            then(page, name)
        left[name] = english_left(page, language)
        screenshot(page, f"language-{language}-{name}")
    context.close()
    return left


@pytest.fixture
def romanian_table(chromium, live_server):
    """A Romanian series of four whose first hand, in table mode, has Ana's opening on the
    table (a set and a run)."""
    context = chromium.new_context(viewport=PHONE, base_url=live_server, locale="en-GB")
    series = context.request.post(
        "/api/series",
        data={"variant": "romanian", "players": PLAYERS, "end": {"hands": 4}, "first_dealer": 0},
    )
    assert series.status == 201, series.text()
    series_id = series.json()["id"]
    page = context.new_page()
    page.goto(f"/series/{series_id}/table")
    page.locator("input[name=meld-player][value=Ana]").click()
    page.locator("#meld-melds-0").fill("r11 b11 k11")
    page.get_by_text("More melds in this opening").click()
    page.locator("#meld-melds-1").fill("y12 y13 y1")
    with page.expect_navigation():
        page.get_by_role("button", name="Lay the meld").click()
    expect(page.locator("[role=alert]")).to_have_count(0)
    context.close()
    return live_server, series_id


@pytest.mark.parametrize("language", ["ro", "hu", "fr"])
def test_the_rules_tools_variants_and_table_mode_have_no_english_left(
    chromium, romanian_table, language, screenshot
):
    live_server, series_id = romanian_table
    left = walk(
        chromium,
        live_server,
        language,
        screenshot,
        [
            ("variant", "/variants/romanian"),
            ("variant-copy", "/variants/romanian/copy"),
            # Two reds in a set: refused, with the reason in the language.
            ("check", "/rules/check?variant=romanian&tiles=r5+r5+b5"),
            ("best-opening", "/rules/best-opening?variant=romanian&rack=r10+b10+k10+y3+y4+y5+j"),
            ("table", f"/series/{series_id}/table"),
        ],
    )
    assert left == {name: [] for name in left}
