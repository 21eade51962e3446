"""Starting a game night: the form, its refusals, and the night's page."""

import re
from datetime import date
from unittest.mock import ANY

import pytest

from scorekeeper.engine import PRESETS
from scorekeeper.store.nights import create_night
from scorekeeper.store.players import add_player
from scorekeeper.web.shell.db import get_db

from .steps import rows


def nights(app):
    """Every stored night."""
    return rows(app, "nights")


def test_new_night_form_offers_today(client):
    page = client.get("/nights/new").get_data(as_text=True)
    assert f'value="{date.today().isoformat()}"' in page
    assert '<label class="label" for="place">Place</label>' in page


def test_starting_a_night_stores_it_and_opens_its_page(app, client):
    form = {"date": "2025-11-22", "place": "  Ana's kitchen ", "note": "Bring the\nsecond set"}
    response = client.post("/nights/new", data=form)
    assert response.status_code == 302
    assert response.headers["Location"] == "/nights/1"
    assert nights(app) == [
        {
            "id": 1,
            "date": "2025-11-22",
            "place": "Ana's kitchen",
            "note": "Bring the\nsecond set",
            "created": ANY,
        }
    ]
    page = client.get("/nights/1").get_data(as_text=True)
    assert "Game night started." in page
    assert "<h1>Saturday 22 November 2025</h1>" in page
    assert "Ana&#39;s kitchen" in page
    assert "No series yet." in page
    assert 'href="/nights/1/series/new"' in page


def test_place_and_note_may_be_left_empty(app, client):
    client.post("/nights/new", data={"date": "2025-11-22", "place": "   ", "note": ""})
    assert nights(app) == [
        {"id": 1, "date": "2025-11-22", "place": None, "note": None, "created": ANY}
    ]


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("date", "", "Enter the date of the game night."),
        ("date", "22/11/2025", "The date must look like 2025-11-22."),
        ("place", "P" * 81, "The place can be at most 80 characters."),
        ("note", "N" * 501, "The note can be at most 500 characters."),
    ],
)
def test_a_refused_night_names_the_field_keeps_what_was_typed_and_stores_nothing(
    app, client, field, typed, message
):
    form = {"date": "2025-11-22", "place": "The club", "note": "", field: typed}
    response = client.post("/nights/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert re.search(
        f'id="{field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="{field}"', page
    )
    assert typed in page
    assert page.count('class="error"') == 1
    assert nights(app) == []


def test_markup_typed_in_a_place_is_shown_as_text(client):
    client.post("/nights/new", data={"date": "2025-11-22", "place": "<b>Bold</b>"})
    page = client.get("/nights/1").get_data(as_text=True)
    assert "&lt;b&gt;Bold&lt;/b&gt;" in page and "<b>Bold</b>" not in page


def test_night_page_lists_its_series_with_players_in_seat_order(app, client):
    with app.app_context():
        db = get_db()
        night_id = create_night(db, date(2025, 11, 22), None, None)
        series_id = (
            db["series"]
            .insert(
                {
                    "night_id": night_id,
                    "name": "First round",
                    "variant_id": "rummikub",
                    "variant_rules": PRESETS["rummikub"].to_json(),
                    "end_kind": "rounds",
                    "end_value": 1,
                    "first_dealer": 0,
                    "created": "2025-11-22T19:00:00+00:00",
                }
            )
            .last_pk
        )
        for seat, name in enumerate(["Cleo", "Ana", "Bo"]):
            db["series_players"].insert(
                {"series_id": series_id, "seat": seat, "player_id": add_player(db, name)}
            )
    page = client.get(f"/nights/{night_id}").get_data(as_text=True)
    assert "First round" in page
    assert "Rummikub · Cleo, Ana, Bo" in page
    assert f'href="/series/{series_id}"' in page
    assert "No series yet." not in page


def test_unknown_night_is_not_found(client):
    response = client.get("/nights/99")
    assert response.status_code == 404
    assert "Page not found" in response.get_data(as_text=True)
