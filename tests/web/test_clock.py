"""The turn clock at the table: its API's answers, who may press what (403 for Done from a
phone that does not hold the seat whose turn it is), the clock stopping when a hand is
recorded, a restart losing nothing, the series' own limit, the record in the export and on
the series page (issue 26; ../shared/RULES.md, "Playing the hand")."""

from __future__ import annotations

import json
from io import BytesIO

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.store import clock as kept_clock
from scorekeeper.web.clock import state

from .steps import PASSCODE, page_text, set_scorer_passcode, start_series, tally
from .test_my_rack import claim

SEATS = ("Ana", "Bo", "Cai", "Dee")
SCORER = {"Authorization": f"Bearer {PASSCODE}"}


class Time:
    """The server's clock, moved by hand."""

    def __init__(self) -> None:
        self.at = 1_000_000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture
def time(monkeypatch) -> Time:
    now = Time()
    monkeypatch.setattr(state, "now", now)
    # The store reads the same clock when a hand is recorded (the turn then running).
    monkeypatch.setattr(kept_clock, "clock_time", now)
    return now


def press(client, series_id: int, do: str, headers=None):
    return client.post(f"/api/series/{series_id}/clock", json={"do": do}, headers=headers or {})


def read(client, series_id: int) -> dict:
    return client.get(f"/api/series/{series_id}/clock").get_json()


def test_the_clock_passes_from_player_to_player_and_keeps_each_turn(client, time):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    assert read(client, series_id) == {
        "hand": 1,
        "running": False,
        "player": None,
        "seat": None,
        "limit_s": 60,
        "left_s": None,
        "turns": [],
    }
    assert press(client, series_id, "start").get_json()["player"] == "Ana"
    time.at += 20
    assert read(client, series_id)["left_s"] == 40.0
    answer = press(client, series_id, "done").get_json()
    assert answer == {
        "hand": 1,
        "running": True,
        "player": "Bo",
        "seat": 1,
        "limit_s": 60,
        "left_s": 60.0,
        "turns": [{"player": "Ana", "seat": 0, "seconds": 20.0, "ran_out": False}],
    }
    time.at += 10
    paused = press(client, series_id, "pause").get_json()
    assert (paused["running"], paused["left_s"]) == (False, 50.0)
    time.at += 500
    assert read(client, series_id)["left_s"] == 50.0
    assert press(client, series_id, "resume").get_json()["running"] is True
    time.at += 70
    over = read(client, series_id)
    assert over["left_s"] == 0.0
    turns = press(client, series_id, "done").get_json()["turns"]
    assert turns[-1] == {"player": "Bo", "seat": 1, "seconds": 80.0, "ran_out": True}


def test_a_step_the_clock_cannot_take_is_refused_with_why(client, time):
    series_id = start_series(client, seats=SEATS)
    refused = press(client, series_id, "done")
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "The clock has not started yet."
    wrong = press(client, series_id, "stop")
    assert wrong.status_code == 400 and wrong.get_json()["where"] == "do"
    assert client.post(f"/api/series/{series_id}/clock", data="do=start").status_code == 415
    assert client.get("/api/series/99/clock").status_code == 404


def test_only_the_phone_holding_the_seat_whose_turn_it_is_presses_done(app, client, time):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    bo = app.test_client()
    claim(bo, series_id, 1)
    cai = app.test_client()
    claim(cai, series_id, 2)
    stranger = app.test_client()
    set_scorer_passcode(app)
    assert press(bo, series_id, "start").status_code == 403
    assert press(client, series_id, "start", SCORER).status_code == 200
    # Ana's turn: Bo's phone cannot end it, nor can a phone holding no seat.
    refused = press(bo, series_id, "done")
    assert refused.status_code == 403
    assert "the phone that joined as Ana" in refused.get_json()["error"]
    assert press(stranger, series_id, "done").status_code == 403
    assert press(client, series_id, "done", SCORER).get_json()["player"] == "Bo"
    # Bo's turn: Bo's phone ends it, Cai's cannot; and Bo's phone cannot pause.
    assert press(cai, series_id, "done").status_code == 403
    assert press(bo, series_id, "pause").status_code == 403
    assert press(bo, series_id, "done").get_json()["player"] == "Cai"
    assert press(cai, series_id, "done").get_json()["player"] == "Dee"
    # The page's form says the same, in the page's language.
    page = bo.post(
        f"/series/{series_id}/clock",
        data={"do": "done"},
        headers={"Accept": "application/json", "Accept-Language": "ro"},
    )
    assert page.status_code == 403
    assert page.get_json()["error"].startswith("Doar telefonul")


