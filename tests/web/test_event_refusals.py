"""A club night's refusals that must say why and store nothing (issue 27, a fresh-eye
tester's findings): a late player with no usable name, a round that too few players are
left to fill, a round that cannot end, an earlier round's table code once the next round is
seated, and a table scorer's phone refused a change that is not its table's."""

from __future__ import annotations

import pytest

from scorekeeper.store import events as store
from scorekeeper.web.shell.db import get_db

from .steps import PASSCODE, page_text, rows, set_scorer_passcode
from .test_event_pages import event_form, finish, start_event, tables
from .test_table_codes import BODY, ORGANISER, bearer, enter_code, hand_of


def roster_names(app, event_id: int) -> list[str]:
    with app.app_context():
        return [p.name for p in store.roster(get_db(), event_id)]


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("   ", "A player needs a name"),
        ("Kim, Bo", "A name cannot contain a comma: “Kim, Bo”"),
        ("ana", "ana is on the roster already."),
        ("\u0410na", "\u0410na and Ana look the same on a screen"),
    ],
)
def test_a_late_player_s_name_is_refused_beside_the_field_and_kept(app, client, typed, why):
    event_id = start_event(client)
    before = roster_names(app, event_id)
    refused = client.post(f"/events/{event_id}/late", data={"name": typed})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'id="name-error"' in page
    # The answer lands at the box itself, focused and pointing to its message.
    assert f'action="/events/{event_id}/late#name"' in page
    assert 'aria-describedby="name-error"' in page and "autofocus" in page
    assert why in page_text(page)
    if typed.strip():
        assert f'value="{typed}"' in page
    assert roster_names(app, event_id) == before


def test_too_few_players_left_are_told_why_and_offered_no_button(app, client):
    event_id = start_event(client, players=["Ana", "Bo", "Cy"])
    (table,) = tables(app, event_id)
    finish(client, table, racks=("r5", "b7"))
    for name in ("Bo", "Cy"):
        client.post(f"/events/{event_id}/roster", data={"player": name, "change": "gone"})
    text = page_text(client.get(f"/events/{event_id}"))
    assert "Seat the next round" not in text
    assert (
        "The next round cannot be seated: an event needs at least 2 players to seat a table, "
        "not 1. Add a late player or check a player back in first." in text
    )
    # Sent all the same (a page opened before they left): refused in words, not a 500.
    sent = client.post(f"/events/{event_id}/rounds")
    assert sent.status_code == 302
    text = page_text(client.get(sent.headers["Location"]))
    assert "The next round cannot be seated: an event needs at least 2 players" in text
    with app.app_context():
        assert store.current_round(get_db(), event_id) == 1


def test_too_few_players_are_told_why_in_romanian(app, client):
    event_id = start_event(client, players=["Ana", "Bo", "Cy"])
    (table,) = tables(app, event_id)
    finish(client, table, racks=("r5", "b7"))
    for name in ("Bo", "Cy"):
        client.post(f"/events/{event_id}/roster", data={"player": name, "change": "gone"})
    text = page_text(client.get(f"/events/{event_id}", headers={"Accept-Language": "ro"}))
    assert "Runda următoare nu poate fi așezată" in text


@pytest.mark.parametrize(
    "round_end",
    [{"hands": 0}, {"hands": 99999999999999999999999}, {"target": 0}, {"target": -5}],
)
def test_a_round_that_cannot_end_is_refused_naming_round_end(app, client, round_end):
    set_scorer_passcode(app)
    refused = client.post("/api/events", json=BODY | {"round_end": round_end}, headers=ORGANISER)
    assert refused.status_code == 400
    assert refused.get_json()["where"] == "round_end"
    assert rows(app, "events") == [] and rows(app, "series") == []


@pytest.mark.parametrize(
    ("kind", "value"), [("hands", "0"), ("hands", "99999999999999999999999"), ("target", "-5")]
)
def test_the_form_refuses_a_round_that_cannot_end(app, client, kind, value):
    refused = client.post("/events/new", data=event_form(end_kind=kind, end_value=value))
    assert refused.status_code == 422
    assert 'id="end_value-error"' in refused.get_data(as_text=True)
    assert rows(app, "events") == []


def organiser(app):
    phone = app.test_client()
    assert phone.post("/scorer", data={"passcode": PASSCODE}).status_code == 302
    return phone


