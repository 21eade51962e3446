"""What the phones ask over and over costs the same at any length of series: the scorer's
draft poll is answered 304 while nothing changed, and the series and night pages draw the
last hands, with the earlier ones a link away (plain links: no script needed)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store import hands as store_hands
from scorekeeper.store import tallies
from scorekeeper.web.series import pages as series_pages

from .steps import page_text as text
from .steps import start_series, tally

NAMES = "ABCD"
# Each rack counts 8 against its player, whoever went out takes 3 x 8 = 24.
RACKS = {"A": "r5 k3", "B": "b5 y3", "C": "r6 k2", "D": "b6 y2"}


def hand(winner: str) -> dict:
    return {n: "went_out" if n == winner else RACKS[n] for n in NAMES}


@pytest.fixture
def eight_hands(client, monkeypatch):
    """A series of eight hands, the pages set to show the last three and earlier hands two
    a page (the same code as twenty and a hundred, with fewer hands to save)."""
    monkeypatch.setattr(series_pages, "SHOWN_HANDS", 3)
    monkeypatch.setattr(series_pages, "EARLIER_HANDS", 2)
    series_id = start_series(client, end_kind="hands", end_value=20)
    for i in range(8):
        saved = client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, hand(NAMES[i % 4])))
        assert saved.status_code == 302
    return series_id


def places(page: str, series_id: int) -> list[int]:
    """The hand numbers the page's score sheet lists, each linking to its hand's page."""
    return [int(n) for n in re.findall(rf'<a href="/series/{series_id}/hands/\d+">(\d+)</a>', page)]


def test_the_draft_poll_is_answered_304_until_a_rack_is_sent(client):
    series_id = start_series(client)
    url = f"/api/series/{series_id}/draft"
    first = client.get(url)
    assert first.headers["Cache-Control"] == "no-cache"
    tag = first.headers["ETag"]
    same = client.get(url, headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b""
    sent = client.put(f"{url}/seats/1", json={"rack": "r5 k3"})
    assert sent.status_code == 200, sent.get_json()
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.get_json()["seats"][1]["draft"]["rack"] == "r5 k3"
    assert changed.headers["ETag"] != tag


def test_the_draft_poll_says_a_new_hand_after_one_is_saved(client):
    series_id = start_series(client)
    url = f"/api/series/{series_id}/draft"
    tag = client.get(url).headers["ETag"]
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, hand("A")))
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.get_json()["hand"] == 2


def test_the_series_page_shows_the_last_hands_and_a_link_to_the_earlier(client, eight_hands):
    page = client.get(f"/series/{eight_hands}").get_data(as_text=True)
    assert places(page, eight_hands) == [6, 7, 8]
    assert f'<a href="/series/{eight_hands}/hands">Earlier hands: 1 to 5</a>' in page
    assert "Record hand 9" in text(page)


def test_the_earlier_hands_are_listed_page_by_page(client, eight_hands):
    url = f"/series/{eight_hands}/hands"
    page = client.get(url).get_data(as_text=True)
    assert "Hands 4 to 5 of 8" in text(page)
    assert places(page, eight_hands) == [4, 5]
    assert f'<a href="{url}?upto=3">Earlier hands</a>' in page
    assert "Later hands" not in page
    page = client.get(f"{url}?upto=3").get_data(as_text=True)
    assert places(page, eight_hands) == [2, 3]
    assert f'<a href="{url}?upto=5">Later hands</a>' in page
    page = client.get(f"{url}?upto=1").get_data(as_text=True)
    assert places(page, eight_hands) == [1]
    assert ">Earlier hands</a>" not in page
    assert f'href="/series/{eight_hands}">Back to the series' in page


def test_a_short_series_has_no_earlier_hands(client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, hand("A")))
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert places(page, series_id) == [1] and "Earlier hands" not in page
    earlier = client.get(f"/series/{series_id}/hands").get_data(as_text=True)
    assert "The series page shows every hand." in text(earlier)


def test_the_night_page_shows_the_last_hands_their_totals_and_the_earlier(client, eight_hands):
    page = client.get("/history/nights/1").get_data(as_text=True)
    sheet = page.split('class="sheet history-sheet"')[1].split("</table>")[0]
    assert re.findall(r'<th scope="row">(\d+)</th>', sheet) == ["6", "7", "8"]
    assert f'<a href="/series/{eight_hands}/hands">Earlier hands: 1 to 5</a>' in page
    # After eight hands each player won two (24 each) and lost six (8 each): all at 0.
    # After hand 6, A and B had won twice (+16), C and D once (-16).
    totals = re.findall(r'class="running"[^>]*>([^<]+)<', sheet)
    assert totals[-4:] == ["0", "0", "0", "0"]
    assert totals[:4] == ["+16", "+16", "-16", "-16"]
    # The chart runs from after hand 5 to after hand 8.
    assert "After 8 hands: A +0, B +0, C +0, D +0." in page


def test_no_poll_or_page_tallies_the_hands_again(client, eight_hands, monkeypatch):
    # The standing was kept as each hand was saved: from now on nothing may tally the
    # series' hands again, and every poll and page still answers from what was kept.
    def tallied(*args, **kwargs):
        raise AssertionError("a request tallied every hand of the series")

    monkeypatch.setattr(tallies, "tally_series", tallied)
    monkeypatch.setattr(store_hands, "tally_series", tallied)
    for url in (
        f"/api/series/{eight_hands}/draft",
        f"/series/{eight_hands}/view.json",
        f"/series/{eight_hands}/view",
        f"/series/{eight_hands}",
        f"/api/series/{eight_hands}",
        "/history/nights/1",
        "/nights/1",
        "/",
    ):
        assert client.get(url).status_code == 200, url
    answer = client.get(f"/api/series/{eight_hands}").get_json()
    assert [h["number"] for h in answer["hands"]] == list(range(1, 9))
    assert answer["totals"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert answer["next_dealer"] == "A"
    # A hand saved adds to the kept standing, without the others.
    saved = client.post(f"/series/{eight_hands}/hands/new", data=tally(NAMES, hand("A")))
    assert saved.status_code == 302
    assert client.get(f"/api/series/{eight_hands}").get_json()["totals"]["A"] == 24
