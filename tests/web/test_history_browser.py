"""History, a night and a player page on a phone in Debian's Chromium at 390x844."""

from datetime import date

import pytest
from playwright.sync_api import expect

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.rulings import add_ruling
from scorekeeper.store.series import create_series, get_series

from .browser import assert_fits_a_phone
from .history_fixture import fill

pytestmark = pytest.mark.browser

SCRIPT = "<script>alert(1)</script>"


def seed(path):
    """The hand-computed nights, and a night where one player's name is markup."""
    fill(path)
    with connect(path) as db:
        night = create_night(db, date(2025, 11, 28), "Bo's", None)
        series = get_series(
            db,
            create_series(
                db,
                night,
                "Friday final",
                preset("rummikub"),
                ["Ana", SCRIPT, "Bo"],
                SeriesEnd("hands", 6),
                0,
            ),
        )
        for out, racks in [
            ("Ana", ["r3 r4", "k11 j"]),
            ("Bo", ["y9", "b1 b2"]),
            (SCRIPT, ["r10", "k13"]),
            ("Ana", ["b7", "y12 y13"]),
            ("Bo", ["k5", "r6 r7 r8"]),
            ("Ana", ["j", "r2"]),
        ]:
            others = iter(racks)
            record_hand(
                db,
                series,
                {
                    "players": [
                        {"name": n, "went_out": True}
                        if n == out
                        else {"name": n, "rack": next(others)}
                        for n in series.names
                    ]
                },
            )
        add_ruling(db, series.id, f"{SCRIPT} may keep the joker on the rack", hand_number=2)


def test_history_a_night_and_a_player_on_a_phone(browser_page, live_server, tmp_path, screenshot):
    page = browser_page
    seed(tmp_path / "scorekeeper.db")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    page.get_by_role("link", name="History").click()
    page.wait_for_url("**/history")
    expect(page.locator("h1")).to_have_text("History", use_inner_text=True)
    expect(page.locator("main")).to_contain_text(SCRIPT, use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "history")

    page.get_by_role("link", name="Friday 28 November 2025").click()
    page.wait_for_url("**/history/nights/*")
    main = page.locator("main")
    expect(main).to_contain_text("Ana won", use_inner_text=True)
    expect(main).to_contain_text(f"{SCRIPT} may keep the joker on the rack", use_inner_text=True)
    chart = page.locator("svg.chart")
    expect(chart.locator("title")).to_have_text("Running totals: Friday final")
    assert chart.bounding_box()["width"] > 300
    assert_fits_a_phone(page)
    screenshot(page, "history-night")

    page.locator(".history-sheet thead").get_by_role("link", name="Ana").click()
    page.wait_for_url("**/players/*")
    expect(page.locator("h1")).to_have_text("Ana", use_inner_text=True)
    expect(page.locator("svg.chart title")).to_have_text("Ana: points at each night")
    expect(page.locator(".numbers tbody tr")).to_have_count(4)
    expect(page.locator(".rivals")).to_contain_text(SCRIPT, use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "history-player")

    page.get_by_role("link", name=SCRIPT).click()
    page.wait_for_url("**/players/*")
    expect(page.locator("h1")).to_have_text(SCRIPT, use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "history-player-markup-name")
    assert dialogs == []
