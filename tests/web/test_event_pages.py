"""A club night's pages (issue 27): the new-event form and its refusals, the event page with
every table at a glance, seating the next round, the roster, the standings (halves in each
language), following a player, the big screen, the print pages, the banner of a table's
series and the events on the home page."""

from __future__ import annotations

import re
from datetime import date

import pytest

from scorekeeper.store import events as store
from scorekeeper.store import table_codes
from scorekeeper.web.shell.db import get_db

from .steps import page_text, set_scorer_passcode, tally

TEN = ["Ana", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]


def event_form(players=TEN, **changes) -> dict:
    """The new-event form as an organiser fills it: one hand per round at a table."""
    form = {
        "name": "Friday club night",
        "day": date.today().isoformat(),
        "variant": "rummikub",
        "players": "\n".join(players),
        "rounds": "2",
        "table_size": "4",
        "end_kind": "hands",
        "end_value": "1",
        "seating": "mix",
        "points": "places",
        "points_4": "3 2 1 0",
        "points_3": "2 1 0",
        "points_2": "1 0",
    }
    return {**form, **changes}


def start_event(client, **changes) -> int:
    response = client.post("/events/new", data=event_form(**changes))
    assert response.status_code == 302, page_text(response)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def tables(app, event_id: int, number: int | None = None):
    with app.app_context():
        db = get_db()
        return store.tables_of(db, event_id, number or store.current_round(db, event_id))


def finish(client, table, racks=("r5", "b10 k6", "y3")) -> None:
    """One hand at the table: seat 1 goes out, the others hold these racks in seat order."""
    hand = {table.players[0]: "went_out"}
    hand.update(zip(table.players[1:], racks, strict=False))
    response = client.post(f"/series/{table.series_id}/hands/new", data=tally(table.players, hand))
    assert response.status_code == 302, page_text(response)


def test_the_form_shows_the_default_points_per_place_and_the_tie_breaks(client):
    page = client.get("/events/new").get_data(as_text=True)
    assert 'value="3 2 1 0"' in page
    assert 'value="2 1 0"' in page
    assert 'value="1 0"' in page
    text = page_text(page)
    assert (
        "Players are ranked by event points, then by their summed score, then by hands won; "
        "players equal on all three share a place." in text
    )
    assert f'value="{date.today().isoformat()}"' in page


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": ["Ana"]}, "players"),
        ({"name": ""}, "name"),
        ({"rounds": "0"}, "rounds"),
        ({"points_4": "3 two 1 0"}, "points_4"),
        ({"points_3": "0 1 2"}, "points_3"),
        ({"points_2": "1 0 0"}, "points_2"),
    ],
)
def test_a_refusal_stands_beside_its_field_and_keeps_what_was_typed(app, client, changes, field):
    form = event_form(**changes)
    response = client.post("/events/new", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'id="{field}-error"' in page
    assert page.count('class="error"') == 1
    # What was typed is all there again.
    assert "Friday club night" in page or field == "name"
    assert "3 two 1 0" in page or field != "points_4"
    for name in ["Bo", "Jo"] if field != "players" else ["Ana"]:
        assert name in page
    assert rows_of(app, "events") == []


def rows_of(app, table):
    with app.app_context():
        return list(get_db()[table].rows)


def test_the_event_page_shows_every_table_at_a_glance(app, client):
    event_id = start_event(client)
    page = client.get(f"/events/{event_id}")
    text = page_text(page)
    assert "Event started: round 1 is seated. Hand each table its code." in text
    seated = tables(app, event_id)
    assert [len(t.players) for t in seated] == [4, 3, 3]
    for t in seated:
        assert f"Table {t.number}" in text
        with app.app_context():
            code = table_codes.code_of_table(get_db(), t.series_id)
        assert f"Table code: {code[:5]} {code[5:]}" in text
        assert f"/table-code?code={code}" in page.get_data(as_text=True)
    assert text.count("Playing: 0 hands so far.") == 3
    assert text.count("No phone has used this table's code yet.") == 3
    assert "Tables 1, 2, and 3 are still playing." in text
    assert "Seat the next round" not in text


def test_the_next_round_is_offered_once_every_table_has_finished(app, client):
    event_id = start_event(client)
    first, second, third = tables(app, event_id)
    finish(client, first)
    finish(client, second)
    text = page_text(client.get(f"/events/{event_id}"))
    assert "Table 3 is still playing." in text
    assert "Finished after 1 hand." in text
    assert "Seat the next round" not in text
    finish(client, third)
    text = page_text(client.get(f"/events/{event_id}"))
    assert "still playing" not in text
    assert "Seat the next round" in text
    response = client.post(f"/events/{event_id}/rounds", follow_redirects=True)
    assert "Round 2 is seated. Hand each table its code." in page_text(response)
    assert "Tables of round 2" in page_text(response)
    assert len(tables(app, event_id, 2)) == 3


def test_the_standings_page_shows_event_points_score_and_hands_won(app, client):
    event_id = start_event(client)
    first = tables(app, event_id)[0]
    # Seat 1 goes out: +24; the others -5, -16 and -3: places 1, 3, 4 and 2.
    finish(client, first)
    page = client.get(f"/events/{event_id}/standings")
    rows = [
        [cell.strip() for cell in row.split("|")]
        for row in standings_rows(page.get_data(as_text=True))
    ]
    a, b, c, d = first.players
    assert rows[:3] == [
        ["1", a, "3", "24", "1"],
        ["2", d, "2", "-3", "0"],
        ["3", b, "1", "-5", "0"],
    ]
    # The six players not yet at a finished table share 4th place, ahead of 0 points and -16.
    assert [row[0] for row in rows[3:9]] == ["4"] * 6
    assert rows[9] == ["10", c, "0", "-16", "0"]


def standings_rows(page: str) -> list[str]:
    """The standings' rows as "rank | player | points | score | won"."""
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)
        found.append(" | ".join(cells))
    return found


