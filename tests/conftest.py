"""Shared fixtures: the app on a temporary database, its test client, and a phone-sized browser."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings
from web.history_fixture import fill
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.store.db import migrate

ROOT = Path(__file__).resolve().parent.parent
# The browser tests' screenshots, kept outside the checkout: in the folder TEST_SCREENSHOTS
# names, else in scorekeeper-screenshots in the system's temporary folder. (Not a
# SCOREKEEPER_ variable: the app reads every one of those as a setting.)
SCREENSHOTS = Path(
    os.environ.get("TEST_SCREENSHOTS") or Path(tempfile.gettempdir()) / "scorekeeper-screenshots"
)
CHROMIUM = Path("/usr/bin/chromium")

# Hypothesis fails an example that takes over 200 ms: a timed test, which two shared cores
# under load fail at random. Speed is measured by the scripts in bench/, never here.
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch) -> None:
    """The command line speaks the terminal's language by default: the tests read its English,
    whatever the language of the machine running them."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)


def app_settings(tmp_path: Path, **settings) -> dict:
    """Return the settings of an app on a fresh database in tmp_path."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        "DATABASE": str(tmp_path / "scorekeeper.db"),
        "INSTANCE_PATH": str(tmp_path / "instance"),
        **settings,
    }


@pytest.fixture(scope="session")
def empty_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database made by today's migrations, once for the whole run, with every change in
    the file itself (no write-ahead log beside it), to be copied for each test."""
    path = tmp_path_factory.mktemp("empty") / "scorekeeper.db"
    migrate(path)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode = DELETE")
    return path


def copy_of(empty_database: Path, tmp_path: Path) -> None:
    """Put a copy of the empty database where app_settings(tmp_path) looks for it, readable
    by its owner only as the app makes it. The app still migrates it at start (a no-op):
    copying spares each test the migrations' work, not their checks."""
    target = tmp_path / "scorekeeper.db"
    shutil.copyfile(empty_database, target)
    target.chmod(0o600)


@pytest.fixture
def app(tmp_path: Path, empty_database: Path) -> Flask:
    """The app on an empty database, with CSRF checks off so tests can post forms directly."""
    copy_of(empty_database, tmp_path)
    return create_app(app_settings(tmp_path))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path: Path, empty_database: Path) -> Flask:
    """The app with CSRF protection switched on, as it runs at the table."""
    copy_of(empty_database, tmp_path)
    return create_app(app_settings(tmp_path, WTF_CSRF_ENABLED=True))


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    """Serve the app on a free loopback port in a thread, and give its address."""
    app = create_app(app_settings(tmp_path, WTF_CSRF_ENABLED=True))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium driven by Playwright, headless; skipped where it is not installed."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium, live_server: str):
    """A phone-sized (390x844) browser page, opened on a live server of the app."""
    context = chromium.new_context(viewport=PHONE, base_url=live_server)
    page = context.new_page()
    page.goto("/")
    yield page
    context.close()


@pytest.fixture
def screenshot() -> Callable:
    """Save a full-page screenshot of a browser page as <name>.png in SCREENSHOTS."""

    def save(page, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        # A full-page capture leaves Chromium's hit testing out of step with the
        # page until it scrolls again, and the next click would miss.
        page.evaluate("window.scrollTo(0, 0)")
        return path

    return save


@pytest.fixture
def database(tmp_path: Path) -> Path:
    """A database holding the three hand-computed nights of the history fixture."""
    path = tmp_path / "scorekeeper.db"
    migrate(path)
    fill(path)
    return path


def run(capsys, *argv):
    """Run the command line; return its status, standard output and standard error."""
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err
