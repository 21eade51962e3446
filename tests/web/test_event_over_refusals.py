"""A table code once its event is over, or sent for a past round or another table, is
refused saying why: on the scorer's pages and through the clock's API as through the hands
API (issue 27, a fresh-eye tester's findings)."""

from __future__ import annotations

import pytest

from scorekeeper.store import events as store
from scorekeeper.web.shell.db import get_db

from .steps import page_text, set_scorer_passcode
from .test_table_codes import BODY, ORGANISER, bearer, enter_code, hand_of

OVER = {
    "en": "This phone scored round 1, table 1 of Friday club. The event is over, so its code "
    "no longer changes scores.",
    "ro": "Acest telefon a ținut scorul la masa 1 din runda 1 a turneului Friday club. Turneul "
    "s-a încheiat, așa că acel cod nu mai poate schimba punctajele.",
    "hu": "Ez a telefon a(z) Friday club 1. fordulójának 1. asztalánál pontozott. A verseny "
    "véget ért, így a kódjával már nem lehet pontokat módosítani.",
    "fr": "Ce téléphone marquait la table 1 de la ronde 1 de Friday club. Le tournoi est "
    "terminé : son code ne modifie plus les scores.",
}


@pytest.fixture
def event(app, client) -> dict:
    set_scorer_passcode(app)
    return client.post("/api/events", json=BODY, headers=ORGANISER).get_json()


def test_a_table_phone_is_told_its_event_is_over(app, client, event):
    mine = event["tables"][0]
    assert enter_code(client, mine["code"]).status_code == 302
    with app.app_context():
        store.end_event(get_db(), event["id"])
    for language, said in OVER.items():
        refused = client.get(
            f"/series/{mine['series']}/hands/new", headers={"Accept-Language": language}
        )
        assert refused.status_code == 403
        assert said in page_text(refused), language
        assert 'name="passcode"' in refused.get_data(as_text=True)
    text = page_text(client.get(f"/series/{mine['series']}/hands/new"))
    assert "Only the scorer can change scores at this table." not in text
    assert "The organiser can make this change here by entering the passcode." in text


def press(client, series_id: int, code: str, language: str = "en"):
    return client.post(
        f"/api/series/{series_id}/clock",
        json={"do": "start"},
        headers=bearer(code) | {"Accept-Language": language},
    )


def test_the_clock_api_says_which_table_a_code_scores(client, event):
    mine, other = event["tables"][0], event["tables"][1]
    refused = press(client, other["series"], mine["code"])
    assert refused.status_code == 403
    assert refused.get_json()["error"] == (
        f"this table code records and changes only the hands of series {mine['series']} "
        "(round 1, table 1 of Friday club)"
    )
    french = press(client, other["series"], mine["code"], "fr").get_json()["error"]
    assert "Friday club" in french and "Authorization" not in french


def test_the_clock_api_says_a_code_s_round_is_past(client, event):
    for table in event["tables"]:
        saved = client.post(
            f"/api/series/{table['series']}/hands",
            json=hand_of(table["players"]),
            headers=ORGANISER,
        )
        assert saved.status_code == 201
    assert client.post(f"/api/events/{event['id']}/rounds", headers=ORGANISER).status_code == 201
    mine = event["tables"][0]
    refused = press(client, mine["series"], mine["code"])
    assert refused.status_code == 403
    assert refused.get_json()["error"] == (
        "this table code was for round 1 and a later round has been seated: the code no "
        "longer changes anything"
    )


def test_the_clock_api_says_a_code_s_event_is_over(app, client, event):
    mine = event["tables"][0]
    with app.app_context():
        store.end_event(get_db(), event["id"])
    refused = press(client, mine["series"], mine["code"])
    assert refused.status_code == 403
    assert refused.get_json()["error"] == (
        "this table code's event has ended: the code no longer changes anything"
    )
