"""Hardening: only Host values naming this machine are answered; files readable by their owner."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.store.db import connect
from scorekeeper.web.access import address
from scorekeeper.web.access.hosts import host_name, machine_hosts


@pytest.mark.parametrize(
    "host",
    [
        "attacker.example",
        "attacker.example:8000",
        "192.0.2.7:8000",
        "[2001:db8::1]:8000",
        "localhost.evil",
    ],
)
def test_a_request_for_another_name_is_refused_before_anything_runs(client, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 400
    assert "answers only at this computer" in response.get_data(as_text=True)
    api = client.post("/api/series", json={}, headers={"Host": host})
    assert api.status_code == 400 and "ALLOWED_HOSTS" in api.get_json()["error"]


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "localhost:8000",
        "127.0.0.1:8000",
        "[::1]:8000",
        "LOCALHOST.",
        f"{socket.gethostname()}",
    ],
)
def test_this_machines_names_and_addresses_are_answered(client, host):
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_a_name_listed_in_the_instance_config_is_answered(app, client):
    assert client.get("/", headers={"Host": "scores.home.arpa"}).status_code == 400
    app.config["ALLOWED_HOSTS"] = ["scores.home.arpa"]
    assert client.get("/", headers={"Host": "scores.home.arpa:8000"}).status_code == 200
    app.config["ALLOWED_HOSTS"] = "scores.home.arpa, Pi.local"  # as the environment gives it
    assert client.get("/", headers={"Host": "pi.local"}).status_code == 200
    assert client.get("/", headers={"Host": "a"}).status_code == 400


def test_the_machines_lan_address_counts_as_its_own():
    assert address.lan_ip() in machine_hosts()


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("Example.COM:80", "example.com"),
        ("[::1]:8000", "::1"),
        ("::1", "::1"),
        ("host.local.", "host.local"),
        ("10.0.0.1", "10.0.0.1"),
    ],
)
def test_a_host_header_is_read_without_its_port(header, name):
    assert host_name(header) == name


def test_the_instance_folder_and_database_are_created_readable_by_their_owner_only(tmp_path):
    settings = app_settings(
        tmp_path / "fresh", DATABASE=str(tmp_path / "fresh" / "db" / "s.db"), SECRET_KEY=None
    )
    app = create_app(settings)
    assert Path(app.instance_path).stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "fresh" / "db").stat().st_mode & 0o777 == 0o700
    with connect(app.config["DATABASE"]) as db:  # open: its -wal and -shm files are there
        db.execute("INSERT INTO scorer_sessions VALUES ('s', 'p', '2025-11-23')")
        db.conn.commit()
        for name in ("s.db", "s.db-wal", "s.db-shm"):
            assert (tmp_path / "fresh" / "db" / name).stat().st_mode & 0o777 == 0o600, name
    assert (Path(app.instance_path) / "secret_key").stat().st_mode & 0o777 == 0o600
