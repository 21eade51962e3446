"""Recording a hand: preview, refusals that store nothing, edit, delete with undo, audit."""

import json

import pytest

from scorekeeper.web.shell.db import get_db

from .steps import rows, series_form, start_night, start_series, tally

NAMES = ["A", "B", "C", "D"]


def test_the_form_shows_only_what_the_variant_needs(client):
    rummikub = start_series(client)
    page = client.get(f"/series/{rummikub}/hands/new").get_data(as_text=True)
    assert "Tiles left on the rack" in page and 'data-tiles="1"' in page
    assert "Tiles put on the table" not in page
    assert "exposed tile" not in page
    client.post("/nights/1/series/new", data=series_form(variant="romanian", end_kind="hands"))
    page = client.get(f"/series/{rummikub + 1}/hands/new").get_data(as_text=True)
    assert "Tiles put on the table" in page
    assert "Jokers credited" in page
    assert "Announced the exposed tile's twin" in page
    assert 'data-ace-places="1"' in page
    assert "Jokers taken by a swap" not in page  # swapped jokers are scored only in Rummy Meld
    client.post("/nights/1/series/new", data=series_form(variant="rummy-meld", end_kind="hands"))
    page = client.get(f"/series/{rummikub + 2}/hands/new").get_data(as_text=True)
    assert "Jokers taken by a swap" in page


def test_rack_points_are_folded_behind_one_control_per_player(client):
    rummikub = start_series(client)
    page = client.get(f"/series/{rummikub}/hands/new").get_data(as_text=True)
    assert page.count("<summary>Type points instead</summary>") == page.count('class="rack-part"')
    assert page.count('class="rack-part"') >= 2
    assert "All at once" not in page and "Jokers taken by a swap" not in page
    assert '<details class="points-instead" open>' not in page