def test_recording_a_hand_stops_the_clock_and_the_next_hand_starts_with_its_starter(client, time):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    press(client, series_id, "start")
    press(client, series_id, "done")
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(SEATS, {"Ana": "went_out", "Bo": "r1", "Cai": "b1", "Dee": "k1"}),
    )
    assert saved.status_code == 302
    stopped = read(client, series_id)
    assert (stopped["hand"], stopped["running"], stopped["player"]) == (2, False, None)
    # Rummikub has no dealer: the hand is started by the next player in turn (RULES.md).
    assert press(client, series_id, "start").get_json()["player"] == "Bo"


def test_a_romanian_hand_starts_with_the_player_after_the_dealer_and_has_no_clock(client, time):
    # Romanian tile rummy, Preparation and Distribution of Tiles: the player to the dealer's
    # right starts, the next in the order of play (the players are listed in that order).
    series_id = start_series(
        client, variant="romanian", seats=SEATS, end_kind="hands", end_value=4, first_dealer=1
    )
    started = press(client, series_id, "start").get_json()
    assert (started["player"], started["limit_s"], started["left_s"]) == ("Cai", None, None)
    assert press(client, series_id, "done").get_json()["player"] == "Dee"


def test_a_restart_loses_nothing(app, client, time, tmp_path):
    series_id = start_series(client, seats=SEATS)
    press(client, series_id, "start")
    time.at += 15
    press(client, series_id, "done")
    time.at += 5
    before = read(client, series_id)
    again = create_app(app_settings(tmp_path)).test_client()
    assert read(again, series_id) == before
    assert before["player"] == "Bo" and before["left_s"] == 55.0


