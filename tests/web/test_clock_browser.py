"""The turn clock at a real table (390x844, Chromium): the scorer and two players' phones,
each its own browser. The clock passes from Ana to Bo by Done on Ana's phone only (Bo's phone
has no Done until it is Bo's turn); with a 2-second limit the time runs out and every screen
says the penalty in Rummikub's words; a reload keeps it; the clock stops when the hand is
recorded (issue 26; ../shared/RULES.md, "Playing the hand")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE
from playwright.sync_api import Page, expect

from scorekeeper.web.access import passcode

from .browser import assert_fits_a_phone, start_series
from .laptop import Laptop
from .test_my_rack_browser import axe, join, qr_link

pytestmark = pytest.mark.browser

CODE = "tile rummy"
SEATS = ("Ana", "Bo", "Cai", "Dee")
SHOTS = Path("/tmp/shots-clock26")
BO_OUT = "Time's up: Bo draws a tile; if the table was changed, put it back and draw three."
# Polls every 2 s: a screen learns of a change within one poll and a page swap.
SOON = 8000


@pytest.fixture
def table(chromium, tmp_path: Path) -> Iterator[tuple[Page, Page, Page]]:
    """The scorer's phone on a new Rummikub series (a passcode set), Ana's and Bo's phones
    joined through the scorer's QR code."""
    laptop = Laptop(tmp_path)
    passcode.set_passcode(Path(laptop.app.instance_path), CODE)
    contexts = []

    def new_phone() -> Page:
        context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
        contexts.append(context)
        return context.new_page()

    scorer = new_phone()
    scorer.goto("/scorer")
    scorer.fill("#passcode", CODE)
    scorer.get_by_role("button", name="Become the scorer").click()
    start_series(scorer, SEATS, "rummikub", "hands", 9)
    qr = qr_link(scorer)
    ana, bo = new_phone(), new_phone()
    join(ana, "Ana", qr)
    join(bo, "Bo", qr)
    yield scorer, ana, bo
    for context in contexts:
        context.close()
    laptop.stop()


def clock(page: Page):
    return page.locator("#clock")


def done(page: Page):
    return clock(page).get_by_role("button", name="Done", exact=True)


