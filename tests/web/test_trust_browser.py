"""Trust at the table in Debian's Chromium at 390x844: markup names stay text, every page works
under the Content-Security-Policy, and the viewer follows the scorer's hands."""

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import app_settings
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.web.access import passcode

from .browser import assert_fits_a_phone
from .routes import address, rules, seed
from .steps import series_form

pytestmark = pytest.mark.browser

MARKUP = "<script>alert(1)</script>"
IMAGE = '<img src=x onerror="alert(2)">'
CODE = "tile rummy"
# Collects every Content-Security-Policy violation the page reports, before any of its scripts.
WATCH_CSP = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", event => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline")
                           + " at line " + event.lineNumber);
});
"""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[dict]:
    """The app served on a loopback port (CSRF on, quick viewer), and a client to fill it."""
    app = create_app(
        app_settings(
            tmp_path, WTF_CSRF_ENABLED=True, VIEWER_POLL_SECONDS=1, VIEWER_RELOAD_SECONDS=2
        )
    )
    filler = create_app(app_settings(tmp_path))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {
        "url": f"http://127.0.0.1:{server.server_port}",
        "app": app,
        "filler": filler,
        "client": filler.test_client(),
        "instance": Path(app.instance_path),
    }
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def phone(chromium, table, **options):
    """A phone-sized page on the served app that records dialogs and CSP violations."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, base_url=table["url"], **options
    )
    page = context.new_page()
    page.add_init_script(WATCH_CSP)
    page.dialogs = []
    page.console_errors = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on(
        "console",
        lambda message: message.type == "error" and page.console_errors.append(message.text),
    )
    return page


def violations(page) -> list[str]:
    return page.evaluate("window.__violations") + [
        m for m in page.console_errors if "Content Security Policy" in m
    ]


def test_markup_names_show_as_text_on_every_page_and_open_no_dialog(chromium, table, screenshot):
    client = table["client"]
    client.post("/nights/new", data={"date": "2025-11-22", "place": MARKUP, "note": IMAGE})
    form = series_form(seats=(MARKUP, IMAGE, "Cy"), end_kind="hands", end_value=8) | {"name": ""}
    assert client.post("/nights/1/series/new", data=form).status_code == 302
    saved = client.post(
        "/series/1/hands/new",
        data={
            "went_out": MARKUP,
            "players-1-rack": "r5",
            "players-2-rack": "b10 k6",
            "save": "Save hand",
        },
    )
    assert saved.status_code == 302
    page = phone(chromium, table)
    pages = {
        "/": [MARKUP],
        "/nights/1": [MARKUP, IMAGE],
        "/series/1": [MARKUP, IMAGE],
        "/series/1/hands/1": [MARKUP, IMAGE],
        "/series/1/hands/new": [MARKUP, IMAGE],
        "/series/1/view": [MARKUP, IMAGE],
    }
    for url, shown in pages.items():
        page.goto(url)
        for text in shown:
            expect(page.get_by_text(text, exact=False).first, f"{text} on {url}").to_be_visible()
        expect(page.locator("img"), url).to_have_count(0)
        assert page.evaluate("document.querySelectorAll('script:not([src])').length") == 0, url
        assert violations(page) == [], url
    screenshot(page, "trust-viewer-markup-names")
    # The viewer asks for news once more: a dialog opened by the page, or by anything its
    # script drew, has been recorded by then.
    page.wait_for_event("response", lambda response: response.url.endswith("/view.json"))
    assert page.dialogs == []


def test_every_page_works_under_the_content_security_policy(chromium, table, screenshot):
    ids = seed(table["filler"], table["client"])
    page = phone(chromium, table)
    visited = []
    for rule in rules(table["app"], "GET", api=False):
        url = address(table["app"], rule, ids)
        # Downloads (JSON, CSV) are files, not pages: the browser would only save them.
        if not page.request.get(url).headers["content-type"].startswith("text/html"):
            continue
        page.goto(url)
        assert violations(page) == [], url
        visited.append(url)
    # The pages a refused form draws, and the tile pad's script at work.
    page.goto(f"/series/{ids['series_id']}/hands/new")
    page.click("#players-1-rack + .pad-toggle")
    page.fill("#players-1-rack", "q9")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".flash-error")).to_be_visible()
    page.goto("/nights/new")
    page.fill("#date", "")
    page.get_by_role("button", name="Start the night").click()
    page.goto("/nowhere")
    assert violations(page) == []
    assert page.dialogs == []
    assert {
        "/",
        f"/series/{ids['series_id']}",
        f"/series/{ids['series_id']}/view",
        f"/variants/{ids['variant_id']}",
    } <= set(visited)


