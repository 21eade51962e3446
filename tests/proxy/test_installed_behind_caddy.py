"""The installed app behind Caddy over HTTPS, in a Chromium that trusts Caddy's root: Chromium
finds no installability error, the service worker registers for the whole app, and while the
app is stopped (Caddy still answering, with a 502) a page shows the offline page in the
phone's language; once the app is back, Try again opens the page."""

from __future__ import annotations

import pytest
from babel.support import Translations
from playwright.sync_api import expect

from scorekeeper.web.shell.language import CATALOGUES

from .conftest import App, Caddy

pytestmark = pytest.mark.browser

# The offline page's words in Romanian, as the catalogue has them (tests/web/test_offline.py
# holds each language's wording; here it is which language is shown that counts).
ROMANIAN = Translations.load(str(CATALOGUES), ["ro"])
UNREACHABLE = ROMANIAN.gettext("Scorekeeper cannot be reached")
TRY_AGAIN = ROMANIAN.gettext("Try again")

# The page is under the worker's control: at once, or when the worker claims it.
CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise(done =>
  navigator.serviceWorker.addEventListener("controllerchange", () => done(true)))"""
# Whether the worker has kept the phone's language, asked again at each frame for up to 10
# seconds (the pages' Content-Security-Policy refuses wait_for_function's string).
KEPT_LANGUAGE = """async language => {
  const until = Date.now() + 10000;
  while (Date.now() < until) {
    const kept = await (await caches.open("scorekeeper-phone")).match("/offline/language");
    if (kept !== undefined && (await kept.text()) === language) { return true; }
    await new Promise(requestAnimationFrame);
  }
  return false;
}"""


def test_behind_caddy_the_app_installs_and_shows_the_offline_page_while_it_is_stopped(
    installed_phone, caddy: Caddy, app_back_afterwards: App, screenshot
):
    page = installed_phone.pages[0] if installed_phone.pages else installed_phone.new_page()
    page.goto("/")
    assert page.evaluate("window.isSecureContext") is True
    assert page.evaluate(CONTROLLED) is True
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{caddy.url}/sw.js"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == (
        f"{caddy.url}/"
    )
    cdp = installed_phone.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}

    # The phone reads the app in Romanian; then the app stops, and Caddy answers 502.
    page.get_by_role("button", name="Română").click()
    expect(page.locator("html")).to_have_attribute("lang", "ro")
    assert page.evaluate(KEPT_LANGUAGE, "ro") is True
    app_back_afterwards.stop()
    page.goto("/history")
    assert UNREACHABLE != "Scorekeeper cannot be reached" and TRY_AGAIN != "Try again"
    expect(page.get_by_role("heading", level=1)).to_have_text(UNREACHABLE)
    expect(page).to_have_url(f"{caddy.url}/history")
    screenshot(page, "behind-caddy-offline-ro")

    # The app is back: Try again opens the page asked for.
    app_back_afterwards.start()
    page.get_by_role("link", name=TRY_AGAIN).click()
    expect(page.get_by_role("heading", level=1)).not_to_have_text(UNREACHABLE)
    expect(page).to_have_url(f"{caddy.url}/history")
