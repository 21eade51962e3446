"""The viewer link: a read-only live page per series, with its QR code on the series page."""

import re
from pathlib import Path

from scorekeeper.web import passcode

from .steps import SOURCE_HANDS, start_series, tally


def test_the_series_page_links_to_its_viewer_with_a_qr_code(client):
    series_id = start_series(client)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    link = re.search(r'<a class="address" href="([^"]+)">', page).group(1)
    assert link.endswith(f"/series/{series_id}/view")
    assert f'aria-label="QR code of {link}"' in page and "<svg" in page


def test_the_viewer_shows_the_standings_and_follows_every_hand(client):
    series_id = start_series(client)
    first = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert "No hands yet." in first
    version = client.get(f"/series/{series_id}/view.json").get_json()["version"]
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    state = client.get(f"/series/{series_id}/view.json")
    assert state.headers["Cache-Control"] == "no-store"
    assert state.get_json()["version"] != version
    page = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    # The source's first hand: A went out and takes 5 + 16 + 3 = 24.
    assert re.search(r'<td class="name viewer-name" title="A">A</td>\s*'
                     r'<td class="num">\+24</td>', page)
    words = " ".join(page.split())
    assert "1 hand played. Last hand: A won (+24)." in words
    assert "Deals next: <strong>B</strong>" in words


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
    assert '<script src="/static/viewer.js" defer></script>' in page


def test_a_watching_phone_can_open_the_viewer_but_it_offers_no_change(app, client):
    series_id = start_series(client)
    passcode.set_passcode(Path(app.instance_path), "tile rummy")
    page = client.get(f"/series/{series_id}/view")
    assert page.status_code == 200
    assert "<form" not in page.get_data(as_text=True)
    assert client.get(f"/series/{series_id}/view.json").status_code == 200


def test_an_unknown_series_has_no_viewer(client):
    assert client.get("/series/9/view").status_code == 404
    response = client.get("/series/9/view.json")
    assert response.status_code == 404 and response.get_json() == {
        "error": "there is no series 9"}