def test_done_on_the_right_phone_only_the_time_running_out_everywhere_and_the_hand_ending_it(
    table,
):
    scorer, ana, bo = table
    expect(clock(scorer).get_by_role("heading")).to_have_text("Hand 1: the clock is not running.")
    expect(clock(scorer)).to_contain_text("Ana starts. 60 seconds per turn.")
    scorer.get_by_role("button", name="Start the clock").click()
    expect(clock(scorer).get_by_role("heading")).to_have_text("Ana's turn")

    # Ana's own phone says it is her turn and offers Done; Bo's phone offers none.
    expect(clock(ana).get_by_role("heading")).to_have_text("Your turn", timeout=SOON)
    expect(done(ana)).to_be_visible()
    expect(clock(bo).get_by_role("heading")).to_have_text("Ana's turn", timeout=SOON)
    expect(done(bo)).to_be_hidden()
    ana.screenshot(path=str(SHOTS / "my-rack-your-turn-light.png"))

    done(ana).click()
    expect(clock(bo).get_by_role("heading")).to_have_text("Your turn", timeout=SOON)
    expect(done(bo)).to_be_visible()
    expect(clock(ana).get_by_role("heading")).to_have_text("Bo's turn")
    expect(done(ana)).to_be_hidden()

    # The scorer gives turns 2 seconds: Bo's time runs out on every screen.
    scorer.reload()
    scorer.check("input[name=kind][value=own]")
    scorer.fill("#seconds", "2")
    scorer.get_by_role("button", name="Save the time per turn").click()
    for page in (scorer, ana, bo):
        expect(clock(page).locator(".clock-penalty")).to_have_text(BO_OUT, timeout=SOON)
    assert_fits_a_phone(bo)
    bo.screenshot(path=str(SHOTS / "time-up-light.png"))
    bo.emulate_media(color_scheme="dark")
    bo.screenshot(path=str(SHOTS / "time-up-dark.png"))
    scorer.screenshot(path=str(SHOTS / "scorer-time-up-light.png"), full_page=True)

    # Sound off with one tap, remembered on the phone; a reload keeps the clock.
    ana.get_by_role("button", name="Sound and vibration: on").click()
    ana.reload()
    expect(ana.get_by_role("button", name="Sound and vibration: off")).to_be_visible()
    expect(clock(ana).get_by_role("heading")).to_have_text("Bo's turn")
    expect(clock(ana).locator(".clock-penalty")).to_have_text(BO_OUT)

    # Bo ends the turn; the scorer pauses and resumes Cai's.
    done(bo).click()
    expect(clock(scorer).get_by_role("heading")).to_have_text("Cai's turn", timeout=SOON)
    # A scorer's page still showing Bo's turn (its form as it was before Bo's Done, as when
    # no poll has come back yet) taps Done: refused, the page says why and keeps Cai's turn.
    scorer.evaluate(
        "() => { const f = document.querySelector('#clock form');"
        " f.elements.seat.value = '1'; f.elements.turn.value = '2'; }"
    )
    done(scorer).click()
    expect(clock(scorer).locator(".clock-error")).to_have_text(
        "Bo's turn had already ended; it is now Cai's turn."
    )
    expect(clock(scorer).get_by_role("heading")).to_have_text("Cai's turn")
    clock(scorer).screenshot(path=str(SHOTS / "scorer-stale-done-refused.png"))
    scorer.get_by_role("button", name="Pause").click()
    expect(clock(scorer)).to_contain_text("Paused.")
    expect(clock(bo)).to_contain_text("Paused.", timeout=SOON)
    scorer.get_by_role("button", name="Resume").click()
    expect(clock(scorer).locator(".clock-penalty")).to_contain_text("Time's up: Cai", timeout=SOON)

    # The hand is recorded: the clock stops on every phone, and hand 2 starts with Bo.
    recorded = scorer.request.post(
        "/api/series/1/hands",
        headers={"Authorization": f"Bearer {CODE}"},
        data={
            "players": [
                {"name": "Ana", "went_out": True},
                {"name": "Bo", "rack": "r12 k3"},
                {"name": "Cai", "rack": "b5"},
                {"name": "Dee", "rack": "y1 y2"},
            ]
        },
    )
    assert recorded.status == 201, recorded.text()
    for page in (scorer, ana, bo):
        expect(clock(page).get_by_role("heading")).to_have_text(
            "Hand 2: the clock is not running.", timeout=SOON
        )
    expect(clock(bo)).to_contain_text("Bo starts.")
    # The viewer follows the same clock: Bo starts hand 2 from there.
    ana.goto("/series/1/view")
    expect(clock(ana).get_by_role("heading")).to_have_text("Hand 2: the clock is not running.")
    scorer.get_by_role("button", name="Start the clock").click()
    expect(clock(ana).get_by_role("heading")).to_have_text("Bo's turn", timeout=SOON)
    ana.screenshot(path=str(SHOTS / "viewer-light.png"))
    scorer.reload()
    expect(scorer.locator(".clock-figures")).to_contain_text("Bo")
    assert_fits_a_phone(scorer)
    record = scorer.locator("section.clock-record")
    record.screenshot(path=str(SHOTS / "series-figures-light.png"))
    scorer.emulate_media(color_scheme="dark")
    record.screenshot(path=str(SHOTS / "series-figures-dark.png"))
    clock(scorer).screenshot(path=str(SHOTS / "scorer-clock-dark.png"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_the_clock_running_and_run_out(chromium, tmp_path, scheme):
    laptop = Laptop(tmp_path)
    # axe-core is injected as a script, which the page's Content-Security-Policy forbids.
    context = chromium.new_context(
        viewport=PHONE,
        base_url=f"http://127.0.0.1:{laptop.port}",
        bypass_csp=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummy-meld", "hands", 9)
    page.get_by_role("button", name="Start the clock").click()
    expect(clock(page).get_by_role("heading")).to_have_text("Ana's turn")
    found = {"running": axe(page)}
    page.check("input[name=kind][value=own]")
    page.fill("#seconds", "1")
    page.get_by_role("button", name="Save the time per turn").click()
    expect(clock(page).locator(".clock-penalty")).to_have_text(
        "Time's up: Ana draws a tile and discards one.", timeout=SOON
    )
    found["run out"] = axe(page)
    page.goto("/series/1/view")
    found["viewer"] = axe(page)
    assert_fits_a_phone(page)
    context.close()
    laptop.stop()
    assert found == {"running": [], "run out": [], "viewer": []}
