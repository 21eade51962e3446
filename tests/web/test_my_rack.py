"""My rack: each player counts their own rack on their own phone. A phone at the table (it
opened the scorer's QR link, so it has the series' join code) says once which player it is,
sends its rack as a draft for the hand being recorded, and the scorer's form has it; nothing
is a hand until the scorer saves one, and a phone without the passcode can never touch
another seat, a saved hand or a total. The join code itself: test_join_codes.py."""

from __future__ import annotations

import re

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.store import join_codes
from scorekeeper.web.shell.db import get_db

from .routes import dump
from .steps import PASSCODE, page_text, rows, set_scorer_passcode, start_series, tally

SEATS = ("Ana", "Bo", "Cai", "Dee")
SCORER = {"Authorization": f"Bearer {PASSCODE}"}


@pytest.fixture
def series_id(client) -> int:
    """A Rummikub series of nine hands with the four players, started before the passcode."""
    return start_series(client, seats=SEATS, end_kind="hands", end_value=9)


@pytest.fixture
def series_behind_passcode(app, series_id) -> int:
    """The same series at a table where the scorer passcode was set after it started."""
    set_scorer_passcode(app)
    return series_id


def phone(app):
    """Another phone: its own cookies, no passcode."""
    return app.test_client()


def join_code(app, series_id: int) -> str:
    """The series' join code, as the scorer's QR code carries it."""
    with app.app_context():
        return join_codes.code_of(get_db(), series_id)


def joined(app, series_id: int):
    """A phone at the table: it opened the viewer link of the scorer's QR code."""
    client = phone(app)
    opened = client.get(f"/series/{series_id}/view?join={join_code(app, series_id)}")
    assert opened.status_code == 302 and opened.headers["Location"] == f"/series/{series_id}/view"
    return client


def claim(client, series_id: int, seat: int):
    """ "I'm ..." on a phone, having opened the scorer's QR link first."""
    client.get(f"/series/{series_id}/view?join={join_code(client.application, series_id)}")
    return client.post(f"/series/{series_id}/my-rack/seat", data={"seat": str(seat)})


def joining(app, series_id: int) -> dict:
    """The API's header of a phone that has the series' join code."""
    return {"Authorization": f"Bearer {join_code(app, series_id)}"}


def send(client, series_id: int, rack: str, hand: int | None = None):
    data = {"mine-rack": rack}
    if hand is not None:
        data["mine-hand"] = str(hand)
    return client.post(f"/series/{series_id}/my-rack", data=data)


def draft(client, series_id: int) -> dict:
    return client.get(f"/api/series/{series_id}/draft").get_json()


def drafted_racks(client, series_id: int) -> dict:
    return {s["name"]: (s["draft"] or {}).get("rack") for s in draft(client, series_id)["seats"]}


