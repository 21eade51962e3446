"""Back to the game in one tap: the home page continues the series in play, the night page
says how each series stands and who won how many, the series page leads with the next hand,
a finished series offers a rematch, the first dealer has a name, deleting says what happens
to the numbers."""

import re
from datetime import date, timedelta

from .steps import page_text, rows, series_form, tally

NAMES = ("Ana", "Bo", "Cai", "Dee")


def night_on(client, day: date) -> int:
    response = client.post("/nights/new", data={"date": day.isoformat(), "place": "", "note": ""})
    return int(response.headers["Location"].rsplit("/", 1)[1])


def series_in(client, night: int, **kwargs) -> int:
    form = series_form(**{"seats": NAMES, "end_kind": "hands", "end_value": 2, **kwargs})
    response = client.post(f"/nights/{night}/series/new", data=form)
    assert response.status_code == 302, page_text(response)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def record_hands_won_by(client, series_id: int, *winners: str, names=NAMES) -> None:
    """Record a hand each winner goes out in; the first other player keeps a red 9, the
    others a black 1 (every player who did not go out holds a tile)."""
    for winner in winners:
        loser = next(n for n in names if n != winner)
        hand = {**{n: "k1" for n in names}, winner: "went_out", loser: "r9"}
        response = client.post(f"/series/{series_id}/hands/new", data=tally(names, hand))
        assert response.status_code == 302, page_text(response)


