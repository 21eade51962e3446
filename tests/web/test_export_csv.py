"""The CSV score sheets, byte for byte: the files in tests/web/expected/ were written by the
export as it stood before it was streamed, and every later export must stay the same file
(since issue 25 with the UTF-8 byte-order mark in front, so Excel opens it as UTF-8)."""

from __future__ import annotations

import csv
import io
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store import export
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, get_series
from scorekeeper.store.variants import create_custom, get_variant

from .history_fixture import fill

EXPECTED = Path(__file__).resolve().parent / "expected"


def sheets_history(path) -> dict:
    """The three hand-computed nights, a house variant's series played on night 2, and a
    fourth night whose words a spreadsheet could misread: a place with a comma and quotes,
    a series name and a player's name that start like formulas, a name beyond ASCII, and an
    unnamed second series."""
    ids = fill(path)
    with connect(path) as db:
        house = create_custom(db, preset("rummikub"), "Kitchen rules", {"opening": 25})
        late = create_series(
            db, 2, "Late game", get_variant(db, house), ["Bo", "Ana"], SeriesEnd("hands", 3), 1
        )
        record_hand(
            db,
            get_series(db, late),
            {"players": [{"name": "Bo", "rack": "b1"}, {"name": "Ana", "went_out": True}]},
        )
        night = create_night(db, date(2025, 12, 5), 'Bo\'s "big" table, upstairs', None)
        odd = get_series(
            db,
            create_series(
                db,
                night,
                "-1 round",
                preset("rummikub"),
                ["Zoë", "@Kim", "Bo"],
                SeriesEnd("hands", 2),
                2,
            ),
        )
        for record in (
            {
                "players": [
                    {"name": "Zoë", "rack": "r13 j"},
                    {"name": "@Kim", "went_out": True},
                    {"name": "Bo", "rack": "k1 k2"},
                ]
            },
            {
                "players": [
                    {"name": "Zoë", "went_out": True},
                    {"name": "@Kim", "rack": "y9"},
                    {"name": "Bo", "rack": "b4 b5 b6"},
                ]
            },
        ):
            record_hand(db, odd, record)
        # Unnamed and second on its night: "Series 2" on the night's sheets.
        second = get_series(
            db,
            create_series(
                db, night, None, preset("tile-rummy"), ["Bo", "Zoë"], SeriesEnd("hands", 1), 0
            ),
        )
        record_hand(
            db,
            second,
            {"players": [{"name": "Bo", "went_out": True}, {"name": "Zoë", "rack": "k11 r2"}]},
        )
    return {"late": late, "odd": odd.id, "second": second.id, "odd_night": night, **ids}


@pytest.fixture
def sheets(app):
    return sheets_history(app.config["DATABASE"])


def test_the_score_sheets_of_everything_are_the_same_file(client, sheets):
    response = client.get("/export/everything.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data() == (EXPECTED / "everything.csv").read_bytes()


@pytest.mark.parametrize("night", [1, 2, 4])
def test_the_score_sheets_of_a_night_are_the_same_file(client, sheets, night):
    response = client.get(f"/export/nights/{night}.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data() == (EXPECTED / f"night-{night}.csv").read_bytes()


@pytest.mark.parametrize("which", ["rummikub", "late", "odd", "second"])
def test_the_score_sheet_of_a_series_is_the_same_file(client, sheets, which):
    response = client.get(f"/export/series/{sheets[which]}.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.get_data() == (EXPECTED / f"series-{which}.csv").read_bytes()


@pytest.mark.parametrize(
    "url", ["/export/everything.csv", "/export/nights/4.csv", "/export/series/5.csv"]
)
def test_the_score_sheets_are_streamed(client, sheets, url):
    response = client.get(url)
    assert response.is_streamed
    assert response.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-')


def test_the_sheets_come_in_small_pieces_that_make_the_same_file(app, sheets, monkeypatch):
    monkeypatch.setattr(export, "CSV_CHUNK", 300)
    with connect(app.config["DATABASE"]) as db:
        pieces = list(export.sheet_chunks(db))
    longest_row = max(len(line) + 2 for line in "".join(pieces).split("\r\n"))
    assert len(pieces) >= len("".join(pieces)) // (300 + longest_row)
    assert all(len(piece) < 300 + longest_row for piece in pieces)
    assert "".join(pieces).encode() == (EXPECTED / "everything.csv").read_bytes()


def test_an_empty_database_gives_the_columns_alone(client):
    assert client.get("/export/everything.csv").get_data() == (
        b"\xef\xbb\xbfdate,place,series,variant,hand,seat,player,score,total,won\r\n"
    )


def test_a_night_or_series_that_is_not_there_is_not_found(client, sheets):
    assert client.get("/export/nights/9.csv").status_code == 404
    assert client.get("/export/series/9.csv").status_code == 404


def test_every_sheet_starts_with_the_byte_order_mark_and_reads_back_with_accents(client):
    """Without the mark, Excel reads a CSV in the old code page and garbles "Ștefan"."""
    with connect(client.application.config["DATABASE"]) as db:
        night = create_night(db, date(2025, 12, 6), None, None)
        series = get_series(
            db,
            create_series(
                db, night, None, preset("rummikub"), ["Ștefan", "Éloïse"], SeriesEnd("hands", 1), 0
            ),
        )
        record_hand(
            db,
            series,
            {"players": [{"name": "Ștefan", "went_out": True}, {"name": "Éloïse", "rack": "r5"}]},
        )
    for url in ("/export/everything.csv", f"/export/nights/{night}.csv"):
        data = client.get(url).get_data()
        assert data.startswith(b"\xef\xbb\xbf"), url
        rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
        assert [row["player"] for row in rows] == ["Ștefan", "Éloïse"], url
        assert rows[0]["won"] == "yes"
