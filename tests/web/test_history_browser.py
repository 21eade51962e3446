"""History, a night and a player page on a phone in Debian's Chromium at 390x844."""

from datetime import date

import pytest

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.rulings import add_ruling
from scorekeeper.store.series import create_series, get_series

from .history_fixture import fill
from .test_score_pad_browser import assert_fits_a_phone

pytestmark = pytest.mark.browser

SCRIPT = "<script>alert(1)</script>"


def seed(path):
    """The hand-computed nights, and a night where one player's name is markup."""
    fill(path)
    with connect(path) as db:
        night = create_night(db, date(2025, 11, 28), "Bo's", None)
        series = get_series(db, create_series(db, night, "Friday final", preset("rummikub"),
                                              ["Ana", SCRIPT, "Bo"], SeriesEnd("hands", 6), 0))
        for out, racks in [("Ana", ["r3 r4", "k11 j"]), ("Bo", ["y9", "b1 b2"]),
                           (SCRIPT, ["r10", "k13"]), ("Ana", ["b7", "y12 y13"]),
                           ("Bo", ["k5", "r6 r7 r8"]), ("Ana", ["j", "r2"])]:
            others = iter(racks)
            record_hand(db, series, {"players": [
                {"name": n, "went_out": True} if n == out else {"name": n, "rack": next(others)}
                for n in series.names]})
        add_ruling(db, series.id, f"{SCRIPT} may keep the joker on the rack", hand_number=2)


def test_history_a_night_and_a_player_on_a_phone(browser_page, live_server, tmp_path,
                                                  screenshot):
    page = browser_page
    seed(tmp_path / "scorekeeper.db")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))

    page.get_by_role("link", name="History").click()
    page.wait_for_url("**/history")
    assert page.locator("h1").inner_text() == "History"
    assert SCRIPT in page.locator("main").inner_text()
    assert_fits_a_phone(page)
    screenshot(page, "history")

    page.get_by_role("link", name="Friday 28 November 2025").click()
    page.wait_for_url("**/history/nights/*")
    main = page.locator("main").inner_text()
    assert "Ana won" in main
    assert f"{SCRIPT} may keep the joker on the rack" in main
    chart = page.locator("svg.chart")
    assert chart.locator("title").text_content() == "Running totals: Friday final"
    assert chart.bounding_box()["width"] > 300
    assert_fits_a_phone(page)
    screenshot(page, "history-night")

    page.locator(".history-sheet thead").get_by_role("link", name="Ana").click()
    page.wait_for_url("**/players/*")
    assert page.locator("h1").inner_text() == "Ana"
    assert page.locator("svg.chart title").text_content() == "Ana: points at each night"
    assert page.locator(".numbers tbody tr").count() == 4
    assert SCRIPT in page.locator(".rivals").inner_text()
    assert_fits_a_phone(page)
    screenshot(page, "history-player")

    page.get_by_role("link", name=SCRIPT).click()
    page.wait_for_url("**/players/*")
    assert page.locator("h1").inner_text() == SCRIPT
    assert_fits_a_phone(page)
    screenshot(page, "history-player-markup-name")
    assert dialogs == []
