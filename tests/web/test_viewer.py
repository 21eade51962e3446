"""The viewer link: a read-only live page per series, with its QR code on the series page."""

import re
from pathlib import Path

from scorekeeper.web.access import passcode

from .steps import SOURCE_HANDS, start_series, tally
from .steps import page_text as text


def only_the_language_switcher(page: str) -> bool:
    """Whether the page's one form is the language switcher, which changes no score."""
    forms = re.findall(r"<form [^>]*>", page)
    return len(forms) == 1 and 'action="/language"' in forms[0]


def test_the_series_page_links_to_its_viewer_with_a_qr_code(client):
    series_id = start_series(client)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    link = re.search(r'<a class="address" href="([^"]+)">', page).group(1)
    # The scorer's page: the link carries the join code, for the players' own racks.
    assert re.search(rf"/series/{series_id}/view\?join=[A-Z2-9]{{8}}$", link)
    assert f'aria-label="QR code of {link}"' in page and "<svg" in page


def test_the_viewer_shows_the_standings_and_follows_every_hand(client):
    series_id = start_series(client)
    first = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert "No hands yet." in first
    version = client.get(f"/series/{series_id}/view.json").get_json()["version"]
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    state = client.get(f"/series/{series_id}/view.json")
    assert state.headers["Cache-Control"] == "no-cache"
    assert state.get_json()["version"] != version
    page = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    # The source's first hand: A went out and takes 5 + 16 + 3 = 24.
    assert re.search(
        r'<td class="name viewer-name" title="A">A</td>\s*'
        r'<td class="num">\+24</td>',
        page,
    )
    words = " ".join(page.split())
    assert "1 hand played. Last hand: A won (+24)." in words
    assert "Hand 2: B plays first." in words


def test_fixing_or_deleting_a_hand_changes_what_the_viewer_polls(client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    versions = [client.get(f"/series/{series_id}/view.json").get_json()["version"]]
    client.post(f"/series/{series_id}/hands/1/edit", data=tally("ABCD", SOURCE_HANDS[1]))
    versions.append(client.get(f"/series/{series_id}/view.json").get_json()["version"])
    client.post(f"/series/{series_id}/hands/1/delete")
    versions.append(client.get(f"/series/{series_id}/view.json").get_json()["version"])
    client.post(f"/series/{series_id}/hands/1/restore")
    versions.append(client.get(f"/series/{series_id}/view.json").get_json()["version"])
    assert len(set(versions)) == 4


def test_without_javascript_the_viewer_reloads_itself_and_offers_a_reload_link(client):
    series_id = start_series(client)
    page = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in page
    assert f'<a class="button" href="/series/{series_id}/view">Reload now</a>' in page
    assert re.search(r'<script src="/static/viewer\.js\?v=[0-9a-f]{16}" defer></script>', page)


def test_a_watching_phone_can_open_the_viewer_but_it_offers_no_change(app, client):
    series_id = start_series(client)
    passcode.set_passcode(Path(app.instance_path), "tile rummy")
    page = client.get(f"/series/{series_id}/view")
    assert page.status_code == 200
    assert only_the_language_switcher(page.get_data(as_text=True))
    assert client.get(f"/series/{series_id}/view.json").status_code == 200


def test_an_unknown_series_has_no_viewer(client):
    assert client.get("/series/9/view").status_code == 404
    response = client.get("/series/9/view.json")
    assert response.status_code == 404 and response.get_json() == {"error": "there is no series 9"}


def test_the_viewer_shows_the_live_table_read_only_and_follows_every_action(client):
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )
    first = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert "on the table" not in first
    version = client.get(f"/series/{series_id}/view.json").get_json()["version"]
    for seen_actions, (kind, fields) in enumerate(
        [
            (
                "meld",
                {
                    "player": "Ana",
                    "melds-0": "k3 j k5",
                    "melds-1": "r11 b11 k11",
                    "melds-2": "y8 y9 y10",
                },
            ),
            (
                "meld",
                {
                    "player": "Bo",
                    "melds-0": "b6 b7 b8",
                    "melds-1": "r10 b10 k10",
                    "melds-2": "y2 y3 y4",
                },
            ),
            ("swap", {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": "r12 r13 j"}),
        ]
    ):
        seen = client.get(f"/series/{series_id}/view.json").get_json()["version"]
        data = {f"{kind}-{k}": v for k, v in fields.items()}
        client.post(
            f"/series/{series_id}/table/{kind}", data={**data, f"{kind}-seen": str(seen_actions)}
        )
        # Every action changes what the viewer polls, so the other phones redraw.
        assert client.get(f"/series/{series_id}/view.json").get_json()["version"] != seen
    assert version != seen
    page = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    words = text(page)
    assert "Hand 1 on the table" in words
    assert "After action 3: Bo puts k4 in Ana's run in place of the joker" in words
    assert "Bo melds the joker in a new run r12 r13 j=r1; it still counts for Ana." in words
    # Bo's k4 lies upside down in Ana's run: it counts for him; the Joly's 50 for Ana.
    for name, count in (("Ana", 110), ("Bo", 85), ("Cici", 0)):
        assert f"{name} count {count}" in words
    assert "Joker 1 , first melded by Ana : melded by Ana in meld 1 swapped by Bo for k4" in words
    # Read-only: no form, no link that records or fixes anything.
    assert only_the_language_switcher(page) and "/table?" not in page and "Swap joker" not in page
    # Without script it reloads within seconds while a table is in play.
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page


def test_the_viewers_poll_is_answered_304_until_something_changes(client):
    series_id = start_series(client)
    first = client.get(f"/series/{series_id}/view.json")
    tag = first.headers["ETag"]
    same = client.get(f"/series/{series_id}/view.json", headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b""
    assert same.headers["ETag"] == tag
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    changed = client.get(f"/series/{series_id}/view.json", headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert f'"{changed.get_json()["version"]}"' == changed.headers["ETag"]
