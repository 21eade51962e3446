"""One player, one name (issue 23): names drawn alike are refused side by side, a lookalike of
a known player is that player, and a name never reorders the score beside it."""

import pytest

from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.export_format import BadExport, check_document
from scorekeeper.store.importer import import_document
from scorekeeper.web.shell.db import get_db

from .steps import page_text, rows, series_form, start_night, start_series, tally

CYRILLIC_S = "\u0405tefan"  # a Cyrillic capital dze, drawn as a Latin S
HIDDEN = "Ana\u200b"  # a zero-width space after Ana

REFUSED = [
    (
        ("Stefan", CYRILLIC_S),
        f"{CYRILLIC_S} and Stefan look the same on a screen but are written with different "
        "letters: give one of them a name that looks different",
    ),
    (
        ("Ana", HIDDEN),
        "A name cannot contain invisible characters (such as a zero-width "
        "space or a mark that changes the direction of the text)",
    ),
]


@pytest.mark.parametrize(("seats", "message"), REFUSED)
def test_the_new_series_form_refuses_a_lookalike_beside_its_twin(app, client, seats, message):
    start_night(client)
    response = client.post(
        "/nights/1/series/new", data=series_form(seats=(*seats, "Bo"), end_kind="hands")
    )
    assert response.status_code == 200
    assert message in page_text(response)
    assert rows(app, "series") == [] and rows(app, "players") == []


@pytest.mark.parametrize(("seats", "message"), REFUSED)
def test_the_api_refuses_a_lookalike_beside_its_twin(app, client, seats, message):
    answer = client.post(
        "/api/series", json={"variant": "rummikub", "players": [*seats, "Bo"], "end": {"hands": 4}}
    )
    assert answer.status_code in (400, 422)
    assert message[1:] in answer.get_json()["error"]
    assert rows(app, "series") == [] and rows(app, "players") == []


def test_accented_names_beside_their_plain_spelling_are_still_two_players(app, client):
    start_series(client, seats=("Ștefan", "Stefan", "Ödön", "Odon"), end_kind="hands")
    assert [r["name"] for r in rows(app, "players")] == ["Ștefan", "Stefan", "Ödön", "Odon"]


def test_a_lookalike_of_a_known_player_in_a_new_series_is_that_player(app, client):
    start_series(client, seats=("Stefan", "Bo"), end_kind="hands")
    answer = client.post(
        "/api/series",
        json={"variant": "rummikub", "players": [CYRILLIC_S, "Cai"], "end": {"hands": 4}},
    )
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["players"] == ["Stefan", "Cai"]
    assert [r["name"] for r in rows(app, "players")] == ["Stefan", "Bo", "Cai"]


def test_a_name_stored_with_a_direction_override_keeps_the_score_in_its_place(app, client):
    """A name saved before direction characters were refused: the right-to-left override
    would show "+22" as "22+" in the sentence after it, unless the name is isolated."""
    series_id = start_series(client, seats=("Ana", "Bo"), end_kind="hands")
    with app.app_context():
        get_db().execute("UPDATE players SET name = ? WHERE name = 'Ana'", ["Ana\u202e"])
    page = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert "Ana\u202e" in page
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(["Ana\u202e", "Bo"], {"Ana\u202e": "went_out", "Bo": "r10 b12"}),
        follow_redirects=True,
    ).get_data(as_text=True)
    # The override ends with the name's isolate: the score after it reads left to right.
    assert "Hand 1 saved. <bdi>Ana\u202e</bdi> won the hand (+22)." in saved
    shown = client.get(f"/series/{series_id}/hands/1").get_data(as_text=True)
    assert "<bdi>Ana\u202e</bdi> won the hand." in shown
    assert '<h2 id="p1"><bdi>Ana\u202e</bdi> <span class="num">+22</span></h2>' in shown
    assert "(\u2068Bo\u2069 22)" in shown


def exported(app, client) -> dict:
    """This app's history as an export file: one series of Stefan and Bo."""
    start_series(client, seats=("Stefan", "Bo"), end_kind="hands")
    with app.app_context():
        return export_document(get_db())


def test_an_export_listing_two_lookalike_players_is_refused(app, client):
    document = exported(app, client)
    document["players"].append({**document["players"][0], "name": CYRILLIC_S})
    with pytest.raises(BadExport, match='and "Stefan" look the same on a screen'):
        check_document(document)


def test_an_imported_lookalike_of_a_known_player_is_that_player(app, client, tmp_path):
    document = exported(app, client)
    for player in document["players"]:
        player["name"] = CYRILLIC_S if player["name"] == "Stefan" else player["name"]
    for night in document["nights"]:
        for series in night["series"]:
            series["players"] = [CYRILLIC_S if n == "Stefan" else n for n in series["players"]]
    target = tmp_path / "other.db"
    migrate(target)
    with connect(target) as db:
        db.execute("INSERT INTO players (name, name_key) VALUES ('Stefan', 'stefan')")
        db.conn.commit()
        import_document(db, document)
        assert [r["name"] for r in db.query("SELECT name FROM players ORDER BY id")] == [
            "Stefan",
            "Bo",
        ]
