"""The scorer's minute on a phone (390x844): every page of the scorer says when the laptop
cannot be reached and when it is back, a hand typed when the scorer session ends is kept and
stored once, and the tile pad's keys say their colour and number to a screen reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE
from playwright.sync_api import Browser, Page, expect

from scorekeeper.web.access import passcode

from .browser import start_series
from .laptop import Laptop

pytestmark = pytest.mark.browser

SEATS = ("Ana", "Bo", "Cai", "Dee")
PASSCODE = "table-secret"
REFERENCE_SCORES = {"Ana": -45, "Bo": -29, "Cai": -9, "Dee": 83}


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Laptop]:
    served = Laptop(tmp_path)
    yield served
    served.stop()


def phone_on(chromium: Browser, laptop: Laptop, viewport: dict = PHONE) -> Page:
    """A phone-sized page on the laptop's app, on the home page."""
    context = chromium.new_context(viewport=viewport, base_url=f"http://127.0.0.1:{laptop.port}")
    page = context.new_page()
    page.goto("/")
    return page


@pytest.fixture
def phone(chromium, laptop: Laptop) -> Iterator[Page]:
    page = phone_on(chromium, laptop)
    start_series(page, SEATS, "rummikub", "hands", 9)
    yield page
    page.context.close()


def become_scorer(page: Page) -> None:
    page.get_by_label("Passcode").fill(PASSCODE)
    page.get_by_role("button", name="Become the scorer").click()


def type_reference_hand(page: Page) -> None:
    page.locator("#went_out label", has_text="Dee").click()
    page.fill("#players-0-rack", "r12 k3 j")
    page.fill("#players-1-rack", "b1 b2 y13 y13")
    page.fill("#players-2-rack", "k9")


def expect_reference_hand_typed(page: Page) -> None:
    expect(page.locator("#went_out input[value=Dee]")).to_be_checked()
    expect(page.locator("#players-0-rack")).to_have_value("r12 k3 j")
    expect(page.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")
    expect(page.locator("#players-2-rack")).to_have_value("k9")


# --- The laptop cannot be reached ------------------------------------------------------------


def test_the_series_page_says_when_the_laptop_cannot_be_reached_and_when_it_is_back(
    phone, laptop, screenshot
):
    note = phone.get_by_role("status").filter(has_text="laptop")
    expect(phone.get_by_role("link", name="Record hand 1")).to_be_visible()
    expect(note).to_have_count(0)
    laptop.stop()
    expect(note).to_have_text(
        "The laptop cannot be reached: this page may be out of date, and nothing can be saved "
        "until it answers again.",
        timeout=15000,
    )
    expect(note).to_be_in_viewport()
    screenshot(phone, "series-laptop-away")
    laptop.start()
    expect(note).to_have_text("The laptop is back.", timeout=15000)
    expect(note).to_be_hidden(timeout=15000)


# --- The scorer session ends with a hand typed -----------------------------------------------


def scorer_typing_the_reference_hand(chromium, laptop) -> Page:
    """The scorer's phone (a passcode set) with the reference hand typed on hand 1's form."""
    passcode.set_passcode(Path(laptop.app.instance_path), PASSCODE)
    page = phone_on(chromium, laptop)
    page.get_by_role("link", name="Become the scorer").first.click()
    become_scorer(page)
    start_series(page, SEATS, "rummikub", "hands", 9)
    page.get_by_role("link", name="Record hand 1").click()
    type_reference_hand(page)
    return page


def test_a_hand_typed_when_the_scorer_session_is_lost_is_kept_and_stored_once(chromium, laptop):
    page = scorer_typing_the_reference_hand(chromium, laptop)
    # The browser drops the scorer's session (closed, or its cookie gone) before Save.
    page.context.clear_cookies()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("That form had expired, so the hand was not saved.")).to_be_visible()
    expect(page.get_by_role("heading", name="Only the scorer")).to_be_visible()
    assert laptop.hands() == []
    become_scorer(page)
    # Back on the same form, with everything typed still there.
    expect(page.get_by_role("heading", name="Record a hand")).to_be_visible()
    expect(page.locator("#reach")).to_contain_text("What you typed before is back")
    expect_reference_hand_typed(page)
    assert laptop.hands() == []
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    # Saved once: Back to the form and Save again stores nothing new.
    page.go_back()
    expect(page.locator("#reach")).to_contain_text("saved already")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Pick who went out").first).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    page.context.close()


