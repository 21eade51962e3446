"""A Done ends the turn it was pressed for, never the next one: each page's form and the API
say which turn they end, and a Done for a turn already over (another phone ended it, or a
second tap) is refused 409 in the players' words, the clock unchanged. And the turn running
when a hand is recorded counts in the series' figures (issue 26, points 3, 5 and 6)."""

from __future__ import annotations

import re

from .steps import PASSCODE, page_text, set_scorer_passcode, start_series, tally
from .test_clock import press, read, time  # noqa: F401 (the server's clock, moved by hand)
from .test_my_rack import claim

SEATS = ("Ana", "Bo", "Cai", "Dan")


def marked(client, series_id: int, **mark):
    return client.post(f"/api/series/{series_id}/clock", json={"do": "done", **mark})


def hidden(page: str, name: str) -> str | None:
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page)
    return found.group(1) if found else None


def test_the_api_refuses_a_done_for_a_turn_already_over(client, time):  # noqa: F811
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    press(client, series_id, "start")
    for seat in range(3):
        time.at += 5
        assert marked(client, series_id, seat=seat, turn=seat + 1, hand=1).status_code == 200
    time.at += 5
    # Dan's turn (the 4th): ended once; the same Done again, 150 ms later, ends nobody's.
    assert marked(client, series_id, seat=3, turn=4).get_json()["player"] == "Ana"
    before = read(client, series_id)
    time.at += 0.15
    again = marked(client, series_id, seat=3, turn=4)
    assert again.status_code == 409
    assert again.get_json() == {
        "error": "Dan's turn had already ended; it is now Ana's turn.",
        "where": "do",
    }
    # Nothing changed: Ana's turn runs on from when it began (not restarted).
    assert read(client, series_id) == before | {"left_s": 59.8}
    ro = client.post(
        f"/api/series/{series_id}/clock",
        json={"do": "done", "seat": 3},
        headers={"Accept-Language": "ro"},
    )
    assert ro.status_code == 409
    assert ro.get_json()["error"] == "Dan terminase deja mutarea; acum joacă Ana."
    # Without a turn said, "done" ends the turn being played, as before.
    assert press(client, series_id, "done").get_json()["player"] == "Bo"


def test_the_api_says_which_turn_field_is_wrong(client, time):  # noqa: F811
    series_id = start_series(client, seats=SEATS)
    press(client, series_id, "start")
    for field, value in (("seat", 4), ("seat", "1"), ("turn", 0), ("hand", True)):
        wrong = marked(client, series_id, **{field: value})
        assert wrong.status_code == 400 and wrong.get_json()["where"] == field
    assert read(client, series_id)["turns"] == []


def test_a_page_behind_the_clock_cannot_end_the_next_players_turn(app, client, time):  # noqa: F811
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    dan = app.test_client()
    claim(dan, series_id, 3)
    press(client, series_id, "start")
    for _ in range(3):
        press(client, series_id, "done")
    # The scorer's page shows Dan's turn, with the turn it ends in its form.
    shown = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Dan's turn" in page_text(client.get(f"/series/{series_id}"))
    form = {"do": "done", "next": f"/series/{series_id}"}
    form |= {name: hidden(shown, name) for name in ("seat", "turn", "hand")}
    assert (form["seat"], form["turn"], form["hand"]) == ("3", "4", "1")
    # Dan presses Done on his own phone (its form says the same turn).
    mine = dan.get(f"/series/{series_id}/my-rack").get_data(as_text=True)
    assert (hidden(mine, "seat"), hidden(mine, "turn")) == ("3", "4")
    assert dan.post(f"/series/{series_id}/clock", data=form).status_code == 302
    # The scorer's Done, without script: refused, and the page shows the clock as it is.
    stale = client.post(f"/series/{series_id}/clock", data=form, follow_redirects=True)
    text = page_text(stale)
    assert "Dan's turn had already ended; it is now Ana's turn." in text
    assert "Ana's turn" in text.replace("now Ana's turn", "")
    assert read(client, series_id)["player"] == "Ana"
    # With script (the answer in JSON), in the page's language.
    fr = client.post(
        f"/series/{series_id}/clock",
        data=form,
        headers={"Accept": "application/json", "Accept-Language": "fr"},
    )
    assert fr.status_code == 409
    assert fr.get_json()["error"] == (
        "Dan avait déjà fini son tour ; c'est maintenant à Ana de jouer."
    )
    hu = client.post(
        f"/series/{series_id}/clock",
        data=form,
        headers={"Accept": "application/json", "Accept-Language": "hu"},
    )
    assert hu.get_json()["error"] == "Dan lépése már véget ért; most Ana van soron."
    assert len(read(client, series_id)["turns"]) == 4


def test_the_turn_running_when_the_hand_is_recorded_counts_in_the_figures(client, time):  # noqa: F811
    series_id = start_series(client, seats=("Ana", "Bo"), end_kind="hands", end_value=4)
    press(client, series_id, "start")
    time.at += 10
    press(client, series_id, "done")
    time.at += 30
    press(client, series_id, "done")
    # Ana's second turn runs out (60 s) and the hand is recorded 65 s in.
    time.at += 65
    saved = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(("Ana", "Bo"), {"Ana": "went_out", "Bo": "r1"}),
    )
    assert saved.status_code == 302
    text = page_text(client.get(f"/series/{series_id}"))
    # Ana: 10 and 65 s (median 0:38, 1 ran out); Bo: 30 s.
    assert "Ana 2 0:38 1" in text and "Bo 1 0:30 0" in text
    assert read(client, series_id)["turns"] == []


def test_a_late_done_from_the_right_phone_is_told_the_turn_is_over(app, client, time):  # noqa: F811
    """Bo's phone, a moment late for Bo's turn (the scorer ended it), learns that the turn
    had ended, not that only Bo's phone may end it."""
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=4)
    bo = app.test_client()
    claim(bo, series_id, 1)
    set_scorer_passcode(app)
    scorer = {"Authorization": f"Bearer {PASSCODE}"}
    press(client, series_id, "start", scorer)
    press(client, series_id, "done", scorer)
    assert press(client, series_id, "done", scorer).get_json()["player"] == "Cai"
    late = marked(bo, series_id, seat=1, turn=2, hand=1)
    assert late.status_code == 409
    assert late.get_json() == {
        "error": "Bo's turn had already ended; it is now Cai's turn.",
        "where": "do",
    }
    form = {"do": "done", "seat": "1", "turn": "2", "hand": "1"}
    for language, said in (
        ("ro", "Bo terminase deja mutarea; acum joacă Cai."),
        ("hu", "Bo lépése már véget ért; most Cai van soron."),
        ("fr", "Bo avait déjà fini son tour ; c'est maintenant à Cai de jouer."),
    ):
        page = bo.post(
            f"/series/{series_id}/clock",
            data=form,
            headers={"Accept": "application/json", "Accept-Language": language},
        )
        assert (page.status_code, page.get_json()["error"]) == (409, said)
    # A Done for the turn being played, from a phone that does not hold it, is still refused.
    now = marked(bo, series_id, seat=2, turn=3, hand=1)
    assert now.status_code == 403
    assert "the phone that joined as Cai" in now.get_json()["error"]
    assert len(read(client, series_id)["turns"]) == 2
