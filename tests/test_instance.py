"""Where the data lives: the folder chosen, else SCOREKEEPER_INSTANCE, else instance/ in a
checkout, else the user's data folder; every command that uses it says which it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper import database_path, instance
from scorekeeper.cli import main

CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture
def installed(monkeypatch, tmp_path):
    """The package as if installed in site-packages: no checkout around it, a home of its own."""
    monkeypatch.setattr(instance, "CHECKOUT", tmp_path / "site-packages")
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


def test_a_checkout_keeps_its_data_in_instance_beside_the_package(monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    assert instance.in_checkout()
    assert instance.instance_folder() == CHECKOUT / "instance"


def test_installed_the_data_lives_in_the_users_data_folder(installed):
    assert not instance.in_checkout()
    assert instance.instance_folder() == installed / "home" / ".local" / "share" / "scorekeeper"


def test_the_environment_and_then_the_option_choose_another_folder(installed, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(installed / "club"))
    assert instance.instance_folder() == installed / "club"
    assert instance.instance_folder(installed / "mine") == installed / "mine"


def test_the_database_is_in_the_folder_unless_config_or_the_environment_names_another(
    tmp_path, monkeypatch
):
    monkeypatch.delenv("SCOREKEEPER_DATABASE", raising=False)
    assert database_path(tmp_path) == str(tmp_path / "scorekeeper.db")
    (tmp_path / "config.py").write_text(f"DATABASE = {str(tmp_path / 'night.db')!r}\n")
    assert database_path(tmp_path) == str(tmp_path / "night.db")
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "other.db"))
    assert database_path(tmp_path) == str(tmp_path / "other.db")


def test_settings_from_the_environment_are_read_as_json_where_they_are_json(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_VIEWER_POLL_SECONDS", "5")
    monkeypatch.setenv("SCOREKEEPER_SESSION_COOKIE_SAMESITE", "Strict")
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", "/somewhere")
    settings = instance.environment_settings()
    assert settings["VIEWER_POLL_SECONDS"] == 5
    assert settings["SESSION_COOKIE_SAMESITE"] == "Strict"
    assert "INSTANCE" not in settings


def test_the_app_takes_its_settings_from_config_py_and_the_environment(tmp_path, monkeypatch):
    (tmp_path / "config.py").write_text("VIEWER_POLL_SECONDS = 9\nVIEWER_RELOAD_SECONDS = 30\n")
    monkeypatch.setenv("SCOREKEEPER_VIEWER_RELOAD_SECONDS", "45")
    app = scorekeeper.create_app(instance=tmp_path)
    assert (app.config["VIEWER_POLL_SECONDS"], app.config["VIEWER_RELOAD_SECONDS"]) == (9, 45)
    assert app.instance_path == str(tmp_path)
    assert (tmp_path / "scorekeeper.db").is_file()


def test_export_says_on_stderr_which_folder_it_uses_and_keeps_stdout_json(
    installed, monkeypatch, capsys
):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(installed / "club"))
    assert main(["export", "-"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["nights"] == []
    assert err == f"scorekeeper export: instance folder {installed / 'club'}\n"
    assert (installed / "club" / "scorekeeper.db").is_file()


def test_the_archive_commands_and_passcode_take_the_instance_option(installed, capsys):
    folder = installed / "mine"
    said = f"scorekeeper {{}}: instance folder {folder}\n"
    assert main(["backup", "--instance", str(folder), str(installed / "none.db")]) == 2
    assert capsys.readouterr() == (
        said.format("backup"),
        f"scorekeeper backup: there is no database at {folder / 'scorekeeper.db'}\n",
    )
    assert main(["export", "--instance", str(folder), str(installed / "all.json")]) == 0
    assert capsys.readouterr() == (said.format("export"), "")
    assert main(["import", "--instance", str(folder), str(installed / "all.json")]) == 0
    assert capsys.readouterr().out.startswith(said.format("import"))
    assert main(["passcode", "--clear", "--instance", str(folder)]) == 0
    assert capsys.readouterr().out.startswith(said.format("passcode"))


def test_a_database_named_on_the_command_line_needs_no_instance_folder(tmp_path, capsys):
    from scorekeeper.store.db import migrate

    migrate(tmp_path / "x.db")  # export never creates the database it is named (issue 15)
    assert main(["export", "--database", str(tmp_path / "x.db"), "-"]) == 0
    assert capsys.readouterr().err == ""


def test_version_is_the_packages_and_the_changelogs_newest(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    from importlib.metadata import version

    printed = capsys.readouterr().out.strip()
    assert printed == f"scorekeeper {version('scorekeeper')}"
    changelog = (CHECKOUT / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = next(line for line in changelog.splitlines() if line.startswith("## "))
    assert newest.startswith(f"## {version('scorekeeper')} ")
    pyproject = (CHECKOUT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{version("scorekeeper")}"' in pyproject


def test_serve_starts_the_app_on_the_folder_chosen(monkeypatch, tmp_path):
    from scorekeeper import serve

    started = {}
    monkeypatch.setattr(serve, "main", lambda **options: started.update(options))
    assert main(["serve", "--port", "8001", "--instance", str(tmp_path / "club")]) == 0
    assert started == {"host": "0.0.0.0", "port": 8001, "instance": tmp_path / "club"}
