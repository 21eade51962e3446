"""Small things said truly: the address shown is one the server answers on, the first
passcode is asked twice, and times are the server's own with its zone."""

import os
import time

import pytest

from scorekeeper import serve
from scorekeeper.web.access import address, passcode
from scorekeeper.web.hands import audit

from .test_serve import listening


def test_a_server_on_one_address_shares_that_address_on_every_page(app, client, monkeypatch):
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    listening(monkeypatch)
    serve.main(host="127.0.0.1", port=8123)
    page = client.get("/", base_url="http://127.0.0.1:8123").get_data(as_text=True)
    assert '<p class="address">http://127.0.0.1:8123</p>' in page
    assert "192.168.1.20" not in page
    assert address.join_url("http://localhost:8123/", 8123, "127.0.0.1") == (
        "http://127.0.0.1:8123"
    )
    assert address.join_url("http://[::1]:8123/", 8123, "::1") == "http://[::1]:8123"


def test_a_server_on_every_address_shares_the_networks_address(monkeypatch):
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    for every in ("0.0.0.0", "::", ""):
        assert address.join_url("http://127.0.0.1:8000/", 8000, every) == (
            "http://192.168.1.20:8000"
        )
        assert address.served_url(every, 8000) == "http://192.168.1.20:8000"
    assert address.served_url("192.168.1.5", 8000) == "http://192.168.1.5:8000"


def asked(*answers):
    """A terminal that answers each question in turn, and the questions it was asked."""
    questions, given = [], iter(answers)

    def ask(prompt):
        questions.append(prompt)
        return next(given)

    return ask, questions


def test_the_first_passcode_is_asked_twice_until_both_agree(tmp_path, capsys):
    ask, questions = asked("tiles4", "tlies4", "tiles4", "tiles4")
    passcode.ask_on_first_start(
        tmp_path, ask=lambda prompt: serve.ask_twice(prompt, ask), interactive=True
    )
    stored = passcode.stored_hash(tmp_path)
    assert stored and passcode.matches(stored, "tiles4")
    assert questions[1::2] == ["The same passcode again: "] * 2
    assert "The two passcodes differ; type it again." in capsys.readouterr().out


def test_declining_the_first_passcode_is_asked_once(tmp_path):
    ask, questions = asked("")
    passcode.ask_on_first_start(
        tmp_path, ask=lambda prompt: serve.ask_twice(prompt, ask), interactive=True
    )
    assert len(questions) == 1 and passcode.decided(tmp_path)
    assert passcode.stored_hash(tmp_path) is None


def test_serve_asks_the_first_passcode_twice(app, monkeypatch):
    seen = {}
    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    listening(monkeypatch)
    monkeypatch.setattr(passcode, "ask_on_first_start", lambda instance, ask: seen.update(ask=ask))
    serve.main()
    assert seen["ask"] is serve.ask_twice


@pytest.fixture
def zone():
    """Set the server's time zone for the test, and put it back after."""
    before = os.environ.get("TZ")

    def set_zone(name):
        os.environ["TZ"] = name
        time.tzset()

    yield set_zone
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_audit_times_are_the_servers_local_time_with_its_zone(zone):
    zone("Europe/Bucharest")
    assert audit.when("2025-11-22T21:05:00+00:00") == "22 Nov 23:05 EET"
    assert audit.when("2025-07-01T21:05:00+00:00") == "2 Jul 00:05 EEST"
    zone("UTC")
    assert audit.when("2025-11-22T21:05:00+00:00") == "22 Nov 21:05 UTC"
