"""The season standings page and events in history, against two one-table Rummikub events
worked out by hand (the page drawn as if on 1 December 2025):

Spring cup, 2025-04-04: Ana goes out; Bo holds r5 (-5), Cy b7 (-7), Dan k9 (-9), Ana +21.
  Places 3/2/1/0: Ana 3, Bo 2, Cy 1, Dan 0.
Autumn cup, 2025-10-10: Cy goes out; Ana holds r5 (-5), Bo b7 (-7), Dan k9 (-9), Cy +21.
  Places: Cy 3, Ana 2, Bo 1, Dan 0.
The season of both: Ana 5 points (score +16, 1 hand won), Cy 4 (+14, 1), Bo 3 (-12), Dan 0 (-18).
"""

from __future__ import annotations

import io
import random
import re
from datetime import date

import pytest
from hands import rack, went_out

from scorekeeper import create_app
from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.engine.events import EventFormat, default_place_points
from scorekeeper.store import events, series
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand

PLAYERS = ["Ana", "Bo", "Cy", "Dan"]
RACKS = ["r5", "b7", "k9"]


def held(db, name: str, day: date, winner: str) -> int:
    """A one-round, one-table event whose winner goes out and the others hold RACKS in the
    order of PLAYERS."""
    fmt = EventFormat(1, 4, SeriesEnd("hands", 1), "random", "places", default_place_points())
    event_id = events.create_event(
        db, name, day, preset("rummikub"), PLAYERS, fmt, random.Random(1)
    )
    (table,) = events.tables_of(db, event_id)
    left = iter(RACKS)
    holding = {n: next(left) for n in PLAYERS if n != winner}
    record = {
        "players": [went_out(n) if n == winner else rack(n, holding[n]) for n in table.players]
    }
    record_hand(db, series.series_of(db, table.series_id), record)
    return event_id


@pytest.fixture
def season(app, monkeypatch):
    monkeypatch.setattr("scorekeeper.web.history.leaderboard.today", lambda: date(2025, 12, 1))
    with connect(app.config["DATABASE"]) as db:
        return [
            held(db, "Spring cup", date(2025, 4, 4), "Ana"),
            held(db, "Autumn cup", date(2025, 10, 10), "Cy"),
        ]