def test_a_phone_says_once_which_player_it_is_and_sends_its_rack(app, series_behind_passcode):
    bo = joined(app, series_behind_passcode)
    page = page_text(bo.get(f"/series/{series_behind_passcode}/view"))
    assert "Playing? Count your own rack on this phone" in page
    assert "I'm Bo" in page_text(bo.get(f"/series/{series_behind_passcode}/my-rack"))
    answer = claim(bo, series_behind_passcode, 1)
    assert answer.status_code == 302
    cookie = next(c for c in answer.headers.getlist("Set-Cookie") if c.startswith("rack_phone="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Max-Age=31536000" in cookie
    assert "My rack for hand 1 (Bo)" in page_text(bo.get(f"/series/{series_behind_passcode}/view"))
    page = page_text(bo.get(f"/series/{series_behind_passcode}/my-rack"))
    assert "My rack for hand 1" in page and "This phone counts for Bo." in page
    sent = send(bo, series_behind_passcode, "b1 b2 y13 y13", hand=1)
    assert sent.status_code == 302
    assert "Sent to the scorer. You can change it until hand 1 is saved." in page_text(
        bo.get(sent.headers["Location"])
    )
    state = draft(bo, series_behind_passcode)
    assert state["hand"] == 1 and state["finished"] is False
    assert state["seats"][1] == {
        "seat": 1,
        "name": "Bo",
        "held": True,
        "yours": True,
        "draft": {"rack": "b1 b2 y13 y13"},
        "sent_by": "sent from the phone that joined as Bo",
        "by_player": True,
        "sent": state["seats"][1]["sent"],
        # What the scorer's form keeps of the draft it read (test_newer_rack.py).
        "token": state["seats"][1]["token"],
    }
    assert re.fullmatch(r"[0-9a-f]{16}", state["seats"][1]["token"])
    assert state["still_counting"] == []
    # The player can change it until the scorer saves.
    send(bo, series_behind_passcode, "b1 b2 y13", hand=1)
    assert drafted_racks(bo, series_behind_passcode)["Bo"] == "b1 b2 y13"


def test_the_scorers_form_is_filled_with_the_racks_sent_and_says_who_is_counting(
    app, client, series_behind_passcode
):
    bo, cai = phone(app), phone(app)
    claim(bo, series_behind_passcode, 1)
    claim(cai, series_behind_passcode, 2)
    send(bo, series_behind_passcode, "b1 b2 y13 y13")
    form = client.get(f"/series/{series_behind_passcode}/hands/new", headers=SCORER)
    assert form.status_code == 403  # the form page needs the scorer's session
    client.post("/scorer", data={"passcode": PASSCODE, "next": "/"})
    page = client.get(f"/series/{series_behind_passcode}/hands/new").get_data(as_text=True)
    assert re.search(r'name="players-1-rack" [^>]*value="b1 b2 y13 y13"', page)
    assert "sent from the phone that joined as Bo" in page
    assert "Still counting: Cai." in page_text(page)
    assert re.search(r'name="players-2-rack" [^>]*value=""', page)


def test_a_phone_cannot_send_another_seats_rack(app, series_behind_passcode):
    ana, bo = phone(app), phone(app)
    claim(ana, series_behind_passcode, 0)
    claim(bo, series_behind_passcode, 1)
    send(ana, series_behind_passcode, "r12 k3 j")
    before = drafted_racks(ana, series_behind_passcode)
    refused = bo.put(f"/api/series/{series_behind_passcode}/draft/seats/0", json={"rack": "k1"})
    assert refused.status_code == 403
    assert refused.get_json() == {
        "error": "This phone counts for Bo: a rack for Ana comes from the phone that joined as "
        "Ana or from the scorer.",
        "where": "seat",
    }
    # Nor an open seat while it holds one of its own, nor a held seat by claiming it.
    assert (
        bo.put(
            f"/api/series/{series_behind_passcode}/draft/seats/2", json={"rack": "k1"}
        ).status_code
        == 403
    )
    claim(bo, series_behind_passcode, 0)
    assert "Ana's seat is held by another phone: ask the scorer to hand it over." in page_text(
        bo.get(f"/series/{series_behind_passcode}/my-rack")
    )
    stranger = phone(app)
    taken = stranger.put(
        f"/api/series/{series_behind_passcode}/draft/seats/0",
        json={"rack": "k1"},
        headers=joining(app, series_behind_passcode),
    )
    assert taken.status_code == 403
    assert "Ana's seat is held by another phone" in taken.get_json()["error"]
    assert (
        drafted_racks(ana, series_behind_passcode)
        == before
        == {"Ana": "r12 k3 j", "Bo": None, "Cai": None, "Dee": None}
    )


def test_an_open_seat_is_taken_by_the_phone_that_sends_for_it(app, series_behind_passcode):
    dee = phone(app)
    sent = dee.put(
        f"/api/series/{series_behind_passcode}/draft/seats/3",
        json={"rack": "y3", "hand": 1},
        headers=joining(app, series_behind_passcode),
    )
    assert sent.status_code == 200
    assert sent.get_json() == {
        "hand": 1,
        "seat": 3,
        "name": "Dee",
        "draft": {"rack": "y3"},
        "sent_by": "sent from the phone that joined as Dee",
    }
    assert draft(dee, series_behind_passcode)["seats"][3]["yours"] is True
    # Held now: the phone sends again with its cookie alone; another phone, even with the
    # join code, cannot.
    assert (
        dee.put(
            f"/api/series/{series_behind_passcode}/draft/seats/3", json={"rack": "y5"}
        ).status_code
        == 200
    )
    assert (
        phone(app)
        .put(
            f"/api/series/{series_behind_passcode}/draft/seats/3",
            json={"rack": "y4"},
            headers=joining(app, series_behind_passcode),
        )
        .status_code
        == 403
    )


def test_the_scorer_sets_any_seat_and_hands_a_seat_over(app, client, series_behind_passcode):
    ana = phone(app)
    claim(ana, series_behind_passcode, 0)
    send(ana, series_behind_passcode, "r12 k3 j")
    fixed = client.put(
        f"/api/series/{series_behind_passcode}/draft/seats/0",
        json={"rack": "r12 k3"},
        headers=SCORER,
    )
    assert fixed.status_code == 200 and fixed.get_json()["sent_by"] == "sent by the scorer"
    # Handing over is the scorer's: a phone without the passcode is refused.
    assert phone(app).post(f"/series/{series_behind_passcode}/seats/0/hand-over").status_code == 403
    client.post("/scorer", data={"passcode": PASSCODE, "next": "/"})
    assert "Hand Ana's seat to another phone" in page_text(
        client.get(f"/series/{series_behind_passcode}")
    )
    client.post(f"/series/{series_behind_passcode}/seats/0/hand-over")
    page = page_text(client.get(f"/series/{series_behind_passcode}"))
    assert "Ana, handed over by the scorer" in page
    new_phone = phone(app)
    claim(new_phone, series_behind_passcode, 0)
    assert send(new_phone, series_behind_passcode, "r1").status_code == 302
    # The old phone is told it no longer counts for anyone.
    assert "This phone no longer counts for a player" in page_text(
        ana.post(f"/series/{series_behind_passcode}/my-rack", data={"mine-rack": "r2"})
    )
    assert drafted_racks(client, series_behind_passcode)["Ana"] == "r1"
    assert [(r["seat"], r["action"]) for r in rows(app, "seat_log")] == [
        (0, "claimed"),
        (0, "handed over"),
        (0, "claimed"),
    ]


def test_a_draft_never_changes_a_total_or_what_the_api_reports(app, client, series_behind_passcode):
    client.post(
        f"/api/series/{series_behind_passcode}/hands",
        headers=SCORER,
        json={
            "players": [
                {"name": "Ana", "went_out": True},
                {"name": "Bo", "rack": "r5"},
                {"name": "Cai", "rack": "b1"},
                {"name": "Dee", "rack": "y3"},
            ]
        },
    )
    before = client.get(f"/api/series/{series_behind_passcode}").get_json()
    viewer = client.get(f"/series/{series_behind_passcode}/view.json").get_json()
    hands_before = rows(app, "hands")
    for seat, rack in enumerate(("r12 k3 j", "b1 b2 y13 y13", "k9", "y1")):
        player = phone(app)
        assert (
            player.put(
                f"/api/series/{series_behind_passcode}/draft/seats/{seat}",
                json={"rack": rack},
                headers=joining(app, series_behind_passcode),
            ).status_code
            == 200
        )
    assert client.get(f"/api/series/{series_behind_passcode}").get_json() == before
    assert client.get(f"/series/{series_behind_passcode}/view.json").get_json() == viewer
    assert rows(app, "hands") == hands_before
    assert len(rows(app, "rack_drafts")) == 4


def test_a_phone_cannot_touch_a_saved_hand_or_a_total(app, client, series_behind_passcode):
    bo = phone(app)
    claim(bo, series_behind_passcode, 1)
    send(bo, series_behind_passcode, "b1 b2 y13 y13", hand=1)
    saved = client.post(
        f"/api/series/{series_behind_passcode}/hands",
        headers=SCORER,
        json={
            "players": [
                {"name": "Ana", "rack": "r12 k3 j"},
                {"name": "Bo", "rack": "b1 b2 y13 y13"},
                {"name": "Cai", "rack": "k9"},
                {"name": "Dee", "went_out": True},
            ]
        },
    )
    assert saved.status_code == 201
    # Saving the hand cleared its drafts, in the same transaction.
    assert rows(app, "rack_drafts") == []
    assert draft(bo, series_behind_passcode)["hand"] == 2
    before = dump(app)
    old = send(bo, series_behind_passcode, "b1", hand=1)
    assert old.status_code == 409
    assert "Hand 1 is saved already: hand 2 is being recorded now." in page_text(old)
    put = bo.put(
        f"/api/series/{series_behind_passcode}/draft/seats/1", json={"rack": "b1", "hand": 1}
    )
    assert put.status_code == 409 and put.get_json()["where"] == "hand"
    # Everything else a phone could reach to change a hand or a total is the scorer's.
    assert (
        bo.post(
            f"/series/{series_behind_passcode}/hands/1/edit",
            data=tally(SEATS, {"Dee": "went_out", "Ana": "r1", "Bo": "b1", "Cai": "k1"}),
        ).status_code
        == 403
    )
    assert bo.post(f"/series/{series_behind_passcode}/hands/1/delete").status_code == 403
    assert bo.post(f"/api/series/{series_behind_passcode}/hands", json={}).status_code == 403
    assert dump(app) == before


def test_saving_the_hand_by_the_form_clears_its_drafts(app, client, series_id):
    bo = phone(app)
    claim(bo, series_id, 1)
    send(bo, series_id, "b1 b2 y13 y13")
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(
            SEATS, {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
        ),
    )
    assert saved.status_code == 302
    assert rows(app, "rack_drafts") == []
    assert "My rack for hand 2" in page_text(bo.get(f"/series/{series_id}/my-rack"))
    assert "Hand 1: you scored -29." in page_text(bo.get(f"/series/{series_id}/my-rack"))


def test_no_draft_for_a_finished_series(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=1)
    bo = phone(app)
    claim(bo, series_id, 1)
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(
            SEATS, {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
        ),
    )
    refused = bo.put(f"/api/series/{series_id}/draft/seats/1", json={"rack": "b1"})
    assert refused.status_code == 409
    assert refused.get_json() == {
        "error": "The series is over: there is no hand left to count.",
        "where": "hand",
    }
    late = send(bo, series_id, "b1")
    assert late.status_code == 409
    assert "The series is over: there is no hand left to count." in page_text(late)
    assert "The series is over" in page_text(bo.get(f"/series/{series_id}/my-rack"))
    assert draft(bo, series_id)["finished"] is True
    assert rows(app, "rack_drafts") == []


def test_a_refused_rack_says_why_on_the_players_phone(app, series_behind_passcode):
    bo = phone(app)
    claim(bo, series_behind_passcode, 1)
    page = send(bo, series_behind_passcode, "b1 r99")
    assert page.status_code == 400
    assert "'r99' is not a tile: numbers go from 1 to 13" in page_text(page)
    assert 'aria-invalid="true"' in page.get_data(as_text=True)
    as_json = bo.post(
        f"/series/{series_behind_passcode}/my-rack",
        data={"mine-rack": "j j j"},
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 400
    assert as_json.get_json()["where"] == "rack"
    assert "3 jokers in this hand" in as_json.get_json()["error"]
    assert rows(app, "rack_drafts") == []


def test_drafts_are_rate_limited_per_phone(app, series_behind_passcode):
    bo = phone(app)
    claim(bo, series_behind_passcode, 1)
    for _ in range(20):
        assert (
            bo.put(
                f"/api/series/{series_behind_passcode}/draft/seats/1", json={"rack": "b1"}
            ).status_code
            == 200
        )
    refused = bo.put(f"/api/series/{series_behind_passcode}/draft/seats/1", json={"rack": "b2"})
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"].startswith("Too many racks sent from this phone.")
    assert drafted_racks(bo, series_behind_passcode)["Bo"] == "b1"


def test_drafts_and_seats_survive_a_restart(tmp_path, app, series_behind_passcode):
    bo = phone(app)
    claim(bo, series_behind_passcode, 1)
    send(bo, series_behind_passcode, "b1 b2 y13 y13")
    restarted = create_app(app_settings(tmp_path))
    again = restarted.test_client()
    again.set_cookie("rack_phone", bo.get_cookie("rack_phone").value)
    state = draft(again, series_behind_passcode)
    assert state["seats"][1]["draft"] == {"rack": "b1 b2 y13 y13"}
    assert state["seats"][1]["yours"] is True
    assert "This phone counts for Bo." in page_text(
        again.get(f"/series/{series_behind_passcode}/my-rack")
    )


def test_the_draft_api_answers_json_for_unknown_series_and_seats(client, series_id):
    assert client.get("/api/series/99/draft").status_code == 404
    missing = client.put(f"/api/series/{series_id}/draft/seats/7", json={"rack": "r1"})
    assert missing.status_code == 404 and missing.get_json()["where"] == "seat"
    bad = client.put(f"/api/series/{series_id}/draft/seats/0", json={"rack": "r1", "hand": "1"})
    assert bad.status_code == 400 and bad.get_json()["where"] == "hand"


def test_without_my_rack_the_form_and_the_pages_are_as_before(client, series_id):
    page = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert 'id="counting"' in page and "Still counting" not in page_text(page)
    assert "sent by" not in page_text(page)


def test_a_hand_followed_in_table_mode_shows_the_players_table_count_and_fills_the_end(app, client):
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )
    opening = {
        "meld-player": "Ana",
        "meld-melds-0": "r11 b11 k11",
        "meld-melds-1": "y12 y13 y1",
        "meld-seen": "0",
    }
    assert client.post(f"/series/{series_id}/table/meld", data=opening).status_code == 302
    bo = phone(app)
    claim(bo, series_id, 1)
    page = page_text(bo.get(f"/series/{series_id}/my-rack"))
    assert "The table counts 0 melded points for you in this hand." in page
    assert "Tiles I put on the table" not in page
    ana = phone(app)
    claim(ana, series_id, 0)
    assert "The table counts 60 melded points for you in this hand." in page_text(
        ana.get(f"/series/{series_id}/my-rack")
    )
    send(bo, series_id, "b1 b2")
    end = client.get(f"/series/{series_id}/table/end").get_data(as_text=True)
    assert re.search(r'name="players-1-rack" [^>]*value="b1 b2"', end)
    assert "sent from the phone that joined as Bo" in end


def test_a_rack_sent_from_a_page_drawn_for_a_saved_hand_is_refused_then_sent_for_the_next(
    app, client, series_id
):
    bo = phone(app)
    claim(bo, series_id, 1)
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(
            SEATS, {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
        ),
    )
    old = send(bo, series_id, "b5", hand=1)
    assert old.status_code == 409
    page = old.get_data(as_text=True)
    assert "My rack for hand 2" in page_text(page)
    assert re.search(r'name="mine-hand" type="hidden" value="2"', page)
    assert 'value="b5"' in page  # what was typed is still there, to send again
    assert send(bo, series_id, "b5", hand=2).status_code == 302
    assert drafted_racks(bo, series_id)["Bo"] == "b5"


def test_a_phone_that_lost_its_seat_is_told_so_by_its_page_script(app, client, series_id):
    bo = phone(app)
    claim(bo, series_id, 1)
    client.post(f"/series/{series_id}/seats/1/hand-over")
    answer = bo.post(
        f"/series/{series_id}/my-rack",
        data={"mine-rack": "b1"},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 403
    assert answer.get_json() == {
        "error": "This phone no longer counts for a player: say again which player you are.",
        "where": "seat",
    }


def test_a_rematch_keeps_each_phone_with_its_player(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=1)
    bo = phone(app)
    claim(bo, series_id, 1)
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(
            SEATS, {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
        ),
    )
    rematch = client.post(f"/series/{series_id}/rematch")
    new_id = int(rematch.headers["Location"].rsplit("/", 1)[1])
    assert "My rack for hand 1 (Bo)" in page_text(bo.get(f"/series/{new_id}/view"))
    assert bo.put(f"/api/series/{new_id}/draft/seats/1", json={"rack": "b3"}).status_code == 200
