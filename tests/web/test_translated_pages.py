"""Pages in the phone's language: the engine's refusals, breakdown lines and rule texts read
through the catalogue of the page's language, names and tile codes as written; the switcher on
every page keeps the phone on the same page and remembers the choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from conftest import app_settings
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.web.access import passcode

from .steps import page_text, start_night, start_series, tally

NAMES = ["Ștefan", "Zsófia", "Éloïse", "D"]

# A few real Romanian translations of the engine's messages these tests meet (the Romanian
# catalogue itself is filled by its translator).
ROMANIAN = {
    "'{shown}' is not a tile: {hint}": "„{shown}” nu este o piesă: {hint}",
    "write a colour letter ({red}, {blue}, {black}, {yellow} or {orange}) and a number 1-13, "
    "or {joker} for a joker": (
        "scrieți litera culorii ({red}, {blue}, {black}, {yellow} sau {orange}) și un număr "
        "1-13, sau {joker} pentru Joly"
    ),
    "{player} went out. {rack} count against you": "{player} a ieșit. {rack} se scad din "
    "scorul dumneavoastră",
    "Tiles left on your rack ({tiles}: {costs})": "Piese rămase pe tablă ({tiles}: {costs})",
    "The tiles": "Piesele",
    "{tiles}: a meld needs at least 3 tiles": "{tiles}: o formație are cel puțin 3 piese",
}


@pytest.fixture
def ro_client(tmp_path: Path) -> FlaskClient:
    """The app reading a small compiled Romanian catalogue, on a phone that asks for Romanian."""
    catalogue = Catalog(locale="ro")
    for message, translation in ROMANIAN.items():
        catalogue.add(message, translation)
    folder = tmp_path / "translations" / "ro" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as compiled:
        write_mo(compiled, catalogue)
    app = create_app(
        app_settings(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(tmp_path / "translations"))
    )
    client = app.test_client()
    client.set_cookie("language", "ro")
    return client


def test_a_refusal_on_the_record_hand_page_is_in_the_pages_language(ro_client):
    series_id = start_series(ro_client, seats=tuple(NAMES))
    response = ro_client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"Ștefan": "went_out", "Zsófia": "r5 x9", "Éloïse": "n3", "D": "a1"}),
    )
    assert response.status_code == 422
    text = page_text(response)
    # The hint names the letters Romanian players type (roșu, albastru, negru, galben,
    # portocaliu).
    assert (
        "„x9” nu este o piesă: scrieți litera culorii (r, a, n, g sau p) și un număr 1-13, "
        "sau j pentru Joly"
    ) in text
    assert "is not a tile" not in text
    assert '<html lang="ro">' in response.get_data(as_text=True)


def test_a_hands_breakdown_is_in_the_pages_language_names_and_tiles_as_written(ro_client):
    series_id = start_series(ro_client, seats=tuple(NAMES))
    saved = ro_client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"Ștefan": "went_out", "Zsófia": "r5 n7", "Éloïse": "n3", "D": "a1"}),
    )
    assert saved.status_code in (302, 303)
    text = page_text(ro_client.get(f"/series/{series_id}/hands/1"))
    # Tiles typed in the Romanian letters (n negru) are written back in them.
    assert (
        "Ștefan a ieșit. Piese rămase pe tablă (r5 n7: 5 + 7) se scad din scorul dumneavoastră"
    ) in text
    assert "count against you" not in text


def test_the_rules_page_reads_the_engines_rule_words_in_the_pages_language(ro_client):
    page = ro_client.get("/variants/romanian").get_data(as_text=True)
    assert "<h3>Piesele</h3>" in page and "<h3>The tiles</h3>" not in page


def test_a_refusal_made_a_sentence_by_a_form_is_still_translated(ro_client):
    text = page_text(ro_client.get("/rules/check?variant=romanian&tiles=r12+r13"))
    # Made a sentence, it still starts with the tiles as written (r12, never "R12").
    assert "r12 r13: o formație are cel puțin 3 piese" in text
    assert "R12" not in text


def test_english_pages_are_as_they_were(client: FlaskClient):
    series_id = start_series(client, seats=tuple(NAMES))
    response = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(NAMES, {"Ștefan": "went_out", "Zsófia": "r5 x9", "Éloïse": "k3", "D": "b1"}),
    )
    assert "'x9' is not a tile: write a colour letter" in page_text(response)


@pytest.mark.parametrize("path", ["/", "/rules/", "/variants/", "/history"])
def test_every_page_has_the_switcher_each_language_named_in_itself(client: FlaskClient, path):
    page = client.get(path).get_data(as_text=True)
    assert 'action="/language"' in page
    for code, name in [("en", "English"), ("ro", "Română"), ("hu", "Magyar"), ("fr", "Français")]:
        assert f'value="{code}" lang="{code}"' in page and f">{name}</button>" in page
    assert f'name="next" value="{path}"' in page


def test_switching_keeps_the_phone_on_the_same_page_and_remembers_the_choice(client):
    answer = client.post("/language", data={"language": "hu", "next": "/rules/?variant=romanian"})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/rules/?variant=romanian"
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("language=hu;") and "Max-Age=31536000" in cookie
    page = client.get("/rules/?variant=romanian", headers={"Accept-Language": "fr"})
    assert '<html lang="hu">' in page.get_data(as_text=True)
    assert 'aria-current="true">Magyar</button>' in page.get_data(as_text=True)


def test_the_switcher_sends_the_page_with_its_query_back(client):
    page = client.get("/rules/?variant=romanian").get_data(as_text=True)
    assert 'name="next" value="/rules/?variant=romanian"' in page


@pytest.mark.parametrize("where", ["https://elsewhere.example/", "//elsewhere.example/", ""])
def test_switching_never_leaves_the_site(client, where):
    answer = client.post("/language", data={"language": "fr", "next": where})
    assert answer.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    answer = client.post("/language", data={"language": "xx", "next": "/history"})
    assert answer.headers["Location"] == "/history"
    assert "Set-Cookie" not in answer.headers


def test_a_watching_phone_may_switch_while_a_passcode_is_set(tmp_path):
    app = create_app(app_settings(tmp_path))
    passcode.set_passcode(Path(app.instance_path), "secret-passcode")
    assert app.test_client().post("/nights/new", data={"date": "2025-11-22"}).status_code == 403
    answer = app.test_client().post("/language", data={"language": "ro", "next": "/"})
    assert answer.status_code == 303 and "language=ro" in answer.headers["Set-Cookie"]


def test_dates_are_written_in_the_pages_language(client):
    start_night(client)
    assert "Saturday 22 November 2025" in page_text(client.get("/nights/1"))
    client.set_cookie("language", "ro")
    assert "sâmbătă, 22 noiembrie 2025" in page_text(client.get("/nights/1"))
    client.set_cookie("language", "hu")
    assert "2025. november 22., szombat" in page_text(client.get("/nights/1"))
