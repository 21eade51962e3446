"""The label of "who goes first" on the new-series and rematch forms says what the name chosen
does under the rules (issue 26, tester's point 1): with a dealer (Romanian) it deals the first
hand, without one (Rummikub) it plays first; without script the new-series form's label fits
both, and the script takes the chosen variant's from the hints; in each language."""

from __future__ import annotations

import re

import pytest

from .steps import series_form, start_night, tally
from .test_play_order import hints_of, new_form

LABELS = {
    # language: (with a dealer, without one, before the rules are chosen)
    "en": ("Who deals first", "Who plays first", "Who deals first (with a dealer) or plays first"),
    "ro": (
        "Cine împarte primul",
        "Cine începe",
        "Cine împarte primul (dacă se împart piesele) sau cine începe",
    ),
    "hu": ("Ki oszt először", "Ki kezd", "Ki oszt először (ha van osztó), illetve ki kezd"),
    "fr": (
        "Qui distribue en premier",
        "Qui joue en premier",
        "Qui distribue en premier (s&#39;il y a un donneur) ou qui joue en premier",
    ),
}


def label(page: str, field: str) -> str:
    found = re.search(rf'<label class="label" for="{field}">([^<]*)</label>', page)
    assert found, field
    return found.group(1)


@pytest.mark.parametrize("language", LABELS)
def test_the_new_series_label_fits_every_variant_and_the_script_gets_each_ones(client, language):
    dealt, undealt, both = LABELS[language]
    page = new_form(client, language)
    # The words the script keeps for the variant the select shows (the first offered,
    # Rummikub), drawn by the server so nothing moves; the words that fit both without it.
    found = re.search(
        r'<label class="label" for="first_dealer"><span class="js-only">([^<]*)</span>'
        r'<span class="no-js-only">([^<]*)</span></label>',
        page,
    )
    assert found and found.groups() == (undealt, both)
    hints = hints_of(page)
    assert hints["romanian"]["label"] == dealt
    assert hints["romanian-45"]["label"] == dealt
    assert hints["rummikub"]["label"] == undealt


@pytest.mark.parametrize("language", LABELS)
@pytest.mark.parametrize(("variant", "dealt"), [("romanian", True), ("rummikub", False)])
def test_the_rematch_label_says_what_the_name_chosen_does(client, language, variant, dealt):
    start_night(client)
    form = series_form(variant=variant, seats=("Ana", "Bo", "Cai"), end_kind="hands", end_value=1)
    client.post("/nights/1/series/new", data=form)
    names = ["Ana", "Bo", "Cai"]
    hand = tally(names, {"Ana": "went_out", "Bo": "r5", "Cai": "k3"})
    assert client.post("/series/1/hands/new", data=hand).status_code == 302
    page = client.get("/series/1", headers={"Accept-Language": language}).text
    assert label(page, "rematch-first") == LABELS[language][0 if dealt else 1]


def test_a_refused_form_draws_the_words_of_the_rules_it_was_sent_with(client):
    # Drawn by the server as the script would leave them, so nothing moves when it arrives:
    # a Romanian series sent with one player comes back with Romanian's words and label.
    start_night(client)
    form = series_form(variant="romanian", seats=("Ana",), end_kind="hands", end_value=4)
    page = client.post("/nights/1/series/new", data=form).text
    hints = hints_of(page)["romanian"]
    for said in (hints["order"], hints["first"], hints["label"]):
        assert f'<span class="js-only">{said}</span>' in page or (
            f'<p class="js-only">{said}</p>' in page
        )
