"""A full disk or a read-only database: changes say saving is impossible and why; reading works."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import connect
from scorekeeper.web.shell import db as web_db

from .steps import SOURCE_HANDS, start_series, tally

FAULTS = {
    # query_only refuses every write as a read-only file does (SQLITE_READONLY).
    "read-only": ("PRAGMA query_only = ON", "the database file cannot be written to"),
    # No page beyond those the file has: the next write that needs one finds the disk full.
    "full": ("PRAGMA max_page_count = 1", "the disk is full"),
}


@pytest.fixture
def played(app, client):
    series_id = start_series(client, end_kind="hands", end_value=9)
    client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    return series_id


def break_disk(monkeypatch, pragma: str) -> None:
    def faulty(path):
        db = connect(path)
        if "max_page_count" in pragma:
            pages = db.execute("PRAGMA page_count").fetchone()[0]
            db.execute(f"PRAGMA max_page_count = {pages}")
        else:
            db.execute(pragma)
        return db
    monkeypatch.setattr(web_db, "connect", faulty)


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_change_that_cannot_be_saved_says_why_and_reading_still_works(
        app, client, played, monkeypatch, fault):
    pragma, why = FAULTS[fault]
    client.post(f"/series/{played}/hands/new", data=tally("ABCD", SOURCE_HANDS[1]))
    break_disk(monkeypatch, pragma)
    before = client.get(f"/api/series/{played}").get_json()["hands"]
    # Hands go on until a write needs a page the disk cannot give (at once when read-only).
    for _ in range(8):
        refused = client.post(f"/series/{played}/hands/new",
                              data=tally("ABCD", SOURCE_HANDS[2]))
        if refused.status_code != 302:
            break
        before = client.get(f"/api/series/{played}").get_json()["hands"]
    assert refused.status_code == 503
    assert client.get(f"/api/series/{played}").get_json()["hands"] == before
    page = refused.get_data(as_text=True)
    assert "Saving is impossible: " + why in page and "Nothing was changed." in page
    for _ in range(8):
        api = client.post("/api/series", json={"variant": "rummikub", "players": ["A", "B"],
                                               "end": {"hands": 2}})
        if api.status_code != 201:
            break
    assert api.status_code == 503 and why in api.get_json()["error"]
    # The history pages write their figures first: with the last hand not yet counted,
    # they still show what they can.
    for path in ("/", f"/series/{played}", "/history", "/history/nights/1", "/players/",
                 "/players/1", f"/series/{played}/view", "/export/everything.json"):
        assert client.get(path).status_code == 200, path
