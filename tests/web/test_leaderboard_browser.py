"""The leaderboard and the season standings on a phone in Debian's Chromium at 390x844, with
JavaScript off: what they count is chosen by the form alone, kept in the address, and the
pages fit."""

from datetime import date

import pytest
from conftest import PHONE
from playwright.sync_api import expect

from scorekeeper.store.db import connect

from .browser import assert_fits_a_phone
from .history_fixture import fill
from .test_seasons import held

pytestmark = pytest.mark.browser


def test_choosing_a_period_and_a_variant_without_javascript(chromium, live_server, tmp_path):
    fill(tmp_path / "scorekeeper.db")
    context = chromium.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/players/")
    page.locator(".board summary").click()
    page.get_by_label("Period").select_option(label="All time")
    page.get_by_label("Variant").select_option(label="Tile Rummy")
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(f"{live_server}/players/?period=all&from=&to=&variant=tile-rummy")
    expect(page.locator(".leader")).to_have_text("Bo won the most hands of all time: 1 of 1.")
    rows = page.locator(".leaderboard tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Bo")
    assert_fits_a_phone(page)
    page.get_by_role("link", name="Bo").first.click()
    expect(page.locator("h1")).to_have_text("Bo")
    assert "variant=tile-rummy" in page.url
    context.close()


def test_ticking_the_events_of_a_season_without_javascript(chromium, live_server, tmp_path):
    with connect(tmp_path / "scorekeeper.db") as db:
        held(db, "Spring cup", date(2025, 4, 4), "Ana")
        held(db, "Autumn cup", date(2025, 10, 10), "Cy")
    context = chromium.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/seasons/")
    page.locator(".filters summary").click()
    page.get_by_label("Spring cup, 4 Apr 2025").check()
    page.get_by_label("Autumn cup, 10 Oct 2025").check()
    page.get_by_role("button", name="Show").click()
    expect(page.locator(".leader")).to_have_text("Ana leads the season (event points: 5).")
    expect(page.locator("main")).to_contain_text("Counting 2 chosen events.")
    expect(page.locator(".season tbody tr")).to_have_count(4)
    assert_fits_a_phone(page)
    context.close()
