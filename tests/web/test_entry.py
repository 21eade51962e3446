"""The record-hand form assumes nothing, shows every problem at once in the players'
words, and stores a hand once however often it is sent; the API's Idempotency-Key too."""

import re

from .steps import page_text, rows, start_series, tally

NAMES = ["A", "B", "C", "D"]


def token(page) -> str:
    """The one-time token of the record-hand form on a page."""
    found = re.search(
        r'name="once" type="hidden" value="([^"]+)"|'
        r'type="hidden" name="once" value="([^"]+)"|'
        r'id="once" name="once" type="hidden" value="([^"]+)"',
        page.get_data(as_text=True),
    )
    assert found, "the form carries no one-time token"
    return next(g for g in found.groups() if g)


def test_who_went_out_has_no_default(client):
    series_id = start_series(client)
    page = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert "checked" not in page
    assert "Nobody: the pool ran out" in page


def test_romanian_says_nobody_went_out_in_its_own_words(client):
    series_id = start_series(client, variant="romanian", seats=("A", "B", "C"), end_kind="hands")
    assert "Nobody: the wall ran out" in page_text(client.get(f"/series/{series_id}/hands/new"))


def test_an_untouched_form_saves_nothing_and_lists_every_missing_entry(app, client):
    series_id = start_series(client)
    response = client.post(f"/series/{series_id}/hands/new", data={"save": "Save hand"})
    assert response.status_code == 422
    text = page_text(response)
    assert "Pick who went out, or “Nobody: the pool ran out”." in text
    assert (
        text.count("Nothing is left on the rack: enter the tiles or the points left on it") == 2 * 4
    )  # beside each rack and in the list at the top
    assert rows(app, "hands") == []


def test_every_problem_is_shown_at_once_beside_its_player(app, client):
    series_id = start_series(client)
    response = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"A": "went_out", "B": "r5 x9", "C": "", "D": "k3 k3 k3"}),
    )
    assert response.status_code == 422
    text = page_text(response)
    assert "'x9' is not a tile" in text or "x9" in text
    assert "Nothing is left on the rack" in text
    assert rows(app, "hands") == []


def test_no_internal_field_name_in_what_the_form_says(client):
    series_id = start_series(client, variant="romanian", seats=("A", "B", "C"), end_kind="hands")
    response = client.post(
        f"/series/{series_id}/hands/new",
        data={
            "save": "Save hand",
            "players-0-melded_tiles": "j",
            "players-1-rack_points": "5",
            "players-1-rack": "r5",
        },
    )
    text = page_text(response)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text.split("Cancel")[0]), text


def test_saving_the_same_form_twice_stores_one_hand(app, client):
    series_id = start_series(client)
    once = token(client.get(f"/series/{series_id}/hands/new"))
    form = tally(NAMES, {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}, once=once)
    first = client.post(f"/series/{series_id}/hands/new", data=form)
    assert first.status_code == 302
    again = client.post(f"/series/{series_id}/hands/new", data=form, follow_redirects=True)
    assert again.status_code == 200
    assert len(rows(app, "hands")) == 1
    hand_id = rows(app, "hands")[0]["id"]
    assert again.request.path == f"/series/{series_id}/hands/{hand_id}"
    assert "Hand 1 was already saved from this form; nothing new was stored." in page_text(again)


def test_each_opening_of_the_form_has_its_own_token(app, client):
    series_id = start_series(client)
    for hand in (
        {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"},
        {"A": "k6", "B": "r11", "C": "went_out", "D": "b5"},
    ):
        once = token(client.get(f"/series/{series_id}/hands/new"))
        client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, hand, once=once))
    assert [h["number"] for h in rows(app, "hands")] == [1, 2]


def test_a_preview_keeps_the_forms_token(client):
    series_id = start_series(client)
    once = token(client.get(f"/series/{series_id}/hands/new"))
    form = tally(NAMES, {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}, once=once)
    form.pop("save")
    form["preview"] = "Preview"
    assert token(client.post(f"/series/{series_id}/hands/new", data=form)) == once


def api_series(client) -> int:
    response = client.post(
        "/api/series", json={"variant": "rummikub", "players": NAMES, "end": {"rounds": 2}}
    )
    return response.get_json()["id"]


HAND = {
    "players": [
        {"name": "A", "went_out": True},
        {"name": "B", "rack": "r5"},
        {"name": "C", "rack": "b10 k6"},
        {"name": "D", "rack": "y3"},
    ]
}


def test_the_same_idempotency_key_and_body_answer_as_the_first_time(app, client):
    series_id = api_series(client)
    url = f"/api/series/{series_id}/hands"
    first = client.post(url, json=HAND, headers={"Idempotency-Key": "hand-1"})
    client.post(
        url,
        json={
            "players": [
                {"name": "A", "rack": "k6"},
                {"name": "B", "rack": "r11"},
                {"name": "C", "went_out": True},
                {"name": "D", "rack": "b5"},
            ]
        },
    )
    again = client.post(url, json=HAND, headers={"Idempotency-Key": "hand-1"})
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()  # the standings as they were then
    assert first.get_json()["scores"] == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert len(rows(app, "hands")) == 2


def test_the_same_idempotency_key_with_another_body_is_refused(app, client):
    series_id = api_series(client)
    url = f"/api/series/{series_id}/hands"
    client.post(url, json=HAND, headers={"Idempotency-Key": "k"})
    other = {"players": [{**p, "rack": "r6"} if p["name"] == "B" else p for p in HAND["players"]]}
    refused = client.post(url, json=other, headers={"Idempotency-Key": "k"})
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "this Idempotency-Key was already used for another hand (hand 1): use a new "
        "key for a new hand",
        "where": "Idempotency-Key",
    }
    assert len(rows(app, "hands")) == 1


def test_without_a_key_each_request_records_a_hand(app, client):
    series_id = api_series(client)
    for _ in range(2):
        assert client.post(f"/api/series/{series_id}/hands", json=HAND).status_code == 201
    assert len(rows(app, "hands")) == 2
    assert rows(app, "hand_requests") == []


def test_an_idempotency_key_too_long_is_refused(app, client):
    series_id = api_series(client)
    refused = client.post(
        f"/api/series/{series_id}/hands", json=HAND, headers={"Idempotency-Key": "k" * 201}
    )
    assert refused.status_code == 400
    assert rows(app, "hands") == []


REACH = '<script src="/static/reach.js?v='


def test_the_scorers_pages_say_when_the_laptop_cannot_be_reached(client):
    series_id = start_series(
        client, variant="romanian", seats=("A", "B", "C"), end_kind="hands", end_value=4
    )
    pages = [
        "/",
        "/nights/1",
        f"/series/{series_id}",
        f"/series/{series_id}/table",
        f"/series/{series_id}/table/end",
    ]
    hand = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(["A", "B", "C"], {"A": "went_out", "B": "r5", "C": "k2"}),
    )
    assert hand.status_code == 302
    for page in [*pages, f"/series/{series_id}/hands/1/edit"]:
        response = client.get(page)
        assert response.status_code == 200, page
        assert response.get_data(as_text=True).count(REACH) == 1, page
    # The new hand's form and the viewer say it with their own scripts.
    form = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert REACH not in form and "/static/entry.js" in form
    viewer = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert REACH not in viewer and "/static/viewer.js" in viewer
