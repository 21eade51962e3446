"""Installed for good: the wheel, installed into a fresh environment, serves every page and
static file from any folder, and keeps its data where the next upgrade leaves it alone.

Built once for the module (a few seconds); the environment reuses the test environment's
dependencies instead of installing them again.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What a wheel is built from: the project's files, without the checkout's instance/ and caches.
SOURCES = ["pyproject.toml", "setup.py", "README.md", "scorekeeper", "templates", "static"]

pytestmark = pytest.mark.wheel


def run(*command: str | Path, **options) -> subprocess.CompletedProcess:
    """Run a command to its end; fail with its output if it fails."""
    done = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        **options,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def environment(tmp_path_factory) -> Path:
    """A fresh virtual environment holding the wheel built from this checkout."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            # As a fresh clone has them: the catalogues as text, never compiled.
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
            )
        else:
            source.mkdir(exist_ok=True)
            shutil.copy(ROOT / name, source / name)
    _translate_one_message(source)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", work / "dist", source)
    (wheel,) = (work / "dist").glob("scorekeeper-*.whl")
    env = work / "env"
    run(sys.executable, "-m", "venv", "--without-pip", env)
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        env / "bin" / "python",
        "install",
        "-q",
        "--no-deps",
        "--no-index",
        wheel,
    )
    # The dependencies, from the test environment: a plain path line, so that the checkout's
    # editable install there (itself a .pth file) is not loaded in front of the wheel.
    (site,) = (env / "lib").glob("python3*/site-packages")
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env


# One message of the engine, translated in the copy the wheel is built from, to show that
# building the wheel compiles the catalogues it serves.
TRANSLATED = ("The tiles", "Piesele")


def _translate_one_message(source: Path) -> None:
    po = source / "scorekeeper" / "translations" / "ro" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    if f'msgid "{TRANSLATED[0]}"\nmsgstr "{TRANSLATED[1]}"\n' in text:
        return  # the Romanian catalogue already says it: the wheel must still serve it
    entry = f'msgid "{TRANSLATED[0]}"\nmsgstr ""\n'
    assert entry in text
    po.write_text(
        text.replace(entry, f'msgid "{TRANSLATED[0]}"\nmsgstr "{TRANSLATED[1]}"\n'),
        encoding="utf-8",
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read()


@pytest.fixture
def serve(environment, tmp_path) -> Iterator:
    """Start the installed `scorekeeper serve` from an empty folder with a home of its own, and
    give its address; `stop()` (or the end of the test) stops it and gives what it printed."""
    started = []

    def start(**variables: str) -> str:
        """Start the server with these environment variables and give its address."""
        port = free_port()
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir(exist_ok=True)
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("SCOREKEEPER_", "XDG_", "VIRTUAL_ENV"))
        }
        env.update(HOME=str(tmp_path / "home"), **variables)
        server = subprocess.Popen(
            [
                environment / "bin" / "scorekeeper",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            cwd=elsewhere,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        started.append(server)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert server.poll() is None, server.communicate()
            try:
                get(url + "/static/app.css")
                return url
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the installed server did not answer within 30 s")

    def stop() -> tuple[str, str]:
        """Stop the server; give its standard output and standard error."""
        server = started.pop()
        server.terminate()
        return server.communicate(timeout=10)

    start.stop = stop  # type: ignore[attr-defined]
    yield start
    while started:
        stop()


def files_named(folder: Path, *patterns: str) -> list[Path]:
    return sorted(path for pattern in patterns for path in folder.rglob(pattern))


def test_the_installed_app_serves_its_pages_and_keeps_the_data_in_the_folder_chosen(
    environment, serve, tmp_path
):
    data = tmp_path / "data"
    url = serve(SCOREKEEPER_INSTANCE=str(data))
    status, page = get(url + "/")
    assert status == 200 and b"Scorekeeper" in page and b"/static/app.css" in page
    for path in [
        "/static/app.css",
        "/static/tilepad.js",
        "/static/manifest.webmanifest",
        "/manifest/ro.webmanifest",
        "/static/icons/icon-192.png",
        "/variants/",
        "/history",
        # The service worker is drawn from templates/offline/sw.js, not an .html template.
        "/sw.js",
        "/offline/ro",
    ]:
        assert get(url + path)[0] == 200, path
    assert (data / "scorekeeper.db").is_file() and (data / "secret_key").is_file()
    assert files_named(environment, "*.db", "secret_key") == []
    assert not (tmp_path / "home").exists()
    out, err = serve.stop()
    assert out.splitlines()[0] == f"Instance folder (database, secret key, passcode): {data}"
    assert " GET / 200 " in err and " GET /static/icons/icon-192.png 200 " in err


def test_the_installed_app_serves_pages_in_the_phones_language(environment, serve, tmp_path):
    (site,) = (environment / "lib").glob("python3*/site-packages")
    compiled = sorted(
        p.relative_to(site).as_posix()
        for p in (site / "scorekeeper" / "translations").rglob("*.mo")
    )
    assert compiled == [
        f"scorekeeper/translations/{lang}/LC_MESSAGES/messages.mo" for lang in ("fr", "hu", "ro")
    ]
    url = serve(SCOREKEEPER_INSTANCE=str(tmp_path / "data"))
    asked = urllib.request.Request(url + "/variants/romanian", headers={"Accept-Language": "ro"})
    with urllib.request.urlopen(asked, timeout=10) as response:
        page = response.read().decode("utf-8")
    assert '<html lang="ro">' in page and f"<h3>{TRANSLATED[1]}</h3>" in page


def test_without_a_folder_chosen_the_data_lives_in_the_users_data_folder(
    environment, serve, tmp_path
):
    url = serve()
    assert get(url + "/")[0] == 200
    data = tmp_path / "home" / ".local" / "share" / "scorekeeper"
    assert (data / "scorekeeper.db").is_file() and (data / "secret_key").is_file()
    assert files_named(environment, "*.db", "secret_key") == []
    assert not list((tmp_path / "elsewhere").iterdir())


def test_the_installed_command_is_the_wheels_and_says_its_version(environment):
    where = run(
        environment / "bin" / "python",
        "-c",
        "import scorekeeper; print(scorekeeper.__file__)",
        cwd=environment,
    )
    assert Path(where.stdout.strip()).is_relative_to(environment)
    done = run(environment / "bin" / "scorekeeper", "--version", cwd=environment)
    assert done.stdout.strip().startswith("scorekeeper ")
    assert done.stdout.split()[1] in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
