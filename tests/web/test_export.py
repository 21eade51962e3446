"""Export and import: full-fidelity JSON, CSV score sheets, the print view, the upload form."""

import io
import json
from datetime import date

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect
from scorekeeper.store.export import sheet_chunks
from scorekeeper.store.export_format import BadExport
from scorekeeper.store.export_reader import read_document
from scorekeeper.store.hands import record_hand
from scorekeeper.store.importer import import_document
from scorekeeper.store.nights import create_night
from scorekeeper.store.players import add_player
from scorekeeper.store.series import create_series, get_series
from scorekeeper.store.variants import create_custom, get_variant

from .history_fixture import fill

TABLES = [
    "players",
    "variants",
    "nights",
    "series",
    "series_players",
    "hands",
    "hand_audit",
    "rulings",
    "uids",
]
ACTIONS = [{"action": "new_meld", "player": "Ana", "melds": ["k10 k11 k12 k13", "b10 r10 y10"]}]


def counts(path) -> dict:
    """How many rows each stored table holds."""
    with connect(path) as db:
        return {t: db[t].count for t in TABLES}


def without_stamp(text: str) -> dict:
    """An export file with its export time left out."""
    document = json.loads(text)
    del document["exported"]
    return document


@pytest.fixture
def source(app):
    """The hand-computed nights, a house variant's series and a hand kept in table mode."""
    path = app.config["DATABASE"]
    ids = fill(path)
    with connect(path) as db:
        db.execute(
            "UPDATE hands SET table_actions = ? WHERE series_id = ?",
            [json.dumps(ACTIONS), ids["romanian"]],
        )
        house = create_custom(db, preset("rummikub"), "Kitchen rules", {"opening": 25})
        series_id = create_series(
            db, 2, "Late game", get_variant(db, house), ["Bo", "Ana"], SeriesEnd("hands", 3), 1
        )
        record_hand(
            db,
            get_series(db, series_id),
            {"players": [{"name": "Bo", "rack": "b1"}, {"name": "Ana", "went_out": True}]},
        )
        ids["house"] = series_id
    return ids


@pytest.fixture
def other(tmp_path):
    """A second, empty instance."""
    return create_app(app_settings(tmp_path / "other"))


def upload(client, text: str, name: str = "export.json"):
    """Post a file to the import form."""
    return client.post(
        "/import",
        data={"file": (io.BytesIO(text.encode()), name)},
        content_type="multipart/form-data",
    )


def test_round_trip_through_an_empty_instance_gives_the_same_file(client, source, other):
    first = client.get("/export/everything.json")
    assert first.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-')
    response = upload(other.test_client(), first.get_data(as_text=True))
    assert response.status_code == 302
    again = other.test_client().get("/export/everything.json")
    assert without_stamp(again.get_data(as_text=True)) == without_stamp(
        first.get_data(as_text=True)
    )
    assert counts(other.config["DATABASE"]) == counts(client.application.config["DATABASE"])


def test_the_export_holds_everything_a_series_needs(client, source):
    document = json.loads(client.get("/export/everything.json").get_data(as_text=True))
    assert [p["name"] for p in document["players"]] == ["Ana", "Bo", "Cy"]
    assert [v["id"] for v in document["variants"]] == ["custom-kitchen-rules"]
    first, second, third = document["nights"]
    series = first["series"][0]
    assert series["variant"]["id"] == "rummikub" and series["players"] == ["Ana", "Bo", "Cy"]
    assert [(h["number"], h["deleted_at"] is not None) for h in series["hands"]] == [
        (1, False),
        (2, True),
        (3, False),
    ]
    assert [a["action"] for a in series["hands"][0]["audit"]] == ["created", "edited"]
    assert series["hands"][0]["scores"] == {"Ana": 45, "Bo": -35, "Cy": -10}
    assert series["rulings"][0]["text"].startswith("A joker left on the rack costs 30")
    assert third["series"][0]["hands"][0]["table_actions"] == ACTIONS
    assert second["series"][1]["variant"]["opening"] == 25
    assert len({h["uid"] for n in document["nights"] for s in n["series"] for h in s["hands"]}) == 6


def test_importing_the_same_file_twice_adds_nothing(client, source, other):
    text = client.get("/export/everything.json").get_data(as_text=True)
    target = other.test_client()
    upload(target, text)
    before = counts(other.config["DATABASE"])
    response = upload(target, text)
    assert response.status_code == 302
    assert counts(other.config["DATABASE"]) == before
    page = target.get("/history").get_data(as_text=True)
    assert "Nothing new: all" in page and "were already here." in page


def test_importing_into_the_same_instance_adds_nothing(client, source, app):
    before = counts(app.config["DATABASE"])
    upload(client, client.get("/export/everything.json").get_data(as_text=True))
    assert counts(app.config["DATABASE"]) == before


