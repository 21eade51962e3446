"""A table scorer (issue 27): a phone with one event table's code records, fixes and deletes
the hands of that table's series, by the code page or the API's bearer, and changes nothing
else; the code stops working when the event ends, and is guessed no faster than the passcode.
The events' JSON API answers in exactly the issue's shapes."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask

from scorekeeper.store import events, join_codes
from scorekeeper.web.access.scorer import API_REFUSED, OPEN_ENDPOINTS, REFUSED
from scorekeeper.web.shell.db import get_db

from .routes import WRITE_METHODS, address
from .steps import PASSCODE, page_text, rows, set_scorer_passcode

ORGANISER = {"Authorization": f"Bearer {PASSCODE}"}
TEN = ["Ana", "Bo", "Cy", "Dan", "Eva", "Flo", "Gus", "Hal", "Ivy", "Jo"]
BODY = {
    "name": "Friday club",
    "variant": "rummikub",
    "players": TEN,
    "rounds": 2,
    "table_size": 4,
    "round_end": {"hands": 1},
    "seating": "mix",
    "points": "places",
}
STANDING_KEYS = {"player", "points", "score", "hands_won", "rank"}
# What a table scorer may do in its own series (issue 27): record a hand (the form and the
# API), fix one, delete one, bring a deleted one back; and press every button of its turn
# clock (the series page's and table screen's form, and the API), as a series' scorer does.
# Written out here, not read from the app.
HAND_ENDPOINTS = {"hands.new", "hands.edit", "hands.delete", "hands.restore", "api.add_hand"}
CLOCK_ENDPOINTS = {"clock.step", "clock_api.step"}
TABLE_SCORER_MAY = HAND_ENDPOINTS | CLOCK_ENDPOINTS
# The clock's endpoints are open to every phone (who presses what is the clock's to decide:
# web/clock/state.py), so they refuse in their own words.
CLOCK_REFUSED = "Only the scorer can start, pause or resume the clock."
CLOCK_API_REFUSED = (
    "only the scorer can start, pause or resume the clock: send the passcode as "
    "Authorization: Bearer <passcode>"
)


def bearer(code: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {code}"}


def hand_of(players: list[str]) -> dict:
    """One hand at the table: its first player goes out."""
    first, *others = players
    racks = [{"name": n, "rack": t} for n, t in zip(others, ["r5", "b7", "k9"], strict=False)]
    return {"players": [{"name": first, "went_out": True}, *racks]}


@pytest.fixture
def event(app: Flask, client) -> dict:
    """An event of ten players seated by the organiser (the passcode as the API's bearer)."""
    set_scorer_passcode(app)
    created = client.post("/api/events", json=BODY, headers=ORGANISER)
    assert created.status_code == 201, created.get_json()
    return created.get_json()


def enter_code(client, code: str, **kwargs):
    return client.post("/table-code", data={"code": code}, **kwargs)


def test_creating_an_event_answers_round_one_with_each_table_s_code(event):
    assert set(event) == {"id", "round", "tables", "standings"}
    assert event["round"] == 1
    assert [t["table"] for t in event["tables"]] == [1, 2, 3]
    assert [len(t["players"]) for t in event["tables"]] == [4, 3, 3]
    for table in event["tables"]:
        assert set(table) == {"table", "series", "players", "code"}
        assert len(table["code"]) == 10
    assert sorted(n for t in event["tables"] for n in t["players"]) == sorted(TEN)
    assert sorted(s["player"] for s in event["standings"]) == sorted(TEN)
    assert all(set(s) == STANDING_KEYS for s in event["standings"])
    assert {(s["points"], s["score"], s["hands_won"], s["rank"]) for s in event["standings"]} == {
        (0, 0, 0, 1)
    }


def test_reading_an_event_gives_its_rounds_and_standings_and_never_a_code(client, event):
    answer = client.get(f"/api/events/{event['id']}")
    assert answer.status_code == 200
    read = answer.get_json()
    assert set(read) == {"id", "name", "round", "finished", "rounds", "standings"}
    assert (read["id"], read["name"], read["round"], read["finished"]) == (
        event["id"],
        "Friday club",
        1,
        False,
    )
    assert [set(r) for r in read["rounds"]] == [{"number", "tables"}]
    assert read["rounds"][0]["tables"] == [
        {"table": t["table"], "series": t["series"], "players": t["players"], "finished": False}
        for t in event["tables"]
    ]
    text = answer.get_data(as_text=True)
    assert all(t["code"] not in text for t in event["tables"]) and "code" not in read
    assert client.get("/api/events/99").status_code == 404


def test_the_next_round_waits_for_every_table_then_stops_after_the_last(client, event):
    url = f"/api/events/{event['id']}/rounds"
    early = client.post(url, headers=ORGANISER)
    assert early.status_code == 409
    assert early.get_json()["error"] == ("Round 1 is not over yet: 3 tables are still playing.")
    for table in event["tables"]:
        saved = client.post(
            f"/api/series/{table['series']}/hands",
            json=hand_of(table["players"]),
            headers=bearer(table["code"]),
        )
        assert saved.status_code == 201, saved.get_json()
    second = client.post(url, headers=ORGANISER)
    assert second.status_code == 201
    answer = second.get_json()
    assert set(answer) == {"id", "round", "tables", "standings"} and answer["round"] == 2
    assert all(set(t) == {"table", "series", "players", "code"} for t in answer["tables"])
    # The winners of round 1 lead: 3 points at a table of four, 2 at a table of three.
    top = sorted((s["points"] for s in answer["standings"]), reverse=True)[:3]
    assert top == [3, 2, 2]
    for table in answer["tables"]:
        client.post(
            f"/api/series/{table['series']}/hands",
            json=hand_of(table["players"]),
            headers=bearer(table["code"]),
        )
    assert client.get(f"/api/events/{event['id']}").get_json()["finished"] is True
    last = client.post(url, headers=ORGANISER)
    assert last.status_code == 409
    assert last.get_json()["error"] == "All 2 rounds have been seated."


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": 5}, "name"),
        ({"name": " "}, "name"),
        ({"variant": "no such game"}, "variant"),
        ({"players": "Ana, Bo"}, "players"),
        ({"players": ["Ana", "ana", "Bo", "Cy"]}, "players"),
        ({"players": ["Ana"]}, "players"),
        ({"rounds": "2"}, "rounds"),
        ({"rounds": 0}, "rounds"),
        ({"table_size": 5}, "table_size"),
        ({"round_end": {"rounds": 2}}, "round_end"),
        ({"round_end": {"hands": 1, "target": 100}}, "round_end"),
        ({"seating": "by age"}, "seating"),
        ({"points": 3}, "points"),
        ({"place_points": {"4": [1, 2, 3, 4]}}, "place_points"),
    ],
)
def test_bad_input_is_refused_naming_its_field(app, client, change, field):
    set_scorer_passcode(app)
    refused = client.post("/api/events", json=BODY | change, headers=ORGANISER)
    assert refused.status_code == 400
    assert refused.get_json()["where"] == field, refused.get_json()
    assert rows(app, "events") == []


