"""The installed app (issue 28) in Debian's Chromium at 390x844. At http://127.0.0.1 the page is
a secure context (Chromium trusts the machine's own address as it trusts HTTPS), so the
service worker registers there and Chromium finds the app installable; a score page is always
fetched afresh, and with the server stopped a page shows the offline page in the phone's
language. Over a name on the network (plain http, no secure context) nothing registers and
nothing breaks. The same checks behind a proxy over HTTPS are the proxy's own test."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from playwright.sync_api import Browser, Page, expect

from .browser import assert_fits_a_phone, start_series
from .laptop import Laptop
from .test_my_rack_browser import axe

pytestmark = pytest.mark.browser

SEATS = ("Ana", "Bo", "Cai", "Dee")
# A name for the machine on the network, which the test's own browser maps to it: a page
# there is plain http, no secure context.
CLUB = "scorekeeper.club.test"
# The page is under the worker's control: at once, or when the worker claims it.
CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise(done =>
  navigator.serviceWorker.addEventListener("controllerchange", () => done(true)))"""
# Whether the worker has kept the phone's language (each page tells it), as the worker reads
# it back when it shows the offline page; asked again at each frame for up to 10 seconds, as
# Playwright's own waiting does (wait_for_function evaluates a string, which the page's
# Content-Security-Policy refuses, and these pages keep theirs).
KEPT_LANGUAGE = """async language => {
  const until = Date.now() + 10000;
  while (Date.now() < until) {
    const kept = await (await caches.open("scorekeeper-phone")).match("/offline/language");
    if (kept !== undefined && (await kept.text()) === language) { return true; }
    await new Promise(requestAnimationFrame);
  }
  return false;
}"""


def save_hand(page: Page, series_url: str, out: str, racks: list[str]) -> None:
    """Record a hand with the quick tally: who went out, the others' racks; back on the
    series."""
    page.goto(f"{series_url}/hands/new")
    page.locator("#went_out label", has_text=out).click()
    others = [i for i, name in enumerate(SEATS) if name != out]
    for seat, rack in zip(others, racks, strict=True):
        page.fill(f"#players-{seat}-rack", rack)
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_url(series_url)


def standing_of(page: Page, name: str):
    """A player's total on the series page's standings."""
    return page.locator("table.standings tr", has_text=name).locator("td.num").first


def versioned(caches: list[str]) -> list[str]:
    """The worker's caches by the version their name holds, without the digest of the files
    (the phone's language is kept apart, in a cache no update deletes)."""
    return sorted(
        re.sub(r"-[0-9a-f]{16}$", "", name) for name in caches if name != "scorekeeper-phone"
    )


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Laptop]:
    served = Laptop(tmp_path)
    yield served
    served.stop()


def test_on_a_secure_page_the_app_installs_pages_stay_fresh_and_offline_says_so(
    chromium: Browser, laptop: Laptop, screenshot, tmp_path: Path
):
    here = f"http://127.0.0.1:{laptop.port}"
    # A profile of its own on disk, as a phone's browser has: Chromium installs nothing from
    # a private window (Playwright's new contexts are ones).
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        base_url=here,
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("/")
    assert page.evaluate("window.isSecureContext") is True
    # The worker registers for the whole app and takes the page over at once.
    assert page.evaluate(CONTROLLED) is True
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{here}/sw.js"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == (
        f"{here}/"
    )
    session = context.new_cdp_session(page)
    assert session.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}

    # A score page is never the worker's copy: a hand saved from another tab shows at reload.
    start_series(page, SEATS, "rummikub", "hands", 9)
    series = page.url
    save_hand(page, series, "Ana", ["r5", "b10 k6", "y3"])
    expect(standing_of(page, "Ana")).to_have_text("+24")
    other = context.new_page()
    save_hand(other, series, "Ana", ["r13", "b13", "y13"])
    page.reload()
    expect(standing_of(page, "Ana")).to_have_text("+63")
    other.close()

    # The phone reads the app in French; the machine stops answering.
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.evaluate(KEPT_LANGUAGE, "fr") is True
    laptop.stop()
    page.goto(series)
    expect(page.get_by_role("heading", level=1)).to_have_text("Scorekeeper est injoignable")
    expect(page.get_by_text("Ce que vous avez saisi reste sur ce téléphone")).to_be_visible()
    # In place of the page asked for, drawn with the app's own stylesheet from the cache.
    expect(page).to_have_url(series)
    expect(page.locator("body")).to_have_css("background-color", "rgb(245, 244, 239)")
    assert_fits_a_phone(page)
    screenshot(page, "offline-instead-of-series-fr-light")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("body")).to_have_css("background-color", "rgb(17, 19, 21)")
    screenshot(page, "offline-instead-of-series-fr-dark")
    page.emulate_media(color_scheme="light")
    # The record-hand form too: the hand typed there is kept by the form, not lost.
    page.goto(f"{series}/hands/new")
    expect(page.get_by_role("heading", level=1)).to_have_text("Scorekeeper est injoignable")

    # The machine is back: Try again opens the page asked for, as it is now.
    laptop.start()
    page.get_by_role("link", name="Réessayer").click()
    expect(page.get_by_role("button", name="Enregistrer", exact=True)).to_be_visible()
    context.close()


