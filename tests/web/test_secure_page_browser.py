"""What a secure page allows (issue 28), in Chromium at 390x844 on http://127.0.0.1, which
Chromium treats as secure: the turn clock keeps the phone's screen awake while a turn is
timed (asked again when the page is seen again, let go when the clock is paused or stops),
the table screen all the while it is open, and Share the result opens the phone's share
sheet, copying the text when the phone refuses. A headless browser has neither a screen to
keep awake nor a share sheet: each is stood in for by an init script that writes down what
the page asked of it on the page's root element, where `expect` reads it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .browser import start_series
from .laptop import Laptop
from .test_installed_app_browser import SEATS, save_hand

pytestmark = pytest.mark.browser

# navigator.wakeLock as a browser gives it, each request and release written down in order.
WAKE_LOCK = """
const asked = [];
window.wakeLocks = [];
function note(what) {
  asked.push(what);
  document.documentElement.dataset.wake = asked.join(", ");
}
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request(type) {
    note("request " + type);
    const lock = new EventTarget();
    lock.type = type;
    lock.released = false;
    lock.release = () => {
      if (!lock.released) {
        lock.released = true;
        note("release");
        lock.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.wakeLocks.push(lock);
    return Promise.resolve(lock);
  },
} });
"""
# navigator.share as a phone gives it: it takes the text, then answers as the test says
# (window.shareAnswer: nothing for shared, else the name of the error it fails with).
SHARE = """
window.shared = [];
navigator.share = data => {
  window.shared.push(data.text);
  document.documentElement.dataset.shared = String(window.shared.length);
  return window.shareAnswer ? Promise.reject(new DOMException("no", window.shareAnswer))
    : Promise.resolve();
};
"""
# The clock's poll every 2 s and a swap of the page: a change on another tab shows within this.
SOON = 8000


@pytest.fixture
def phone(chromium: Browser, tmp_path: Path) -> Iterator[tuple[BrowserContext, Page]]:
    """The scorer's phone on a new Rummikub series, its wake lock and share sheet written down."""
    laptop = Laptop(tmp_path)
    address = f"http://127.0.0.1:{laptop.port}"
    context = chromium.new_context(viewport=PHONE, base_url=address)
    context.add_init_script(WAKE_LOCK)
    context.add_init_script(SHARE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=address)
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    yield context, page
    context.close()
    laptop.stop()


def wake(page: Page):
    return page.locator("html")


def test_the_clock_keeps_the_screen_awake_while_a_turn_is_timed(phone):
    context, page = phone
    assert page.evaluate("window.isSecureContext") is True
    # No turn is timed yet: nothing asked (the page's scripts ran before it was loaded).
    assert page.evaluate("document.documentElement.dataset.wake") is None
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator("#clock h2")).to_have_text("Ana's turn")
    expect(wake(page)).to_have_attribute("data-wake", re.compile(r"request screen$"))
    asked = wake(page).get_attribute("data-wake")
    # Paused: let go; resumed: asked again.
    page.get_by_role("button", name="Pause").click()
    expect(wake(page)).to_have_attribute("data-wake", f"{asked}, release")
    page.get_by_role("button", name="Resume").click()
    expect(wake(page)).to_have_attribute("data-wake", f"{asked}, release, request screen")
    # The phone's screen went off and on: the browser let go of the lock, and the page asks
    # for it again when it is seen.
    page.evaluate(
        "() => { window.wakeLocks.at(-1).release();"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    again = f"{asked}, release, request screen, release, request screen"
    expect(wake(page)).to_have_attribute("data-wake", again)
    # The hand is recorded on another tab: the clock stops here too, and lets go.
    series = page.url
    save_hand(context.new_page(), series, "Ana", ["r5", "b10 k6", "y3"])
    expect(page.locator("#clock h2")).to_have_text(
        "Hand 2: the clock is not running.", timeout=SOON
    )
    expect(wake(page)).to_have_attribute("data-wake", f"{again}, release")


def test_the_table_screen_stays_awake_all_the_while_it_is_open(phone):
    context, page = phone
    screen = context.new_page()
    screen.goto(page.url + "/screen")
    expect(screen.locator("#wake")).to_have_text("This screen stays awake while this page is open.")
    expect(wake(screen)).to_have_attribute("data-wake", "request screen")
    # Its clock runs: the screen already holds its lock, and the clock asks for no other.
    screen.get_by_role("button", name="Start the clock").click()
    expect(screen.locator("#clock h2")).to_have_text("Ana's turn")
    expect(wake(screen)).to_have_attribute("data-wake", "request screen")


def test_share_opens_the_share_sheet_and_copies_when_the_phone_refuses(phone):
    page = phone[1]
    save_hand(page, page.url, "Ana", ["r5", "b10 k6", "y3"])
    page.get_by_text("Share the result").click()
    box = page.get_by_label("The result as text, to copy into the family chat:")
    expect(box).to_have_value(re.compile(r"^Rummikub: Ana, Bo, Cai, and Dee\n"))
    text = box.input_value()
    share = page.get_by_role("button", name="Share…")
    share.click()
    expect(wake(page)).to_have_attribute("data-shared", "1")
    assert page.evaluate("window.shared") == [text]
    status = page.locator("#share-status")
    expect(status).to_have_text("")
    # Closed without picking an app: nothing to say, nothing copied.
    page.evaluate("window.shareAnswer = 'AbortError'")
    share.click()
    expect(wake(page)).to_have_attribute("data-shared", "2")
    expect(status).to_have_text("")
    # Refused: the text is copied instead.
    page.evaluate("window.shareAnswer = 'NotAllowedError'")
    share.click()
    expect(wake(page)).to_have_attribute("data-shared", "3")
    expect(status).to_have_text("Copied: paste it into the chat.")
    assert page.evaluate("navigator.clipboard.readText()") == text


def test_without_a_share_sheet_the_secure_page_copies(chromium: Browser, tmp_path: Path):
    laptop = Laptop(tmp_path)
    address = f"http://127.0.0.1:{laptop.port}"
    context = chromium.new_context(viewport=PHONE, base_url=address)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=address)
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    save_hand(page, page.url, "Ana", ["r5", "b10 k6", "y3"])
    assert page.evaluate("navigator.share === undefined")
    page.get_by_text("Share the result").click()
    expect(page.get_by_role("button", name="Share…")).to_be_hidden()
    page.get_by_role("button", name="Copy").click()
    expect(page.locator("#share-status")).to_have_text("Copied: paste it into the chat.")
    text = page.locator("#share-text").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == text
    context.close()
    laptop.stop()
