"""No rack silently dropped, on phones (390x844, Chromium): the scorer's record-hand form is
open, Bo's phone sends a newer rack before the form has read it (its poll held back, as on a
slow Wi-Fi), and the scorer taps Save: the hand is refused with Bo's newer rack shown, one
tap takes it, and Save stores the hand with it. The interleavings one by one and racing:
test_newer_rack.py and test_newer_rack_racing.py."""

from __future__ import annotations

import pytest
from conftest import SCREENSHOTS
from playwright.sync_api import expect

from . import test_my_rack_browser as my_rack
from .browser import assert_fits_a_phone

pytestmark = pytest.mark.browser

table = my_rack.table  # the laptop, the scorer's phone and the players' phones
NEWER = (
    "The phone that joined as Bo sent a newer rack: b1 b2 y13. Nothing was saved: use it, "
    "or save again to keep what you typed."
)


def test_a_rack_sent_just_before_save_is_shown_and_taken_in_one_tap(table):
    laptop, scorer, players, qr = table
    bo = players["Bo"]
    my_rack.join(bo, "Bo", qr)
    my_rack.tap_rack(bo, my_rack.RACKS["Bo"])
    bo.get_by_role("button", name="Send my rack").click()
    expect(bo.locator("#rack-sent")).to_be_visible()
    scorer.get_by_role("link", name="Record hand 1").click()
    expect(scorer.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")

    # The form's look at the drafts is held back; Bo counts again and sends.
    scorer.route("**/api/series/1/draft", lambda route: route.abort())
    bo.fill("#mine-rack", "b1 b2 y13")
    bo.get_by_role("button", name="Send my rack").click()
    expect(bo.locator("#rack-sent")).to_have_text(
        "Sent to the scorer. You can change it until hand 1 is saved."
    )
    scorer.fill("#players-0-rack", "r12 k3 j")
    scorer.fill("#players-2-rack", "k9")
    scorer.locator("#went_out label", has_text="Dee").click()
    scorer.get_by_role("button", name="Save hand").click()

    expect(scorer.locator(".flash-error")).to_contain_text(NEWER)
    expect(scorer.locator("#players-1 .error")).to_have_text(NEWER)
    offer = scorer.locator(".new-rack[data-seat='1']")
    expect(offer).to_contain_text("The phone that joined as Bo sent a new rack: b1 b2 y13")
    # Everything the scorer typed is kept; nothing is stored.
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 k3 j")
    expect(scorer.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")
    expect(scorer.locator("#went_out input[value='Dee']")).to_be_checked()
    assert laptop.hands() == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        scorer.emulate_media(color_scheme=scheme)
        scorer.evaluate("window.scrollTo(0, 0)")
        scorer.screenshot(path=str(SCREENSHOTS / f"hand-form-refused-newer-rack-{scheme}.png"))
        scorer.locator("#players-1").evaluate("fieldset => fieldset.scrollIntoView()")
        scorer.screenshot(path=str(SCREENSHOTS / f"hand-form-newer-rack-offered-{scheme}.png"))
    scorer.emulate_media(color_scheme="light")
    # Enter in a box still previews (the "Use it" buttons come first in the form, but the
    # form's default button is Preview): nothing taken, nothing saved.
    scorer.locator("#players-2-rack").press("Enter")
    expect(scorer.get_by_role("heading", name="Preview: nothing is saved yet")).to_be_visible()
    expect(scorer.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")
    assert laptop.hands() == []

    scorer.unroute("**/api/series/1/draft")
    offer.get_by_role("button", name="Use it").click()
    expect(scorer.locator("#players-1-rack")).to_have_value("b1 b2 y13")
    assert_fits_a_phone(scorer)
    scorer.get_by_role("button", name="Save hand").click()
    expect(scorer.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, {"Ana": -45, "Bo": -16, "Cai": -9, "Dee": 70})]
