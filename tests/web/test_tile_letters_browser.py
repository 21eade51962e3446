"""The tile pad in the page's letters, on a phone in Debian's Chromium at 390x844: its keys
show the letters the page's players type, and tapping them fills the box with the code in
those letters; the hand is stored in the notation's own letters."""

import json
import re
import sqlite3

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone, start_series
from .test_my_rack_browser import join, table  # noqa: F401 (the four phones' fixture)

pytestmark = pytest.mark.browser


def record_hand_in(page, language: str) -> None:
    """From the series page, open the next hand's form on a phone that picked a language."""
    form = page.url + "/hands/new"
    page.context.add_cookies([{"name": "language", "value": language, "url": page.url}])
    page.goto(form)
    expect(page.locator("html")).to_have_attribute("lang", language)


def open_pad(page, field: str):
    page.click(f"#{field} + .pad-toggle")
    keypad = page.locator(f"#{field} ~ .tilepad")
    expect(keypad).to_be_visible()
    return keypad


def tap(keypad, css: str) -> None:
    keypad.locator(css).click()


def number(keypad, n: int):
    return keypad.locator(".pad-numbers .pad-key").nth(n - 1)


def stored_racks(database) -> dict[str, str]:
    with sqlite3.connect(database) as db:
        (record,) = db.execute("SELECT record FROM hands").fetchone()
    return {p["name"]: p.get("rack", "") for p in json.loads(record)["players"]}


def test_the_hungarian_pad_shows_and_types_the_hungarian_letters(
    browser_page, screenshot, tmp_path
):
    page = browser_page
    start_series(page, ["Ana", "Bo"], "rummikub", "hands", 2)
    record_hand_in(page, "hu")
    page.check("input[name=went_out][value=Ana]")
    keypad = open_pad(page, "players-1-rack")
    # The colour keys show the Hungarian colour words and letters: piros p, kék k, fekete f,
    # sárga s; the joker key j.
    expect(keypad.locator(".pad-colours .pad-key b")).to_have_text(["p", "k", "f", "s"])
    expect(keypad.locator(".pad-colours .pad-key")).to_have_text(
        ["Piros p", "Kék k", "Fekete f", "Sárga s"], use_inner_text=True
    )
    expect(keypad.locator(".pad-joker b")).to_have_text("j")
    tap(keypad, ".pad-colour.pad-b")
    # A number key says its tile in the Hungarian order: colour first.
    expect(number(keypad, 5)).to_have_attribute("aria-label", "Kék 5")
    number(keypad, 5).click()
    tap(keypad, ".pad-colour.pad-k")
    number(keypad, 6).click()
    tap(keypad, ".pad-joker")
    expect(page.locator("#players-1-rack")).to_have_value("k5 f6 j ")
    # The pad reads its own letters: the blue 5, the black 6 and the joker count on the rack.
    expect(page.locator("#players-1-rack + .pad-toggle .rack-tile")).to_have_text(["5", "6", "J"])
    expect(page.locator("#players-1-rack + .pad-toggle .rack-tile").first).to_have_class(
        "rack-tile pad-b"
    )
    assert_fits_a_phone(page)
    screenshot(page, "tile-letters-hungarian-pad")
    keypad.locator(".pad-done").click()
    page.locator("[name=save]").click()
    expect(page).to_have_url(re.compile(r"/series/\d+$"))
    # Stored in the notation's letters: k5 on a Hungarian page is the blue 5.
    assert stored_racks(tmp_path / "scorekeeper.db") == {"Ana": "", "Bo": "b5 k6 j"}


