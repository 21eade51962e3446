"""Faults at the command line: one line saying what happened and what to do, never a traceback."""

from __future__ import annotations

import os
import socket
import sqlite3

import pytest
from conftest import app_settings, run

from scorekeeper import create_app, serve


def damage(path) -> None:
    """Overwrite the middle of a database, as a failing disk would."""
    size = path.stat().st_size
    with open(path, "r+b") as file:
        file.seek(size // 2)
        file.write(b"\xde\xad" * 4096)


def test_export_never_creates_a_database_at_a_mistyped_path(capsys, tmp_path):
    assert run(capsys, "export", "--database", tmp_path / "typo.db", "-") == (
        2,
        "",
        f"scorekeeper export: there is no database at {tmp_path / 'typo.db'}\n",
    )
    assert not (tmp_path / "typo.db").exists()
    missing = tmp_path / "no folder" / "s.db"
    assert run(capsys, "export", "--database", missing, "-")[2] == (
        f"scorekeeper export: there is no database at {missing}\n"
    )


@pytest.mark.parametrize("command", ["export", "import", "backup"])
def test_a_file_that_is_not_a_database_is_named_in_one_line(capsys, tmp_path, command):
    notes = tmp_path / "notes.db"
    notes.write_text("shopping list\n" * 100)
    (tmp_path / "x.json").write_text("{}")
    status, out, err = run(capsys, command, "--database", notes, tmp_path / "x.json")
    assert (status, out, err) == (2, "", f"scorekeeper {command}: {notes} is not a database\n")
    assert notes.read_text() == "shopping list\n" * 100


def test_import_into_a_missing_folder_says_so(capsys, tmp_path, database):
    export = tmp_path / "all.json"
    run(capsys, "export", "--database", database, export)
    target = tmp_path / "nowhere" / "s.db"
    assert run(capsys, "import", "--database", target, export) == (
        2,
        "",
        f"scorekeeper import: there is no folder {target.parent} for the database {target}\n",
    )


def test_a_damaged_database_names_the_file_and_points_to_the_backups(capsys, tmp_path, database):
    damage(database)
    status, out, err = run(capsys, "export", "--database", database, "-")
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper export: {database} is damaged (")
    assert err.endswith(
        "restore your latest `scorekeeper backup` copy over it (README, "
        '"When the database is damaged")\n'
    )
    assert err.count("\n") == 1


def test_the_server_at_a_damaged_database_says_so_in_one_line(
    capsys, tmp_path, database, monkeypatch
):
    damage(database)
    monkeypatch.setattr(
        serve,
        "create_app",
        lambda instance=None: create_app(app_settings(tmp_path, DATABASE=str(database))),
    )
    status, out, err = run(capsys, "serve")
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper serve: {database} is damaged (")
    assert "scorekeeper backup" in err and err.count("\n") == 1


def test_a_port_in_use_is_one_line_before_anything_says_running(capsys, tmp_path, app, monkeypatch):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    try:
        status, out, err = run(capsys, "serve", "--host", "127.0.0.1", "--port", port)
    finally:
        taken.close()
    assert (status, out) == (2, "")
    assert err == (
        f"scorekeeper serve: port {port} is in use (is Scorekeeper already "
        "running?): stop the other program or choose another port with --port\n"
    )


def test_backup_refuses_a_device_or_a_link_and_replaces_only_a_regular_file(
    capsys, tmp_path, database
):
    assert run(capsys, "backup", "--database", database, "/dev/null") == (
        2,
        "",
        "scorekeeper backup: /dev/null is not a regular file; give the backup a new file name\n",
    )
    link = tmp_path / "link.db"
    link.symlink_to(tmp_path / "elsewhere.db")
    assert run(capsys, "backup", "--database", database, link)[0] == 2
    assert not (tmp_path / "elsewhere.db").exists()
    old = tmp_path / "old.db"
    old.write_bytes(b"last week")
    assert run(capsys, "backup", "--database", database, old)[0] == 0
    with sqlite3.connect(old) as copy:
        assert copy.execute("SELECT count(*) FROM hands").fetchone()[0] > 0
    assert old.stat().st_mode & 0o777 == 0o600


def test_backup_clears_partial_copies_a_killed_backup_left(capsys, tmp_path, database):
    gone = 2**22 + 12345  # no process has this id
    with pytest.raises(ProcessLookupError):
        os.kill(gone, 0)
    left = tmp_path / f".b.db.{gone}.partial"
    left.write_bytes(b"x" * 1000)
    assert run(capsys, "backup", "--database", database, tmp_path / "b.db")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir() if "b.db" in p.name) == ["b.db"]