def test_a_phone_in_hungarian_gets_the_offline_page_in_hungarian(
    chromium: Browser, laptop: Laptop, screenshot
):
    # No language picked: the page (and so the worker) follows the phone's own language.
    context = chromium.new_context(
        viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}", locale="hu-HU"
    )
    page = context.new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    assert page.evaluate(KEPT_LANGUAGE, "hu") is True
    laptop.stop()
    page.goto("/history")
    expect(page.get_by_role("heading", level=1)).to_have_text("A Scorekeeper nem érhető el")
    expect(page.get_by_role("link", name="Próbáld újra")).to_be_visible()
    laptop.start()
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_offline_page_passes_axe_and_fits_a_phone(
    chromium: Browser, laptop: Laptop, screenshot, scheme
):
    # axe-core is injected as a script, which the page's Content-Security-Policy forbids.
    context = chromium.new_context(
        viewport=PHONE,
        base_url=f"http://127.0.0.1:{laptop.port}",
        bypass_csp=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    found = {}
    for language in ("en", "ro", "hu", "fr"):
        page.goto(f"/offline/{language}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert_fits_a_phone(page)
        found[language] = axe(page)
        screenshot(page, f"offline-{language}-{scheme}")
    context.close()
    assert found == {"en": [], "ro": [], "hu": [], "fr": []}


def test_over_plain_http_on_the_network_nothing_registers_and_nothing_breaks(
    chromium: Browser, laptop: Laptop
):
    laptop.app.config["ALLOWED_HOSTS"] = [CLUB]
    # A browser of its own, which finds the club's name at this machine.
    browser = chromium.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLUB} 127.0.0.1"],
    )
    context = browser.new_context(viewport=PHONE, base_url=f"http://{CLUB}:{laptop.port}")
    page = context.new_page()
    complaints: list[str] = []
    page.on("console", lambda m: complaints.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: complaints.append(str(error)))
    page.goto("/")
    assert page.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [
        False,
        False,
    ]
    start_series(page, SEATS, "rummikub", "hands", 9)
    save_hand(page, page.url, "Ana", ["r5", "b10 k6", "y3"])
    expect(standing_of(page, "Ana")).to_have_text("+24")
    expect(page.get_by_text(re.compile("Hand 1 saved"))).to_be_visible()
    # Chromium's own note on each page that Cross-Origin-Opener-Policy needs a trustworthy
    # origin is about the app's headers, as over plain http before: no script complained.
    assert [c for c in complaints if "Cross-Origin-Opener-Policy" not in c] == []
    context.close()
    browser.close()


def test_a_new_release_reaches_an_installed_phone_and_its_old_cache_goes(
    chromium: Browser, laptop: Laptop, monkeypatch
):
    from scorekeeper.web import offline

    context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
    page = context.new_page()
    page.goto("/")
    assert page.evaluate(CONTROLLED) is True
    assert versioned(page.evaluate("caches.keys()")) == [f"scorekeeper-{offline.app_version()}"]
    # The machine is upgraded; the phone checks for a new worker (as it does on its next
    # visit), which takes the open page over without a reload and deletes the old cache.
    monkeypatch.setattr(offline, "app_version", lambda: "9.9.9")
    after = page.evaluate("""async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const taken = new Promise(done =>
        navigator.serviceWorker.addEventListener("controllerchange", done));
      // Waited for as expect() waits: up to 10 seconds, then the test fails and says why.
      const limit = new Promise(done => setTimeout(() => done("no new worker"), 10000));
      await registration.update();
      if (await Promise.race([taken, limit]) === "no new worker") { return "no new worker"; }
      // The page changes hands as the new worker starts to activate; the old cache is gone
      // once it has.
      const worker = navigator.serviceWorker.controller;
      if (worker.state !== "activated") {
        await new Promise(done => worker.addEventListener("statechange", () => {
          if (worker.state === "activated") { done(); }
        }));
      }
      return caches.keys();
    }""")
    assert after != "no new worker"
    assert versioned(after) == ["scorekeeper-9.9.9"]
    # The new cache holds what the new worker names: the pages still find their files there.
    page.reload()
    expect(page.locator("body")).to_have_css("background-color", "rgb(245, 244, 239)")
    context.close()
