"""What the pages say about the machine that keeps the scores: on a laptop over the Wi-Fi they
speak of the laptop and of the same Wi-Fi; on a club's machine behind a proxy (PROXY_COUNT or
PUBLIC_NAMES set) of Scorekeeper and of any phone, never of a laptop the club does not have.
The scripts' words come from the page (data-words and data-* attributes), so they are read
from the page as the server draws it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from conftest import app_settings, copy_of
from flask import Flask

from scorekeeper import create_app

from .steps import page_text, start_series
from .test_my_rack import claim, phone

SEATS = ("Ana", "Bo", "Cai")
FRENCH = {"Accept-Language": "fr"}


def flat(value: object) -> list[str]:
    """Every text in a script's words, however deep they are nested."""
    if isinstance(value, dict):
        return [text for inner in value.values() for text in flat(inner)]
    return [value] if isinstance(value, str) else []


def said(page) -> str:
    """Everything a page may say: its text and the words its scripts read from it."""
    words = [page_text(page)]
    for value in re.findall(r'data-[\w-]+="([^"]*)"', page.get_data(as_text=True)):
        value = html.unescape(value)
        words.extend(flat(json.loads(value)) if value.startswith("{") else [value])
    return "\n".join(words)


def pages(app: Flask, **headers: str) -> dict[str, str]:
    """What each page of a series says: the home page, the series page, the record-hand form,
    the viewer, the table screen and a player's My rack."""
    client = app.test_client()
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=9)
    player = phone(app)
    claim(player, series_id, 1)
    paths = {
        "home": "/",
        "series": f"/series/{series_id}",
        "form": f"/series/{series_id}/hands/new",
        "viewer": f"/series/{series_id}/view",
        "screen": f"/series/{series_id}/screen",
    }
    shown = {name: said(client.get(path, headers=headers)) for name, path in paths.items()}
    shown["rack"] = said(player.get(f"/series/{series_id}/my-rack", headers=headers))
    return shown


@pytest.fixture(
    params=[
        {"PROXY_COUNT": 1, "PUBLIC_NAMES": "scores.ourclub.org"},
        {"PROXY_COUNT": 1},
        {"PUBLIC_NAMES": "scores.ourclub.org"},
    ],
    ids=["count-and-name", "count-only", "name-only"],
)
def club(request, tmp_path: Path, empty_database: Path) -> Flask:
    """The app on a club's machine behind a proxy, however the settings say so."""
    copy_of(empty_database, tmp_path)
    return create_app(app_settings(tmp_path, **request.param))


def test_on_a_laptop_the_pages_speak_of_the_laptop_and_the_wi_fi(app):
    shown = pages(app)
    assert "On the same Wi-Fi, open" in shown["home"]
    assert "The laptop cannot be reached: this page may be out of date" in shown["series"]
    assert "The laptop is back." in shown["series"]
    form = shown["form"]
    assert (
        "The laptop cannot be reached. What you typed is kept on this phone; "
        "the hand will be sent once the laptop answers again." in form
    )
    assert "The laptop is back: sending the hand." in form
    assert "The laptop cannot be reached: these standings may be out of date." in shown["viewer"]
    assert "open this page on the laptop itself (at localhost)" in shown["screen"]
    assert "The laptop cannot be reached: your rack is not sent yet." in shown["rack"]
    assert "The laptop cannot be reached: the clock may be behind." in shown["rack"]
    assert not any("Scorekeeper cannot be reached" in words for words in shown.values())


def test_behind_a_proxy_the_pages_speak_of_scorekeeper_and_any_phone(club):
    shown = pages(club)
    assert "On any phone, open" in shown["home"]
    assert "Scorekeeper cannot be reached: this page may be out of date" in shown["series"]
    assert "Scorekeeper is back." in shown["series"]
    form = shown["form"]
    assert (
        "Scorekeeper cannot be reached. What you typed is kept on this phone; "
        "the hand will be sent once Scorekeeper answers again." in form
    )
    assert "Scorekeeper is back: sending the hand." in form
    assert "Scorekeeper cannot be reached. What you type is kept on this phone." in form
    assert "Scorekeeper is back; the standings are up to date." in shown["viewer"]
    assert "Scorekeeper cannot be reached: these standings may be out of date." in shown["viewer"]
    screen = shown["screen"]
    assert (
        "This browser cannot keep the screen awake here: "
        "set the screen not to go dark in its settings." in screen
    )
    assert "Scorekeeper cannot be reached: your rack is not sent yet." in shown["rack"]
    assert "Scorekeeper cannot be reached: the clock may be behind." in shown["rack"]
    for name, words in shown.items():
        assert "laptop" not in words.replace("for a laptop, tablet or TV", ""), name
        assert "Wi-Fi" not in words, name


def test_in_french_the_laptop_is_the_computer_and_the_club_machine_scorekeeper(app, club):
    at_home = pages(app, **FRENCH)
    assert "Sur le même Wi-Fi, ouvrez" in at_home["home"]
    assert "L'ordinateur est injoignable\u00a0: ce classement" in at_home["viewer"]
    at_club = pages(club, **FRENCH)
    assert "Sur n'importe quel téléphone, ouvrez" in at_club["home"]
    assert (
        "Scorekeeper est injoignable\u00a0: ce classement n'est peut-être plus à jour."
        in at_club["viewer"]
    )
    assert "Scorekeeper répond à nouveau\u00a0: envoi de la manche." in at_club["form"]
    assert (
        "Scorekeeper est injoignable\u00a0: votre chevalet n'est pas encore envoyé."
        in at_club["rack"]
    )
    for name, words in at_club.items():
        assert "L'ordinateur" not in words, name
        assert "Wi-Fi" not in words, name
