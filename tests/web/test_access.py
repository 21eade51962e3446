"""The scorer passcode: without it a phone follows the scores and cannot change anything."""

import io
import re
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.web.access import passcode
from scorekeeper.web.access.scorer import OPEN_ENDPOINTS, REFUSED

from .routes import WRITE_METHODS, address, dump, rules
from .steps import PASSCODE, SOURCE_HANDS, rows, tally


def become_scorer(client, code=PASSCODE, next_page="/"):
    return client.post("/scorer", data={"passcode": code, "next": next_page})


def test_the_passcode_is_stored_hashed_and_readable_by_its_owner_only(tmp_path):
    passcode.set_passcode(tmp_path, "  tile rummy ")
    stored = (tmp_path / "passcode").read_text()
    assert PASSCODE not in stored
    assert passcode.matches(stored.strip(), PASSCODE)
    assert (tmp_path / "passcode").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abcde", "a passcode needs at least 6 characters"),
        ("x" * 201, "a passcode has at most 200 characters"),
    ],
)
def test_a_passcode_too_short_or_too_long_is_refused(tmp_path, typed, message):
    with pytest.raises(passcode.InvalidPasscode, match=message):
        passcode.set_passcode(tmp_path, typed)
    assert not (tmp_path / "passcode").exists()