def test_the_french_pad_types_jaune_with_j_and_the_joker_with_a_star(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo"], "rummikub", "hands", 2)
    record_hand_in(page, "fr")
    page.check("input[name=went_out][value=Ana]")
    keypad = open_pad(page, "players-1-rack")
    expect(keypad.locator(".pad-colours .pad-key b")).to_have_text(["r", "b", "n", "j"])
    expect(keypad.locator(".pad-joker b")).to_have_text("*")
    tap(keypad, ".pad-colour.pad-y")
    # A number key says its tile in the French order: number first.
    expect(number(keypad, 7)).to_have_attribute("aria-label", "7 jaune")
    number(keypad, 7).click()
    tap(keypad, ".pad-joker")
    expect(page.locator("#players-1-rack")).to_have_value("j7 * ")
    expect(page.locator("#players-1-rack + .pad-toggle .rack-tile")).to_have_text(["7", "*"])
    # The help line under the boxes names the same letters.
    expect(page.locator(".hint").filter(has_text="Tuiles")).to_contain_text(
        "(r rouge, b bleu, n noir, j jaune ou o orange), * pour un joker."
    )
    assert_fits_a_phone(page)
    screenshot(page, "tile-letters-french-pad")


def test_table_mode_on_a_hungarian_page_lays_and_shows_tiles_in_hungarian_letters(
    browser_page, screenshot
):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 2)
    page.context.add_cookies([{"name": "language", "value": "hu", "url": page.url}])
    page.goto(page.url + "/table")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    page.check("input[name=meld-player][value=Ana]")
    # The first meld tapped in on the pad (piros 11, kék 11, fekete 11), the second typed.
    keypad = open_pad(page, "meld-melds-0")
    for colour in ("r", "b", "k"):
        tap(keypad, f".pad-colour.pad-{colour}")
        number(keypad, 11).click()
    keypad.locator(".pad-done").click()
    expect(page.locator("#meld-melds-0")).to_have_value("p11 k11 f11 ")
    page.locator("details.more-melds summary").click()
    page.fill("#meld-melds-1", "s12 s13 s1")
    with page.expect_navigation():
        page.locator("#meld [type=submit]").click()
    expect(page.locator("[role=alert]")).to_have_count(0)
    # The table names each tile in the Hungarian order, colour first ("Kék 11").
    expect(page.locator(".tile").nth(1)).to_have_attribute("aria-label", "kék 11")
    assert_fits_a_phone(page)
    screenshot(page, "tile-letters-hungarian-table")
    # A refusal quotes the tiles in the Hungarian letters: a blue 12 on the yellow run.
    page.goto(page.url.split("?")[0] + "?do=add")
    page.check("input[name=add-player][value=Ana]")
    page.locator("#add-meld").select_option("1")
    page.fill("#add-tiles", "k12")
    with page.expect_navigation():
        page.locator("#add [type=submit]").click()
    expect(page.locator("#add-tiles-error")).to_contain_text("k12")
    expect(page.locator("#add-tiles-error")).not_to_contain_text("b12")
    screenshot(page, "tile-letters-hungarian-refusal")


def test_a_rack_sent_from_a_hungarian_phone_fills_a_french_scorers_box_in_french_letters(
    table,  # noqa: F811 (My rack's fixture: the laptop, the scorer and three phones)
    screenshot,
):
    _laptop, scorer, players, qr = table
    bo = players["Bo"]
    join(bo, "Bo", qr)
    bo.context.add_cookies([{"name": "language", "value": "hu", "url": bo.url}])
    scorer.context.add_cookies([{"name": "language", "value": "fr", "url": scorer.url}])
    scorer.goto("/series/1/hands/new")
    expect(scorer.locator("html")).to_have_attribute("lang", "fr")
    bo.goto("/series/1/my-rack")
    expect(bo.locator("html")).to_have_attribute("lang", "hu")
    # Bo taps kék 1 and fekete 2 on the Hungarian pad, and sends.
    keypad = open_pad(bo, "mine-rack")
    tap(keypad, ".pad-colour.pad-b")
    number(keypad, 1).click()
    tap(keypad, ".pad-colour.pad-k")
    number(keypad, 2).click()
    expect(bo.locator("#mine-rack")).to_have_value("k1 f2 ")
    bo.locator("form.my-rack [type=submit]").click()
    # The scorer's open form gets it in the French letters (bleu 1, noir 2).
    expect(scorer.locator("#players-1-rack")).to_have_value("b1 n2", timeout=5000)
    screenshot(scorer, "tile-letters-french-scorer-draft")