def test_the_poll_is_answered_304_until_the_clock_changes(client, time):
    series_id = start_series(client, seats=SEATS)
    first = client.get(f"/api/series/{series_id}/clock")
    tag = first.headers["ETag"]
    assert (
        client.get(f"/api/series/{series_id}/clock", headers={"If-None-Match": tag}).status_code
        == 304
    )
    press(client, series_id, "start")
    changed = client.get(f"/api/series/{series_id}/clock", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


@pytest.mark.parametrize(
    ("form", "limit", "said"),
    [
        ({"kind": "own", "seconds": "2"}, 2, "2 seconds per turn."),
        ({"kind": "off"}, None, "No time limit per turn."),
        ({"kind": "variant"}, 60, "60 seconds per turn."),
    ],
)
def test_a_series_changes_or_switches_off_its_time_per_turn(client, time, form, limit, said):
    series_id = start_series(client, seats=SEATS)
    saved = client.post(f"/series/{series_id}/clock/limit", data=form)
    assert saved.status_code == 302
    assert read(client, series_id)["limit_s"] == limit
    assert f"This series: {said}" in page_text(client.get(f"/series/{series_id}"))
    rules = page_text(client.get(f"/series/{series_id}/rules"))
    own = f"Turn clock set at the table for this series: {said}"
    assert (own in rules) == (form["kind"] != "variant")


def test_the_series_page_shows_each_players_median_turn_and_time_outs(client, time):
    series_id = start_series(client, seats=("Ana", "Bo"), end_kind="hands", end_value=4)
    press(client, series_id, "start")
    for seconds in (10, 70, 30, 20, 50):
        time.at += seconds
        press(client, series_id, "done")
    text = page_text(client.get(f"/series/{series_id}"))
    # Ana: 10, 50, 30 s (median 0:30, none ran out); Bo: 70, 20 s (median 0:45, 1 ran out).
    assert "Ana 3 0:30 0" in text and "Bo 2 0:45 1" in text
    ro = page_text(client.get(f"/series/{series_id}", headers={"Accept-Language": "ro"}))
    assert "Durata mediană" in ro


def test_the_export_carries_the_clock_and_an_import_brings_it_back(client, time, tmp_path):
    series_id = start_series(client, seats=SEATS)
    client.post(f"/series/{series_id}/clock/limit", data={"kind": "own", "seconds": "45"})
    press(client, series_id, "start")
    time.at += 50
    press(client, series_id, "done")
    exported = client.get(f"/export/series/{series_id}.json")
    document = json.loads(exported.get_data(as_text=True))
    clock = document["nights"][0]["series"][0]["clock"]
    assert clock["own_limit"] == 45
    assert [(t["seat"], t["seconds"], t["ran_out"]) for t in clock["turns"]] == [(0, 50.0, True)]
    other = tmp_path / "other"
    other.mkdir()
    fresh = create_app(app_settings(other)).test_client()
    answer = fresh.post(
        "/import",
        data={"file": (BytesIO(exported.get_data()), "export.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 302, page_text(answer)
    imported = read(fresh, 1)
    assert imported["limit_s"] == 45
    figures = page_text(fresh.get("/series/1"))
    assert "Ana 1 0:50 1" in figures


@pytest.mark.parametrize(
    ("typed", "limit", "said"),
    [
        ({"turn_limit": "90", "time_up": "pass"}, 90, "90 seconds per turn."),
        ({"turn_limit": ""}, None, "No time limit per turn."),
    ],
)
def test_a_custom_variant_changes_or_switches_off_the_clock_and_its_rules_page_says_so(
    client, time, typed, limit, said
):
    from scorekeeper.engine.variants import RUMMIKUB

    from .test_variants import copy_form

    copied = client.post("/variants/rummikub/copy", data=copy_form(RUMMIKUB, "Slow", **typed))
    assert copied.status_code == 302
    rules = page_text(client.get(copied.headers["Location"]))
    assert said in rules and "Your group's rule (changed from Rummikub)" in rules
    series_id = start_series(client, variant="custom-slow", seats=SEATS)
    assert read(client, series_id)["limit_s"] == limit
    assert said in page_text(client.get(f"/series/{series_id}/rules"))


def test_the_rules_page_cites_each_presets_clock_in_the_players_language(client):
    text = page_text(client.get("/variants/rummikub", headers={"Accept-Language": "ro"}))
    assert "60 de secunde pe mutare." in text and "Limita de timp" in text
    meld = page_text(client.get("/variants/rummy-meld", headers={"Accept-Language": "fr"}))
    assert "Minuteur du tour" in meld and "50 secondes par tour." in meld


def test_without_script_the_forms_post_and_each_page_shows_the_clock_on_load(app, client, time):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    bo = app.test_client()
    claim(bo, series_id, 1)
    started = client.post(
        f"/series/{series_id}/clock", data={"do": "start", "next": f"/series/{series_id}"}
    )
    assert started.status_code == 302 and started.headers["Location"] == f"/series/{series_id}"
    time.at += 15
    assert "Ana's turn 0:45 left" in page_text(client.get(f"/series/{series_id}"))
    viewer = page_text(bo.get(f"/series/{series_id}/view"))
    assert "Ana's turn 0:45 left" in viewer
    mine = bo.get(f"/series/{series_id}/my-rack").get_data(as_text=True)
    assert 'value="done" type="submit" hidden' in mine  # not Bo's turn: no Done to tap
    client.post(f"/series/{series_id}/clock", data={"do": "done"})
    time.at += 61
    mine = bo.get(f"/series/{series_id}/my-rack", headers={"Accept-Language": "hu"})
    text = page_text(mine)
    assert "Te jössz" in text
    assert "Lejárt az idő: Bo húz egy követ" in text
    assert 'value="done" type="submit">' in mine.get_data(as_text=True)
    # Once the table sets a passcode, a phone refused is told why on the page it came from.
    set_scorer_passcode(app)
    refused = bo.post(
        f"/series/{series_id}/clock",
        data={"do": "pause", "next": f"/series/{series_id}/my-rack"},
        follow_redirects=True,
    )
    assert "Only the scorer can start, pause or resume the clock." in page_text(refused)
