"""History, night and player pages against nights worked out by hand (see history_fixture.py
for every hand's arithmetic); the statistics behind them are tested in tests/store/test_stats.py."""

import pytest

from .history_fixture import fill


@pytest.fixture
def nights(app):
    """The three hand-computed nights in the app's database; their ids."""
    return fill(app.config["DATABASE"])


def test_history_lists_every_night_with_its_winner(client, nights):
    page = client.get("/history").get_data(as_text=True)
    assert "3 game nights" in page
    assert page.index("Friday 21 November 2025") < page.index("Friday 3 October 2025")
    assert "Quick one: Bo won" in page
    assert "Rummikub: Ana won" in page
    assert "Ana&#39;s kitchen · Ana, Bo, Cy" in page


def test_the_night_page_shows_sheets_rulings_and_a_chart(client, nights):
    page = client.get("/history/nights/1").get_data(as_text=True)
    assert "Ana won" in page
    assert "A joker left on the rack costs 30, even in the first hand." in page
    assert "hand 1 · agreed by everyone" in page
    assert '<svg class="chart"' in page and "<title id=" in page
    # The final sheet: totals 42, -17, -25 after the two hands that count.
    assert (
        '<tfoot><tr><th scope="row">Total</th><td class="num">+42</td>'
        '<td class="num">-17</td><td class="num">-25</td></tr></tfoot>' in page
    )
    assert "After 2 hands: Ana +42, Bo -17, Cy -25." in page


def test_the_player_page_shows_the_figures(client, nights):
    page = client.get(f"/players/{nights['players']['Ana']}").get_data(as_text=True)
    assert '<th scope="row">Average hand</th><td class="num">+43.8</td>' in page
    assert '<th scope="row">Series won</th><td class="num">2 of 3</td>' in page
    assert '2 \u2013 2<span class="of"> of 4</span>' in page  # hands against Bo
    assert "chart-player-title" in page


def test_the_player_page_filters_by_period_and_variant(client, nights):
    ana = nights["players"]["Ana"]
    page = client.get(f"/players/{ana}?from=2025-11-01&variant=romanian").get_data(as_text=True)
    assert "<caption>Romanian tile rummy</caption>" in page
    assert "<caption>Rummikub</caption>" not in page
    assert "Counting" in page and "Romanian tile rummy" in page


def test_the_chart_shows_the_last_nights_when_there_are_many(client, nights, monkeypatch):
    monkeypatch.setattr("scorekeeper.web.history.pages.CHART_NIGHTS", 2)
    page = client.get(f"/players/{nights['players']['Ana']}").get_data(as_text=True)
    assert "The last 2 of 3 nights" in page
    assert "21 Nov 2025" in page and "3 Oct 2025" not in page


def test_a_bad_filter_date_says_so_and_counts_everything(client, nights):
    page = client.get(f"/players/{nights['players']['Ana']}?from=yesterday").get_data(as_text=True)
    assert "The date must look like 2025-11-22." in page
    assert "<caption>All variants</caption>" in page


def test_the_players_page_lists_hands_and_series(client, nights):
    page = client.get("/players/").get_data(as_text=True)
    assert "4 hands in 3 series" in page  # Ana, Bo
    assert "3 hands in 2 series" in page  # Cy


def test_unknown_pages_are_not_found(client, nights):
    for url in (
        "/history/nights/99",
        "/players/99",
        "/history/series/99/print",
        "/export/nights/99.json",
        "/export/series/99.csv",
    ):
        assert client.get(url).status_code == 404, url


def test_history_is_in_the_navigation(client):
    assert '<a href="/history">History</a>' in client.get("/").get_data(as_text=True)


def test_no_inline_style_or_script_on_the_history_pages(client, nights):
    for url in (
        "/history",
        "/history/nights/1",
        "/players/1",
        "/history/series/1/print",
        "/import",
    ):
        page = client.get(url).get_data(as_text=True)
        assert "style=" not in page and "<style" not in page, url
        assert "<script>" not in page, url