def test_the_viewer_follows_the_scorers_hands(chromium, table, screenshot):
    client = table["client"]
    client.post("/nights/new", data={"date": "2025-11-22"})
    client.post("/nights/1/series/new", data=series_form(name="Friday final"))
    passcode.set_passcode(table["instance"], CODE)

    viewer = phone(chromium, table)
    quiet = phone(chromium, table, java_script_enabled=False)
    for page in (viewer, quiet):
        page.goto("/series/1/view")
        expect(page.locator(".viewer-status")).to_have_text("No hands yet.", use_inner_text=True)
    screenshot(viewer, "trust-viewer-before")

    scorer = phone(chromium, table)
    scorer.goto("/series/1/hands/new")
    expect(scorer.locator("main")).to_contain_text(
        "Only the scorer can change scores", use_inner_text=True
    )
    assert_fits_a_phone(scorer)
    screenshot(scorer, "trust-passcode-prompt")
    scorer.fill("#passcode", CODE)
    scorer.get_by_role("button", name="Become the scorer").click()
    scorer.wait_for_url("**/series/1/hands/new")
    scorer.check("input[name=went_out][value=A]")
    scorer.fill("#players-1-rack", "r5")
    scorer.fill("#players-2-rack", "b10 k6")
    scorer.fill("#players-3-rack", "y3")
    scorer.get_by_role("button", name="Save hand").click()
    scorer.wait_for_url("**/series/1")

    # With script the viewer swaps in the new standings; without, it reloads itself.
    for page in (viewer, quiet):
        expect(page.locator(".viewer-status")).to_contain_text(
            "Last hand: A won (+24).", use_inner_text=True, timeout=8000
        )
        expect(page.locator(".viewer-standings tbody tr").first.locator("td")).to_have_text(
            ["1", "A", "+24", "1"], use_inner_text=True
        )
        assert violations(page) == []
    assert_fits_a_phone(viewer)
    screenshot(viewer, "trust-viewer-after")
    # Its one form is the language switcher, which changes no score.
    expect(viewer.locator("form")).to_have_count(1)
    expect(viewer.locator('form[action="/language"]')).to_have_count(1)
    viewer.goto("/series/1")
    expect(viewer.get_by_text("Only the scorer can record hands.")).to_be_visible()
    expect(viewer.get_by_role("link", name="Record hand")).to_have_count(0)
    assert_fits_a_phone(viewer)
    screenshot(viewer, "trust-series-watching")
    viewer.goto("/")
    assert_fits_a_phone(viewer)
    screenshot(viewer, "trust-home-watching")
    scorer.goto("/")
    assert_fits_a_phone(scorer)
    screenshot(scorer, "trust-home-scorer")

    # The passcode changes while the scorer types hand 2: what was typed is kept.
    scorer.goto("/series/1/hands/new")
    scorer.check("input[name=went_out][value=C]")
    scorer.fill("#players-0-rack", "k6")
    scorer.fill("#players-1-rack", "r11")
    scorer.fill("#players-3-rack", "b5")
    passcode.set_passcode(table["instance"], "new table code")
    scorer.get_by_role("button", name="Save hand").click()
    expect(scorer.locator("main")).to_contain_text("What you sent is kept", use_inner_text=True)
    scorer.fill("#passcode", "new table code")
    scorer.get_by_role("button", name="Become the scorer").click()
    scorer.wait_for_url("**/series/1")
    expect(scorer.get_by_text("Hand 2 saved. C won the hand (+22).")).to_be_visible()
    assert violations(scorer) == []
