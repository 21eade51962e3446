"""The order of play on the pages: the new-series form asks for the players in the order they
take turns and says which way that goes; who goes first is chosen by name or drawn at random
(on the new-series and rematch forms); the series page, the viewer and the API say who deals
and who plays first in the hand being played."""

from __future__ import annotations

import html
import json
import re
from datetime import date

import pytest

from scorekeeper.engine import PRESETS, SeriesEnd
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series
from scorekeeper.web.series import forms
from scorekeeper.web.shell.db import get_db

from .steps import page_text, rows, series_form, start_night, tally

NAMES = ("Ana", "Dan", "Cai", "Bo")  # round to the right, as a Romanian table plays


def new_form(client, language: str = "en") -> str:
    start_night(client)
    return client.get("/nights/1/series/new", headers={"Accept-Language": language}).text


def hints_of(page: str) -> dict:
    found = re.search(r'id="play-order" data-hints="([^"]*)"', page)
    assert found
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize(
    ("language", "legend", "romanian", "rummikub"),
    [
        (
            "en",
            "Players, in the order they take turns",
            "Played anticlockwise (Romanian tile rummy,",
            "Played clockwise (Rummikub,",
        ),
        (
            "ro",
            "Jucătorii, în ordinea în care joacă",
            "În sens invers acelor de ceasornic (Remi românesc,",
            "În sensul acelor de ceasornic (Rummikub,",
        ),
        (
            "hu",
            "Játékosok, abban a sorrendben, ahogy sorra kerülnek",
            "Az óramutató járásával ellentétesen (Román römi,",
            "Az óramutató járásával megegyezően (Rummikub,",
        ),
        (
            "fr",
            "Joueurs, dans l'ordre où ils jouent",
            "Dans le sens inverse des aiguilles d'une montre (Rami roumain,",
            "Dans le sens des aiguilles d'une montre (Rummikub,",
        ),
    ],
)
def test_without_script_the_form_says_which_way_each_variant_goes_round(
    client, language, legend, romanian, rummikub
):
    text = page_text(new_form(client, language))
    assert legend in text
    assert romanian in text and rummikub in text


def test_the_script_gets_the_words_for_each_variant_from_the_engine(client):
    hints = hints_of(new_form(client))
    assert set(hints) == set(PRESETS)
    assert hints["romanian"]["order"] == (
        "Romanian tile rummy is played anticlockwise: list the players in the order they take "
        "turns, going round to the right."
    )
    assert "going round to the left" in hints["rummikub"]["order"]
    assert "deals the first hand" in hints["romanian"]["first"]
    assert "draws a tile" in hints["rummikub"]["first"]


def test_the_words_for_each_variant_come_in_the_pages_language(client):
    hints = hints_of(new_form(client, "ro"))
    assert hints["romanian"]["order"] == (
        "Remi românesc se joacă în sens invers acelor de ceasornic: scrie jucătorii în "
        "ordinea în care joacă, mergând spre dreapta."
    )


@pytest.mark.parametrize(
    ("variant", "drawn", "said"),
    [
        ("romanian", 2, "Drawn at random: Cai deals the first hand."),
        ("rummikub", 3, "Drawn at random: Bo plays first."),
    ],
)
def test_pick_at_random_stores_the_seat_drawn_and_says_who(
    app, client, monkeypatch, variant, drawn, said
):
    asked = []

    def draw(players: int) -> int:
        asked.append(players)
        return drawn

    monkeypatch.setattr(forms.secrets, "randbelow", draw)
    start_night(client)
    form = {**series_form(variant=variant, seats=NAMES, end_kind="hands", end_value=4)}
    response = client.post("/nights/1/series/new", data={**form, "first_dealer": "random"})
    assert response.status_code == 302
    assert asked == [4]  # drawn among the four players seated
    assert [r["first_dealer"] for r in rows(app, "series")] == [drawn]
    assert said in page_text(client.get(response.headers["Location"]))


def test_a_real_draw_picks_one_of_the_players_seated(app, client):
    start_night(client)
    form = series_form(variant="romanian", seats=NAMES[:3], end_kind="hands", end_value=4)
    response = client.post("/nights/1/series/new", data={**form, "first_dealer": "random"})
    (series,) = rows(app, "series")
    assert 0 <= series["first_dealer"] < 3
    dealer = NAMES[series["first_dealer"]]
    text = page_text(client.get(response.headers["Location"]))
    assert f"Drawn at random: {dealer} deals the first hand." in text


