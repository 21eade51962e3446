"""The language switcher on a phone: one tap, without JavaScript too, back on the same page in
the language picked, remembered on the next visit; it fits a 360 px phone in one row."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .browser import assert_fits_a_phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("script", [True, False])
def test_one_tap_switches_and_the_phone_stays_on_its_page(
    chromium, live_server, screenshot, script
):
    context = chromium.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server,
        java_script_enabled=script,
        locale="fr-FR",
    )
    page = context.new_page()
    page.goto("/rules/check?variant=romanian&tiles=r12+r13")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # The switcher by what it holds: its own name is in the page's language ("Langue" here).
    switcher = page.get_by_role("form").filter(has=page.get_by_role("button", name="Română"))
    box = switcher.bounding_box()
    assert box is not None and box["height"] < 60, box  # one row of four
    assert_fits_a_phone(page)
    switcher.get_by_role("button", name="Română").click()
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    assert page.url.endswith("/rules/check?variant=romanian&tiles=r12+r13")
    expect(switcher.get_by_role("button", name="Română")).to_have_attribute("aria-current", "true")
    if script:
        screenshot(page, "language-switched-ro")
    page.goto("/history")
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    context.close()
