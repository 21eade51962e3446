"""A club night's small words (issue 27, a fresh-eye tester's findings): tables after the event
was ended, the home page's "Tonight" naming each event's night, the points per place in use on
the event and standings pages, and a player who left checked back in; in every language."""

from __future__ import annotations

import pytest

from scorekeeper.store import events as store
from scorekeeper.web.shell.db import get_db

from .steps import page_text
from .test_event_pages import finish, start_event, tables

ENDED = {
    "en": "Not finished: the event ended after 0 hands at this table.",
    "ro": "Neterminată: turneul s-a încheiat după 0 mâini la această masă.",
    "hu": "Nem fejeződött be: ennél az asztalnál 0 leosztás után ért véget a verseny.",
    "fr": "Non terminée : le tournoi a pris fin après 0 manche à cette table.",
}


@pytest.mark.parametrize("language", ENDED)
def test_after_the_event_is_ended_an_unfinished_table_says_so(app, client, language):
    event_id = start_event(client)
    first = tables(app, event_id)[0]
    finish(client, first)
    client.post(f"/events/{event_id}/end")
    client.set_cookie("language", language)
    text = page_text(client.get(f"/events/{event_id}"))
    assert text.count(ENDED[language]) == 2  # tables 2 and 3 of 4+3+3
    assert "Playing" not in text and "Se joacă" not in text and "En cours" not in text
    assert "Játékban" not in text


def test_tonight_names_each_events_night_by_the_event(client):
    start_event(client, name="Friday club night")
    start_event(client, name="Junior cup")
    text = page_text(client.get("/"))
    tonight = text.split("Tonight", 1)[1].split("Events in play", 1)[0]
    assert "Friday club night" in tonight and "Junior cup" in tonight


PLACES = {
    "en": [
        "At a table of 4, event points by place, first to last: 3 / 2 / 1 / 0.",
        "At a table of 3, event points by place, first to last: 2 / 1 / 0.",
    ],
    "ro": ["La o masă de 4, punctele de turneu pe locuri, de la primul la ultimul: 3 / 2 / 1 / 0."],
    "hu": [
        "4 fős asztalnál a versenypontok helyezés szerint, az elsőtől az utolsóig: 3 / 2 / 1 / 0."
    ],
    "fr": ["À une table de 3, points de tournoi par place, du premier au dernier : 2 / 1 / 0."],
}


@pytest.mark.parametrize("language", PLACES)
@pytest.mark.parametrize("page", ["", "/standings"])
def test_the_points_per_place_in_use_are_shown(client, language, page):
    event_id = start_event(client)  # ten players at tables of 4, 3 and 3
    client.set_cookie("language", language)
    text = page_text(client.get(f"/events/{event_id}{page}"))
    for sentence in PLACES[language]:
        assert sentence in text


def test_halves_per_place_are_written_in_the_pages_language(client):
    event_id = start_event(client, points_4="3 1.5 1.5 0")
    client.set_cookie("language", "fr")
    assert "3 / 1,5 / 1,5 / 0." in page_text(client.get(f"/events/{event_id}/standings"))


def test_summed_scores_show_no_points_per_place(client):
    event_id = start_event(client, points="totals")
    assert "event points by place" not in page_text(client.get(f"/events/{event_id}"))


def test_a_player_who_left_is_checked_back_in(app, client):
    event_id = start_event(client)
    client.post(f"/events/{event_id}/roster", data={"player": "Bo", "change": "gone"})
    page = client.get(f"/events/{event_id}")
    assert "Check Bo back in" in page_text(page)
    client.set_cookie("language", "hu")
    assert "Bo visszajött" in page_text(client.get(f"/events/{event_id}"))
    client.set_cookie("language", "en")
    back = client.post(
        f"/events/{event_id}/roster", data={"player": "Bo", "change": "back"}, follow_redirects=True
    )
    assert "Bo is back: seated again from the next round on." in page_text(back)
    assert "Mark Bo as gone" in page_text(back)
    with app.app_context():
        bo = next(p for p in store.roster(get_db(), event_id) if p.name == "Bo")
    assert bo.checked_in and not bo.gone
