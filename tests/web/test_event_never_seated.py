"""A player added late and gone before ever sitting at a table is listed after everyone who
played, with no rank: never ranked above a player who played and scored below 0 (issue 27,
a fresh-eye tester's finding). On the standings page, in the API, and not in a season."""

from __future__ import annotations

from .steps import page_text
from .test_event_pages import finish, start_event, tables

PLAYERS = ["Ana", "Bo", "Cy", "Dan"]
NOT_PLAYED = {
    "en": "Has not played",
    "ro": "Nu a jucat",
    "hu": "Nem játszott",
    "fr": "N'a pas joué",
}


def night_with_a_late_player_gone(app, client) -> int:
    """One table of four finished (three of them below 0), and Zed added late, then gone."""
    event_id = start_event(client, players=PLAYERS)
    (table,) = tables(app, event_id)
    finish(client, table)
    client.post(f"/events/{event_id}/late", data={"name": "Zed"})
    client.post(f"/events/{event_id}/roster", data={"player": "Zed", "change": "gone"})
    return event_id


def test_the_standings_list_a_never_seated_player_last_without_a_rank(app, client):
    event_id = night_with_a_late_player_gone(app, client)
    for language, said in NOT_PLAYED.items():
        page = client.get(f"/events/{event_id}/standings", headers={"Accept-Language": language})
        html = page.get_data(as_text=True)
        body = html[html.index("<tbody>") : html.index("</tbody>")]
        rows = body.split("<tr")[1:]
        assert len(rows) == 5
        # Four who played, ranked 1 to 4; Zed last, with no number and the words instead.
        assert "Zed" in rows[-1] and said in page_text("<tr" + rows[-1]), language
        assert all("Zed" not in row and said not in page_text("<tr" + row) for row in rows[:-1])
        assert [page_text("<tr" + row).split()[0] for row in rows[:-1]] == ["1", "2", "3", "4"]


def test_the_api_gives_a_never_seated_player_rank_null_after_everyone(app, client):
    event_id = night_with_a_late_player_gone(app, client)
    standings = client.get(f"/api/events/{event_id}").get_json()["standings"]
    assert [s["rank"] for s in standings] == [1, 2, 3, 4, None]
    assert standings[-1] == {"player": "Zed", "points": 0, "score": 0, "hands_won": 0, "rank": None}
    assert min(s["score"] for s in standings[:-1]) < 0


def test_a_season_leaves_out_a_player_who_never_sat_at_a_table(app, client):
    event_id = night_with_a_late_player_gone(app, client)
    html = client.get(f"/seasons/?event={event_id}").get_data(as_text=True)
    table = page_text(html[html.index("<tbody>") : html.index("</tbody>")])
    assert "Ana" in table and "Zed" not in table
