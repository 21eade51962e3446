"""Issue 26's table at work (Chromium): the scorer's phone, two players' phones that joined
with the join code (390x844, each its own browser) and the table screen at 1280x720. The
clock passes from player to player by Done on the right phone only, runs out and shows the
penalty on every screen, survives a reload and a restart of the server on the same database,
and stops when the hand is recorded. The table screen is photographed in light and dark, in
English and Romanian, and axe finds nothing on it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import axe_playwright_python
import pytest
from conftest import PHONE, SCREENSHOTS, app_settings
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorekeeper import create_app
from scorekeeper.web.access import passcode

from .browser import assert_fits_a_phone
from .laptop import Laptop
from .test_my_rack_browser import join, qr_link

pytestmark = pytest.mark.browser

CODE = "tile rummy"
SEATS = ("Ana", "Bo", "Cai")
TV = {"width": 1280, "height": 720}
LIMIT = 4  # seconds per turn: short, so that a turn runs out while the test watches
PENALTY = "Time's up: Cai draws a tile; if the table was changed, put it back and draw three."
AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"
# What the browser is asked to say is written down instead of spoken.
LISTEN = """
window.said = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = function (u) { window.said.push(u.lang + ": " + u.text); };
}
"""


def expect_said(page: Page, words: str) -> None:
    """The table screen has said these words in English (waits as expect does)."""
    page.wait_for_function("w => window.said.includes(w)", arg=f"en: {words}")


@pytest.fixture(scope="module")
def laptop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Laptop]:
    """One laptop for the module, with a scorer passcode."""
    served = Laptop(tmp_path_factory.mktemp("screen"))
    passcode.set_passcode(Path(served.app.instance_path), CODE)
    yield served
    served.stop()


def restart(laptop: Laptop) -> None:
    """The server stops and a new app starts on the same port and database: nothing of the
    clock is kept anywhere but in the database."""
    laptop.stop()
    folder = laptop.database.parent
    laptop.app = create_app(app_settings(folder, WTF_CSRF_ENABLED=True))
    laptop.start()


def clock(page: Page):
    return page.locator("#clock")


def expect_turn(page: Page, words: str) -> None:
    expect(clock(page).locator(".clock-turn")).to_have_text(words, timeout=10_000)


def done_button(page: Page):
    return clock(page).get_by_role("button", name="Done", exact=True)


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def axe_violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "async () => (await axe.run()).violations.map("
        "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )


def new_context(chromium: Browser, laptop: Laptop, **options) -> BrowserContext:
    # axe is injected as a script, which the page's Content-Security-Policy forbids.
    return chromium.new_context(
        base_url=f"http://127.0.0.1:{laptop.port}", bypass_csp=True, **options
    )


def start_series(page: Page) -> None:
    page.goto("/scorer")
    page.fill("#passcode", CODE)
    page.get_by_role("button", name="Become the scorer").click()
    expect(page.get_by_text("You are the scorer on this phone until")).to_be_visible()
    page.get_by_role("link", name="New game night").click()
    page.get_by_role("button", name="Start the night").click()
    page.get_by_role("link", name="New series").click()
    for i, name in enumerate(SEATS):
        page.fill(f"#seats-{i}", name)
    page.select_option("#variant", "rummikub")
    page.select_option("#first_dealer", "0")
    page.check("input[name=end_kind][value=hands]")
    page.fill("#end_value", "9")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/1")
    # The group's own time per turn, short enough to run out.
    page.get_by_label("Our own time").check()
    page.get_by_label("Seconds per turn").fill(str(LIMIT))
    page.get_by_role("button", name="Save the time per turn").click()
    expect(page.get_by_text("Time per turn saved.")).to_be_visible()


def test_the_clock_at_a_table_of_phones_and_a_screen(chromium, laptop):
    scorer_context = new_context(chromium, laptop, viewport=PHONE)
    scorer_context.add_init_script(LISTEN)
    scorer = scorer_context.new_page()
    start_series(scorer)
    qr = qr_link(scorer)
    phones = {}
    for name in ("Ana", "Bo"):
        phones[name] = new_context(chromium, laptop, viewport=PHONE).new_page()
        join(phones[name], name, qr)
    # The table screen on the scoring laptop, in the scorer's session: it has every button.
    screen = scorer_context.new_page()
    screen.set_viewport_size(TV)
    screen.goto("/series/1/screen")
    expect(screen.get_by_role("heading", name="Order of play")).to_be_visible()
    expect(screen.locator("#ring-words")).to_have_text(
        "Played clockwise, in this order: Ana, Bo, and Cai."
    )
    expect(screen.locator(".screen-dealer")).to_have_text("Hand 1: Ana plays first.")
    expect(screen.locator("#wake")).to_have_text(
        re.compile(r"^(This screen stays awake|This browser cannot keep the screen awake)")
    )
    # Spoken announcements: off until tapped, remembered on this screen.
    screen.get_by_role("button", name="Spoken announcements: off").click()
    expect(screen.get_by_role("button", name="Spoken announcements: on")).to_have_attribute(
        "aria-pressed", "true"
    )
    screen.reload()
    expect(screen.get_by_role("button", name="Spoken announcements: on")).to_be_visible()
    # A viewer's screen too: no scorer, no buttons, in Romanian.
    tv_ro = new_context(chromium, laptop, viewport=TV, locale="ro-RO").new_page()
    tv_ro.goto("/series/1/screen")
    expect(tv_ro.get_by_role("heading", name="Ordinea jocului")).to_be_visible()
    expect(clock(tv_ro).get_by_role("button")).to_have_count(1)  # only sound on or off

    screen.get_by_role("button", name="Start the clock").click()
    expect_turn(screen, "Ana's turn")
    expect(screen.locator(".ring-turn")).to_have_text("Ana")
    expect_turn(phones["Ana"], "Your turn")
    expect(done_button(phones["Ana"])).to_be_visible()
    expect_turn(phones["Bo"], "Ana's turn")
    expect(done_button(phones["Bo"])).to_be_hidden()
    refused = phones["Bo"].request.post("/api/series/1/clock", data={"do": "done"})
    assert refused.status == 403
    expect_turn(scorer, "Ana's turn")
    # The screen in the scorer's session pauses and resumes the clock for every phone.
    screen.get_by_role("button", name="Pause").click()
    expect(clock(phones["Ana"]).locator(".clock-left")).to_contain_text("Paused.")
    screen.get_by_role("button", name="Resume").click()
    expect(clock(phones["Ana"]).locator(".clock-left")).not_to_contain_text("Paused.")

    done_button(phones["Ana"]).click()
    for page in (screen, scorer, phones["Ana"]):
        expect_turn(page, "Bo's turn")
    expect_turn(phones["Bo"], "Your turn")
    expect(done_button(phones["Ana"])).to_be_hidden()
    expect(screen.locator(".ring-turn")).to_have_text("Bo")
    expect_said(screen, "Bo's turn")
    done_button(phones["Bo"]).click()

    # Cai has no phone: Cai's time runs out, and every screen says the penalty.
    for page in (screen, scorer, phones["Ana"], phones["Bo"]):
        expect_turn(page, "Cai's turn")
        expect(clock(page).locator(".clock-penalty")).to_have_text(PENALTY, timeout=15_000)
    expect(clock(tv_ro).locator(".clock-penalty")).to_have_text(
        re.compile("^Timpul a expirat"), timeout=15_000
    )
    expect_said(screen, PENALTY)

    for scheme in ("light", "dark"):
        screen.emulate_media(color_scheme=scheme)
        tv_ro.emulate_media(color_scheme=scheme)
        shoot(screen, f"screen-en-{scheme}")
        shoot(tv_ro, f"screen-ro-{scheme}")
        assert axe_violations(screen) == [], scheme
        assert axe_violations(tv_ro) == [], scheme
        screen.reload()

    # A reload and a new server on the same database lose nothing.
    restart(laptop)
    for page in (screen, phones["Bo"]):
        page.reload()
        expect_turn(page, "Cai's turn")
        expect(clock(page).locator(".clock-penalty")).to_have_text(PENALTY)

    # The table screen on a phone fits it too.
    phones["Bo"].goto("/series/1/screen")
    expect_turn(phones["Bo"], "Cai's turn")
    assert_fits_a_phone(phones["Bo"])

    # The scorer records hand 1: the clock stops on every screen, the next hand is Bo's.
    scorer.get_by_role("link", name="Record hand 1").click()
    scorer.locator("#went_out label", has_text="Ana").click()
    scorer.fill("#players-1-rack", "r5")
    scorer.fill("#players-2-rack", "b10 k6")
    scorer.get_by_role("button", name="Save hand").click()
    expect(scorer.get_by_text("Hand 1 saved.")).to_be_visible()
    for page in (screen, phones["Ana"], phones["Bo"], tv_ro):
        expect(clock(page).locator(".clock-penalty")).to_be_hidden(timeout=10_000)
        expect(clock(page).locator(".clock-turn")).to_have_text(
            re.compile("^(Hand 2: the clock is not running.|Mâna 2)")
        )
    expect_turn(screen, "Hand 2: the clock is not running.")
    expect(screen.locator(".screen-dealer")).to_have_text("Hand 2: Bo plays first.")
    expect_said(screen, "Hand 2: Bo plays first.")
    expect(screen.get_by_role("heading", name="Scores of hand 1")).to_be_visible()
    expect(screen.locator(".screen-last td.winner")).to_have_text("+21")
    screen.emulate_media(color_scheme="light")
    shoot(screen, "screen-en-hand-2")
    for context in chromium.contexts:
        context.close()
