"""Small wording and layout findings of a fresh-eye tester on a club night (issue 27): a round
that cannot end is refused in an event's words, "The event is over." reads as a notice, not
a button, and the Hungarian "Print the seating slips" wraps between its words' parts."""

from __future__ import annotations

import pytest

from scorekeeper.engine.events import InvalidEvent, round_end
from scorekeeper.web.shell.language import say

from .steps import rows, set_scorer_passcode
from .test_event_pages import start_event
from .test_table_codes import BODY, ORGANISER

ROUND_END = {
    "en": "a round at a table (hands) must be a whole number from 1 to 100000",
    "ro": "o rundă la o masă (hands) trebuie să fie un număr întreg de la 1 la 100000",
    "hu": "egy forduló az asztalnál (hands) 1 és 100000 közötti egész szám legyen",
    "fr": "une ronde à une table (hands) doit être un nombre entier de 1 à 100000",
}


def test_a_round_that_cannot_end_is_refused_in_an_event_s_words(app, client):
    set_scorer_passcode(app)
    refused = client.post("/api/events", json=BODY | {"round_end": {"hands": 0}}, headers=ORGANISER)
    assert refused.status_code == 400
    # The API speaks English (web/shell/json_words.py).
    assert refused.get_json() == {"error": ROUND_END["en"], "where": "round_end"}
    assert rows(app, "events") == []


@pytest.mark.parametrize("language", sorted(ROUND_END))
def test_the_refusal_reads_in_each_language(app, language):
    # The form's own range check answers first; the engine's words are read wherever a
    # page shows them (web/events/forms.py).
    with pytest.raises(InvalidEvent) as refused:
        round_end("hands", 0)
    assert refused.value.field == "round_end"
    with app.test_request_context(headers={"Accept-Language": language}):
        assert say(refused.value.detail) == ROUND_END[language]


def test_the_event_is_over_is_a_notice_not_a_button(client):
    event_id = start_event(client)
    client.post(f"/events/{event_id}/end")
    html = client.get(f"/events/{event_id}", headers={"Accept-Language": "fr"}).get_data(
        as_text=True
    )
    assert '<p class="flash event-over" role="status">Le tournoi est terminé.</p>' in html


def test_the_hungarian_print_button_may_break_only_between_the_compound_s_parts(client):
    event_id = start_event(client)
    html = client.get(f"/events/{event_id}", headers={"Accept-Language": "hu"}).get_data(
        as_text=True
    )
    assert "Ültető\u00adkártyák nyomtatása</a>" in html
