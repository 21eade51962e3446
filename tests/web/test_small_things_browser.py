"""The small things of a night on a phone (390x844): a hand's number is its row on the sheet
after a deletion, the deletion's Undo goes once the next hand is saved, the "Hand 5 saved"
message takes the hand back in one tap (the scorer's only), and Share the result copies the
standings over plain http, where the page is no secure context."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE, app_settings
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.web.access import address, passcode

from .browser import assert_fits_a_phone, start_series

pytestmark = pytest.mark.browser

SEATS = ("Ana", "Bo", "Cai", "Dee")
PASSCODE = "table-secret"
# Who went out of each hand, and a rack for each of the others.
HANDS = [("Ana", ["r5", "b10 k6", "y3"]), ("Cai", ["k6", "r11", "b5"])]


def save_hand(page: Page, series_url: str, n: int) -> None:
    """Record the n-th of HANDS (taken in turn) with the quick tally; back on the series."""
    out, racks = HANDS[n % len(HANDS)]
    page.goto(f"{series_url}/hands/new")
    page.locator("#went_out label", has_text=out).click()
    others = [i for i, name in enumerate(SEATS) if name != out]
    for seat, rack in zip(others, racks, strict=True):
        page.fill(f"#players-{seat}-rack", rack)
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url(series_url)


def sheet_numbers(page: Page):
    return page.locator(".sheet tbody th")


@pytest.fixture
def phone(browser_page: Page) -> Iterator[Page]:
    start_series(browser_page, SEATS, "rummikub", "hands", 9)
    yield browser_page


def test_after_a_deletion_the_message_the_sheet_and_the_hand_say_one_number(phone, screenshot):
    series = phone.url
    for n in range(5):
        save_hand(phone, series, n)
    sheet_numbers(phone).nth(1).get_by_role("link").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Hand 2")
    phone.get_by_role("button", name="Delete this hand").click()
    deleted = phone.locator("form.undo:not(.undo-saved)")
    expect(deleted).to_contain_text("Hand 2 was deleted; hands 3 to 5 are now hands 2 to 4.")
    save_hand(phone, series, 5)
    expect(phone.locator(".undo-saved")).to_contain_text("Hand 5 saved. Cai won the hand (+22).")
    expect(sheet_numbers(phone)).to_have_text(["1", "2", "3", "4", "5"])
    # The deletion's Undo went with the save: the only Undo left is the saved message's.
    expect(deleted).to_have_count(0)
    expect(phone.get_by_role("button", name="Undo")).to_have_count(1)
    assert_fits_a_phone(phone)
    screenshot(phone, "small25-saved-undo-light")
    phone.emulate_media(color_scheme="dark")
    screenshot(phone, "small25-saved-undo-dark")
    phone.emulate_media(color_scheme="light")
    sheet_numbers(phone).nth(4).get_by_role("link").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Hand 5")
    phone.get_by_role("link", name="Fix this hand").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Fix hand 5")
    # Reloaded, the series page says nothing of the deletion any more.
    phone.goto(series)
    expect(phone.get_by_role("button", name="Undo")).to_have_count(0)


def test_one_tap_on_undo_takes_back_the_hand_just_saved(phone, screenshot):
    series = phone.url
    save_hand(phone, series, 0)
    save_hand(phone, series, 1)
    saved = phone.locator(".undo-saved")
    expect(saved).to_contain_text("Hand 2 saved. Cai won the hand (+22).")
    saved.get_by_role("button", name="Undo").click()
    expect(phone.locator(".flash").first).to_have_text(
        "Hand 2 taken back: it is no longer on the sheet."
    )
    expect(sheet_numbers(phone)).to_have_text(["1"])
    expect(phone.get_by_role("link", name="Record hand 2")).to_be_visible()
    # Taken back like any deleted hand: the series page's Undo brings it back.
    expect(phone.locator("form.undo")).to_contain_text("Hand 2 was deleted.")
    screenshot(phone, "small25-taken-back-light")
    phone.locator("form.undo").get_by_role("button", name="Undo").click()
    expect(sheet_numbers(phone)).to_have_text(["1", "2"])


def test_a_watching_phone_never_sees_the_saved_message_undo(
    chromium: Browser, browser_page: Page, live_server: str, tmp_path: Path
):
    passcode.set_passcode(tmp_path / "instance", PASSCODE)
    scorer = browser_page
    scorer.goto("/scorer")
    scorer.get_by_label("Passcode").fill(PASSCODE)
    scorer.get_by_role("button", name="Become the scorer").click()
    start_series(scorer, SEATS, "rummikub", "hands", 9)
    series = scorer.url
    watching = chromium.new_context(viewport=PHONE, base_url=live_server).new_page()
    watching.goto(series)
    save_hand(scorer, series, 0)
    expect(scorer.locator(".undo-saved").get_by_role("button", name="Undo")).to_be_visible()
    watching.reload()
    expect(sheet_numbers(watching)).to_have_text(["1"])
    expect(watching.get_by_role("button", name="Undo")).to_have_count(0)
    expect(watching.get_by_text("saved", exact=False)).to_have_count(0)
    watching.context.close()


@pytest.fixture
def on_the_lan(tmp_path: Path) -> Iterator[int]:
    """The app served on the machine's LAN address, as phones at the table reach it: plain
    http to an address that is not this machine's loopback, so no secure context."""
    if address.lan_ip().startswith("127."):
        pytest.skip("this machine has no LAN address to serve on")
    app = create_app(app_settings(tmp_path, WTF_CSRF_ENABLED=True))
    server = make_server("0.0.0.0", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def test_share_copies_the_standings_over_plain_http(chromium: Browser, on_the_lan, screenshot):
    lan = f"http://{address.lan_ip()}:{on_the_lan}"
    context = chromium.new_context(viewport=PHONE, base_url=lan)
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    save_hand(page, page.url, 0)
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("navigator.clipboard === undefined")
    page.get_by_text("Share the result").click()
    box = page.get_by_label("The result as text, to copy into the family chat:")
    standings = r"After 1 hand:\n1\. Ana: \+24, 1 hand won\n2\. Dee: -3, 0 hands won\n"
    expect(box).to_have_value(re.compile(rf"^Rummikub: Ana, Bo, Cai, and Dee\n.+\n{standings}"))
    expect(page.get_by_role("link", name="Send as a text message")).to_have_attribute(
        "href", re.compile(r"^sms:\?&body=Rummikub%3A%20Ana")
    )
    expect(page.get_by_role("button", name="Share…")).to_be_hidden()  # no navigator.share here
    page.get_by_role("button", name="Copy").click()
    expect(page.get_by_role("status").filter(has_text="Copied")).to_have_text(
        "Copied: paste it into the chat."
    )
    text = box.input_value()
    # The whole text is selected (a phone that refused could copy it from its menu) ...
    assert page.evaluate(
        "() => { const b = document.getElementById('share-text');"
        " return [b.selectionStart, b.selectionEnd]; }"
    ) == [0, len(text)]
    assert_fits_a_phone(page)
    screenshot(page, "small25-share-light")
    page.emulate_media(color_scheme="dark")
    screenshot(page, "small25-share-dark")
    # The night page shares each of its series the same way, by its title, in the page's
    # language.
    page.emulate_media(color_scheme="light")
    page.locator(".crumbs a").click()
    page.get_by_role("button", name="Français").click()
    page.get_by_text("Partager le résultat").click()
    expect(page.locator("#share-text")).to_have_value(
        re.compile(
            r"\n\nRummikub : Ana, Bo, Cai et Dee\nAprès 1 manche\u00a0:\n"
            r"1\. Ana\u00a0: \+24, 1 manche gagnée\n"
        )
    )
    assert_fits_a_phone(page)
    screenshot(page, "small25-share-night-fr")
    # ... and on the clipboard: read back from the loopback address, where a page may read it.
    context.grant_permissions(["clipboard-read"], origin=f"http://127.0.0.1:{on_the_lan}")
    reader = context.new_page()
    reader.goto(f"http://127.0.0.1:{on_the_lan}/")
    assert reader.evaluate("navigator.clipboard.readText()") == text
    context.close()
