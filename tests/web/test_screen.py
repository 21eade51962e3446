"""The table screen (issue 26, point 4): whose turn and the clock, the order of play drawn
with its direction, who deals and who plays first, the standings and the last hand, the live
table, a QR code to join, a reload without script while a hand is played; in each language."""

from __future__ import annotations

import re

import pytest

from scorekeeper.web import screen

from .steps import page_text, set_scorer_passcode, start_series, tally
from .test_clock import SCORER, press, time  # noqa: F401 (time: the clock's fixture)

SEATS = ("Ana", "Bo", "Cai", "Dee")
REFRESH = '<noscript><meta http-equiv="refresh" content="5"></noscript>'


def places(page: str) -> dict[str, tuple[float, float]]:
    """Where each name is drawn on the circle."""
    found = re.findall(
        r'class="ring-name[^"]*" data-seat="\d+" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)<', page
    )
    return {name: (float(x), float(y)) for x, y, name in found}


def test_the_series_page_links_to_its_table_screen(client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert f'href="/series/{series_id}/screen"' in page


def test_a_rummikub_screen_draws_the_players_clockwise_and_says_who_plays_first(client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4, first_dealer=2)
    page = client.get(f"/series/{series_id}/screen").get_data(as_text=True)
    words = page_text(page)
    assert "Played clockwise, in this order: Ana, Bo, Cai, and Dee." in words
    assert "Hand 1: Cai plays first." in words
    assert "Hand 1: the clock is not running. Cai starts. 60 seconds per turn." in words
    # Ana at the top, Bo to her right (clockwise on the screen), Cai below, Dee to her left.
    drawn = places(page)
    middle = screen.WIDTH / 2
    assert drawn["Ana"][0] == middle and drawn["Ana"][1] < drawn["Cai"][1]
    assert drawn["Bo"][0] > middle > drawn["Dee"][0]
    assert page.count('marker-end="url(#ring-head)"') == 4
    assert "No hands yet." in words and "QR code of http" in page
    assert REFRESH in page


def test_a_romanian_screen_draws_them_anticlockwise_with_the_dealer(client):
    series_id = start_series(
        client, variant="romanian", seats=SEATS, end_kind="hands", end_value=4, first_dealer=1
    )
    page = client.get(f"/series/{series_id}/screen").get_data(as_text=True)
    assert "Played anticlockwise, in this order: Ana, Bo, Cai, and Dee." in page_text(page)
    assert "Hand 1: Bo deals, Cai plays first." in page_text(page)
    drawn = places(page)
    assert drawn["Bo"][0] < screen.WIDTH / 2 < drawn["Dee"][0]
    ro = page_text(client.get(f"/series/{series_id}/screen", headers={"Accept-Language": "ro"}))
    assert (
        "Se joacă în sens invers acelor de ceasornic, în această ordine: Ana, Bo, Cai și Dee." in ro
    )
    assert "Ordinea jocului" in ro and "Ecranul mesei" in ro


@pytest.mark.parametrize(
    ("language", "turn", "penalty"),
    [
        (
            "en",
            "Bo's turn",
            "Time's up: Bo draws a tile; if the table was changed, put it back and draw three.",
        ),
        ("ro", "Joacă Bo", "Timpul a expirat: Bo trage o piesă"),
        ("fr", "À Bo de jouer", None),
    ],
)
def test_the_screen_shows_whose_turn_and_the_penalty_when_time_runs_out(
    client,
    time,  # noqa: F811
    language,
    turn,
    penalty,
):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    press(client, series_id, "start")
    time.at += 10
    press(client, series_id, "done")
    time.at += 30
    page = client.get(f"/series/{series_id}/screen", headers={"Accept-Language": language})
    words = page_text(page)
    assert turn in words
    assert 'class="ring-name ring-turn" data-seat="1"' in page.get_data(as_text=True)
    assert "0:30" in words
    time.at += 31
    words = page_text(
        client.get(f"/series/{series_id}/screen", headers={"Accept-Language": language})
    )
    assert "0:00" in words
    if penalty:
        assert penalty in words


def test_after_a_hand_the_screen_shows_its_scores_and_stops_reloading_once_over(client, time):  # noqa: F811
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=1)
    press(client, series_id, "start")
    hand = {"Ana": "went_out", "Bo": "r5", "Cai": "b10 k6", "Dee": "y3"}
    client.post(f"/series/{series_id}/hands/new", data=tally(SEATS, hand))
    page = client.get(f"/series/{series_id}/screen").get_data(as_text=True)
    words = page_text(page)
    assert "Scores of hand 1 Ana Bo Cai Dee +24 -5 -16 -3" in words
    assert 'class="num winner">+24' in page
    # The series is over: the clock is gone, and the page no longer reloads itself.
    assert 'id="clock"' not in page and REFRESH not in page and "refresh" not in page


def test_the_join_code_is_on_the_scorers_screen_only(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    set_scorer_passcode(app)
    watching = page_text(client.get(f"/series/{series_id}/screen"))
    assert "Join from your phone" in watching and "Join code for My rack" not in watching
    assert "Start the clock" not in watching
    client.post("/scorer", data={"passcode": SCORER["Authorization"].split(" ", 1)[1]})
    scoring = page_text(client.get(f"/series/{series_id}/screen"))
    assert "Join code for My rack" in scoring and "Start the clock" in scoring


def test_the_screen_follows_the_live_table_as_the_viewer_does(client):
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )
    assert "on the table" not in page_text(client.get(f"/series/{series_id}/screen"))
    client.post(
        f"/series/{series_id}/table/meld",
        data={
            "meld-player": "Ana",
            "meld-melds-0": "k3 j k5",
            "meld-melds-1": "r11 b11 k11",
            "meld-melds-2": "y8 y9 y10",
            "meld-seen": "0",
        },
    )
    words = page_text(client.get(f"/series/{series_id}/screen"))
    assert "Hand 1 on the table" in words and "After action 1:" in words


def test_an_unknown_series_has_no_screen(client):
    assert client.get("/series/99/screen").status_code == 404