def test_a_hand_typed_when_another_phone_ends_the_scorer_session_is_kept_and_stored_once(
    chromium, laptop
):
    page = scorer_typing_the_reference_hand(chromium, laptop)
    # The same session, copied to another browser, stops being the scorer there: the
    # server ends it, so this phone is no longer the scorer either.
    other = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
    other.add_cookies(page.context.cookies())
    elsewhere = other.new_page()
    elsewhere.goto("/")
    elsewhere.get_by_role("button", name="Stop being the scorer").click()
    expect(elsewhere.get_by_text("This phone is no longer the scorer.")).to_be_visible()
    other.close()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Only the scorer")).to_be_visible()
    assert laptop.hands() == []
    become_scorer(page)
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    page.context.close()


# --- The tile pad by ear -------------------------------------------------------------------


def test_each_pad_key_says_its_colour_and_number_and_each_colour_key_whether_it_is_chosen(phone):
    phone.get_by_role("link", name="Record hand 1").click()
    phone.locator("#went_out label", has_text="Dee").click()
    pad = phone.locator(".tilepad:visible")
    expect(phone.locator("#players-0-rack + .pad-toggle")).to_have_attribute(
        "aria-expanded", "true"
    )
    red, blue = (pad.get_by_role("button", name=name) for name in ("Red (r)", "Blue (b)"))
    expect(red).to_have_attribute("aria-pressed", "true")
    expect(blue).to_have_attribute("aria-pressed", "false")
    for number in range(1, 14):
        expect(pad.get_by_role("button", name=f"Red {number}", exact=True)).to_have_text(
            str(number)
        )
    blue.click()
    expect(blue).to_have_attribute("aria-pressed", "true")
    expect(red).to_have_attribute("aria-pressed", "false")
    expect(pad.get_by_role("button", name="Red 12", exact=True)).to_have_count(0)
    pad.get_by_role("button", name="Blue 12", exact=True).click()
    pad.get_by_role("button", name="Blue 13", exact=True).click()
    expect(phone.locator("#players-0-rack")).to_have_value("b12 b13 ")
    # The rack's toggle is named by whose it is and the words on it; the tiles as typed
    # describe it.
    rack = phone.locator("#players-0-rack + .pad-toggle")
    expect(rack).to_have_accessible_name("Ana's rack: 12 13 25 points")
    expect(rack).to_have_accessible_description("b12 b13")


# Every key's words inside the key, the ace keys' too: none is clipped or overflows.
CLIPPED_KEYS = """() => [...document.querySelectorAll('.tilepad:not([hidden]) .pad-key')]
  .filter(k => k.scrollWidth > k.clientWidth || k.scrollHeight > k.clientHeight)
  .map(k => k.textContent)"""


@pytest.mark.parametrize("width", [360, 390])
def test_every_pad_key_shows_its_whole_label_on_a_narrow_phone(chromium, laptop, width, screenshot):
    page = phone_on(chromium, laptop, viewport={"width": width, "height": 844})
    start_series(page, SEATS[:3], "romanian", "hands", 9)
    page.get_by_role("link", name="Record hand 1").click()
    page.locator("#went_out label", has_text="Cai").click()
    pad = page.locator(".tilepad:visible")
    expect(pad.get_by_role("button", name="Back: remove the last tile")).to_have_text("Back")
    assert page.evaluate(CLIPPED_KEYS) == []
    page.locator("#players-0-melded_tiles + .pad-toggle").click()
    expect(pad.get_by_role("button", name="Red ace in a high run")).to_have_text("1 high")
    assert page.evaluate(CLIPPED_KEYS) == []
    screenshot(page, f"hand-pad-aces-{width}")
    page.context.close()
