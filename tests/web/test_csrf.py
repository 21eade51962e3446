"""With CSRF protection on, a form post needs the token the form page gave out."""

import re

from scorekeeper.web.shell.db import get_db
from scorekeeper.web.shell.site import KEPT_ON_THE_PHONE

from .steps import series_form


def test_a_post_without_the_token_is_refused_and_stores_nothing(csrf_app):
    response = csrf_app.test_client().post("/nights/new", data={"date": "2025-11-22"})
    assert response.status_code == 400
    assert "This form has expired" in response.get_data(as_text=True)
    with csrf_app.app_context():
        assert get_db()["nights"].count == 0


def test_a_post_with_the_token_is_accepted(csrf_app):
    client = csrf_app.test_client()
    form_page = client.get("/nights/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form_page).group(1)
    response = client.post("/nights/new", data={"csrf_token": token, "date": "2025-11-22"})
    assert response.status_code == 302
    with csrf_app.app_context():
        assert get_db()["nights"].count == 1


def test_the_token_lasts_a_whole_game_night(csrf_app):
    assert csrf_app.config["WTF_CSRF_TIME_LIMIT"] >= 12 * 60 * 60


# Posts that change nothing stored, only the phone's own cookie.
NO_TOKEN = {"language.switch"}


def test_every_form_refuses_a_post_without_the_token(csrf_app):
    """Every POST route outside the JSON API, found in the app's URL map, so new forms count."""
    from .routes import address, dump, rules, seed

    setup = create_app_without_csrf(csrf_app)
    ids = seed(setup, setup.test_client())
    client = csrf_app.test_client()
    before = dump(csrf_app)
    checked = []
    for rule in rules(csrf_app, "POST", api=False):
        url = address(csrf_app, rule, ids)
        if rule.endpoint in NO_TOKEN:
            continue
        response = client.post(
            url, data={"date": "2025-11-23", "name": "Renamed", "passcode": "tile rummy"}
        )
        if rule.endpoint in KEPT_ON_THE_PHONE:
            # The phone keeps what was typed: back to the form, which it fills in again.
            assert response.status_code == 303, url
            assert response.headers["Location"] == url
            assert "That form had expired, so the hand was not saved." in client.get(url).get_data(
                as_text=True
            )
        else:
            assert response.status_code == 400, url
            assert "This form has expired" in response.get_data(as_text=True), url
        checked.append(rule.endpoint)
    # The language switch needs no token (it sets only the phone's own cookie) and changes
    # nothing stored.
    assert client.post("/language", data={"language": "ro", "next": "/"}).status_code == 303
    assert dump(csrf_app) == before
    assert {
        "hands.new",
        "hands.delete",
        "nights.new",
        "series.new",
        "variants.copy",
        "access.become",
        "access.leave",
    } <= set(checked)


def create_app_without_csrf(csrf_app):
    """The same database and instance, with CSRF off, to fill it quickly."""
    from scorekeeper import create_app

    return create_app({**csrf_app.config, "WTF_CSRF_ENABLED": False})


def test_an_expired_record_hand_form_goes_back_to_the_form_and_stores_nothing(csrf_app):
    setup = create_app_without_csrf(csrf_app)
    filler = setup.test_client()
    filler.post("/nights/new", data={"date": "2025-11-22"})
    assert filler.post("/nights/1/series/new", data=series_form()).status_code == 302
    client = csrf_app.test_client()
    response = client.post(
        "/series/1/hands/new",
        data={
            "csrf_token": "stale",
            "went_out": "A",
            "players-1-rack": "r5",
            "players-2-rack": "k2",
            "players-3-rack": "b9",
            "save": "Save hand",
        },
    )
    assert response.status_code == 303
    assert response.headers["Location"] == "/series/1/hands/new"
    page = client.get("/series/1/hands/new").get_data(as_text=True)
    assert (
        '<p class="flash flash-error" role="status">That form had expired, so the hand was '
        "not saved.</p>" in page
    )
    with csrf_app.app_context():
        assert get_db()["hands"].count == 0
