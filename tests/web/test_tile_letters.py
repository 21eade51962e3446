"""Tiles typed and written in the page's letters: on a Hungarian page `k5` is the blue 5
(*kék*), on a French page `j5` the yellow 5 (*jaune*) and `*` the joker; what is stored,
the API and the files keep the notation's own letters (`b5`)."""

from __future__ import annotations

import html as markup
import json
import re

import pytest

from .steps import page_text, rows, start_series, tally
from .test_my_rack import claim, drafted_racks, phone, send
from .test_table_mode import act, error_of, live

NAMES = ["A", "B", "C", "D"]


def speaking(client, language: str) -> None:
    client.set_cookie("language", language)


def stored_racks(app) -> dict[str, str]:
    (hand,) = rows(app, "hands")
    return {p["name"]: p.get("rack", "") for p in json.loads(hand["record"])["players"]}


def box(html: str, name: str) -> str:
    """What a text box shows, as the page writes it."""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert found, name
    value = re.search(r'value="([^"]*)"', found.group(0))
    return value.group(1) if value else ""


def test_k5_on_a_hungarian_page_is_the_blue_5_and_is_stored_as_b5(app, client):
    speaking(client, "hu")
    series_id = start_series(client)
    form = tally(NAMES, {"A": "went_out", "B": "k5", "C": "f6 p10", "D": "s3 j"})
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    assert response.status_code == 302, page_text(response)
    assert stored_racks(app) == {"A": "", "B": "b5", "C": "k6 r10", "D": "y3 j"}
    # The breakdown of the stored hand writes the racks back in the page's letters...
    hand = client.get(f"/series/{series_id}/hands/1").get_data(as_text=True)
    assert "(f6 p10: 6 + 10)" in page_text(hand)
    # ...and in the notation's own on an English page.
    speaking(client, "en")
    hand = client.get(f"/series/{series_id}/hands/1").get_data(as_text=True)
    assert "(k6 r10: 6 + 10)" in page_text(hand)


def test_a_hungarian_page_refuses_an_english_letter_and_writes_it_as_typed(app, client):
    speaking(client, "hu")
    series_id = start_series(client)
    form = tally(NAMES, {"A": "went_out", "B": "b5", "C": "K55", "D": "y3"})
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    said = page_text(html)
    # `b` is no Hungarian colour letter: refused, not read as the English blue.
    assert "'b5'" in said
    assert "'K55'" in said
    # The hint names the Hungarian letters.
    assert "(p, k, f, s vagy n)" in said
    # Each box shows what was typed, as it was typed.
    assert box(html, "players-1-rack") == "b5"
    assert box(html, "players-2-rack") == "K55"
    assert box(html, "players-3-rack") == "y3"
    assert rows(app, "hands") == []


def test_a_meld_on_a_hungarian_page_is_named_in_hungarian_letters(client):
    speaking(client, "hu")
    response = client.get("/rules/check", query_string={"variant": "rummikub", "tiles": "k5 f7"})
    html = response.get_data(as_text=True)
    # Two tiles are no meld: the verdict quotes them as typed, never in English letters.
    assert "k5 f7: egy kirakáshoz legalább 3 kő kell" in page_text(html)
    assert "b5" not in page_text(html)
    assert box(html, "tiles") == "k5 f7"


def test_a_refused_tile_on_a_hungarian_page_is_quoted_as_typed(client):
    speaking(client, "hu")
    response = client.get("/rules/check", query_string={"variant": "rummikub", "tiles": "k5 k6 r7"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "'r7'" in error_of(html, "tiles")
    assert "(p, k, f, s vagy n)" in error_of(html, "tiles")


def test_the_meld_checker_and_best_opening_read_the_pages_letters(client):
    speaking(client, "hu")
    page = client.get("/rules/check", query_string={"variant": "rummikub", "tiles": "k5 k6 k7"})
    assert page.status_code == 200, page_text(page)
    speaking(client, "fr")
    page = client.get(
        "/rules/best-opening", query_string={"variant": "rummikub", "rack": "j10 j11 j12 j13 *"}
    )
    assert page.status_code == 200, page_text(page)
    # The melds of the opening are written in the French letters.
    assert "j10 j11 j12 j13" in page_text(page) or "* j10" in page_text(page)


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("hu", "Kövek: színbetű és szám (p piros, k kék, f fekete, s sárga vagy n narancs), j a"),
        ("fr", "(r rouge, b bleu, n noir, j jaune ou o orange), * pour un joker."),
        ("ro", "(r roșu, a albastru, n negru, g galben sau p portocaliu), j pentru Joly."),
        ("en", "(r red, b blue, k black, y yellow or o orange), j for a joker."),
    ],
)
def test_the_help_line_says_the_pages_letters(client, language, written):
    speaking(client, language)
    series_id = start_series(client)
    page = client.get(f"/series/{series_id}/hands/new")
    assert written in page_text(page)


