"""Merging two players on a phone (390x844, Debian's Chromium), with JavaScript off: the
players page, the question and the player page after, light and dark, fit the phone."""

import pytest
from conftest import PHONE
from playwright.sync_api import expect

from .browser import assert_fits_a_phone

pytestmark = pytest.mark.browser

SEATS = (["Ștefan-Alexandru", "Bo"], ["Stefan-Alexandru", "Cy", "Bo"])


def test_the_scorer_merges_two_players_on_a_phone_without_javascript(
    chromium, live_server, screenshot
):
    context = chromium.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    for seats in SEATS:
        page.goto("/")
        page.get_by_role("link", name="New game night").click()
        page.get_by_role("button", name="Start the night").click()
        page.get_by_role("link", name="New series").click()
        for i, name in enumerate(seats):
            page.fill(f"#seats-{i}", name)
        page.check("input[name=end_kind][value=hands]")
        page.fill("#end_value", "4")
        page.get_by_role("button", name="Start the series").click()
        page.wait_for_url("**/series/*")
        series = page.url.rsplit("/", 1)[1]
        racks = {n: "r5" for n in seats[1:]}
        answer = page.request.post(
            f"/api/series/{series}/hands",
            data={
                "players": [
                    {"name": seats[0], "went_out": True},
                    *({"name": n, "rack": r} for n, r in racks.items()),
                ]
            },
        )
        assert answer.status == 201, answer.text()

    page.goto("/players/")
    expect(page.locator(".card-title")).to_have_text(
        ["Bo", "Cy", "Stefan-Alexandru", "Ștefan-Alexandru"]
    )
    page.select_option("#merged", label="Stefan-Alexandru")
    page.select_option("#kept", label="Ștefan-Alexandru")
    assert_fits_a_phone(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        screenshot(page, f"players-merge-{scheme}")
    page.get_by_role("button", name="Merge…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Merge Stefan-Alexandru into Ștefan-Alexandru? 1 hand and 1 series will follow."
    )
    assert_fits_a_phone(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        screenshot(page, f"players-merge-question-{scheme}")
    page.get_by_role("button", name="Yes, merge Stefan-Alexandru into Ștefan-Alexandru").click()
    expect(page.locator(".flash")).to_have_text(
        "Stefan-Alexandru was merged into Ștefan-Alexandru: every hand, series and figure of "
        "theirs now counts for Ștefan-Alexandru."
    )
    expect(page.get_by_role("heading", level=1)).to_have_text("Ștefan-Alexandru")
    assert_fits_a_phone(page)
    page.goto("/players/")
    expect(page.locator(".card-title")).to_have_text(["Bo", "Cy", "Ștefan-Alexandru"])
    expect(page.locator(".card-detail").nth(2)).to_have_text("2 hands in 2 series")
    page.emulate_media(color_scheme="light")
    screenshot(page, "players-merged")
    context.close()