def test_a_night_export_holds_that_night_only(client, source):
    document = json.loads(client.get("/export/nights/2.json").get_data(as_text=True))
    assert document["scope"] == "night"
    assert [n["date"] for n in document["nights"]] == ["2025-11-07"]
    assert [s["name"] for s in document["nights"][0]["series"]] == ["Quick one", "Late game"]
    assert [v["id"] for v in document["variants"]] == ["custom-kitchen-rules"]


def test_a_series_export_holds_that_series_and_its_players(client, source):
    document = json.loads(
        client.get(f"/export/series/{source['tile-rummy']}.json").get_data(as_text=True)
    )
    assert document["scope"] == "series"
    assert [p["name"] for p in document["players"]] == ["Ana", "Bo"]
    assert [s["name"] for s in document["nights"][0]["series"]] == ["Quick one"]
    assert document["variants"] == []


def test_hands_recorded_after_an_export_come_in_with_the_next_one(client, app, other):
    path = app.config["DATABASE"]
    with connect(path) as db:
        night_id = create_night(db, date(2025, 12, 1), None, None)
        series_id = create_series(
            db, night_id, None, preset("rummikub"), ["Ana", "Bo"], SeriesEnd("hands", 2), 0
        )
    target = other.test_client()
    hand = {"players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r3"}]}
    with connect(path) as db:
        record_hand(db, get_series(db, series_id), hand)
    upload(target, client.get(f"/export/series/{series_id}.json").get_data(as_text=True))
    with connect(path) as db:
        record_hand(db, get_series(db, series_id), hand)
    response = upload(target, client.get(f"/export/series/{series_id}.json").get_data(as_text=True))
    assert response.status_code == 302
    page = target.get("/history").get_data(as_text=True)
    # Already here: the night, the series, hand 1 and its audit entry.
    assert "Imported 0 nights, 0 series, 1 hand and 0 rulings; 4 items were already here." in page
    assert "Ana won" in page


def test_players_are_matched_by_name_whatever_the_case(client, source, other):
    with connect(other.config["DATABASE"]) as db:
        add_player(db, "ana")
    upload(other.test_client(), client.get("/export/everything.json").get_data(as_text=True))
    with connect(other.config["DATABASE"]) as db:
        assert [r["name"] for r in db.query("SELECT name FROM players ORDER BY id")] == [
            "ana",
            "Bo",
            "Cy",
        ]
        record = json.loads(db.execute("SELECT record FROM hands WHERE id = 1").fetchone()[0])
        assert record["players"][0]["name"] == "ana"
        actions = db.execute(
            "SELECT table_actions FROM hands WHERE table_actions IS NOT NULL"
        ).fetchone()[0]
        assert json.loads(actions)[0]["player"] == "ana"
    target = other.test_client()
    for series_id in (1, 2, 3, 4):
        assert target.get(f"/series/{series_id}").status_code == 200
    assert "ana won" in target.get("/history/nights/1").get_data(as_text=True)


def test_a_bad_file_is_refused_with_what_and_where_and_nothing_is_stored(client, source, other):
    document = json.loads(client.get("/export/everything.json").get_data(as_text=True))
    document["nights"][2]["series"][0]["hands"][0]["record"]["players"][1]["rack"] = "x9"
    before = counts(other.config["DATABASE"])
    response = upload(other.test_client(), json.dumps(document), name="club.json")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "club.json: night 3, series 1, hand 1, record: player Bo, rack:" in page
    assert counts(other.config["DATABASE"]) == before


def test_a_refusal_while_storing_undoes_everything(client, source, other):
    text = client.get("/export/everything.json").get_data(as_text=True)
    target = other.test_client()
    upload(target, text)
    before = counts(other.config["DATABASE"])
    # A new night, and a new hand numbered like one the series already has.
    document = json.loads(text)
    night = json.loads(json.dumps(document["nights"][0]))
    night["uid"] = "a-new-night"
    night["series"] = []
    document["nights"].append(night)
    hand = document["nights"][1]["series"][1]["hands"][0]
    hand["uid"] = "a-new-hand"
    hand["audit"] = []
    with (
        pytest.raises(BadExport, match="hand 1 is here already as another hand"),
        connect(other.config["DATABASE"]) as db,
    ):
        import_document(db, read_document(json.dumps(document)))
    assert counts(other.config["DATABASE"]) == before


def test_the_scores_in_the_file_must_be_what_the_rules_give(client, source):
    document = json.loads(client.get("/export/everything.json").get_data(as_text=True))
    document["nights"][0]["series"][0]["hands"][2]["scores"]["Bo"] = 99
    with pytest.raises(BadExport, match=r"^night 1, series 1, hand 3: the scores in the file"):
        read_document(json.dumps(document))