def test_only_the_organiser_creates_events_and_seats_rounds(client, event):
    mine = event["tables"][0]
    only_mine = (
        f"this table code records and changes only the hands of series {mine['series']} "
        "(round 1, table 1 of Friday club)"
    )
    for headers, why in (({}, str(API_REFUSED)), (bearer(mine["code"]), only_mine)):
        created = client.post("/api/events", json=BODY, headers=headers)
        seated = client.post(f"/api/events/{event['id']}/rounds", headers=headers)
        assert created.status_code == seated.status_code == 403
        assert created.get_json()["error"] == seated.get_json()["error"] == why


def test_a_table_code_records_hands_in_its_series_only_through_the_api(app, client, event):
    mine, other = event["tables"][0], event["tables"][1]
    refused = client.post(
        f"/api/series/{other['series']}/hands",
        json=hand_of(other["players"]),
        headers=bearer(mine["code"]),
    )
    assert refused.status_code == 403
    # Sent with every request, a table's code is never a wrong guess: no 429 however often.
    for _ in range(8):
        read = client.get(f"/api/series/{mine['series']}", headers=bearer(mine["code"]))
        assert read.status_code == 200 and "join_code" not in read.get_json()
    saved = client.post(
        f"/api/series/{mine['series']}/hands",
        json=hand_of(mine["players"]),
        headers=bearer(mine["code"].lower()),
    )
    assert saved.status_code == 201
    assert saved.get_json()["series"]["finished"] is True
    with app.app_context():
        table = events.table_of_series(get_db(), mine["series"])
    assert table is not None and table.scorer_since is not None