@pytest.mark.parametrize(("language", "half"), [("en", "1.5"), ("fr", "1,5"), ("ro", "1,5")])
def test_tied_players_share_the_points_of_their_places_written_in_the_pages_language(
    app, client, language, half
):
    event_id = start_event(client)
    first = tables(app, event_id)[0]
    finish(client, first, racks=("r5", "b5", "y9"))
    client.set_cookie("language", language)
    rows = standings_rows(client.get(f"/events/{event_id}/standings").get_data(as_text=True))
    b, c = first.players[1:3]
    assert f"2 | {b} | {half} | -5 | 0" in rows
    assert f"2 | {c} | {half} | -5 | 0" in rows


def test_a_phone_follows_a_player_with_one_tap(app, client):
    event_id = start_event(client)
    first = tables(app, event_id)[0]
    player = first.players[1]
    response = client.get(f"/events/{event_id}/follow?player={player}")
    assert response.status_code == 302
    text = page_text(client.get(f"/events/{event_id}/follow"))
    assert "Round 1: table 1, seat 2." in text
    assert "Place 1 in the standings, event points: 0." in text


def test_the_series_page_and_viewer_of_a_table_name_the_event(app, client):
    event_id = start_event(client)
    third = tables(app, event_id)[2]
    for address in (f"/series/{third.series_id}", f"/series/{third.series_id}/view"):
        page = client.get(address).get_data(as_text=True)
        assert "Friday club night: round 1, table 3" in page_text(page)
        assert f'href="/events/{event_id}"' in page


def test_the_night_page_names_each_table_by_its_event_round_and_table(app, client):
    event_id = start_event(client)
    with app.app_context():
        night_id = store.get_event(get_db(), event_id).night_id
    text = page_text(client.get(f"/nights/{night_id}"))
    for number in (1, 2, 3):
        assert f"Friday club night: round 1, table {number}" in text
    assert "Series 1" not in text


def test_the_home_page_lists_the_events_in_play(client):
    event_id = start_event(client)
    page = client.get("/").get_data(as_text=True)
    assert "Events in play" in page_text(page)
    assert "Round 1 of 2" in page_text(page)
    assert f'href="/events/{event_id}"' in page
    # A table of the event is not offered as the one series in play.
    assert "Record hand 1" not in page_text(page)


def test_the_print_pages_carry_each_tables_players_and_code(app, client):
    event_id = start_event(client)
    slips = page_text(client.get(f"/events/{event_id}/print/slips"))
    for t in tables(app, event_id):
        assert f"Round 1, table {t.number}" in slips
        with app.app_context():
            code = table_codes.code_of_table(get_db(), t.series_id)
        assert f"Table code: {code[:5]} {code[5:]}" in slips
    sheets = page_text(client.get(f"/events/{event_id}/print/sheets"))
    assert "Round 1, table 3" in sheets


