"""A full disk or a read-only database: changes say saving is impossible and why; reading works."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.store import db as store_db
from scorekeeper.store.db import connect
from scorekeeper.web.access import passcode

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

    monkeypatch.setattr(store_db, "connect", faulty)


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_change_that_cannot_be_saved_says_why_and_reading_still_works(
    app, client, played, monkeypatch, fault
):
    pragma, why = FAULTS[fault]
    client.post(f"/series/{played}/hands/new", data=tally("ABCD", SOURCE_HANDS[1]))
    break_disk(monkeypatch, pragma)
    before = client.get(f"/api/series/{played}").get_json()["hands"]
    # Hands go on until a write needs a page the disk cannot give (at once when read-only).
    for _ in range(8):
        refused = client.post(f"/series/{played}/hands/new", data=tally("ABCD", SOURCE_HANDS[2]))
        if refused.status_code != 302:
            break
        before = client.get(f"/api/series/{played}").get_json()["hands"]
    assert refused.status_code == 503
    assert client.get(f"/api/series/{played}").get_json()["hands"] == before
    page = refused.get_data(as_text=True)
    assert "Saving is impossible: " + why in page and "Nothing was changed." in page
    for _ in range(8):
        api = client.post(
            "/api/series", json={"variant": "rummikub", "players": ["A", "B"], "end": {"hands": 2}}
        )
        if api.status_code != 201:
            break
    assert api.status_code == 503 and why in api.get_json()["error"]
    # The history pages write their figures first: with the last hand not yet counted,
    # they still show what they can.
    for path in (
        "/",
        f"/series/{played}",
        "/history",
        "/history/nights/1",
        "/players/",
        "/players/1",
        f"/series/{played}/view",
        f"/series/{played}/screen",
        "/export/everything.json",
    ):
        assert client.get(path).status_code == 200, path


# --- On a real small file system: full, read-only, and a file damaged while the app runs ---

READ_PAGES = (
    "/",
    "/series/1",
    "/series/1/view",
    "/series/1/screen",
    "/series/1/hands/1",
    "/history",
    "/history/nights/1",
    "/players/",
    "/players/1",
    "/export/everything.json",
    "/export/everything.csv",
    "/api/series/1",
    "/api/series/1/draft",
)


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB file system of its own (tmpfs), mounted for the test; root only."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a file system of the test's own needs root (CI runs as root)")
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip(f"this machine lets no test mount a file system: {made.stderr!r}")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=True)


@pytest.fixture
def scorer_on_small_disk(small_disk, tmp_path):
    """The app with its database on the small file system, a passcode, a scorer's phone and
    one hand recorded; gives the app and the scorer's client."""
    instance = tmp_path / "instance"
    app = create_app(
        app_settings(
            tmp_path, DATABASE=str(small_disk / "scorekeeper.db"), INSTANCE_PATH=str(instance)
        )
    )
    passcode.set_passcode(instance, "tile rummy")
    scorer = app.test_client()
    assert scorer.post("/scorer", data={"passcode": "tile rummy"}).status_code == 302
    series_id = start_series(scorer, end_kind="hands", end_value=9)
    assert series_id == 1
    saved = scorer.post("/series/1/hands/new", data=tally("ABCD", SOURCE_HANDS[0]))
    assert saved.status_code == 302
    return app, scorer


def fill_disk(folder: Path) -> None:
    """Write a file until the file system has no room left."""
    with (folder / "filler").open("wb", buffering=0) as filler, contextlib.suppress(OSError):
        while True:
            filler.write(b"\0" * 65536)


def make_read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


@pytest.mark.parametrize(
    ("fault", "why"),
    [
        (fill_disk, "the disk is full"),
        (make_read_only, "the database file cannot be written to (it is read-only)"),
    ],
)
def test_every_page_reads_on_a_full_or_read_only_disk_and_a_hand_says_why_it_is_not_saved(
    scorer_on_small_disk, small_disk, caplog, fault, why
):
    app, scorer = scorer_on_small_disk
    before = scorer.get("/api/series/1").get_json()
    fault(small_disk)
    viewer = app.test_client()
    with caplog.at_level(logging.WARNING):
        for phone in (viewer, scorer):
            for path in READ_PAGES:
                answer = phone.get(path)
                assert answer.status_code == 200, (path, answer.get_data(as_text=True)[:300])
        assert scorer.get("/api/series/1").get_json() == before
        assert "Record a hand" in scorer.get("/series/1/hands/new").get_data(as_text=True)
        for _ in range(3):
            refused = scorer.post("/series/1/hands/new", data=tally("ABCD", SOURCE_HANDS[1]))
            assert refused.status_code == 503
            page = refused.get_data(as_text=True)
            assert f"Saving is impossible: {why}. Nothing was changed." in page
        api = scorer.post(
            "/api/series/1/hands",
            json={
                "players": [
                    {"name": "A", "went_out": True},
                    {"name": "B", "rack": "r5"},
                    {"name": "C", "rack": "r6"},
                    {"name": "D", "rack": "r7"},
                ]
            },
            headers={"Authorization": "Bearer tile rummy"},
        )
        assert api.status_code == 503 and why in api.get_json()["error"]
    assert scorer.get("/api/series/1").get_json() == before
    # One line for each fault, not a traceback for each request.
    assert not [r for r in caplog.records if r.exc_info]
    lines = [r.getMessage() for r in caplog.records]
    assert lines.count(f"nothing can be saved: {why}") == 1
    assert len(lines) == len(set(lines)) <= 2


def test_a_database_damaged_while_the_app_runs_says_which_file_and_what_to_do(
    app, client, played, caplog
):
    path = Path(app.config["DATABASE"])
    with path.open("r+b") as file:
        file.write(b"not a database any more" * 8)
    with caplog.at_level(logging.WARNING):
        for page in READ_PAGES:
            answer = client.get(page)
            assert answer.status_code == 503, page
            text = answer.get_data(as_text=True)
            assert f"The database file {path} is damaged" in text
            assert "copy your latest backup over that file" in text
        refused = client.post(f"/series/{played}/hands/new", data=tally("ABCD", SOURCE_HANDS[1]))
        assert refused.status_code == 503
    assert not [r for r in caplog.records if r.exc_info]
    assert len(caplog.records) == 1
    assert f"{path} is damaged" in caplog.records[0].getMessage()
