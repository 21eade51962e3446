"""The event page folds the earlier rounds' tables, each with who won it and its hands,
linked to its series (issue 27: the organiser's view of every table)."""

from __future__ import annotations

import re

from scorekeeper.web.events import shown

from .steps import page_text
from .test_event_pages import finish, start_event, tables


def test_the_event_page_lists_the_earlier_rounds_tables_with_who_won_each(app, client):
    event_id = start_event(client)
    first_round = tables(app, event_id)
    for table in first_round:
        finish(client, table)
    assert "Earlier rounds" not in page_text(client.get(f"/events/{event_id}"))
    client.post(f"/events/{event_id}/rounds")
    page = client.get(f"/events/{event_id}")
    html, text = page.get_data(as_text=True), page_text(page)
    assert "Tables of round 2" in text
    earlier = html[html.index('id="earlier"') :]
    fold = earlier[earlier.index("<details") : earlier.index("</details>")]
    assert "Tables of round 1" in fold
    for table in first_round:
        assert f'href="/series/{table.series_id}"' in fold
        # Seat 1 went out in the one hand each table played.
        assert f"{table.players[0]} won the table." in page_text_of(fold)
    assert page_text_of(fold).count("Finished after 1 hand.") == 3
    for language, won, heading in (
        ("ro", "a câștigat masa.", "Rundele anterioare"),
        ("hu", "Az asztalt", "Korábbi fordulók"),
        ("fr", "a gagné la table.", "Rondes précédentes"),
    ):
        client.set_cookie("language", language)
        said = page_text(client.get(f"/events/{event_id}"))
        assert heading in said and said.count(won) == 3, language


def page_text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_players_tied_first_at_a_table_are_named_together(app):
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert shown.winner_words(["Ana", "Bo"]) == "Premiers ex æquo : Ana et Bo."
        assert shown.winner_words([]) is None