def test_the_command_sets_the_passcode_from_standard_input_and_clears_it(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(sys, "stdin", io.StringIO("tile rummy\n"))
    assert main(["passcode", "--instance", str(tmp_path)]) == 0
    assert "Passcode set" in capsys.readouterr().out
    assert passcode.matches(passcode.stored_hash(tmp_path), PASSCODE)
    assert main(["passcode", "--clear", "--instance", str(tmp_path)]) == 0
    assert "every phone can change scores" in capsys.readouterr().out
    assert passcode.stored_hash(tmp_path) is None
    assert passcode.decided(tmp_path)  # the server will not ask again at its next start


def test_the_command_refuses_a_short_passcode_and_keeps_the_old_one(tmp_path, monkeypatch, capsys):
    passcode.set_passcode(tmp_path, PASSCODE)
    monkeypatch.setattr(sys, "stdin", io.StringIO("abc\n"))
    assert main(["passcode", "--instance", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "scorekeeper passcode: a passcode needs at least 6 characters; nothing changed\n"
    )
    assert passcode.matches(passcode.stored_hash(tmp_path), PASSCODE)


def test_the_first_start_asks_at_a_terminal_only(tmp_path):
    passcode.ask_on_first_start(tmp_path, ask=lambda _: PASSCODE, interactive=False)
    assert not passcode.decided(tmp_path)
    answers = iter(["abc", PASSCODE])
    passcode.ask_on_first_start(tmp_path, ask=lambda _: next(answers), interactive=True)
    assert passcode.matches(passcode.stored_hash(tmp_path), PASSCODE)


def test_an_empty_answer_at_first_start_lets_every_phone_score(tmp_path):
    passcode.ask_on_first_start(tmp_path, ask=lambda _: "", interactive=True)
    assert passcode.decided(tmp_path) and passcode.stored_hash(tmp_path) is None


def test_without_a_passcode_the_home_page_says_every_phone_can_change_scores(client):
    page = client.get("/").get_data(as_text=True)
    assert "No scorer passcode is set: every phone on this network can record" in page
    assert "New game night" in page


def test_a_watching_phone_sees_no_buttons_it_cannot_use(client, seeded_behind_passcode):
    pages = {
        "/": ["New game night"],
        "/nights/1": ["New series"],
        f"/series/{seeded_behind_passcode['series_id']}": ["Record hand", "Undo"],
        f"/series/{seeded_behind_passcode['series_id']}/hands/1": [
            "Fix this hand",
            "Delete this hand",
        ],
        f"/variants/{seeded_behind_passcode['variant_id']}": [
            "Copy and edit",
            "Rename",
            "Delete Friday",
        ],
    }
    for url, buttons in pages.items():
        page = client.get(url).get_data(as_text=True)
        for button in buttons:
            assert button not in page, (url, button)
        assert "Become the scorer" in page, url
        # The only form a watching phone may send is the language switcher's, which
        # changes nothing but its own cookie.
        posts = re.findall(r'<form [^>]*method="post"[^>]*>', page)
        assert len(posts) == 1 and 'action="/language"' in posts[0], (url, posts)


def test_the_scorer_sees_the_buttons(client, seeded_behind_passcode):
    become_scorer(client)
    page = client.get(f"/series/{seeded_behind_passcode['series_id']}").get_data(as_text=True)
    assert "Record hand 2" in page and "Undo" in page
    assert "You are the scorer" in client.get("/").get_data(as_text=True)


def test_a_form_page_asks_a_watching_phone_for_the_passcode(client, seeded_behind_passcode):
    response = client.get(f"/series/{seeded_behind_passcode['series_id']}/hands/new")
    page = response.get_data(as_text=True)
    assert response.status_code == 403
    assert str(REFUSED) in page and 'name="passcode"' in page
    # It comes back here.
    assert f'value="/series/{seeded_behind_passcode["series_id"]}/hands/new"' in page


def test_a_watching_phone_cannot_post_to_any_form(app, client, seeded_behind_passcode):
    before = dump(app)
    posted = []
    for rule in rules(app, "POST", api=False):
        if rule.endpoint in OPEN_ENDPOINTS:
            continue
        url = address(app, rule, seeded_behind_passcode)
        response = client.post(
            url,
            data=tally("ABCD", SOURCE_HANDS[2])
            | {"date": "2025-11-23", "name": "Renamed", "variant": "rummikub"},
        )
        assert response.status_code == 403, url
        assert str(REFUSED) in response.get_data(as_text=True), url
        posted.append(rule.endpoint)
    assert dump(app) == before
    assert {
        "hands.new",
        "hands.edit",
        "hands.delete",
        "hands.restore",
        "nights.new",
        "series.new",
        "variants.copy",
        "variants.rename",
        "variants.delete",
    } <= set(posted)


def test_the_api_refuses_every_change_without_the_passcode(app, client, seeded_behind_passcode):
    before = dump(app)
    hand = {
        "players": [
            {"name": "A", "went_out": True},
            {"name": "B", "rack": "r5"},
            {"name": "C", "rack": "b1"},
            {"name": "D", "rack": "y3"},
        ]
    }
    checked = []
    for method in sorted(WRITE_METHODS):
        for rule in rules(app, method, api=True):
            if rule.endpoint in OPEN_ENDPOINTS:
                continue  # a player's own rack, a draft only: tests/web/test_my_rack.py
            url = address(app, rule, seeded_behind_passcode)
            for headers in (
                {},
                {"Authorization": "Bearer wrong one"},
                {"Authorization": f"Basic {PASSCODE}"},
            ):
                response = client.open(url, method=method, json=hand, headers=headers)
                assert response.status_code == 403, (url, headers)
                assert "only the scorer can change scores" in response.get_json()["error"]
            checked.append(url)
    assert dump(app) == before
    assert "/api/series/1/hands" in checked and "/api/series" in checked


def test_the_api_takes_the_passcode_as_a_bearer_token(app, client, seeded_behind_passcode):
    hand = {
        "players": [
            {"name": "A", "went_out": True},
            {"name": "B", "rack": "r5"},
            {"name": "C", "rack": "b1"},
            {"name": "D", "rack": "y3"},
        ]
    }
    response = client.post(
        f"/api/series/{seeded_behind_passcode['series_id']}/hands",
        json=hand,
        headers={"Authorization": f"Bearer {PASSCODE}"},
    )
    assert response.status_code == 201
    # Reading is open.
    assert client.get(f"/api/series/{seeded_behind_passcode['series_id']}").status_code == 200


def test_a_wrong_passcode_is_refused_with_a_message(client, seeded_behind_passcode):
    response = become_scorer(client, code="guess")
    assert response.status_code == 422
    assert "That is not the passcode." in response.get_data(as_text=True)
    assert client.post("/nights/new", data={"date": "2025-11-23"}).status_code == 403


def test_the_scorer_can_change_scores_until_the_browser_session_ends(
    app, client, seeded_behind_passcode
):
    response = become_scorer(client, next_page=f"/series/{seeded_behind_passcode['series_id']}")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/series/{seeded_behind_passcode['series_id']}"
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    # A session cookie: no expiry, so the browser drops it when it closes.
    assert "Expires" not in cookie and "Max-Age" not in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    saved = client.post(
        f"/series/{seeded_behind_passcode['series_id']}/hands/new",
        data=tally("ABCD", SOURCE_HANDS[2]),
    )
    assert saved.status_code == 302
    client.post("/scorer/leave")
    assert client.post("/nights/new", data={"date": "2025-11-23"}).status_code == 403


def test_a_new_passcode_ends_every_scorer_session(app, client, seeded_behind_passcode):
    become_scorer(client)
    passcode.set_passcode(Path(app.instance_path), "another one")
    assert client.post("/nights/new", data={"date": "2025-11-23"}).status_code == 403


def test_stopping_being_the_scorer_makes_every_copy_of_the_cookie_powerless(
    app, client, seeded_behind_passcode
):
    become_scorer(client)
    copy = app.test_client()
    copy.set_cookie("session", client.get_cookie("session").value)
    assert copy.post("/nights/new", data={"date": "2025-11-23"}).status_code == 302
    client.post("/scorer/leave")
    assert copy.post("/nights/new", data={"date": "2025-11-23"}).status_code == 403


def test_clearing_and_setting_the_passcode_again_ends_old_sessions(
    app, client, seeded_behind_passcode
):
    become_scorer(client)
    passcode.clear_passcode(Path(app.instance_path))
    passcode.set_passcode(Path(app.instance_path), PASSCODE)
    assert client.post("/nights/new", data={"date": "2025-11-23"}).status_code == 403


@pytest.mark.parametrize(
    "target",
    [
        "https://elsewhere.example/",
        "//elsewhere.example/",
        "/\\elsewhere.example",
        "javascript:alert(1)",
        "/\t/elsewhere.example/x",
        "/\n/elsewhere.example",
        "/x\r\nSet-Cookie: a=b",
        "/\x00/elsewhere.example",
        "/\x7f/elsewhere.example",
    ],
)
def test_after_the_passcode_the_phone_never_goes_to_another_site(
    client, seeded_behind_passcode, target
):
    response = become_scorer(client, next_page=target)
    if "\x00" in target or "\x7f" in target:  # refused whole, as any text holding them
        assert response.status_code == 400 and "Location" not in response.headers
    else:
        assert response.headers["Location"] == "/"


def test_the_refusal_page_offers_a_way_back_on_this_site_only(client, seeded_behind_passcode):
    page = client.post(
        "/nights/new",
        data={"date": "2025-11-23"},
        headers={"Referer": "https://elsewhere.example/x"},
    ).get_data(as_text=True)
    assert re.search(r'<a class="button" href="/">Back</a>', page)


def test_the_server_says_at_start_whether_a_passcode_guards_the_scores(app, monkeypatch, capsys):
    from scorekeeper import serve
    from scorekeeper.web.access import address

    from .test_serve import listening

    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    listening(monkeypatch)
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    serve.main()
    assert "No scorer passcode: every phone can change scores." in capsys.readouterr().out
    passcode.set_passcode(Path(app.instance_path), PASSCODE)
    serve.main()
    assert "Only a phone that enters the scorer passcode" in capsys.readouterr().out


def test_a_change_refused_for_want_of_the_passcode_goes_through_once_it_is_entered(
    app, client, seeded_behind_passcode
):
    url = f"/series/{seeded_behind_passcode['series_id']}/hands/new"
    hand = tally("ABCD", SOURCE_HANDS[2])
    refused = client.post(url, data=hand)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 403
    assert "What you sent is kept" in page
    assert f'<input type="hidden" name="resume" value="{url}">' in page
    assert '<input type="hidden" name="players-0-rack" value="j y2">' in page
    kept = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    assert kept["went_out"] == "D" and kept["save"] == "Save hand"

    wrong = client.post("/scorer", data=kept | {"passcode": "guess"})
    assert wrong.status_code == 422
    assert '<input type="hidden" name="players-0-rack" value="j y2">' in wrong.get_data(
        as_text=True
    )
    assert len(rows(app, "hands")) == 2

    right = client.post("/scorer", data=kept | {"passcode": PASSCODE})
    assert right.status_code == 307 and right.headers["Location"] == url
    saved = client.post(url, data=kept | {"passcode": PASSCODE})  # what the browser sends again
    assert saved.status_code == 302
    assert len(rows(app, "hands")) == 3


@pytest.mark.parametrize(
    "resume",
    [
        "//elsewhere.example/",
        "https://elsewhere.example/",
        "/scorer",
        "/scorer?next=/",
        "/\t/elsewhere.example/x",
        "/\\elsewhere.example",
    ],
)
def test_a_kept_change_only_goes_back_to_another_page_of_this_site(
    client, seeded_behind_passcode, resume
):
    response = client.post("/scorer", data={"passcode": PASSCODE, "resume": resume})
    assert response.status_code == 302 and response.headers["Location"] == "/"