def test_the_code_page_makes_a_phone_the_scorer_of_its_table(app, client, event):
    mine, other = event["tables"][0], event["tables"][1]
    shown = client.get(f"/table-code?code={mine['code']}")
    assert shown.status_code == 200
    assert f'value="{mine["code"]}"' in shown.get_data(as_text=True)
    entered = enter_code(client, mine["code"])
    assert entered.status_code == 302
    assert entered.headers["Location"] == f"/series/{mine['series']}"
    page = page_text(client.get(entered.headers["Location"]))
    assert (
        "This phone now scores round 1, table 1 of Friday club. It can record, fix and delete "
        "that table's hands and run its turn clock, and nothing else." in page
    )
    assert "Record hand 1" in page
    # The table's phones join My rack from the table scorer's QR code (the join code).
    with app.app_context():
        join = join_codes.shown(join_codes.code_of(get_db(), mine["series"]) or "")
    assert f"Join code for My rack: {join}" in page
    assert join not in page_text(app.test_client().get(f"/series/{mine['series']}"))
    form = client.get(f"/series/{mine['series']}/hands/new")
    assert form.status_code == 200
    first, *others = mine["players"]
    tally = {"went_out": first, "save": "Save hand"}
    tally |= {f"players-{i + 1}-rack": t for i, t in enumerate(["r5", "b7", "k9"][: len(others)])}
    saved = client.post(f"/series/{mine['series']}/hands/new", data=tally)
    assert saved.status_code == 302, page_text(saved)
    assert len(rows(app, "hands")) == 1
    # Another table's hands are not this phone's to record.
    assert client.get(f"/series/{other['series']}/hands/new").status_code == 403
    assert "Record hand" not in page_text(client.get(f"/series/{other['series']}"))
    with app.app_context():
        assert events.tables_of(get_db(), event["id"])[0].scorer_since is not None


def test_a_table_scorer_is_refused_every_other_change(app, client, event):
    """Walk every changing endpoint: with the table's grant (the session, then the bearer),
    only the hand endpoints of its own series get past the guard."""
    mine, other = event["tables"][0], event["tables"][1]
    saved = client.post(
        f"/api/series/{mine['series']}/hands",
        json=hand_of(mine["players"]),
        headers=bearer(mine["code"]),
    )
    hand_id = rows(app, "hands")[0]["id"]
    assert saved.status_code == 201
    assert enter_code(client, mine["code"]).status_code == 302
    ids = {"night_id": 1, "hand_id": hand_id, "variant_id": "rummikub"}
    held = "This phone scores round 1, table 1 of Friday club only."
    only_mine = (
        f"this table code records and changes only the hands of series {mine['series']} "
        "(round 1, table 1 of Friday club)"
    )
    walked = set()
    # The bearer from a phone that never opened the code page: no session grant.
    for grant, phone, headers in (
        ("session", client, {}),
        ("bearer", app.test_client(), bearer(mine["code"])),
    ):
        for rule in app.url_map.iter_rules():
            methods = (rule.methods or set()) & WRITE_METHODS
            clock = rule.endpoint in CLOCK_ENDPOINTS
            if not methods or rule.endpoint == "static":
                continue
            if rule.endpoint in OPEN_ENDPOINTS and not clock:
                continue
            api = rule.rule.startswith("/api/")
            for series_id in (mine["series"], other["series"]):
                url = address(app, rule, ids | {"series_id": series_id, "event_id": event["id"]})
                for method in methods:
                    if clock and api:
                        step = {"do": "start"}
                        answer = phone.open(url, method=method, json=step, headers=headers)
                    elif clock:
                        # The form's button, answered as the page's script asks (JSON).
                        sent = headers | {"Accept": "application/json"}
                        answer = phone.open(url, method=method, data={"do": "start"}, headers=sent)
                    else:
                        answer = phone.open(url, method=method, json={}, headers=headers)
                    own = (
                        rule.endpoint in TABLE_SCORER_MAY
                        and "series_id" in rule.arguments
                        and series_id == mine["series"]
                        and (api == (grant == "bearer"))
                    )
                    walked.add(rule.endpoint)
                    if own:
                        assert answer.status_code != 403, (grant, url)
                        continue
                    assert answer.status_code == 403, (grant, method, url)
                    if clock:
                        said = CLOCK_API_REFUSED if api else CLOCK_REFUSED
                        # A code sent to another table's clock is told which table it scores.
                        said = only_mine if api and grant == "bearer" else said
                        assert answer.get_json()["error"] == said, url
                    # Each refusal names the one table this phone scores.
                    elif api and grant == "bearer":
                        assert answer.get_json()["error"] == only_mine, url
                    elif api:
                        assert answer.get_json()["error"] == str(API_REFUSED), url
                    elif grant == "session":
                        assert held in page_text(answer), url
                    else:
                        assert str(REFUSED) in answer.get_data(as_text=True), url
    assert {"series.rematch", "rulings.add", "events_api.create_event", "merge.merge"} <= walked
    assert {"clock.limit", "screen.show"} & walked == {"clock.limit"}
    assert walked >= TABLE_SCORER_MAY