def rows(page: str) -> list[str]:
    """The standings' lines as text: place and name, then each figure."""
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    return [
        " | ".join(
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        )
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def leader(page: str) -> str:
    return re.search(r'<p class="leader">(.*?)</p>', page).group(1)


def test_this_years_season_adds_up_every_event(client, season):
    page = client.get("/seasons/").get_data(as_text=True)
    assert leader(page) == "Ana leads the season (event points: 5)."
    assert "Counting 2 events from 1 Jan 2025 to 31 Dec 2025." in page
    assert rows(page) == [
        "1 Ana | 5 | +16 | 1 | 2",
        "2 Cy | 4 | +14 | 1 | 2",
        "3 Bo | 3 | -12 | 0 | 2",
        "4 Dan | 0 | -18 | 0 | 2",
    ]
    assert "Autumn cup, 10 Oct 2025" in page and "Spring cup, 4 Apr 2025" in page


def test_chosen_events_or_dates(client, season):
    spring, autumn = season
    page = client.get(f"/seasons/?event={spring}&event=999&event=x").get_data(as_text=True)
    assert "Counting 1 chosen event." in page
    assert rows(page)[0] == "1 Ana | 3 | +21 | 1 | 1"
    assert f'value="{spring}" checked' in page and f'value="{autumn}">' in page
    page = client.get("/seasons/?from=2025-05-01").get_data(as_text=True)
    assert "Counting 1 event since 1 May 2025." in page
    assert leader(page) == "Cy leads the season (event points: 3)."
    page = client.get("/seasons/?to=2024-12-31").get_data(as_text=True)
    assert "Counting 0 events up to 31 Dec 2024." in page
    assert "No events in this period." in page and '<p class="leader">' not in page


def test_level_players_lead_together(client, app, season):
    with connect(app.config["DATABASE"]) as db:
        held(db, "Winter cup", date(2025, 11, 28), "Bo")  # Bo 3, Ana 2 (r5), Cy 1, Dan 0
        held(db, "Last cup", date(2025, 11, 29), "Bo")
    page = client.get("/seasons/").get_data(as_text=True)
    # Ana: 3 + 2 + 2 + 2 = 9 points, 21 - 5 - 5 - 5 = +6; Bo: 2 + 1 + 3 + 3 = 9, -5 - 7 + 42
    # = +30: level on points, Bo first on score.
    assert leader(page) == "Bo leads the season (event points: 9)."
    assert rows(page)[:2] == ["1 Bo | 9 | +30 | 2 | 4", "2 Ana | 9 | +6 | 1 | 4"]


@pytest.mark.parametrize(
    ("address", "field", "message"),
    [
        ("from=yesterday", "from", "The date must look like 2025-11-22."),
        ("from=2025-12-01&to=2025-01-01", "to", "The end date cannot be before the start date."),
    ],
)
def test_bad_dates_are_said_beside_their_box(client, season, address, field, message):
    answer = client.get(f"/seasons/?{address}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert "Counting 2 events from 1 Jan 2025 to 31 Dec 2025." in page


@pytest.mark.parametrize(
    ("language", "sentence", "counting"),
    [
        (
            "ro",
            "Ana conduce sezonul (puncte de turneu: 5).",
            "Se numără 2 turnee, de la 1 ian. 2025 până la 31 dec. 2025.",
        ),
        (
            "hu",
            "Ana vezeti a szezont (versenypont: 5).",
            "Számolva: 2 verseny, 2025. jan. 1. és 2025. dec. 31. között.",
        ),
        (
            "fr",
            "Ana mène la saison (points de tournoi\u00a0: 5).",
            "Compte\u00a0: 2 tournois du 1 janv. 2025 au 31 déc. 2025.",
        ),
    ],
)
def test_the_season_in_each_language(client, season, language, sentence, counting):
    client.set_cookie("language", language)
    page = client.get("/seasons/").get_data(as_text=True)
    assert leader(page) == sentence
    assert counting in page


def test_history_shows_each_event_and_its_tables(client, season):
    index = client.get("/history").get_data(as_text=True)
    # The event's name first on its night's card, then its players (in the order of play).
    assert re.search(r'<span class="card-detail">Spring cup · (Ana|Bo|Cy|Dan), ', index)
    assert "Round 1, table 1: Ana won" in index and "Round 1, table 1: Cy won" in index
    night = client.get("/history/nights/1").get_data(as_text=True)
    assert '<a href="/events/1/standings">Spring cup: standings</a>' in night
    assert ">Round 1, table 1</h2>" in night


def test_a_players_page_shows_their_place_at_each_event(client, app, season):
    with connect(app.config["DATABASE"]) as db:
        (ana,) = db.execute("SELECT id FROM players WHERE name = 'Ana'").fetchone()
    page = client.get(f"/players/{ana}").get_data(as_text=True)
    table = page[page.index('<table class="player-events">') :]
    assert rows(table) == [
        "Autumn cup, 10 Oct 2025 | 2 of 4 | 2",
        "Spring cup, 4 Apr 2025 | 1 of 4 | 3",
    ]
    page = client.get(f"/players/{ana}?to=2025-06-30").get_data(as_text=True)
    table = page[page.index('<table class="player-events">') :]
    assert rows(table) == ["Spring cup, 4 Apr 2025 | 1 of 4 | 3"]


def test_the_import_page_says_it_stored_the_event(client, app, season, tmp_path):
    exported = client.get("/export/everything.json").get_data()
    fresh = create_app({**app.config, "DATABASE": str(tmp_path / "fresh.db")})
    answer = fresh.test_client().post(
        "/import", data={"file": (io.BytesIO(exported), "export.json")}, follow_redirects=True
    )
    page = answer.get_data(as_text=True)
    assert "It stored 2 events, with their rounds and tables." in page
