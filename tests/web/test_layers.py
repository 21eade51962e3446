"""The layers hold: the engine and the store load no web library, and neither do the commands
that work on hands, series and the database; the store never reaches into a page."""

import json
import pkgutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

import scorekeeper.store
from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.hands import record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, get_series

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
WEB = ("flask", "flask_wtf", "wtforms", "werkzeug", "jinja2")
STORE_MODULES = sorted(f"scorekeeper.store.{m.name}"
                       for m in pkgutil.iter_modules(scorekeeper.store.__path__))


def loaded_after(code: str) -> set[str]:
    """The top-level modules a fresh interpreter has loaded after running the code."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def web_libraries(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in WEB)


def test_the_engine_loads_no_web_library_and_no_storage():
    loaded = loaded_after("import scorekeeper.engine, scorekeeper.engine.table, "
                          "scorekeeper.engine.openings, scorekeeper.engine.reference")
    assert web_libraries(loaded) == []
    assert sorted(m for m in loaded if m.startswith(("sqlite_utils", "sqlite3"))) == []


def test_every_store_module_loads_no_web_library_and_no_page():
    assert "scorekeeper.store.hands" in STORE_MODULES and len(STORE_MODULES) > 10
    loaded = loaded_after("\n".join(f"import {m}" for m in STORE_MODULES))
    assert web_libraries(loaded) == []
    assert sorted(m for m in loaded if m.startswith("scorekeeper.web")) == []


@pytest.fixture
def database(tmp_path):
    """A database with one series of two hands, as the command line's export writes it."""
    path = tmp_path / "scorekeeper.db"
    migrate(path)
    with connect(path) as db:
        night = create_night(db, date(2025, 11, 22), None, None)
        series = get_series(db, create_series(db, night, None, preset("rummikub"),
                                              ["Ana", "Bogdan"], SeriesEnd("hands", 4), 0))
        for rack in ("r5 r6", "b1"):
            record_hand(db, series, {"players": [{"name": "Ana", "went_out": True},
                                                 {"name": "Bogdan", "rack": rack}]})
    return path


def command_loads(*argv: str) -> set[str]:
    """What a fresh interpreter loaded to run one command (which must succeed)."""
    return loaded_after(f"from scorekeeper.cli import main\nassert main({list(argv)!r}) == 0")


@pytest.mark.parametrize("command", ["score", "series", "export", "import", "backup"])
def test_the_commands_on_hands_series_and_the_database_load_no_web_library(command, database,
                                                                     tmp_path):
    out = tmp_path / "out"
    argv = {
        "score": ["score", str(EXAMPLES / "hands" / "rummikub.json")],
        "series": ["series", str(EXAMPLES / "series" / "rummikub-score-table.json")],
        "export": ["export", "--database", str(database), str(out)],
        "import": ["import", "--database", str(tmp_path / "other.db"), str(out)],
        "backup": ["backup", "--database", str(database), str(tmp_path / "copy.db")],
    }[command]
    if command == "import":
        command_loads("export", "--database", str(database), str(out))
    loaded = command_loads(*argv)
    assert web_libraries(loaded) == []
    assert sorted(m for m in loaded if m.startswith("scorekeeper.web")) == []