def test_an_earlier_round_s_code_changes_nothing_once_the_next_round_is_seated(app, client):
    set_scorer_passcode(app)
    event = client.post("/api/events", json=BODY, headers=ORGANISER).get_json()
    mine = event["tables"][0]
    assert enter_code(client, mine["code"]).status_code == 302
    for table in event["tables"]:
        saved = client.post(
            f"/api/series/{table['series']}/hands",
            json=hand_of(table["players"]),
            headers=ORGANISER,
        )
        assert saved.status_code == 201
    assert client.post(f"/api/events/{event['id']}/rounds", headers=ORGANISER).status_code == 201
    (hand,) = [h for h in rows(app, "hands") if h["series_id"] == mine["series"]]
    deleted = client.post(f"/series/{mine['series']}/hands/{hand['id']}/delete")
    assert deleted.status_code == 403
    assert (
        "This phone scored round 1, table 1 of Friday club. The next round has been seated, so "
        "its code no longer changes scores." in page_text(deleted)
    )
    assert 'name="passcode"' in deleted.get_data(as_text=True)
    api = client.post(
        f"/api/series/{mine['series']}/hands",
        json=hand_of(mine["players"]),
        headers=bearer(mine["code"]),
    )
    assert api.status_code == 403
    assert api.get_json()["error"] == (
        "this table code was for round 1 and a later round has been seated: the code no "
        "longer changes anything"
    )
    again = enter_code(client, mine["code"])
    assert again.status_code == 422
    assert "This code was for round 1, and the next round has been seated" in page_text(again)
    assert [h["id"] for h in rows(app, "hands") if h["series_id"] == mine["series"]] == [hand["id"]]
    # The organiser may still fix it; the event page then says the table is open again.
    boss = organiser(app)
    assert boss.post(f"/series/{mine['series']}/hands/{hand['id']}/delete").status_code == 302
    assert (
        "Round 1, table 1 is not finished any more: a hand was changed after the next round "
        "was seated. Its players' event points wait until it is finished again."
        in page_text(boss.get(f"/events/{event['id']}"))
    )


def test_a_table_phone_is_told_which_table_it_scores(app, client):
    set_scorer_passcode(app)
    event = client.post("/api/events", json=BODY, headers=ORGANISER).get_json()
    mine, other = event["tables"][0], event["tables"][1]
    assert enter_code(client, mine["code"]).status_code == 302
    for url in (f"/series/{other['series']}/hands/new", "/events/new"):
        refused = client.get(url)
        assert refused.status_code == 403
        text = page_text(refused)
        assert "This phone scores round 1, table 1 of Friday club only." in text
        assert "Only the scorer can change scores at this table." not in text
        assert "The organiser can make this change here by entering the passcode." in text
        assert 'name="passcode"' in refused.get_data(as_text=True)
    french = client.get("/events/new", headers={"Accept-Language": "fr"})
    assert "Ce téléphone marque uniquement la table 1 de la ronde 1 de Friday club." in page_text(
        french
    )


def test_the_api_tells_a_wrong_series_from_an_event_that_has_ended(app, client):
    set_scorer_passcode(app)
    event = client.post("/api/events", json=BODY, headers=ORGANISER).get_json()
    mine, other = event["tables"][0], event["tables"][1]
    wrong = client.post(
        f"/api/series/{other['series']}/hands",
        json=hand_of(other["players"]),
        headers=bearer(mine["code"]),
    )
    assert wrong.status_code == 403
    assert wrong.get_json()["error"] == (
        f"this table code records and changes only the hands of series {mine['series']} "
        "(round 1, table 1 of Friday club)"
    )
    with app.app_context():
        store.end_event(get_db(), event["id"])
    ended = client.post(
        f"/api/series/{mine['series']}/hands",
        json=hand_of(mine["players"]),
        headers=bearer(mine["code"]),
    )
    assert ended.status_code == 403
    assert ended.get_json()["error"] == (
        "this table code's event has ended: the code no longer changes anything"
    )
    assert rows(app, "hands") == []


def test_a_player_who_left_may_come_back_through_the_late_player_box(app, client):
    event_id = start_event(client)
    client.post(f"/events/{event_id}/roster", data={"player": "Bo", "change": "gone"})
    back = client.post(f"/events/{event_id}/late", data={"name": "bo"}, follow_redirects=True)
    assert "bo is seated from the next round on." in page_text(back)
    with app.app_context():
        roster = store.roster(get_db(), event_id)
    assert not {p.name: p for p in roster}["Bo"].gone
