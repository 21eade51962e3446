"""Pages that stay put (issue 25): the record-hand form and every other page the scorer uses
are drawn by the server as their scripts leave them, so nothing moves under the thumb when
the scripts arrive. Each page is opened at 390x844, light and dark, with its scripts held back
until it has painted (a slow phone on the table's Wi-Fi), and its layout shift summed as
Chromium scores it: under 0.05 on each. Without JavaScript the form still takes a hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import PHONE
from playwright.sync_api import expect

from .page_checks import (
    EVENT,
    ROMANIAN,
    RUMMIKUB,
    SEATS,
    a_night_served,
    layout_shift,
    open_scripts_late,
    scripts_late,
    watch_layout_shifts,
)

pytestmark = pytest.mark.browser

# Good, as Lighthouse and Chromium's own guidance count a page's layout shift.
STEADY = 0.05

SCORERS_PAGES = {
    "home": "/",
    "night": "/nights/1",
    "new series": "/nights/1/series/new",
    "series": f"/series/{RUMMIKUB}",
    "record a hand": f"/series/{RUMMIKUB}/hands/new",
    "record a Romanian hand": f"/series/{ROMANIAN}/hands/new",
    "a hand": f"/series/{RUMMIKUB}/hands/1",
    "fix a hand": f"/series/{RUMMIKUB}/hands/1/edit",
    "table mode": f"/series/{ROMANIAN}/table",
    "end of a table-mode hand": f"/series/{ROMANIAN}/table/end",
    "viewer": f"/series/{RUMMIKUB}/view",
    "my rack": f"/series/{RUMMIKUB}/my-rack",
    "best opening": "/rules/best-opening",
    "meld checker": "/rules/check",
    "event": f"/events/{EVENT}",
    "event standings": f"/events/{EVENT}/standings",
    "follow a player": f"/events/{EVENT}/follow",
    "big screen": f"/events/{EVENT}/screen",
}


@pytest.fixture(scope="module")
def laptop(tmp_path_factory) -> Iterator[str]:
    with a_night_served(tmp_path_factory.mktemp("steady")) as (address, _):
        yield address


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_the_scorer_uses_moves_once_drawn(chromium, laptop, scheme):
    context = chromium.new_context(viewport=PHONE, base_url=laptop, color_scheme=scheme)
    watch_layout_shifts(context)
    page = context.new_page()
    shifts = {}
    for name, address in SCORERS_PAGES.items():
        open_scripts_late(page, address)
        shifts[name] = layout_shift(page)
    context.close()
    print(scheme, {name: round(shift, 4) for name, shift in shifts.items()})
    assert {name: shift for name, shift in shifts.items() if shift >= STEADY} == {}


def test_the_scripts_found_the_form_as_they_leave_it(chromium, laptop):
    # What the scripts used to add or shrink is there from the start, ready to be tapped.
    context = chromium.new_context(viewport=PHONE, base_url=laptop)
    watch_layout_shifts(context)
    page = context.new_page()
    open_scripts_late(page, f"/series/{RUMMIKUB}/hands/new")
    toggles = page.locator(".rack-part .pad-toggle")
    expect(toggles).to_have_count(4)
    expect(toggles).to_have_text([f"{name}'s rack: Tap to add tiles" for name in SEATS])
    expect(page.locator("#players-0-rack + .pad-toggle")).to_have_accessible_name(
        "Ana's rack: Tap to add tiles"
    )
    expect(page.locator("#live-total")).to_have_text("On the racks: 0")
    page.locator("#went_out label", has_text="Dee").click()
    expect(page.locator(".tilepad:visible")).to_have_count(1)
    assert layout_shift(page) < STEADY
    context.close()


def test_a_previewed_hand_drawn_again_with_its_racks_stays_put(chromium, laptop):
    # The server draws each rack's toggle with the rack as typed; the script's tiles take
    # its place without moving anything.
    context = chromium.new_context(viewport=PHONE, base_url=laptop)
    watch_layout_shifts(context)
    page = context.new_page()
    open_scripts_late(page, f"/series/{RUMMIKUB}/hands/new")
    page.locator("#went_out label", has_text="Cai").click()
    page.fill("#players-0-rack", "r12 k3 j")
    page.fill("#players-1-rack", "b1 b2 y13 y13 o7 o8")

    def preview() -> None:
        with page.expect_navigation(wait_until="commit"):
            page.get_by_role("button", name="Preview").click(no_wait_after=True)

    scripts_late(page, preview)
    expect(page.locator("#players-1-rack + .pad-toggle")).to_have_text(
        re.compile("^Bo's rack: 1 ?2 ?13 ?13 ?7 ?8 ?44 points$")
    )
    expect(page.locator(".rack-part[data-player=Cai]")).to_be_hidden()
    assert layout_shift(page) < STEADY
    context.close()


def test_without_javascript_every_rack_is_typed_and_the_hand_saved(chromium, laptop):
    context = chromium.new_context(viewport=PHONE, base_url=laptop, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"/series/{RUMMIKUB}/hands/new")
    # Nothing that needs the scripts shows: no pad toggle, no running total.
    expect(page.locator(".pad-toggle").first).to_be_hidden()
    expect(page.locator("#live-total")).to_be_hidden()
    page.locator("#went_out label", has_text="Dee").click()
    page.fill("#players-0-rack", "r12 k3")
    page.get_by_role("button", name="Preview").click()
    # Drawn again with Dee chosen: every rack box can still be typed in, Dee's too.
    for seat in range(4):
        expect(page.locator(f"#players-{seat}-rack")).to_be_visible()
    expect(page.locator("#players-0-rack")).to_have_value("r12 k3")
    page.fill("#players-1-rack", "b1 b2")
    page.fill("#players-2-rack", "k9")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Hand 2 saved.")).to_be_visible()
    context.close()
