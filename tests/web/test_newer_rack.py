"""No rack silently dropped (issue 25, point 6): a rack a player's phone sends after the
scorer's form last read the drafts, and before Save, refuses the save when the hand does not
hold it. Each test here is one interleaving, in order: the form reads the drafts, the phone
sends, the scorer saves. The racing version, with threads: test_newer_rack_racing.py."""

from __future__ import annotations

import html
import json
import re

from .steps import page_text, rows, start_series, tally
from .test_my_rack import SEATS, claim, phone, send

TYPED = {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2", "Cai": "k9"}
NEWER = "The phone that joined as Bo sent a newer rack: b1 b2 y13. Nothing was saved: use it, or save again to keep what you typed."  # noqa: E501


def seen_tokens(page: str) -> dict[str, str]:
    """The hidden boxes in which the form keeps the token of each seat's draft it read."""
    return dict(re.findall(r'name="(draft-seen-\d)" value="([^"]*)"', page))


def box(page: str, name: str) -> str | None:
    """What a box of the form holds."""
    found = re.search(rf'name="{name}" [^>]*value="([^"]*)"', page)
    return found.group(1) if found else None


def saved_racks(app) -> list[dict]:
    """Each stored hand's racks, by player."""
    return [
        {p["name"]: p.get("rack") for p in json.loads(row["record"])["players"]}
        for row in rows(app, "hands")
    ]


def opened_form(app, client, series_id: int):
    """Bo's phone sends b1 b2, and the scorer opens the form: it reads that draft."""
    bo = phone(app)
    claim(bo, series_id, 1)
    send(bo, series_id, "b1 b2")
    page = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert box(page, "players-1-rack") == "b1 b2"
    return bo, page


def test_a_rack_sent_after_the_form_read_the_drafts_refuses_the_save(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    tokens = seen_tokens(page)
    assert tokens["draft-seen-1"] and tokens["draft-seen-0"] == ""
    assert send(bo, series_id, "b1 b2 y13").status_code == 302  # the phone was told "sent"
    refused = client.post(f"/series/{series_id}/hands/new", data={**tally(SEATS, TYPED), **tokens})
    assert refused.status_code == 409
    assert rows(app, "hands") == []
    assert rows(app, "rack_drafts") != []  # the racks sent are kept for the next try
    answer = refused.get_data(as_text=True)
    words = page_text(answer)
    assert "This hand was not saved." in words
    assert f"Bo : {NEWER}" in words  # in the list at the top, linked to Bo's part
    assert words.count(NEWER) == 2  # and beside Bo's boxes
    # Everything the scorer typed is kept; the newer rack is shown beside Bo with its button.
    assert [box(answer, f"players-{i}-rack") for i in range(4)] == ["r12 k3 j", "b1 b2", "k9", ""]
    assert 'value="Dee" checked' in answer or re.search(r'checked[^>]*value="Dee"', answer)
    assert "The phone that joined as Bo sent a new rack: b1 b2 y13 Use it" in words
    assert '<button class="button button-small" type="submit" name="take_rack" value="1">' in answer
    # The form now carries the token of the rack it showed.
    assert seen_tokens(answer)["draft-seen-1"] not in ("", tokens["draft-seen-1"])

    # One tap puts the newer rack in Bo's box; nothing is saved by it.
    taken = client.post(
        f"/series/{series_id}/hands/new",
        data={**tally(SEATS, TYPED), **seen_tokens(answer), "take_rack": "1", "save": ""},
    )
    assert taken.status_code == 200 and rows(app, "hands") == []
    again = taken.get_data(as_text=True)
    assert [box(again, f"players-{i}-rack") for i in range(4)] == [
        "r12 k3 j",
        "b1 b2 y13",
        "k9",
        "",
    ]
    assert "This hand was not saved." not in page_text(again)
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data={**tally(SEATS, {**TYPED, "Bo": "b1 b2 y13"}), **seen_tokens(again)},
    )
    assert saved.status_code == 302
    assert saved_racks(app) == [{"Ana": "r12 k3 j", "Bo": "b1 b2 y13", "Cai": "k9", "Dee": None}]
    assert rows(app, "rack_drafts") == []


def test_after_the_refusal_save_again_keeps_what_the_scorer_typed(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    send(bo, series_id, "b1 b2 y13")
    refused = client.post(
        f"/series/{series_id}/hands/new", data={**tally(SEATS, TYPED), **seen_tokens(page)}
    )
    assert refused.status_code == 409
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data={**tally(SEATS, TYPED), **seen_tokens(refused.get_data(as_text=True))},
    )
    assert saved.status_code == 302
    assert saved_racks(app)[0]["Bo"] == "b1 b2"


def test_a_newer_rack_the_same_as_what_was_typed_is_saved(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    send(bo, series_id, "y13 b2 b1")  # the same tiles, in another order
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data={**tally(SEATS, {**TYPED, "Bo": "b1 b2 y13"}), **seen_tokens(page)},
    )
    assert saved.status_code == 302
    assert saved_racks(app)[0]["Bo"] == "b1 b2 y13"


def test_a_rack_sent_before_the_form_was_opened_changes_nothing(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    _bo, page = opened_form(app, client, series_id)
    # The scorer overrules the rack the form read: that is the scorer's to do.
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data={**tally(SEATS, {**TYPED, "Bo": "b5"}), **seen_tokens(page)},
    )
    assert saved.status_code == 302
    assert saved_racks(app)[0]["Bo"] == "b5"


def test_a_form_that_read_no_draft_is_refused_a_rack_sent_since(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    page = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert seen_tokens(page) == {f"draft-seen-{i}": "" for i in range(4)}
    cai = phone(app)
    claim(cai, series_id, 2)
    send(cai, series_id, "k10")
    refused = client.post(
        f"/series/{series_id}/hands/new", data={**tally(SEATS, TYPED), **seen_tokens(page)}
    )
    assert refused.status_code == 409 and rows(app, "hands") == []
    assert "The phone that joined as Cai sent a newer rack: k10." in page_text(refused)


def test_the_refusal_in_hungarian_writes_the_rack_in_the_pages_letters(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    hungarian = {"Accept-Language": "hu"}
    bo = phone(app)
    claim(bo, series_id, 1)
    page = client.get(f"/series/{series_id}/hands/new", headers=hungarian).get_data(as_text=True)
    send(bo, series_id, "b1 k2")
    refused = client.post(
        f"/series/{series_id}/hands/new",
        headers=hungarian,
        # Typed in the page's letters: p12 is the red 12, k1 the blue 1, f9 the black 9.
        data={
            **tally(SEATS, {"Dee": "went_out", "Ana": "p12 f3 j", "Bo": "k1", "Cai": "f9"}),
            **seen_tokens(page),
        },
    )
    assert refused.status_code == 409
    assert (
        "Újabb tartót küldött a telefon, amely Bo néven csatlakozott: k1 f2. Semmi sincs "
        "elmentve: használd, vagy mentsd újra, és megmarad, amit beírtál."
    ) in page_text(refused)
    assert box(refused.get_data(as_text=True), "players-0-rack") == "p12 f3 j"


def test_table_mode_refuses_a_rack_sent_after_its_end_form_read_the_drafts(app, client):
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
    send(bo, series_id, "b1 b2")
    end = client.get(f"/series/{series_id}/table/end").get_data(as_text=True)
    assert box(end, "players-1-rack") == "b1 b2"
    send(bo, series_id, "b1 b2 b3")
    form = {
        "went_out": "Ana",
        "players-0-rack": "",
        "players-1-rack": "b1 b2",
        "players-2-rack": "k5",
        "seen": "1",
        **seen_tokens(end),
    }
    preview = client.post(f"/series/{series_id}/table/end", data={**form, "preview": "Preview"})
    previewed = re.search(r'name="previewed" [^>]*value="([^"]*)"', preview.get_data(as_text=True))
    assert previewed
    refused = client.post(
        f"/series/{series_id}/table/end",
        data={**form, "save": "Save", "previewed": previewed.group(1)},
    )
    assert refused.status_code == 409 and rows(app, "hands") == []
    assert "The phone that joined as Bo sent a newer rack: b1 b2 b3." in page_text(refused)


def test_the_apis_hand_save_refuses_a_rack_sent_after_the_drafts_the_script_read(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo = phone(app)
    claim(bo, series_id, 1)
    send(bo, series_id, "b1 b2")
    read = client.get(f"/api/series/{series_id}/draft").get_json()
    seen = {str(s["seat"]): s["token"] for s in read["seats"] if s["token"]}
    send(bo, series_id, "b1 b2 y13")
    hand = {
        "players": [
            {"name": "Ana", "rack": "r12 k3 j"},
            {"name": "Bo", "rack": "b1 b2"},
            {"name": "Cai", "rack": "k9"},
            {"name": "Dee", "went_out": True},
        ]
    }
    refused = client.post(f"/api/series/{series_id}/hands", json={**hand, "drafts_seen": seen})
    assert refused.status_code == 409 and rows(app, "hands") == []
    newer = client.get(f"/api/series/{series_id}/draft").get_json()["seats"][1]
    assert refused.get_json() == {
        "error": "a newer rack came for Bo since the drafts you read: nothing was saved",
        "where": "drafts_seen",
        "newer": [
            {"seat": 1, "name": "Bo", "draft": {"rack": "b1 b2 y13"}, "token": newer["token"]}
        ],
    }
    # With the newer token the script has seen that rack: its own is saved.
    kept = client.post(
        f"/api/series/{series_id}/hands", json={**hand, "drafts_seen": {"1": newer["token"]}}
    )
    assert kept.status_code == 201 and saved_racks(app)[0]["Bo"] == "b1 b2"


def test_the_api_saves_a_hand_without_drafts_seen_as_sent(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo = phone(app)
    claim(bo, series_id, 1)
    send(bo, series_id, "b1 b2 y13")
    hand = {
        "players": [
            {"name": "Ana", "rack": "r1"},
            {"name": "Bo", "rack": "b5"},
            {"name": "Cai", "rack": "k9"},
            {"name": "Dee", "went_out": True},
        ]
    }
    assert client.post(f"/api/series/{series_id}/hands", json=hand).status_code == 201
    assert saved_racks(app)[0]["Bo"] == "b5" and rows(app, "rack_drafts") == []
    wrong = client.post(f"/api/series/{series_id}/hands", json={**hand, "drafts_seen": [1]})
    assert wrong.status_code == 400 and wrong.get_json()["where"] == "drafts_seen"
    assert wrong.get_json()["error"] == (
        """drafts_seen gives each seat's draft token as read, e.g. {"1": "56ad0287b274df10"}"""
    )


def read_boxes(page: str) -> dict[str, str]:
    """The hidden boxes in which the form keeps what it read of each seat's draft."""
    return {
        name: html.unescape(value)
        for name, value in re.findall(r'name="(draft-read-\d)" value="([^"]*)"', page)
    }


def marks(page: str) -> dict[str, str]:
    """The mark beside each seat's boxes, by seat."""
    return dict(re.findall(r'<p class="sent-by" data-seat="(\d)"[^>]*>([^<]*)</p>', page))


def test_the_phones_earlier_rack_is_not_called_the_scorers_change(app, client):
    """The scorer never touched Bo's box: it still holds the rack Bo's phone sent first, so
    the mark says so, not "changed by the scorer" (the app claims no more than it knows)."""
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    assert json.loads(read_boxes(page)["draft-read-1"]) == {
        "fields": {"rack": "b1 b2"},
        "by_player": True,
    }
    send(bo, series_id, "b1 b2 y13")
    form = {**tally(SEATS, TYPED), **seen_tokens(page), **read_boxes(page)}
    refused = client.post(f"/series/{series_id}/hands/new", data=form)
    assert refused.status_code == 409
    answer = refused.get_data(as_text=True)
    assert marks(answer)["1"] == "the earlier rack from the phone that joined as Bo"
    assert "changed by the scorer" not in answer.split("data-words-changed")[1].split(">", 1)[1]
    # The form still carries the rack its boxes hold, so the next refusal says the same.
    assert read_boxes(answer)["draft-read-1"] == read_boxes(page)["draft-read-1"]


def test_a_box_the_scorer_changed_is_still_called_the_scorers_change(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    send(bo, series_id, "b1 b2 y13")
    form = {**tally(SEATS, {**TYPED, "Bo": "b5"}), **seen_tokens(page), **read_boxes(page)}
    refused = client.post(f"/series/{series_id}/hands/new", data=form)
    assert refused.status_code == 409
    assert marks(refused.get_data(as_text=True))["1"] == "changed by the scorer"


def test_a_forged_read_box_changes_nothing_but_the_mark(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo, page = opened_form(app, client, series_id)
    send(bo, series_id, "b1 b2 y13")
    for forged in ("{", "[1]", '{"fields": {"rack": 5}}', "x" * 5000):
        form = {**tally(SEATS, TYPED), **seen_tokens(page), "draft-read-1": forged}
        refused = client.post(f"/series/{series_id}/hands/new", data=form)
        assert refused.status_code == 409
        assert marks(refused.get_data(as_text=True))["1"] == "changed by the scorer"
