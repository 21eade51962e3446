"""A night whose turn clock ran comes back whole: the export writes each turn's seconds as
the clock measured them (a fraction, clock_turns.seconds being REAL), and the import, from
the file and through `scorekeeper import`, reads them back; past the stated limit (at most
import_limits.MAX_NUMBER seconds) or below 0 it refuses them."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest

from scorekeeper.cli import main
from scorekeeper.engine import PRESETS, SeriesEnd
from scorekeeper.engine.turn_clock import Turn
from scorekeeper.store import clock
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export_format import BadExport
from scorekeeper.store.export_json import export_chunks
from scorekeeper.store.importer import import_file
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, series_of

NAMES = ["Ana", "Bo", "Cy"]
# Ana takes 2.2 s, Bo 41.5 s, Cy 0.3 s: the clock keeps tenths (engine/turn_clock.py).
TIMED = [Turn(1, 0, 2.2, False), Turn(1, 1, 41.5, False), Turn(1, 2, 0.3, False)]


@pytest.fixture
def timed(tmp_path):
    """A database with one night whose clock timed three turns, and its export's text."""
    path = tmp_path / "timed.db"
    migrate(path)
    with connect(path) as db:
        night = create_night(db, date(2025, 11, 20), None, None)
        end = SeriesEnd("hands", 5)
        one = series_of(db, create_series(db, night, None, PRESETS["rummikub"], NAMES, end, 0))
        clock.step(db, one, "start", 1000.0)
        for now in (1002.2, 1043.7, 1044.0):
            clock.step(db, one, "done", now)
        text = "".join(export_chunks(db))
    return path, text


def turns_in(path):
    with connect(path) as db:
        return [(t.hand, t.seat, round(t.seconds, 6), t.ran_out) for t in clock.turns_of(db, 1)]


def test_the_export_writes_the_seconds_the_clock_measured(timed):
    path, text = timed
    turns = json.loads(text)["nights"][0]["series"][0]["clock"]["turns"]
    assert [t["seconds"] for t in turns] == pytest.approx([2.2, 41.5, 0.3])
    assert turns_in(path) == [(t.hand, t.seat, t.seconds, t.ran_out) for t in TIMED]


def test_a_night_whose_clock_ran_imports_into_a_fresh_database_with_the_same_turns(timed, tmp_path):
    path, text = timed
    fresh = tmp_path / "fresh.db"
    migrate(fresh)
    with connect(fresh) as db:
        import_file(db, io.BytesIO(text.encode()))
    assert turns_in(fresh) == turns_in(path)


def test_scorekeeper_import_reads_back_what_scorekeeper_export_wrote(timed, tmp_path, capsys):
    path, _ = timed
    written, fresh = tmp_path / "night.json", tmp_path / "fresh.db"
    assert main(["export", "--database", str(path), str(written)]) == 0
    assert main(["import", "--database", str(fresh), str(written)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("Imported 1 night, 1 series")
    assert turns_in(fresh) == turns_in(path)


@pytest.mark.parametrize(
    ("seconds", "refusal"),
    [
        (-0.5, "the hand and the turn count from 1, and the seconds from 0"),
        (1_000_000.5, "1000000 is out of range (at most 1,000,000)"),
    ],
)
def test_seconds_below_0_or_past_the_limit_are_refused(timed, tmp_path, seconds, refusal):
    _, text = timed
    document = json.loads(text)
    document["nights"][0]["series"][0]["clock"]["turns"][2]["seconds"] = seconds
    migrate(tmp_path / "fresh.db")
    with connect(tmp_path / "fresh.db") as db, pytest.raises(BadExport) as refused:
        import_file(db, io.BytesIO(json.dumps(document).encode()))
    assert refusal in str(refused.value)
    assert "turn 3" in str(refused.value) or '"turns", item 3' in str(refused.value)


def test_a_fraction_anywhere_else_is_still_refused(timed, tmp_path):
    _, text = timed
    document = json.loads(text)
    document["nights"][0]["series"][0]["clock"]["turns"][2]["hand"] = 1.5
    migrate(tmp_path / "fresh.db")
    with connect(tmp_path / "fresh.db") as db, pytest.raises(BadExport) as refused:
        import_file(db, io.BytesIO(json.dumps(document).encode()))
    assert str(refused.value).endswith('"turns", item 3, "hand": must be a whole number')
