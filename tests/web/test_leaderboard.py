"""The leaderboard on the Players page, against the nights of history_fixture.py (every
hand's arithmetic is there; the store's side is tests/store/test_leaderboard.py). The page
is drawn as if on 1 December 2025 (or 2026), so "this year" is a year the test knows."""

import re
from datetime import date

import pytest
from hands import rack

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, get_series

from .history_fixture import fill


@pytest.fixture
def nights(app):
    """The three hand-computed nights (October and November 2025); their ids."""
    return fill(app.config["DATABASE"])


@pytest.fixture
def on(monkeypatch):
    """Draw the page as if on the day given."""

    def set_day(day: date) -> None:
        monkeypatch.setattr("scorekeeper.web.history.leaderboard.today", lambda: day)

    return set_day


def leader(page: str) -> str:
    """The sentence naming who won the most hands."""
    start = page.index('<p class="leader">') + len('<p class="leader">')
    return page[start : page.index("</p>", start)]


def rows(page: str) -> list[str]:
    """The leaderboard's lines as text (spaces, no-break ones too, as plain spaces): place
    and name, then each figure."""
    table = page[page.index('<table class="leaderboard">') : page.index("</table>")]
    body = table[table.index("<tbody>") :]
    return [
        " | ".join(
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        )
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_this_year_answers_who_won_most_and_every_players_numbers(client, nights, on):
    on(date(2025, 12, 1))
    page = client.get("/players/").get_data(as_text=True)
    # Ana: hands won 1 + 0 + 1 of 2 + 1 + 1, points 42 - 37 + 170 = 175 (43.75 a hand),
    # series won Rummikub and Romanian; Bo: 1 + 1 + 0 of 4, 530 (132.5), Tile Rummy's
    # series; Cy: none of 3, -225 (-75). Ana and Bo are level on both: first together.
    assert leader(page) == "Ana and Bo won the most hands in 2025: 2 of 4 each."
    assert rows(page) == [
        "1 Ana | 2 of 4 | 50% | +43.8 | 2 of 3",
        "1 Bo | 2 of 4 | 50% | +132.5 | 1 of 3",
        "3 Cy | 0 of 3 | 0% | -75.0 | 0 of 2",
    ]
    assert "<caption>All variants</caption>" in page
    assert '<option selected value="year">This year</option>' in page
    # A name leads to the player's page counting the same nights.
    assert f'href="/players/{nights["players"]["Cy"]}?from=2025-01-01&amp;to=2025-12-31"' in page
    assert "4 hands in 3 series" in page  # everyone who has played is still listed


def test_the_period_and_variant_come_from_the_address(client, nights, on):
    on(date(2026, 3, 1))
    assert leader(client.get("/players/").get_data(as_text=True)) == "No hands in this period."
    page = client.get("/players/?period=last-year").get_data(as_text=True)
    assert leader(page) == "Ana and Bo won the most hands in 2025: 2 of 4 each."
    assert '<option selected value="last-year">Last year</option>' in page
    page = client.get("/players/?period=all&variant=tile-rummy").get_data(as_text=True)
    assert leader(page) == "Bo won the most hands of all time: 1 of 1."
    assert rows(page) == [
        "1 Bo | 1 of 1 | 100% | +537.0 | 1 of 1",
        "2 Ana | 0 of 1 | 0% | -37.0 | 0 of 1",
    ]
    assert "<caption>Tile Rummy</caption>" in page
    assert '<option selected value="tile-rummy">Tile Rummy</option>' in page


def test_between_dates(client, nights, on):
    on(date(2025, 12, 1))
    page = client.get("/players/?period=dates&from=2025-11-08&to=2025-11-30").get_data(as_text=True)
    assert leader(page) == "Ana won the most hands from 8 Nov 2025 to 30 Nov 2025: 1 of 1."
    assert rows(page) == [
        "1 Ana | 1 of 1 | 100% | +170.0 | 1 of 1",
        "2 Bo | 0 of 1 | 0% | +10.0 | 0 of 1",
        "2 Cy | 0 of 1 | 0% | -200.0 | 0 of 1",
    ]
    assert 'value="2025-11-08"' in page and 'value="2025-11-30"' in page
    # Dates with no period (as the player page writes its address) count between them.
    page = client.get("/players/?from=2025-11-08").get_data(as_text=True)
    assert leader(page) == "Ana won the most hands since 8 Nov 2025: 1 of 1."
    page = client.get("/players/?period=dates&to=2025-10-31").get_data(as_text=True)
    assert leader(page) == "Ana and Bo won the most hands up to 31 Oct 2025: 1 of 2 each."


@pytest.mark.parametrize(
    ("address", "field", "message"),
    [
        ("period=dates&from=yesterday", "from", "The date must look like 2025-11-22."),
        ("period=dates&from=2025-13-45", "from", "The date must look like 2025-11-22."),
        ("period=dates", "from", "Give a start date, an end date or both."),
        (
            "period=dates&from=2025-11-30&to=2025-11-01",
            "to",
            "The end date cannot be before the start date.",
        ),
    ],
)
def test_bad_dates_are_said_beside_their_box_and_this_year_is_counted(
    client, nights, on, address, field, message
):
    on(date(2025, 12, 1))
    answer = client.get(f"/players/?{address}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert '<details class="filters no-print" open>' in page
    assert leader(page) == "Ana and Bo won the most hands in 2025: 2 of 4 each."


def test_an_unknown_period_or_variant_counts_this_year_in_every_variant(client, nights, on):
    on(date(2025, 12, 1))
    page = client.get("/players/?period=forever&variant=chess").get_data(as_text=True)
    assert leader(page) == "Ana and Bo won the most hands in 2025: 2 of 4 each."
    assert 'class="error"' not in page
    assert '<option selected value="">All variants</option>' in page


def test_a_period_of_no_hands_and_one_of_no_hand_won_say_so(client, nights, on, app):
    on(date(2025, 12, 1))
    page = client.get("/players/?period=dates&to=2025-10-02").get_data(as_text=True)
    assert leader(page) == "No hands in this period."
    assert '<table class="leaderboard">' not in page
    # A Tile Rummy hand nobody went out of (the pool ran out): Ana -5, Bo -15, no winner.
    with connect(app.config["DATABASE"]) as db:
        night = create_night(db, date(2025, 12, 5), None, None)
        series = get_series(
            db,
            create_series(
                db, night, None, preset("tile-rummy"), ["Ana", "Bo"], SeriesEnd("hands", 2), 0
            ),
        )
        record_hand(db, series, {"players": [rack("Ana", "r5"), rack("Bo", "r7 r8")]})
    page = client.get("/players/?from=2025-12-01").get_data(as_text=True)
    assert leader(page) == "No hand was won in this period."
    assert rows(page) == [
        "1 Ana | 0 of 1 | 0% | -5.0 | 0 of 1",
        "1 Bo | 0 of 1 | 0% | -15.0 | 0 of 1",
    ]


@pytest.mark.parametrize(
    ("language", "sentence", "first"),
    [
        (
            "ro",
            "Ana și Bo au câștigat cele mai multe mâini în 2025: câte 2 din 4.",
            "1 Ana | 2 din 4 | 50 % | +43,8 | 2 din 3",
        ),
        (
            "hu",
            "Ana és Bo nyerte a legtöbb leosztást a 2025. évben: 2 / 4.",
            "1 Ana | 2 / 4 | 50% | +43,8 | 2 / 3",
        ),
        (
            "fr",
            "Ana et Bo ont gagné le plus de manches en 2025\u00a0: 2 sur 4 chacun.",
            "1 Ana | 2 sur 4 | 50 % | +43,8 | 2 sur 3",
        ),
    ],
)
def test_the_leaderboard_in_each_language(client, nights, on, language, sentence, first):
    on(date(2025, 12, 1))
    client.set_cookie("language", language)
    page = client.get("/players/").get_data(as_text=True)
    assert leader(page) == sentence
    assert rows(page)[0] == first
    page = client.get("/players/?period=all&variant=tile-rummy").get_data(as_text=True)
    assert (
        leader(page)
        == {
            "ro": "Bo a câștigat cele mai multe mâini până acum: 1 din 1.",
            "hu": "Bo nyerte a legtöbb leosztást eddig összesen: 1 / 1.",
            "fr": "Bo a gagné le plus de manches depuis le début\u00a0: 1 sur 1.",
        }[language]
    )