def test_choosing_by_name_says_nothing_was_drawn(client):
    start_night(client)
    form = series_form(variant="romanian", seats=NAMES, end_kind="hands", end_value=4)
    response = client.post("/nights/1/series/new", data={**form, "first_dealer": "1"})
    text = page_text(client.get(response.headers["Location"]))
    assert "Drawn at random" not in text
    # Dan deals; Cai, after him going round to the right, plays first.
    assert "Hand 1: Dan deals, Cai plays first." in text


def finished_rummikub(client) -> int:
    start_night(client)
    form = series_form(variant="rummikub", seats=NAMES[:3], end_kind="hands", end_value=1)
    response = client.post("/nights/1/series/new", data=form)
    series_id = int(response.headers["Location"].rsplit("/", 1)[1])
    names = list(NAMES[:3])
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(names, {"Ana": "went_out", "Dan": "r5", "Cai": "k3"}),
    )
    return series_id


def test_the_rematch_offers_the_next_in_the_order_first_then_a_draw_then_everyone(client):
    page = client.get(f"/series/{finished_rummikub(client)}").text
    options = re.findall(r'<option (?:selected )?value="([^"]+)">([^<]+)</option>', page)
    # Ana played first in the one hand: Dan, next in the order of play, carries on.
    assert options == [("1", "Dan"), ("random", "Pick at random"), ("0", "Ana"), ("2", "Cai")]
    assert 'selected value="1"' in page


@pytest.mark.parametrize(
    ("chosen", "seat", "said"),
    [
        ("2", 2, "Rematch started: Cai plays first."),
        ("random", 0, "Rematch started. Drawn at random: Ana plays first."),
    ],
)
def test_a_rematch_starts_with_who_was_chosen_or_drawn(
    app, client, monkeypatch, chosen, seat, said
):
    monkeypatch.setattr(forms.secrets, "randbelow", lambda players: 0)
    series_id = finished_rummikub(client)
    response = client.post(f"/series/{series_id}/rematch", data={"rematch-first": chosen})
    assert response.status_code == 302
    assert rows(app, "series")[-1]["first_dealer"] == seat
    text = page_text(client.get(response.headers["Location"]))
    assert said in text


def test_the_api_and_the_viewer_say_the_direction_and_who_plays_first(client):
    start_night(client)
    form = series_form(variant="romanian", seats=NAMES, end_kind="hands", end_value=1)
    client.post("/nights/1/series/new", data={**form, "first_dealer": "3"})
    state = client.get("/api/series/1").get_json()
    assert (state["direction"], state["next_dealer"], state["starter"]) == (
        "anticlockwise",
        "Bo",
        "Ana",
    )
    assert "Hand 1: Bo deals, Ana plays first." in page_text(client.get("/series/1/view"))
    client.post(
        "/series/1/hands/new",
        data={
            **tally(list(NAMES), {"Ana": "went_out", "Dan": "r5", "Cai": "k3", "Bo": "b4"}),
            "players-0-melded_points": "60",
        },
    )
    over = client.get("/api/series/1").get_json()
    assert over["finished"] and over["starter"] is None and over["direction"] == "anticlockwise"


def test_a_series_stored_by_seat_keeps_its_dealers_on_its_page(app, client):
    with app.app_context():
        db = get_db()
        night = create_night(db, date(2025, 10, 3), None, None)
        # Stored before the order of play: clockwise seats, Ana, Bo, Cai, Dan.
        create_series(
            db,
            night,
            None,
            PRESETS["romanian"],
            ["Ana", "Bo", "Cai", "Dan"],
            SeriesEnd("hands", 8),
            0,
            "seats",
        )
    assert "Hand 1: Ana deals, Dan plays first." in page_text(client.get("/series/1"))
    client.post(
        "/series/1/hands/new",
        data={
            **tally(
                ["Ana", "Bo", "Cai", "Dan"],
                {"Ana": "went_out", "Bo": "r5", "Cai": "k3", "Dan": "b4"},
            ),
            "players-0-melded_points": "60",
        },
    )
    # The deal passed to the right, as it did before: Dan, then Cai starts.
    assert "Hand 2: Dan deals, Cai plays first." in page_text(client.get("/series/1"))
    assert client.get("/api/series/1").get_json()["starter"] == "Cai"