def test_a_uid_used_twice_is_refused(client, source):
    document = json.loads(client.get("/export/everything.json").get_data(as_text=True))
    hands = document["nights"][0]["series"][0]["hands"]
    hands[2]["uid"] = hands[0]["uid"]
    with pytest.raises(BadExport, match=r"^night 1, series 1, hand 3: the uid .* used twice"):
        read_document(json.dumps(document))


def test_the_score_sheets_as_csv(client, source):
    response = client.get("/export/nights/1.csv")
    assert response.mimetype == "text/csv"
    lines = response.get_data().decode("utf-8-sig").splitlines()
    assert lines[0] == "date,place,series,variant,hand,seat,player,score,total,won"
    assert lines[1:] == [
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,1,1,Ana,45,45,yes",
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,1,2,Bo,-35,-35,",
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,1,3,Cy,-10,-10,",
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,2,1,Ana,-3,42,",
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,2,2,Bo,18,-17,yes",
        "2025-10-03,Ana's kitchen,Series 1,Rummikub,2,3,Cy,-15,-25,",
    ]


def test_an_english_csv_is_byte_for_byte_the_score_sheet_it_always_was(app, client, source):
    """The header's words are translated for other languages; in English nothing changes."""
    with connect(app.config["DATABASE"]) as db:
        sheets = {
            "/export/everything.csv": "".join(sheet_chunks(db)),
            "/export/nights/2.csv": "".join(sheet_chunks(db, night_id=2)),
            f"/export/series/{source['house']}.csv": "".join(
                sheet_chunks(db, series_id=source["house"])
            ),
        }
    for address, sheet in sheets.items():
        answer = client.get(address, headers={"Accept-Language": "en"})
        assert answer.data == sheet.encode(), address
    assert sheets["/export/nights/2.csv"].count("\r\n") > 3


def test_the_print_view_of_a_series(client, source):
    page = client.get(f"/history/series/{source['tile-rummy']}/print").get_data(as_text=True)
    assert "<h1>Quick one</h1>" in page
    assert "Bo won" in page and "+537" in page


def test_the_pages_offer_the_downloads(client, source):
    history = client.get("/history").get_data(as_text=True)
    # Without `download`: an export too large to import again is answered with a page.
    assert 'href="/export/everything.json">' in history
    assert 'href="/import"' in history
    night = client.get("/history/nights/1").get_data(as_text=True)
    for href in (
        "/export/nights/1.json",
        "/export/nights/1.csv",
        "/export/series/1.json",
        "/export/series/1.csv",
        "/history/series/1/print",
    ):
        assert f'href="{href}"' in night, href


def test_the_upload_form_needs_a_file(client):
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose an export file." in response.get_data(as_text=True)


def test_the_upload_form_checks_its_token(csrf_app, tmp_path):
    fill(csrf_app.config["DATABASE"])
    client = csrf_app.test_client()
    text = client.get("/export/everything.json").get_data(as_text=True)
    target = create_app(app_settings(tmp_path / "other", WTF_CSRF_ENABLED=True)).test_client()
    before = counts(tmp_path / "other" / "scorekeeper.db")
    response = upload(target, text)
    assert response.status_code == 400
    assert "This form has expired" in response.get_data(as_text=True)
    assert counts(tmp_path / "other" / "scorekeeper.db") == before
    page = target.get("/import").get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    response = target.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(text.encode()), "x.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302


def test_the_upload_has_a_size_limit(client, monkeypatch):
    monkeypatch.setattr("scorekeeper.web.export.pages.UPLOAD_LIMIT", 1000)
    response = upload(client, "x" * 2000)
    assert response.status_code == 413


def test_max_content_length_limits_forms_and_the_api_but_not_the_import(
    tmp_path, app, source, client
):
    """As the README's Settings table says: the import page keeps its own, larger limit."""
    text = client.get("/export/everything.json").get_data(as_text=True)
    small = create_app(app_settings(tmp_path / "small", MAX_CONTENT_LENGTH=1000)).test_client()
    assert len(text) > 1000
    assert small.post("/nights/new", data={"note": "x" * 2000}).status_code == 413
    assert small.post("/api/series", json={"players": ["x" * 2000]}).status_code == 413
    response = upload(small, text)
    assert response.status_code == 302
    assert (
        counts(tmp_path / "small" / "scorekeeper.db")["hands"]
        == counts(app.config["DATABASE"])["hands"]
    )


def test_the_import_page_states_the_files_limit_as_the_readme_does(client):
    page = client.get("/import").get_data(as_text=True)
    assert "Up to 256 MB." in page