def test_table_mode_reads_and_writes_the_pages_letters(app, client):
    speaking(client, "hu")
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )
    opening = {"player": "Ana", "melds-0": "p11 k11 f11", "melds-1": "s12 s13 s1"}
    response = act(client, series_id, "meld", opening)
    assert response.status_code == 302
    assert live(app, series_id)[0]["melds"] == ["r11 b11 k11", "y12 y13 y1"]
    # A refusal quotes the tiles in the page's letters, beside the box.
    refused = act(client, series_id, "add", {"player": "Ana", "meld": "0", "tiles": "k12"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "k12" in page_text(html) and "b12" not in page_text(html)
    # The table as it lies, for a screen reader, in the page's letters.
    assert "p11 k11 f11" in page_text(client.get(f"/series/{series_id}/table"))


def test_the_api_keeps_the_notations_letters_whatever_the_language(app, client):
    body = {"variant": "rummikub", "players": NAMES, "end": {"rounds": 1}}
    headers = {"Accept-Language": "hu", "Cookie": "language=hu"}
    created = client.post("/api/series", json=body, headers=headers).get_json()
    hand = {
        "players": [
            {"name": "A", "went_out": True},
            {"name": "B", "rack": "b5"},
            {"name": "C", "rack": "k6"},
            {"name": "D", "rack": "y3"},
        ]
    }
    answer = client.post(f"/api/series/{created['id']}/hands", json=hand, headers=headers)
    assert answer.status_code == 201, answer.get_json()
    assert stored_racks(app)["B"] == "b5"
    assert "(b5: 5)" in answer.get_json()["breakdown"]["B"][0]["rule"]


def test_a_french_page_reads_the_star_as_the_joker_and_j_as_yellow(app, client):
    speaking(client, "fr")
    series_id = start_series(client)
    form = tally(NAMES, {"A": "went_out", "B": "j5 *", "C": "n6", "D": "o3"})
    response = client.post(f"/series/{series_id}/hands/new", data=form)
    assert response.status_code == 302, page_text(response)
    assert stored_racks(app) == {"A": "", "B": "y5 j", "C": "k6", "D": "o3"}


def test_the_pads_notation_carries_the_pages_letters_and_its_tile_words(client):
    speaking(client, "hu")
    series_id = start_series(client)
    html = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    found = re.search(r'id="tile-notation" data-notation="([^"]*)"', html)
    assert found
    notation = json.loads(markup.unescape(found.group(1)))
    assert notation["letters"] == {"r": "p", "b": "k", "k": "f", "y": "s", "o": "n", "j": "j"}
    # The one order of a tile's words: Hungarian says the colour first ("kék 5").
    assert notation["tile_name"] == "{colour} {number}"
    speaking(client, "ro")
    html = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    found = re.search(r'id="tile-notation" data-notation="([^"]*)"', html)
    assert found
    notation = json.loads(markup.unescape(found.group(1)))
    assert notation["tile_name"] == "{number} {colour}"


def test_a_rack_sent_from_a_hungarian_phone_reaches_a_french_scorer_in_french_letters(app, client):
    series_id = start_series(client, seats=("Ana", "Bo", "Cai", "Dee"), end_kind="hands")
    bo = phone(app)
    speaking(bo, "hu")
    claim(bo, series_id, 1)
    # Bo types on a Hungarian page: kék 1, fekete 2, sárga 13, and the joker.
    assert send(bo, series_id, "k1 f2 s13 j", hand=1).status_code == 302
    # The draft API keeps the notation's letters.
    assert drafted_racks(bo, series_id)["Bo"] == "b1 k2 y13 j"
    # The scorer reads French: the box the draft fills is in the French letters.
    speaking(client, "fr")
    html = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert box(html, "players-1-rack") == "b1 n2 j13 *"
    # A rack refused on the Hungarian phone is quoted as typed there.
    refused = send(bo, series_id, "b1", hand=1)
    assert "'b1'" in page_text(refused) and "(p, k, f, s vagy n)" in page_text(refused)


@pytest.mark.parametrize(
    "language, said, english",
    [
        ("fr", "r rouge, b bleu, n noir, j jaune (o pour", "k noir"),
        ("hu", "p piros, k kék, f fekete, s sárga (narancssárga kövű készletnél n)", "r piros"),
        ("ro", "r roșu, a albastru, n negru, g galben (p pentru", "b albastru"),
    ],
)
def test_the_series_rules_say_the_pads_letters_of_the_page(client, language, said, english):
    # The rule about the tiles names the letters a player types on this page's pad.
    speaking(client, language)
    series_id = start_series(client)
    text = page_text(client.get(f"/series/{series_id}/rules"))
    assert said in text
    assert english not in text


def test_a_box_shows_its_pages_letters_whichever_language_drew_the_form_first(client):
    # Jinja works a plain filter out once for a constant when it compiles a template: the
    # example in a tile box would keep the letters of the first page ever drawn.
    series = start_series(
        client, variant="romanian", seats=["Ana", "Bo"], end_kind="hands", end_value=3
    )
    speaking(client, "en")
    english = client.get(f"/series/{series}/hands/new").get_data(as_text=True)
    assert 'placeholder="e.g. r12 k3 j"' in english
    speaking(client, "hu")
    hungarian = client.get(f"/series/{series}/hands/new").get_data(as_text=True)
    assert 'placeholder="pl. p12 f3 j"' in hungarian
    assert "r12 k3 j" not in hungarian