def test_a_watching_phone_sees_no_codes_and_needs_the_passcode_to_print(app, client):
    event_id = start_event(client)
    set_scorer_passcode(app)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Table code" not in page
    assert "Seat the next round" not in page
    assert client.get(f"/events/{event_id}/print/slips").status_code == 302
    assert client.post(f"/events/{event_id}/end").status_code == 403


def test_the_big_screen_polls_a_tag_that_changes_with_each_hand(app, client):
    event_id = start_event(client)
    text = page_text(client.get(f"/events/{event_id}/screen"))
    assert "Round 1 of 2: 0 of 3 tables finished." in text
    tag = client.get(f"/events/{event_id}/screen.json").get_json()["version"]
    same = client.get(f"/events/{event_id}/screen.json", headers={"If-None-Match": f'"{tag}"'})
    assert same.status_code == 304
    finish(client, tables(app, event_id)[0])
    assert client.get(f"/events/{event_id}/screen.json").get_json()["version"] != tag
    assert "Round 1 of 2: 1 of 3 tables finished." in page_text(
        client.get(f"/events/{event_id}/screen")
    )


def test_a_late_player_is_added_and_a_player_who_left_is_marked(app, client):
    event_id = start_event(client)
    response = client.post(f"/events/{event_id}/late", data={"name": "Kim"}, follow_redirects=True)
    assert "Kim is seated from the next round on." in page_text(response)
    again = client.post(f"/events/{event_id}/late", data={"name": "kim"})
    assert again.status_code == 422
    assert 'id="name-error"' in again.get_data(as_text=True)
    gone = client.post(
        f"/events/{event_id}/roster", data={"player": "Bo", "change": "gone"}, follow_redirects=True
    )
    assert "Bo is no longer seated in the next rounds." in page_text(gone)
    with app.app_context():
        roster = {p.name: p for p in store.roster(get_db(), event_id)}
    assert roster["Bo"].gone and roster["Kim"].checked_in


def test_ending_the_event_stops_the_codes_and_says_so(app, client):
    event_id = start_event(client)
    response = client.post(f"/events/{event_id}/end", follow_redirects=True)
    text = page_text(response)
    assert "The event is over. The table codes no longer work." in text
    assert "Table code" not in text
    assert "Events in play" not in page_text(client.get("/"))


def test_every_refusal_is_shown_at_once(client):
    response = client.post("/events/new", data=event_form(name="", players=["Ana"]))
    page = response.get_data(as_text=True)
    assert 'id="name-error"' in page
    assert 'id="players-error"' in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ro", ["Runda 1 din 2", "Mesele 1, 2 și 3 încă joacă.", "Codul mesei: ", "Clasament"]),
        ("hu", ["1. forduló (összesen 2)", "Még tart a játék: 1, 2 és 3. asztal.", "Asztalkód: "]),
        ("fr", ["Ronde 1 sur 2", "Les tables 1, 2 et 3 jouent encore.", "Code de la table : "]),
    ],
)
def test_the_event_page_speaks_the_phones_language(client, language, words):
    event_id = start_event(client)
    client.set_cookie("language", language)
    text = page_text(client.get(f"/events/{event_id}"))
    for said in words:
        assert said in text


def test_a_phone_holding_a_seat_through_my_rack_follows_that_player(app, client):
    event_id = start_event(client)
    second = tables(app, event_id)[1]
    client.post(f"/series/{second.series_id}/my-rack/seat", data={"seat": "2"})
    page = page_text(client.get(f"/events/{event_id}/follow"))
    assert f"{second.players[2]} " in page
    assert "Round 1: table 2, seat 3." in page


def test_points_per_place_may_be_halves_written_with_a_comma(app, client):
    event_id = start_event(client, points_4="2,5 1.5 1 0")
    with app.app_context():
        event = store.get_event(get_db(), event_id)
    assert event.fmt.place_points[4] == (2.5, 1.5, 1.0, 0.0)
    assert event.fmt.place_points[3] == (2.0, 1.0, 0.0)
