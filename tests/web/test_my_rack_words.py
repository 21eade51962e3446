"""My rack, as a fresh tester met it at the table: what the player's page and the scorer's
form say about a rack, each refusal beside the box it is about, and never a claim the page
cannot back (the phone is "the phone that joined as Ana", never "Ana's phone"; a box the
scorer changed is not marked as the phone's; "every phone has sent its rack" only when
nobody is left without one)."""

from __future__ import annotations

import re

from .steps import page_text, start_series, tally
from .test_my_rack import SEATS, claim, phone, send

JSON = {"Accept": "application/json"}


def send_points(client, series_id: int, points: str, jokers: str = "", **headers):
    return client.post(
        f"/series/{series_id}/my-rack",
        headers=headers,
        data={"mine-rack": "", "mine-rack_points": points, "mine-rack_jokers": jokers},
    )


def error_beside(page: str, box: str) -> str | None:
    """The refusal the page shows right above a box of the player's form, if any."""
    found = re.search(
        rf'<p class="error" id="{box}-error">([^<]*)</p>\s*<input[^>]*id="{box}"', page
    )
    return found.group(1) if found else None


def test_points_refused_on_the_phone_are_said_beside_their_box(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    cai = phone(app)
    claim(cai, series_id, 2)
    page = send_points(cai, series_id, "5000", "-4")
    assert page.status_code == 422
    markup = page.get_data(as_text=True)
    assert error_beside(markup, "mine-rack_points") == "Number must be between 0 and 1000."
    assert error_beside(markup, "mine-rack_jokers") == "Number must be between 0 and 2."
    assert '<details class="points-instead" open>' in markup
    # The page's script puts them in the same places, from the answer's boxes.
    answer = send_points(cai, series_id, "-4", **JSON)
    assert answer.status_code == 422
    assert answer.get_json() == {
        "error": "Some boxes are not right: see beside them.",
        "where": None,
        "beside": {"rack_points": ["Number must be between 0 and 1000."]},
    }
    # A refusal of the rules is beside its box too, by the field the refusal names.
    jokers = cai.post(f"/series/{series_id}/my-rack", data={"mine-rack": "j j j"}, headers=JSON)
    assert list(jokers.get_json()["beside"]) == ["rack"]
    assert "3 jokers in this hand" in jokers.get_json()["beside"]["rack"][0]


def test_an_empty_rack_is_refused_in_the_players_words(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo = phone(app)
    claim(bo, series_id, 1)
    page = send(bo, series_id, "")
    assert page.status_code == 400
    markup = page.get_data(as_text=True)
    words = "Enter the tiles left on your rack, or the points instead."
    assert error_beside(markup, "mine-rack") == words
    assert "{" not in page_text(page)
    answer = bo.post(f"/series/{series_id}/my-rack", data={"mine-rack": " "}, headers=JSON)
    assert answer.get_json() == {"error": words, "where": "rack", "beside": {"rack": [words]}}
    # The API keeps its own words, about the JSON it takes.
    api = bo.put(f"/api/series/{series_id}/draft/seats/1", json={})
    assert api.status_code == 400 and '{"rack": "r12 k3 j"}' in api.get_json()["error"]


def test_a_rack_sent_without_javascript_is_said_sent_once(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo = phone(app)
    claim(bo, series_id, 1)
    sent = send(bo, series_id, "b1 b2")
    page = page_text(bo.get(sent.headers["Location"]))
    assert page.count("Sent to the scorer. You can change it until hand 1 is saved.") == 1


def test_the_players_boxes_have_the_scorers_labels(app, client):
    series_id = start_series(
        client, variant="rummy-meld", seats=SEATS, end_kind="hands", end_value=9
    )
    bo = phone(app)
    claim(bo, series_id, 1)

    def labels(page: str, prefix: str) -> list[str]:
        return re.findall(
            rf'<label class="label" for="{prefix}(?:rack_points|rack_jokers|'
            rf'swapped_jokers)">([^<]*)</label>',
            page,
        )

    mine = labels(bo.get(f"/series/{series_id}/my-rack").get_data(as_text=True), "mine-")
    form = labels(client.get(f"/series/{series_id}/hands/new").get_data(as_text=True), "players-1-")
    assert mine == form == ["Rack points", "Jokers on the rack", "Jokers taken by a swap"]


def test_the_scorers_form_says_who_has_no_rack_yet_phone_or_not(app, client):
    names = ("Christopher", "Grandma", "Alexandra", "Evangeline")
    series_id = start_series(client, seats=names, end_kind="hands", end_value=9)
    chris = phone(app)
    claim(chris, series_id, 0)
    page = page_text(client.get(f"/series/{series_id}/hands/new"))
    assert "Still counting: Christopher. No phone counting: Grandma, Alexandra, Evangeline." in page
    send(chris, series_id, "r1 r2")
    page = page_text(client.get(f"/series/{series_id}/hands/new"))
    assert "Every phone has sent its rack." not in page
    assert (
        "No phone counting: Grandma, Alexandra, Evangeline. Sent from phones that joined: "
        "Christopher." in page
    )
    # Once who went out is chosen and the others' racks are typed, nobody is left without.
    preview = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(
            names,
            {"Christopher": "r1 r2", "Grandma": "went_out", "Alexandra": "k3", "Evangeline": "y9"},
            preview="Preview",
            save="",
        ),
    )
    assert "Every phone has sent its rack." in page_text(preview)


def test_a_box_the_scorer_changed_is_not_claimed_by_the_phone_without_javascript(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    ana = phone(app)
    claim(ana, series_id, 0)
    send(ana, series_id, "r12 k3 j")
    page = page_text(client.get(f"/series/{series_id}/hands/new"))
    assert "sent from the phone that joined as Ana" in page and "sent a new rack" not in page
    preview = page_text(
        client.post(
            f"/series/{series_id}/hands/new",
            data=tally(
                SEATS,
                {"Ana": "r12 k3", "Bo": "b1", "Cai": "k9", "Dee": "went_out"},
                preview="Preview",
                save="",
            ),
        )
    )
    assert "sent from the phone that joined as Ana" not in preview
    assert (
        "Ana changed by the scorer The phone that joined as Ana sent a new rack: r12 k3 j"
        in preview
    )


def test_the_french_form_says_who_sent_a_rack_in_french(app, client):
    # static/drafts.js writes the mark from the page's own sentence, the API's answer giving
    # only the facts (whose seat, sent by a player or not): the API's words are its own.
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    bo = phone(app)
    claim(bo, series_id, 1)
    send(bo, series_id, "b1 b2")
    french = {"Accept-Language": "fr"}
    form = client.get(f"/series/{series_id}/hands/new", headers=french).get_data(as_text=True)
    template = re.search(r'data-words-sent-by-phone="([^"]*)"', form)
    assert template and template.group(1) == (
        "envoyé par le téléphone qui a rejoint la partie comme {name}"
    )
    assert 'data-words-sent-by-scorer="envoyé par le marqueur"' in form
    assert "envoyé par le téléphone qui a rejoint la partie comme Bo" in form
    assert "sent from the phone" not in form
    seat = client.get(f"/api/series/{series_id}/draft", headers=french).get_json()["seats"][1]
    assert (seat["name"], seat["by_player"]) == ("Bo", True)


CHECK = {
    "en": (
        "Check whose turn it is",
        "This reloads the page: tiles typed below and not sent yet are cleared",
    ),
    "ro": ("Vezi cine e la rând", "Pagina se reîncarcă: piesele scrise mai jos"),
    "hu": ("Nézd meg, ki következik", "Ez újratölti az oldalt"),
    "fr": ("Voir qui doit jouer", "Cela recharge la page"),
}


def test_without_script_my_rack_has_a_link_to_see_whose_turn_it_is(app, client):
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    cai = phone(app)
    claim(cai, series_id, 2)
    for language, (link, warning) in CHECK.items():
        page = cai.get(f"/series/{series_id}/my-rack", headers={"Accept-Language": language})
        markup = page.get_data(as_text=True)
        # A plain link back to the same page, outside the rack's form, with the warning beside
        # it; only without script (the clock follows itself with it), and no refresh by itself.
        found = re.search(
            rf'<noscript><p class="hint clock-check"><a [^>]*href="/series/{series_id}/my-rack">'
            rf"{re.escape(link)}</a>\s*([^<]*)</p></noscript>",
            markup,
        )
        assert found, language
        assert found.group(1).startswith(warning)
        assert markup.index("clock-check") < markup.index('<form method="post" novalidate')
        assert 'http-equiv="refresh"' not in markup
