"""Every name in the page's language, with the app's own catalogues: a preset's name as the
series' title, in every breakdown line's citation, in Best opening and on the rules pages;
the dates and numbers of the charts; the web app manifest. A stored preset's name is still
its English in the database and the JSON export, and is read in the page's language again."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine import preset
from scorekeeper.engine.tile_codes import in_letters
from scorekeeper.store.variants import create_custom
from scorekeeper.web.shell.db import get_db
from scorekeeper.web.shell.tile_letters import letters_of
from web.history_fixture import fill

from .steps import page_text, start_series

NAMES = ("Ana", "Bogdan", "Éloïse", "Zsófia")
# The Romanian preset's name and the part of its source the scoring lines cite, in each
# language.
ROMANIAN = {
    "ro": ("Remi românesc", "Remi românesc, partea despre punctaj"),
    "hu": ("Román römi", "Román römi, a pontozásról szóló rész"),
    "fr": ("Rami roumain", "Rami roumain, partie sur le décompte"),
}
ENGLISH_NAMES = ("Romanian tile rummy", "scoring section", "Tile Rummy leaflet")


def romanian_hand(series_id: int) -> dict:
    """Ana goes out by a discard; Bogdan and Zsófia opened; Éloïse never opened."""
    return {
        "went_out": "Ana",
        "finish": "discard",
        "save": "1",
        "players-0-melded_tiles": "r5 r6 r7 b5 k5 y5 r10 r11 r12 r13",
        "players-1-melded_tiles": "r1/low r2 r3 k7 k8 k9",
        "players-1-rack": "b9",
        "players-2-melded_tiles": "",
        "players-2-rack": "b4 b6",
        "players-3-melded_tiles": "y1/low y2 y3 y4 y5 y6 y7 y8",
        "players-3-rack": "k2",
    }


@pytest.fixture
def romanian(client):
    """A Romanian series of four with one saved hand."""
    series_id = start_series(client, variant="romanian", seats=NAMES, end_kind="hands", end_value=3)
    saved = client.post(f"/series/{series_id}/hands/new", data=romanian_hand(series_id))
    assert saved.status_code == 302, page_text(saved)
    return series_id


@pytest.mark.parametrize("language", sorted(ROMANIAN))
def test_the_series_its_breakdown_and_best_opening_name_the_preset_in_the_language(
    client, romanian, language
):
    name, cited = ROMANIAN[language]
    client.set_cookie("language", language)
    series = page_text(client.get(f"/series/{romanian}"))
    # The players listed as the language lists them ("Éloïse și Zsófia", "Éloïse és Zsófia").
    listed = {"ro": "Éloïse și Zsófia", "hu": "Éloïse és Zsófia", "fr": "Éloïse et Zsófia"}
    assert f"{name}: Ana, Bogdan, {listed[language]}" in series.replace(" :", ":")
    breakdown = page_text(client.get(f"/series/{romanian}/hands/1"))
    assert breakdown.count(cited) == 7  # every line of the four players' breakdowns
    # The rack typed in the page's letters (ro a5 is the blue 5, hu k5, fr b5).
    rack = in_letters("r5 r6 r7 b5 k5 y5", letters_of(language)).replace(" ", "+")
    answer = client.get(f"/rules/best-opening?variant=romanian&rack={rack}")
    best = page_text(answer)
    # Which rules the answer follows ("După Remi românesc", "Román römi szabályai szerint").
    under = re.search(r'<p class="verdict-rules">([^<]+)</p>', answer.get_data(as_text=True))
    assert name in under.group(1)
    for page in (series, breakdown, best):
        assert not any(english in page for english in ENGLISH_NAMES)


@pytest.mark.parametrize(
    ("language", "preset", "source", "part", "heading"),
    [
        (
            "ro",
            "Remi după pliant",
            "Sursa: Pliantul Tile Rummy",
            "Remi (primul paragraf)",
            "Pliantul Tile Rummy, Numărarea punctelor",
        ),
        (
            "hu",
            "Römi a szórólap szerint",
            "Forrás: Tile Rummy szórólap",
            "Römi (első bekezdés)",
            "Tile Rummy szórólap, A pontok összeszámolása",
        ),
        (
            "fr",
            "Rami du dépliant",
            "Source : Dépliant Tile Rummy",
            "Rami (premier paragraphe)",
            "Dépliant Tile Rummy, Pointage",
        ),
    ],
)
def test_a_presets_rules_page_names_it_its_source_and_the_parts_in_the_language(
    client, language, preset, source, part, heading
):
    client.set_cookie("language", language)
    page = page_text(client.get("/variants/tile-rummy"))
    assert page.startswith(f"{preset} · Scorekeeper")
    assert source in page and part in page and heading in page
    # The headings the leaflet prints are named in the language too (only the leaflet's
    # own title stays as printed); the French page uses the leaflet's French heading.
    for english in ("Tile Rummy leaflet", "first paragraph", "Counting the points", "The Game"):
        assert english not in page


# The headings of the Romanian source's text the series rules page cites, in each language.
ROMANIAN_HEADINGS = {
    "ro": ("Remi românesc, Jocul", "Remi românesc, Pregătirea și împărțirea pieselor"),
    "hu": (
        "Román römi, A játék menete",
        "Román römi, Előkészületek és a kövek kiosztása",
    ),
    "fr": (
        "Rami roumain, Déroulement du jeu",
        "Rami roumain, Préparation et distribution des tuiles",
    ),
}


@pytest.mark.parametrize("language", sorted(ROMANIAN_HEADINGS))
def test_the_series_rules_page_cites_the_sources_headings_in_the_language(
    client, romanian, language
):
    client.set_cookie("language", language)
    rules = page_text(client.get(f"/series/{romanian}/rules")).replace("\u00a0", " ")
    for cited in ROMANIAN_HEADINGS[language]:
        assert cited in rules
    for english in ("The Play", "Preparation and Distribution of Tiles", "options 5-7"):
        assert english not in rules


def test_the_series_rules_page_and_variants_list_name_every_preset_in_the_language(
    client, romanian
):
    client.set_cookie("language", "hu")
    rules = page_text(client.get(f"/series/{romanian}/rules"))
    assert "Forrás: Román römi" in rules and "Román römi, bevezető" in rules
    listed = page_text(client.get("/variants/"))
    for name in ("Rummikub", "Römi 5-10-15 a szórólap szerint", "Román römi: nyitás 45-tel"):
        assert name in listed
    assert "Romanian" not in listed and "Tile Rummy 5-10-15" not in listed


def test_a_stored_presets_name_stays_english_in_the_data_and_reads_in_the_language(
    app, client, romanian
):
    client.set_cookie("language", "ro")
    document = client.get(f"/export/series/{romanian}.json").get_json()
    assert document["nights"][0]["series"][0]["variant"]["name"] == "Romanian tile rummy"
    sheet = client.get(f"/export/series/{romanian}.csv").get_data(as_text=True)
    assert ",Remi românesc,1,1,Ana,170,170," in sheet
    client.set_cookie("language", "en")
    english = client.get(f"/export/series/{romanian}.csv").get_data(as_text=True)
    assert ",Romanian tile rummy,1,1,Ana,170,170,yes" in english


@pytest.mark.parametrize(
    ("language", "description"),
    [
        ("en", "Scores for tile rummy game nights"),
        ("ro", "Punctajul pentru serile de remi"),
        ("hu", "Pontozás römi játékestekhez"),
        ("fr", "Les scores des soirées rami"),
    ],
)
def test_the_web_app_manifest_is_in_the_pages_language(client, language, description):
    client.set_cookie("language", language)
    page = client.get("/").get_data(as_text=True)
    address = re.search(r'<link rel="manifest" href="([^"]+)"', page).group(1)
    assert address == f"/manifest/{language}.webmanifest"
    answer = client.get(address)
    assert answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.get_data(as_text=True))
    meta = re.search(r'<meta name="description" content="([^"]+)"', page).group(1)
    assert manifest["description"] == meta.replace("&#39;", "'")
    assert manifest["description"].startswith(description)
    assert manifest["lang"] == language and manifest["name"] == "Scorekeeper"
    # The icon's address carries its contents' fingerprint, as every static address does.
    assert manifest["icons"][0]["src"].startswith("/static/icons/icon-192.png?v=")
    assert client.get(manifest["icons"][0]["src"]).status_code == 200


def test_a_manifest_in_a_language_the_app_does_not_speak_is_not_found(client):
    assert client.get("/manifest/de.webmanifest").status_code == 404


@pytest.fixture
def nights(app):
    return fill(app.config["DATABASE"])


# The three nights' dates on the axis of Ana's chart, and the best night in its description.
CHART_DAYS = {
    "en": (["3 Oct", "7 Nov", "21 Nov"], "best +170 on 21 Nov 2025."),
    "ro": (["3 oct.", "7 nov.", "21 nov."], "+170, pe 21 nov. 2025."),
    "hu": (["okt. 3.", "nov. 7.", "nov. 21."], "a legjobb: +170 (2025. nov. 21.)"),
    "fr": (["3 oct.", "7 nov.", "21 nov."], "+170 le 21 nov. 2025."),
}


@pytest.mark.parametrize("language", sorted(CHART_DAYS))
def test_a_charts_dates_and_words_are_in_the_pages_language(client, nights, language):
    days, best = CHART_DAYS[language]
    client.set_cookie("language", language)
    page = client.get(f"/players/{nights['players']['Ana']}").get_data(as_text=True)
    chart = re.search(r'<svg class="chart".*?</svg>', page, flags=re.S).group(0)
    ticks = re.findall(
        r'<text class="tick" x="[\d.]+" y="[\d.]+" text-anchor="middle">([^<]+)<', chart
    )
    assert ticks == days
    assert best in re.search(r"<desc[^>]*>([^<]+)</desc>", chart).group(1)
    if language != "en":
        assert "Night" not in chart and "Nov" not in chart


def test_a_copy_of_a_preset_is_named_and_described_in_the_language(app, client):
    client.set_cookie("language", "ro")
    form = client.get("/variants/romanian/copy").get_data(as_text=True)
    assert 'value="Remi românesc (regulile casei)"' in form
    with app.app_context():
        own = create_custom(get_db(), preset("romanian"), "Remi românesc (regulile casei)", {})
    page = page_text(client.get(f"/variants/{own}"))
    # The name the group saved stays as typed; where it came from reads in the language.
    assert page.startswith("Remi românesc (regulile casei) · Scorekeeper")
    assert "Varianta grupului tău, copiată din Remi românesc" in page


@pytest.mark.parametrize("language", sorted(ROMANIAN))
def test_the_history_names_an_unnamed_series_by_its_preset_in_the_language(
    client, romanian, language
):
    client.set_cookie("language", language)
    page = page_text(client.get("/history"))
    assert f"{ROMANIAN[language][0]}:" in page.replace(" :", ":")
    assert "Romanian" not in page