def test_a_code_stops_working_when_the_event_ends(app, client, event):
    mine = event["tables"][0]
    assert enter_code(client, mine["code"]).status_code == 302
    assert client.get(f"/series/{mine['series']}/hands/new").status_code == 200
    with app.app_context():
        events.end_event(get_db(), event["id"])
    assert client.get(f"/series/{mine['series']}/hands/new").status_code == 403
    api = client.post(
        f"/api/series/{mine['series']}/hands",
        json=hand_of(mine["players"]),
        headers=bearer(mine["code"]),
    )
    assert api.status_code == 403
    again = client.post("/table-code", data={"code": mine["code"]})
    assert again.status_code == 422
    assert "This event has ended: its table codes no longer work." in page_text(again)
    assert rows(app, "hands") == []


def test_wrong_table_codes_are_wrong_guesses_under_the_passcode_s_limit(app, client, event):
    for _ in range(5):
        wrong = enter_code(client, "ABCDEFGHJK")
        assert wrong.status_code == 422
        assert "That is not a table code." in page_text(wrong)
    locked = enter_code(client, event["tables"][0]["code"])
    assert locked.status_code == 429
    assert "Too many wrong codes from this phone. Try again in 15 minutes." in page_text(locked)
    # The same count as the passcode's: this phone now waits for that too.
    passcode_form = client.post("/scorer", data={"passcode": PASSCODE, "next": "/"})
    assert passcode_form.status_code == 429
    # A script guessing codes as the API's bearer is held the same way.
    other = {"REMOTE_ADDR": "10.0.0.9"}
    table = event["tables"][1]
    statuses = [
        client.post(
            f"/api/series/{table['series']}/hands",
            json=hand_of(table["players"]),
            headers=bearer(f"ZZZZZZZZZ{n}"),
            environ_base=other,
        ).status_code
        for n in range(2, 9)
    ]
    assert statuses == [403] * 5 + [429] * 2
    assert json.loads(json.dumps(rows(app, "hands"))) == []


def test_the_code_page_works_with_its_form_s_token_as_at_the_table(csrf_app):
    set_scorer_passcode(csrf_app)
    organiser = csrf_app.test_client()
    created = organiser.post("/api/events", json=BODY, headers=ORGANISER).get_json()
    code = created["tables"][2]["code"]
    phone = csrf_app.test_client()
    # The QR code's link: the code filled in, the form posted with its token (no script).
    page = phone.get(f"/table-code?code={code}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    entered = phone.post("/table-code", data={"csrf_token": token.group(1), "code": code})
    assert entered.status_code == 302
    assert entered.headers["Location"] == f"/series/{created['tables'][2]['series']}"