def first_button(page: str) -> tuple[str, str]:
    """The address and words of the first button-styled link of the page's content."""
    main = page.split("<main>", 1)[1]
    found = re.search(r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', main)
    assert found, main[:500]
    return found.group(1), found.group(2)


def test_the_home_pages_first_button_records_the_next_hand_of_the_series_in_play(client):
    night = night_on(client, date.today())
    series_id = series_in(client, night, end_value=9)
    record_hands_won_by(client, series_id, "Ana", "Bo", "Ana", "Cai")
    assert first_button(client.get("/").get_data(as_text=True)) == (
        f"/series/{series_id}/hands/new",
        "Record hand 5 of Ana, Bo, Cai, Dee",
    )


def test_a_series_started_last_night_is_still_in_play_after_midnight(client):
    night = night_on(client, date.today() - timedelta(days=1))
    series_id = series_in(client, night)
    assert first_button(client.get("/").get_data(as_text=True)) == (
        f"/series/{series_id}/hands/new",
        "Record hand 1 of Ana, Bo, Cai, Dee",
    )


def test_with_no_series_in_play_the_home_page_starts_one_or_a_night(client):
    assert first_button(client.get("/").get_data(as_text=True)) == ("/nights/new", "New game night")
    old = night_on(client, date.today() - timedelta(days=3))
    series_in(client, old)  # unfinished, but days ago: not the game in play
    assert first_button(client.get("/").get_data(as_text=True))[1] == "New game night"
    tonight = night_on(client, date.today())
    record_hands_won_by(client, series_in(client, tonight), "Ana", "Bo")  # finished
    assert first_button(client.get("/").get_data(as_text=True)) == (
        f"/nights/{tonight}/series/new",
        "New series tonight",
    )


def test_the_night_page_says_how_each_series_stands_and_who_won_how_many(client):
    night = night_on(client, date.today())
    first = series_in(client, night)
    record_hands_won_by(client, first, "Bo", "Bo")
    second = series_in(client, night, seats=("Ana", "Bo", "Eve"))
    record_hands_won_by(client, second, "Eve", names=("Ana", "Bo", "Eve"))
    third = series_in(client, night)
    text = page_text(client.get(f"/nights/{night}"))
    assert (
        "Series 1 Finished Rummikub · Ana, Bo, Cai, Dee 2 hands · Bo won "
        "Series 2 In play Rummikub · Ana, Bo, Eve 1 hand · Eve leads "
        "Series 3 In play Rummikub · Ana, Bo, Cai, Dee 0 hands · no hands yet"
    ) in text
    assert third
    # The tally: Bo won one series; everyone who played tonight is listed, most first.
    assert ("Series won tonight Player Series won Bo 1 Ana 0 Cai 0 Dee 0 Eve 0") in text


def test_record_hand_is_the_series_pages_first_control(client):
    series_id = series_in(client, night_on(client, date.today()))
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    after_title = page.split("</h1>", 1)[1]
    first = re.search(r"<(a|button)\b[^>]*>([^<]*)<", after_title)
    assert first and first.group(2) == "Record hand 1"


def test_a_finished_series_offers_a_rematch_the_deal_carrying_on(app, client):
    night = night_on(client, date.today())
    series_id = series_in(client, night, end_value=3, first_dealer=1)
    record_hands_won_by(client, series_id, "Ana", "Bo", "Ana")
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Series over: Ana wins." in page_text(page)
    assert "Rematch: the same players and rules" in page
    response = client.post(f"/series/{series_id}/rematch")
    assert response.status_code == 302
    again = int(response.headers["Location"].rsplit("/", 1)[1])
    first, rematch = rows(app, "series")
    assert rematch["id"] == again and rematch["night_id"] == night
    for same in ("variant_id", "variant_rules", "end_kind", "end_value"):
        assert rematch[same] == first[same]
    # Bo started hand 1, Cai hand 2, Dee hand 3: Ana starts the rematch's first hand.
    assert rematch["first_dealer"] == 0
    seated = sorted(
        (r["seat"], r["player_id"]) for r in rows(app, "series_players") if r["series_id"] == again
    )
    names = {r["id"]: r["name"] for r in rows(app, "players")}
    assert [names[p] for _, p in seated] == list(NAMES)
    text = page_text(client.get(response.headers["Location"]))
    assert "Rematch started: Ana plays first." in text
    assert "Hand 1: Ana plays first." in text
    assert rematch["listing"] == first["listing"] == "play"


def test_a_series_in_play_has_no_rematch(app, client):
    series_id = series_in(client, night_on(client, date.today()))
    assert "Rematch" not in client.get(f"/series/{series_id}").get_data(as_text=True)
    assert client.post(f"/series/{series_id}/rematch").status_code == 404
    assert len(rows(app, "series")) == 1


def test_a_rematch_without_its_form_token_starts_nothing(csrf_app):
    client = csrf_app.test_client()
    with csrf_app.app_context():
        from scorekeeper.engine import PRESETS, SeriesEnd
        from scorekeeper.store.nights import create_night
        from scorekeeper.store.series import create_series
        from scorekeeper.web.shell.db import get_db

        db = get_db()
        night = create_night(db, date.today(), None, None)
        series_id = create_series(
            db, night, None, PRESETS["rummikub"], list(NAMES), SeriesEnd("hands", 1), 0
        )
    client.post(f"/series/{series_id}/rematch")
    assert len(rows(csrf_app, "series")) == 1


def test_the_first_dealer_is_offered_by_name_once_the_names_are_known(client):
    night = night_on(client, date.today())
    page = client.get(f"/nights/{night}/series/new").get_data(as_text=True)
    # Without script the choices count seats; the page's script names them as they are typed.
    assert "Seat 1 is the first name typed above." in page_text(page)
    assert "/static/series_new.js" in page
    refused = client.post(
        f"/nights/{night}/series/new",
        data=series_form(seats=("Ana", "", "Cai", "Dee"), end_value=0),
    ).get_data(as_text=True)
    choices = re.findall(r'<option (?:selected )?value="(\d)">([^<]+)</option>', refused)
    assert choices == [
        ("0", "Ana"),
        ("1", "Cai"),
        ("2", "Dee"),
        ("3", "Seat 4"),
        ("4", "Seat 5"),
        ("5", "Seat 6"),
    ]


def test_deleting_a_hand_says_how_the_later_hands_are_numbered(client):
    series_id = series_in(client, night_on(client, date.today()), end_value=9)
    record_hands_won_by(client, series_id, "Ana", "Bo", "Cai", "Dee", "Ana")
    client.post(f"/series/{series_id}/hands/1/delete")
    # The sheet counts the hands in play: hand 3 on it is the stored hand 4.
    client.post(f"/series/{series_id}/hands/4/delete")
    text = page_text(client.get(f"/series/{series_id}"))
    assert "Hand 3 was deleted; hand 4 is now hand 3." in text
    hand = page_text(client.get(f"/series/{series_id}/hands/2"))
    assert "The hands after it each move up one number" in hand
    client.post(f"/series/{series_id}/hands/2/delete")
    text = page_text(client.get(f"/series/{series_id}"))
    assert "Hand 1 was deleted; hands 2 to 3 are now hands 1 to 2." in text
    client.post(f"/series/{series_id}/hands/5/delete")
    assert "Hand 2 was deleted." in page_text(client.get(f"/series/{series_id}"))
