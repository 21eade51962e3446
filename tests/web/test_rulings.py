"""House rulings: recorded on the series page, listed there and on the night's page."""

import html
import re

import pytest

from scorekeeper.store.rulings import night_rulings
from scorekeeper.web.shell.db import get_db

from .steps import rows, series_form, start_series, tally
from .test_rules import text

NAMES = ["A", "B", "C", "D"]


def record(client, series_id, **fields):
    data = {"text": "", "hand_number": "", "agreed_by": "", **fields}
    return client.post(f"/series/{series_id}/rulings", data=data)


def play_hand(client, series_id):
    response = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}),
    )
    assert response.status_code == 302


def test_the_series_page_offers_the_form_and_says_there_are_none_yet(client):
    series_id = start_series(client, end_value=2)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert f'action="/series/{series_id}/rulings#rulings"' in page
    assert "None yet." in page
    for label in ("What the table agreed", "Which hand", "Who agreed"):
        assert label in page


def test_a_ruling_is_stored_and_listed_on_the_series_page(app, client):
    series_id = start_series(client, end_value=2)
    play_hand(client, series_id)
    response = record(
        client,
        series_id,
        text="  A joker left on a rack counts 30.  ",
        hand_number="2",
        agreed_by="everyone",
    )
    assert response.status_code == 302
    assert response.headers["Location"] == f"/series/{series_id}#rulings"
    (ruling,) = rows(app, "rulings")
    assert {k: ruling[k] for k in ("series_id", "hand_number", "text", "agreed_by")} == {
        "series_id": series_id,
        "hand_number": 2,
        "text": "A joker left on a rack counts 30.",
        "agreed_by": "everyone",
    }
    words = text(client.get(f"/series/{series_id}"))
    assert "House ruling recorded." in words
    assert "A joker left on a rack counts 30. Hand 2 · agreed by everyone" in words


def test_hand_and_who_agreed_are_optional(app, client):
    series_id = start_series(client)
    assert record(client, series_id, text="12-13-1 is no run here.").status_code == 302
    (ruling,) = rows(app, "rulings")
    assert (ruling["hand_number"], ruling["agreed_by"]) == (None, None)
    assert "12-13-1 is no run here. Whole series" in text(client.get(f"/series/{series_id}"))


def test_rulings_show_on_the_nights_page_with_their_series(app, client):
    first = start_series(client, end_value=2)
    client.post(
        "/nights/1/series/new",
        data=series_form(variant="romanian", end_kind="hands", name="Friday final"),
    )
    record(client, first, text="Ties share the hand.", agreed_by="A and B")
    record(client, first + 1, text="A Joly discard doubles.", hand_number="1")
    words = text(client.get("/nights/1"))
    assert "House rulings Ties share the hand. Series 1 · agreed by A and B" in words
    assert "A Joly discard doubles. Friday final · hand 1" in words
    with app.app_context():
        found = night_rulings(get_db(), 1)
    assert [(r["series_id"], r["series_name"], r["text"]) for r in found] == [
        (first, None, "Ties share the hand."),
        (first + 1, "Friday final", "A Joly discard doubles."),
    ]


def test_a_night_without_rulings_shows_no_empty_section(client):
    start_series(client)
    assert "House rulings" not in text(client.get("/nights/1"))


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"text": "   "}, "text", "Write what the table agreed."),
        ({"text": "x" * 301}, "text", "A ruling can be at most 300 characters."),
        (
            {"text": "Fine.", "hand_number": "three"},
            "hand_number",
            "“three” is not a hand number: write one like 3, or leave it empty.",
        ),
        (
            {"text": "Fine.", "hand_number": "0"},
            "hand_number",
            "“0” is not a hand number: write one like 3, or leave it empty.",
        ),
        (
            {"text": "Fine.", "hand_number": "3"},
            "hand_number",
            "There is no hand 3 yet: 1 hand is on the score sheet, so a ruling can be about "
            "hand 1 to 2.",
        ),
        (
            {"text": "Fine.", "agreed_by": "y" * 81},
            "agreed_by",
            "Who agreed can be at most 80 characters.",
        ),
    ],
)
def test_a_refused_ruling_says_why_keeps_what_was_typed_and_stores_nothing(
    app, client, fields, field, message
):
    series_id = start_series(client, end_value=2)
    play_hand(client, series_id)
    response = record(client, series_id, **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    found = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', page)
    assert found and html.unescape(found.group(1)) == message
    assert "The ruling was not recorded" in page
    assert '<details class="ruling-form" open>' in page
    for typed in fields.values():
        if typed.strip():
            assert html.escape(typed.strip(), quote=True) in page
    assert rows(app, "rulings") == []


def test_a_ruling_on_an_unknown_series_is_not_found(app, client):
    assert record(client, 9, text="Fine.").status_code == 404
    assert rows(app, "rulings") == []


def test_a_ruling_needs_the_csrf_token(csrf_app):
    client = csrf_app.test_client()
    client.post("/nights/new", data={"date": "2025-11-22"})  # refused: no token
    with csrf_app.app_context():
        db = get_db()
        db["nights"].insert({"date": "2025-11-22", "created": "2025-11-22T20:00:00"})
    page = client.get("/nights/1/series/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/nights/1/series/new", data={**series_form(), "csrf_token": token})
    series_id = int(response.headers["Location"].rsplit("/", 1)[1])

    response = client.post(f"/series/{series_id}/rulings", data={"text": "No token."})
    assert response.status_code == 400
    assert "This form has expired" in response.get_data(as_text=True)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post(
        f"/series/{series_id}/rulings", data={"text": "With the token.", "csrf_token": token}
    )
    assert response.status_code == 302
    with csrf_app.app_context():
        assert [r["text"] for r in get_db()["rulings"].rows] == ["With the token."]