def test_preview_shows_every_score_and_stores_nothing(app, client):
    series_id = start_series(client)
    form = tally(NAMES, {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"})
    form.pop("save")
    form["preview"] = "Preview"
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Preview: nothing is saved yet" in page
    assert "+24" in page and "-16" in page
    # Each name is isolated (U+2068 ... U+2069), so a right-to-left name keeps its points.
    assert (
        "Went out: the sum of the other racks (\u2068B\u2069 5, \u2068C\u2069 16, \u2068D\u2069 3)"
    ) in page
    assert 'value="b10 k6"' in page  # what was typed is still there
    assert rows(app, "hands") == []


def test_saving_stores_the_record_its_scores_and_an_audit_entry(app, client):
    series_id = start_series(client)
    form = tally(
        NAMES,
        {"A": "went_out", "B": "r5", "C": "", "D": ""},
        **{"players-2-rack_points": "16", "players-3-rack_jokers": "1"},
    )
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    assert response.status_code == 302
    (hand,) = rows(app, "hands")
    assert json.loads(hand["record"]) == {
        "players": [
            {"name": "A", "went_out": True},
            {"name": "B", "rack": "r5"},
            {"name": "C", "rack_points": 16},
            {"name": "D", "rack_points": 0, "rack_jokers": 1},
        ]
    }
    assert json.loads(hand["scores"]) == {"A": 51, "B": -5, "C": -16, "D": -30}
    assert hand["winner"] == "A"
    (audit,) = rows(app, "hand_audit")
    assert audit["action"] == "created" and audit["old"] is None
    assert json.loads(audit["new"]) == json.loads(hand["record"])
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Hand 1 saved. <bdi>A</bdi> won the hand (+51)." in page


@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [
        ({"A": "went_out", "B": "x5"}, {}, "&#39;x5&#39; is not a tile"),
        ({"A": "went_out", "B": "r5 r5 r5"}, {}, "3 copies of r5 in this hand"),
        ({"A": "went_out", "B": "j j j"}, {}, "3 jokers in this hand"),
        ({"A": "went_out", "B": "r14"}, {}, "numbers go from 1 to 13"),
        (
            {"A": "went_out", "B": "r5"},
            {"players-1-rack_points": "5"},
            "Give the rack as tiles or as rack points, not both",
        ),
        ({"A": "went_out"}, {"players-1-rack_points": "-3"}, "Number must be between 0"),
        ({"A": "went_out"}, {"players-0-rack": "k9"}, "Went out but still has tiles on the rack"),
    ],
)
def test_a_refused_hand_says_why_next_to_the_field_keeps_the_typing_and_stores_nothing(
    app, client, hand, extra, message
):
    series_id = start_series(client)
    form = {**tally(NAMES, hand), **extra}
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert message in page
    assert 'class="error"' in page or 'role="alert"' in page
    for key, value in form.items():
        if key.endswith("-rack") and value:
            assert f'value="{value}"' in page
    assert rows(app, "hands") == []
    assert rows(app, "hand_audit") == []


def test_a_hand_after_the_end_of_the_series_is_refused(app, client):
    series_id = start_series(client, seats=("A", "B"), end_kind="hands", end_value=1)
    client.post(
        f"/series/{series_id}/hands/new", data=tally(["A", "B"], {"A": "went_out", "B": "r5"})
    )
    response = client.post(
        f"/series/{series_id}/hands/new", data=tally(["A", "B"], {"B": "went_out", "A": "r5"})
    )
    assert response.status_code == 422
    assert "Hand 2 comes after the series ended (1 hand)" in response.get_data(as_text=True)
    assert len(rows(app, "hands")) == 1


def test_romanian_quick_tally_with_melded_tiles_a_joly_and_an_exposed_twin(app, client):
    series_id = start_series(
        client, seats=("Ana", "Bo", "Cici"), variant="romanian", end_kind="hands", end_value=5
    )
    form = {
        "went_out": "Ana",
        "finish": "discard",
        "save": "Save hand",
        "players-0-melded_tiles": "b6 b7 b8 r1/set k1/set y1/set",
        "players-1-rack": "r12 k1",
        "players-1-melded_points": "15",
        "players-1-exposed_twin": "y",
        "players-2-rack": "j y3",
        "players-2-melded_tiles": "y11 y12",
        "players-2-credited_jokers": "1",
    }
    assert client.post(f"/series/{series_id}/hands/new", data=form).status_code == 302
    (hand,) = rows(app, "hands")
    # Ana: 100 + 15 + 75; Bo: 15 - (10 + 25) + 25; Cici: 20 + 50 - (25 + 5).
    assert json.loads(hand["scores"]) == {"Ana": 190, "Bo": 5, "Cici": 40}
    page = client.get(f"/series/{series_id}/hands/{hand['id']}").get_data(as_text=True)
    assert "Announced the twin of the exposed tile" in page
    assert "1 joker credited to you as first melder, 50 each" in page
    assert "Romanian tile rummy, scoring section" in page


def test_an_ace_without_its_place_is_refused_where_it_matters(app, client):
    series_id = start_series(client, seats=("Ana", "Bo"), variant="romanian", end_kind="hands")
    form = {
        "went_out": "Ana",
        "finish": "discard",
        "save": "1",
        "players-0-melded_tiles": "r1 k1 y1",
    }
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    assert response.status_code == 422
    assert (
        "Say where the ace lies: r1/low (low run), r1/high (high run) or r1/set"
        in response.get_data(as_text=True)
    )
    assert rows(app, "hands") == []


def test_editing_a_hand_recomputes_totals_and_records_old_and_new(app, client):
    series_id = start_series(client)
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"A": "went_out", "B": "r5", "C": "r6", "D": "r7"}),
    )
    hand_id = rows(app, "hands")[0]["id"]
    page = client.get(f"/series/{series_id}/hands/{hand_id}/edit").get_data(as_text=True)
    assert 'value="r6"' in page and "Fix hand 1" in page
    response = client.post(
        f"/series/{series_id}/hands/{hand_id}/edit",
        data=tally(NAMES, {"A": "r5", "B": "went_out", "C": "r6", "D": "r7"}),
    )
    assert response.status_code == 302
    assert json.loads(rows(app, "hands")[0]["scores"]) == {"A": -5, "B": 18, "C": -6, "D": -7}
    _created, edited = rows(app, "hand_audit")
    assert edited["action"] == "edited"
    assert json.loads(edited["old"])["players"][1] == {"name": "B", "rack": "r5"}
    # The edit form keeps the stored way of going out.
    assert json.loads(edited["new"])["players"][1] == {
        "name": "B",
        "went_out": True,
        "finish": "rack_empty",
    }
    page = client.get(f"/series/{series_id}/hands/{hand_id}").get_data(as_text=True)
    assert "B: went out (none) → yes" in page
    assert "A: rack (none) → r5" in page
    sheet = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "+18" in sheet


