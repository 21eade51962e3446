"""Share the result: a series' and a night's standings (and the winner once over) as plain
text in the page's language, in a box to copy and in links that open the messages and mail
apps with it, all drawn by the server so they work without a script and over plain http."""

import html
import re
from urllib.parse import unquote

import pytest

from .steps import SOURCE_HANDS, series_form, start_series, tally

NBSP = "\u00a0"
# The Rummikub rules' four-hand score table played as one round: C wins.
FINISHED = {
    "en": [
        "After 4 hands:",
        "1. C: +45, 2 hands won",
        "2. D: +33, 1 hand won",
        "3. A: -24, 1 hand won",
        "4. B: -54, 0 hands won",
        "Series over: C won.",
    ],
    "ro": [
        "După 4 mâini:",
        "1. C: +45, 2 mâini câștigate",
        "2. D: +33, 1 mână câștigată",
        "3. A: -24, 1 mână câștigată",
        "4. B: -54, 0 mâini câștigate",
        "Partida s-a încheiat: C a câștigat.",
    ],
    "hu": [
        "4 leosztás után:",
        "1. C: +45, 2 nyert leosztás",
        "2. D: +33, 1 nyert leosztás",
        "3. A: -24, 1 nyert leosztás",
        "4. B: -54, 0 nyert leosztás",
        "A parti véget ért: C nyert.",
    ],
    "fr": [
        f"Après 4 manches{NBSP}:",
        f"1. C{NBSP}: +45, 2 manches gagnées",
        f"2. D{NBSP}: +33, 1 manche gagnée",
        f"3. A{NBSP}: -24, 1 manche gagnée",
        f"4. B{NBSP}: -54, 0 manche gagnée",
        f"Partie terminée{NBSP}: C a gagné.",
    ],
}
TITLE = {
    "en": ("Rummikub: A, B, C, and D", "Saturday 22 November 2025", "Series 1"),
    "ro": ("Rummikub: A, B, C și D", "sâmbătă, 22 noiembrie 2025", "Partida 1"),
    "hu": ("Rummikub: A, B, C és D", "2025. november 22., szombat", "1. parti"),
    "fr": ("Rummikub : A, B, C et D", "samedi 22 novembre 2025", "Partie 1"),
}
NO_HANDS = {
    "en": "No hands yet.",
    "ro": "Încă nicio mână.",
    "hu": "Még nincs leosztás.",
    "fr": "Pas encore de manche.",
}


def shared(page: str) -> str:
    """The text in the page's share box, as a phone copies it."""
    found = re.search(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found is not None, "no share box"
    return html.unescape(found.group(1))


def a_finished_series_and_a_new_one(client) -> int:
    series_id = start_series(client)
    for hand in SOURCE_HANDS:
        saved = client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", hand))
        assert saved.status_code == 302
    client.post("/nights/1/series/new", data=series_form(seats=("Ana", "Bo"), name="Dessert"))
    return series_id


@pytest.mark.parametrize("language", sorted(FINISHED))
def test_the_series_page_shares_its_standings_and_winner_in_the_language(client, language):
    series_id = a_finished_series_and_a_new_one(client)
    client.set_cookie("language", language)
    title, day, _ = TITLE[language]
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert shared(page) == "\n".join([title, day, *FINISHED[language]])


@pytest.mark.parametrize("language", sorted(FINISHED))
def test_the_night_page_shares_each_series_in_the_language(client, language):
    a_finished_series_and_a_new_one(client)
    client.set_cookie("language", language)
    # Each series by its title, the game and the players as its page calls it, not by the
    # night page's "Series 1", which tells the family nothing.
    title, day, label = TITLE[language]
    page = client.get("/nights/1").get_data(as_text=True)
    assert shared(page) == "\n\n".join(
        [day, "\n".join([title, *FINISHED[language]]), "\n".join(["Dessert", NO_HANDS[language]])]
    )
    assert label not in shared(page)


TWINS = {
    "en": ("Series 1: Rummikub: A, B, C, and D", "Series 2: Rummikub: A, B, C, and D"),
    "ro": ("Partida 1: Rummikub: A, B, C și D", "Partida 2: Rummikub: A, B, C și D"),
    "hu": ("1. parti: Rummikub: A, B, C és D", "2. parti: Rummikub: A, B, C és D"),
    "fr": (
        f"Partie 1{NBSP}: Rummikub : A, B, C et D",
        f"Partie 2{NBSP}: Rummikub : A, B, C et D",
    ),
}


@pytest.mark.parametrize("language", sorted(TWINS))
def test_two_series_of_one_game_and_players_are_told_apart_by_number(client, language):
    start_series(client)
    client.post("/nights/1/series/new", data=series_form(seats=("A", "B", "C", "D")))
    client.set_cookie("language", language)
    text = shared(client.get("/nights/1").get_data(as_text=True))
    heads = [part.splitlines()[0] for part in text.split("\n\n")[1:]]
    assert heads == list(TWINS[language])


def test_a_series_in_play_shares_its_standings_without_a_winner(client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    text = shared(client.get(f"/series/{series_id}").get_data(as_text=True))
    assert text.splitlines()[2:] == [
        "After 1 hand:",
        "1. A: +24, 1 hand won",
        "2. D: -3, 0 hands won",
        "3. B: -5, 0 hands won",
        "4. C: -16, 0 hands won",
    ]
    assert "Series over" not in text


def test_the_message_and_mail_links_carry_the_whole_text(client):
    series_id = a_finished_series_and_a_new_one(client)
    client.set_cookie("language", "fr")
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    text = shared(page)
    sms = re.search(r'href="sms:\?&amp;body=([^"]+)"', page)
    mail = re.search(r'href="mailto:\?subject=([^"&]+)&amp;body=([^"]+)"', page)
    assert sms is not None and mail is not None
    assert unquote(sms.group(1)) == text == unquote(mail.group(2))
    assert unquote(mail.group(1)) == TITLE["fr"][0]
    # The words around the box, and the buttons a script turns on, in the page's language.
    assert "<summary>Partager le résultat</summary>" in page
    assert "Envoyer par SMS" in page and "Envoyer par e-mail" in page
    assert re.search(r"<button [^>]*data-copy hidden>Copier</button>", page)


def test_a_night_without_series_offers_nothing_to_share(client):
    client.post("/nights/new", data={"date": "2025-11-22", "place": "", "note": ""})
    assert 'id="share-text"' not in client.get("/nights/1").get_data(as_text=True)
