"""A seat is taken only by a phone at the table (issue 23). Each series has a join code, in
the viewer link's QR code on the scorer's phone; a phone that opened it (or typed the code)
may say "I'm Bo" and send Bo's rack. A phone elsewhere, without the passcode and without
the code, takes no seat and sends no rack; the code is guessed no faster than the passcode,
and grants nothing but a seat of its own series."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.engine import preset
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.importer import import_document
from scorekeeper.store.join_codes import ALPHABET, LENGTH
from scorekeeper.store.migrations import migrations
from scorekeeper.store.nights import create_night
from scorekeeper.web.access import passcode
from scorekeeper.web.shell.db import get_db

from .steps import page_text, rows, start_series, tally
from .test_my_rack import SEATS, join_code, phone, send

CODE = "tile rummy"
SCORER = {"Authorization": f"Bearer {CODE}"}
HAND = {
    "players": [
        {"name": "Ana", "went_out": True},
        {"name": "Bo", "rack": "r5"},
        {"name": "Cai", "rack": "b1"},
        {"name": "Dee", "rack": "y3"},
    ]
}


@pytest.fixture
def joinable_series(app, client) -> int:
    """A Rummikub series of nine hands at a table with a passcode."""
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    passcode.set_passcode(Path(app.instance_path), CODE)
    return series_id


def another_series(client) -> int:
    """A second series at the same table, started by the scorer through the API."""
    created = client.post(
        "/api/series",
        headers=SCORER,
        json={"variant": "rummikub", "players": list(SEATS), "end": {"hands": 9}},
    )
    assert created.status_code == 201
    return created.get_json()["id"]


def bearer(code: str) -> dict:
    return {"Authorization": f"Bearer {code}"}


def claim(client, series_id: int, seat: int, **kwargs):
    return client.post(f"/series/{series_id}/my-rack/seat", data={"seat": str(seat)}, **kwargs)


def open_link(client, series_id: int, code: str, **kwargs):
    return client.get(f"/series/{series_id}/view?join={code}", **kwargs)


def as_scorer(client) -> None:
    assert client.post("/scorer", data={"passcode": CODE, "next": "/"}).status_code == 302


def test_every_series_has_a_join_code_of_its_own(app, client, joinable_series):
    other = another_series(client)
    codes = [join_code(app, joinable_series), join_code(app, other)]
    assert all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert codes[0] != codes[1]


def test_a_seat_claim_and_a_rack_are_refused_without_the_join_code(app, joinable_series):
    stranger = phone(app)
    refused = claim(stranger, joinable_series, 1)
    assert refused.status_code == 403
    page = page_text(refused)
    assert (
        "This phone has not joined the series: scan the QR code on the scorer's phone, or "
        "type the join code it shows." in page
    )
    assert "I'm Bo" not in page and "Join code" in page
    # Without a seat, the rack form is the page that asks for the code, and nothing is kept.
    sent = send(stranger, joinable_series, "b1 b2")
    assert "Which player are you?" in page_text(sent)
    api = stranger.put(f"/api/series/{joinable_series}/draft/seats/1", json={"rack": "b1"})
    assert api.status_code == 403
    assert api.get_json() == {
        "error": "This phone does not hold Bo's seat: a phone takes a seat with the series' "
        "join code, from the QR code on the scorer's phone.",
        "where": "seat",
    }
    assert rows(app, "seat_claims") == [] and rows(app, "rack_drafts") == []


def test_a_phone_that_opened_the_qr_link_takes_a_seat_and_sends_its_rack(app, joinable_series):
    bo = phone(app)
    opened = open_link(bo, joinable_series, join_code(app, joinable_series))
    # The code is kept by the phone, not in its address bar or history.
    assert (
        opened.status_code == 302
        and opened.headers["Location"] == f"/series/{joinable_series}/view"
    )
    assert "I'm Bo" in page_text(bo.get(f"/series/{joinable_series}/my-rack"))
    assert claim(bo, joinable_series, 1).status_code == 302
    assert send(bo, joinable_series, "b1 b2 y13 y13").status_code == 302
    assert [(r["seat"], r["fields"]) for r in rows(app, "rack_drafts")] == [
        (1, '{"rack": "b1 b2 y13 y13"}')
    ]


def test_a_phone_types_the_join_code_as_the_scorer_reads_it_out(app, joinable_series):
    cai = phone(app)
    code = join_code(app, joinable_series)
    typed = f"{code[:4].lower()} {code[4:].lower()}"
    assert (
        cai.post(f"/series/{joinable_series}/my-rack/join", data={"code": typed}).status_code == 302
    )
    assert claim(cai, joinable_series, 2).status_code == 302
    assert [r["seat"] for r in rows(app, "seat_claims")] == [2]
    wrong = phone(app)
    answer = wrong.post(
        f"/series/{joinable_series}/my-rack/join", data={"code": "AAAA AAAA"}, follow_redirects=True
    )
    assert (
        "That is not this series' join code: scan the QR code on the scorer's phone, or "
        "type the code it shows." in page_text(answer)
    )
    assert claim(wrong, joinable_series, 3).status_code == 403
    too_long = wrong.post(
        f"/series/{joinable_series}/my-rack/join", data={"code": "A" * 21}, follow_redirects=True
    )
    assert "A join code has 8 letters and figures, as the scorer's phone shows it." in page_text(
        too_long
    )


def test_the_api_takes_a_seat_with_the_join_code_as_bearer_and_nothing_else(app, joinable_series):
    dee = phone(app)
    wrong = dee.put(
        f"/api/series/{joinable_series}/draft/seats/3",
        json={"rack": "y3"},
        headers=bearer("AAAAAAAA"),
    )
    assert wrong.status_code == 403 and wrong.get_json()["where"] == "Authorization"
    right = dee.put(
        f"/api/series/{joinable_series}/draft/seats/3",
        json={"rack": "y3"},
        headers=bearer(join_code(app, joinable_series)),
    )
    assert right.status_code == 200
    assert right.get_json()["sent_by"] == "sent from the phone that joined as Dee"
    assert [(r["seat"], r["by_player"]) for r in rows(app, "rack_drafts")] == [(3, 1)]


def test_the_join_code_shows_in_the_api_only_with_the_passcode(app, client, joinable_series):
    code = join_code(app, joinable_series)
    assert "join_code" not in client.get(f"/api/series/{joinable_series}").get_json()
    assert (
        "join_code"
        not in client.get(
            f"/api/series/{joinable_series}", headers=bearer("not the passcode")
        ).get_json()
    )
    assert (
        "join_code"
        not in client.get(f"/api/series/{joinable_series}", headers=bearer(code)).get_json()
    )
    assert (
        client.get(f"/api/series/{joinable_series}", headers=SCORER).get_json()["join_code"] == code
    )
    created = client.post(
        "/api/series",
        headers=SCORER,
        json={"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 2}},
    )
    assert created.get_json()["join_code"] == join_code(app, created.get_json()["id"])


def test_only_the_scorers_pages_show_the_join_code(app, client, joinable_series):
    code = join_code(app, joinable_series)
    watching = phone(app)
    for path in (
        f"/series/{joinable_series}",
        f"/series/{joinable_series}/view",
        f"/series/{joinable_series}/my-rack",
    ):
        assert code not in watching.get(path).get_data(as_text=True), path
    as_scorer(client)
    page = client.get(f"/series/{joinable_series}").get_data(as_text=True)
    assert (
        f"/series/{joinable_series}/view?join={code}" in page
    )  # the QR code's and the link's address
    assert f"Join code for My rack: {code[:4]} {code[4:]}" in page_text(page)
    # A phone that joined sees no code either: it keeps it, it does not show it.
    bo = phone(app)
    open_link(bo, joinable_series, code)
    assert code not in bo.get(f"/series/{joinable_series}").get_data(as_text=True)


def test_the_join_code_records_no_hand_and_opens_no_other_series(app, client, joinable_series):
    code = join_code(app, joinable_series)
    other = another_series(client)
    hand = client.post(f"/api/series/{joinable_series}/hands", json=HAND, headers=bearer(code))
    assert hand.status_code == 403 and rows(app, "hands") == []
    elsewhere = phone(app)
    put = elsewhere.put(
        f"/api/series/{other}/draft/seats/0", json={"rack": "r1"}, headers=bearer(code)
    )
    assert put.status_code == 403
    open_link(elsewhere, other, code)
    assert claim(elsewhere, other, 0).status_code == 403
    # Nor is it the passcode, on the form or the API, or anything else a phone could post.
    assert "That is not the passcode." in page_text(
        client.post("/scorer", data={"passcode": code, "next": "/"})
    )
    player = phone(app)
    open_link(player, joinable_series, code)
    assert claim(player, joinable_series, 1).status_code == 302
    assert (
        player.post(
            f"/series/{joinable_series}/hands/new",
            data=tally(SEATS, {"Ana": "went_out", "Bo": "r5", "Cai": "b1", "Dee": "y3"}),
        ).status_code
        == 403
    )
    assert player.post(f"/series/{joinable_series}/seats/1/hand-over").status_code == 403
    assert rows(app, "hands") == [] and rows(app, "rack_drafts") == []
    assert [(r["series_id"], r["seat"]) for r in rows(app, "seat_claims")] == [(joinable_series, 1)]


def test_wrong_join_codes_count_as_passcode_guesses(app, joinable_series):
    here = {"environ_base": {"REMOTE_ADDR": "192.168.1.66"}}
    guesser = phone(app)
    for n in range(5):
        open_link(guesser, joinable_series, f"WRONG{n:03d}", **here)
    # Locked out as after five wrong passcodes: the right code is not even checked...
    refused = open_link(
        guesser, joinable_series, join_code(app, joinable_series), follow_redirects=True, **here
    )
    assert "Too many wrong codes from this phone. Try again in 15 minutes." in page_text(refused)
    assert claim(guesser, joinable_series, 1, **here).status_code == 403
    api = guesser.put(
        f"/api/series/{joinable_series}/draft/seats/1",
        json={"rack": "b1"},
        headers=bearer(join_code(app, joinable_series)),
        **here,
    )
    assert api.status_code == 429 and int(api.headers["Retry-After"]) > 14 * 60
    # ...and the passcode waits too: one count for both.
    scorer = guesser.post("/scorer", data={"passcode": CODE, "next": "/"}, **here)
    assert scorer.status_code == 429
    # Another phone at the table joins as usual.
    bo = phone(app)
    open_link(bo, joinable_series, join_code(app, joinable_series))
    assert claim(bo, joinable_series, 1).status_code == 302


def test_a_right_join_code_does_not_wipe_a_phones_wrong_passcodes(app, joinable_series):
    here = {"environ_base": {"REMOTE_ADDR": "192.168.1.67"}}
    player = phone(app)
    for n in range(4):
        player.post("/scorer", data={"passcode": f"wrong {n}", "next": "/"}, **here)
    open_link(player, joinable_series, join_code(app, joinable_series), **here)
    player.post("/scorer", data={"passcode": "wrong 5", "next": "/"}, **here)
    assert player.post("/scorer", data={"passcode": CODE, "next": "/"}, **here).status_code == 429


def test_the_scorer_sees_which_phone_holds_which_seat_since_when_and_frees_it_in_one_tap(
    app, client, joinable_series
):
    bo = phone(app)
    open_link(bo, joinable_series, join_code(app, joinable_series))
    claim(bo, joinable_series, 1)
    tag = re.search(
        r"On the scorer's list this phone is (\w{4})\.",
        page_text(bo.get(f"/series/{joinable_series}/my-rack")),
    ).group(1)
    as_scorer(client)
    page = page_text(client.get(f"/series/{joinable_series}"))
    since = re.search(
        rf"Phones counting for players Bo: phone {tag}, since "
        r"(.+?) Hand Bo's seat to another phone",
        page,
    )
    assert since, page
    assert re.fullmatch(r"\d{1,2} \w+ \d{1,2}:\d\d \S+", since.group(1))
    # One tap frees the seat: the phone no longer counts for Bo, and the change is logged.
    freed = client.post(f"/series/{joinable_series}/seats/1/hand-over", follow_redirects=True)
    assert "Bo's seat is free" in page_text(freed)
    assert rows(app, "seat_claims") == []
    assert "Bo, handed over by the scorer" in page_text(freed)
    assert "Which player are you?" in page_text(bo.get(f"/series/{joinable_series}/my-rack"))


def test_claims_and_releases_are_rate_limited(app, joinable_series):
    bo = phone(app)
    open_link(bo, joinable_series, join_code(app, joinable_series))
    answers = []
    for _ in range(5):
        answers.append(claim(bo, joinable_series, 1).status_code)
        answers.append(bo.post(f"/series/{joinable_series}/my-rack/not-me").status_code)
    assert answers == [302] * 10
    refused = claim(bo, joinable_series, 1)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert "Too many seat changes from this phone. Try again in" in page_text(refused)
    assert rows(app, "seat_claims") == []
    # A phone without a cookie each time is held by its address.
    answers = []
    for n in range(30):
        fresh = phone(app)
        open_link(fresh, joinable_series, join_code(app, joinable_series))
        answers.append(claim(fresh, joinable_series, n % 4).status_code)
    assert 429 in answers


def test_the_scorers_form_says_the_rack_came_from_the_phone_that_joined(
    app, client, joinable_series
):
    bo = phone(app)
    open_link(bo, joinable_series, join_code(app, joinable_series))
    claim(bo, joinable_series, 1)
    send(bo, joinable_series, "b1 b2 y13 y13")
    as_scorer(client)
    page = page_text(client.get(f"/series/{joinable_series}/hands/new"))
    assert "sent from the phone that joined as Bo" in page
    assert "Bo's phone" not in page


def test_without_a_passcode_every_phone_may_take_a_seat(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    assert claim(phone(app), series_id, 0).status_code == 302


def test_a_rematch_has_a_new_code_and_its_players_keep_their_seats(app, client):
    first = start_series(client, seats=SEATS, end_kind="hands", end_value=1)
    passcode.set_passcode(Path(app.instance_path), CODE)
    bo = phone(app)
    open_link(bo, first, join_code(app, first))
    claim(bo, first, 1)
    as_scorer(client)
    client.post(
        f"/series/{first}/hands/new",
        data=tally(
            SEATS, {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
        ),
    )
    rematch = client.post(f"/series/{first}/rematch")
    second = int(rematch.headers["Location"].rsplit("/", 1)[1])
    assert join_code(app, second) != join_code(app, first)
    assert bo.put(f"/api/series/{second}/draft/seats/1", json={"rack": "b3"}).status_code == 200
    late = phone(app)
    open_link(late, second, join_code(app, first))
    assert claim(late, second, 0).status_code == 403


def test_m014_gives_a_join_code_to_every_series_stored_before_it(tmp_path):
    path = tmp_path / "scorekeeper.db"
    with connect(path) as db:
        migrations.apply(db, stop_before="m014_join_codes")
        night = create_night(db, date(2025, 10, 3), None, None)
        for _ in range(2):
            db["series"].insert(
                {
                    "night_id": night,
                    "variant_id": "rummikub",
                    "variant_rules": preset("rummikub").to_json(),
                    "end_kind": "hands",
                    "end_value": 10,
                    "first_dealer": 0,
                    "created": "2025-10-03T19:00:00+00:00",
                }
            )
    migrate(path)
    with connect(path) as db:
        codes = {row["series_id"]: row["code"] for row in db["join_codes"].rows}
    assert sorted(codes) == [1, 2]
    assert len(set(codes.values())) == 2
    assert all(re.fullmatch(rf"[{ALPHABET}]{{{LENGTH}}}", c) for c in codes.values())


def test_the_passcode_is_no_join_code(app, joinable_series):
    phone_with_passcode = phone(app)
    typed = phone_with_passcode.post(
        f"/series/{joinable_series}/my-rack/join", data={"code": CODE}, follow_redirects=True
    )
    assert "That is not this series' join code" in page_text(typed)
    assert "Only the scorer can record hands." in page_text(
        phone_with_passcode.get(f"/series/{joinable_series}")
    )
    assert claim(phone_with_passcode, joinable_series, 0).status_code == 403


def test_an_imported_series_gets_a_join_code_of_its_own_never_the_exported_one(
    app, joinable_series, tmp_path
):
    with app.app_context():
        document = export_document(get_db(), series_id=joinable_series)
    assert join_code(app, joinable_series) not in json.dumps(document)
    other = tmp_path / "other.db"
    migrate(other)
    with connect(other) as db:
        import_document(db, document)
        codes = [row["code"] for row in db["join_codes"].rows]
    assert len(codes) == 1 and codes[0] != join_code(app, joinable_series)