def test_a_refused_edit_changes_nothing(app, client):
    series_id = start_series(client)
    racks = {"B": "r1", "C": "r2", "D": "r3"}
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, {"A": "went_out", **racks}))
    before = rows(app, "hands")
    response = client.post(
        f"/series/{series_id}/hands/1/edit",
        data=tally(NAMES, {"A": "went_out", **racks, "B": "zz"}),
    )
    assert response.status_code == 422
    assert rows(app, "hands") == before
    assert len(rows(app, "hand_audit")) == 1


def test_delete_and_undo(app, client):
    series_id = start_series(client, end_kind="hands", end_value=9)
    racks = {"A": "r4", "B": "r4", "C": "r2", "D": "r3"}  # the other three hold 9 points
    for winner in ("A", "B"):
        client.post(
            f"/series/{series_id}/hands/new", data=tally(NAMES, {**racks, winner: "went_out"})
        )
    response = client.post(f"/series/{series_id}/hands/1/delete")
    assert response.status_code == 302
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Hand 1 deleted. To bring it back, tap Undo below." in page
    assert "Hand 1 was deleted; hand 2 is now hand 1." in page
    assert rows(app, "hands")[0]["deleted_at"] is not None
    assert "+9" in page and page.count("won)") == 1  # only hand 2 remains
    client.post(f"/series/{series_id}/hands/1/restore")
    assert rows(app, "hands")[0]["deleted_at"] is None
    actions = [r["action"] for r in rows(app, "hand_audit") if r["hand_id"] == 1]
    assert actions == ["created", "deleted", "restored"]
    assert client.get(f"/series/{series_id}").get_data(as_text=True).count("won)") == 2


def test_undo_offers_the_hand_deleted_last_even_when_the_clock_was_set_back(
    app, client, monkeypatch
):
    from scorekeeper.store import hands

    series_id = start_series(client, end_kind="hands", end_value=9)
    for winner in ("A", "B", "C"):
        racks = {
            name: tile
            for name, tile in zip(NAMES, ("r9", "b9", "k9", "y9"), strict=True)
            if name != winner
        }
        saved = client.post(
            f"/series/{series_id}/hands/new", data=tally(NAMES, {**racks, winner: "went_out"})
        )
        assert saved.status_code == 302
    monkeypatch.setattr(hands, "now", lambda: "2026-11-23T22:00:00+00:00")
    client.post(f"/series/{series_id}/hands/3/delete")
    monkeypatch.setattr(hands, "now", lambda: "2026-11-23T21:00:00+00:00")  # set back an hour
    client.post(f"/series/{series_id}/hands/1/delete")
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Hand 1 was deleted" in page and "Hand 3 was deleted" not in page
    client.post(f"/series/{series_id}/hands/1/restore")
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Hand 3 was deleted" in page


def test_a_hand_of_another_series_is_not_found(client):
    first = start_series(client)
    client.post(f"/series/{first}/hands/new", data=tally(NAMES, {"A": "went_out"}))
    client.post("/nights/1/series/new", data=series_form())
    assert client.get(f"/series/{first + 1}/hands/1").status_code == 404
    assert client.get(f"/series/{first}/hands/7").status_code == 404


def test_a_series_keeps_its_frozen_rules_when_the_custom_variant_changes(app, client):
    from scorekeeper.store import variants

    start_night(client)
    with app.app_context():
        db = get_db()
        base = variants.get_variant(db, "romanian")
        custom_id = variants.create_custom(db, base, "Grandma's rules", {"opening": 60})
    client.post(
        "/nights/1/series/new",
        data=series_form(variant=custom_id, seats=("Ana", "Bo"), end_kind="hands"),
    )
    with app.app_context():
        db = get_db()
        changed = json.loads(db["variants"].get(custom_id)["rules"]) | {"never_opened_penalty": 500}
        db["variants"].update(custom_id, {"rules": json.dumps(changed)})
    client.post(
        "/series/1/hands/new",
        data={
            "went_out": "Ana",
            "finish": "discard",
            "save": "1",
            "players-0-melded_points": "60",
            "players-1-rack": "r5",
        },
    )
    assert json.loads(rows(app, "hands")[0]["scores"]) == {"Ana": 160, "Bo": -200}
