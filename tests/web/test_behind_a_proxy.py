"""Behind a reverse proxy (PROXY_COUNT, PUBLIC_NAMES): the forwarded address, scheme and name
are believed from exactly that many proxies and never by default, and an answer over HTTPS
marks every cookie Secure."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest
from conftest import app_settings, copy_of
from flask import Flask

from scorekeeper import create_app, serve
from scorekeeper.web.access import proxies
from scorekeeper.web.shell import cookies, request_log

from .steps import PASSCODE, page_text, set_scorer_passcode

ROOT = Path(__file__).resolve().parent.parent.parent
CADDY = {"REMOTE_ADDR": "127.0.0.1"}  # the proxy, on this machine
HTTPS = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.ourclub.org"}


@pytest.fixture
def proxied(tmp_path: Path, empty_database: Path) -> Flask:
    """The app behind one proxy that answers to scores.ourclub.org, with a scorer passcode."""
    copy_of(empty_database, tmp_path)
    app = create_app(app_settings(tmp_path, PROXY_COUNT=1, PUBLIC_NAMES="scores.ourclub.org"))
    set_scorer_passcode(app)
    return app


def guess(client, code: str, forwarded_for: str, **headers: str):
    """A passcode sent through the proxy by the phone at `forwarded_for`."""
    return client.post(
        "/scorer",
        data={"passcode": code, "next": "/"},
        headers={"X-Forwarded-For": forwarded_for, **headers},
        environ_base=CADDY,
    )


def test_guesses_behind_the_proxy_count_for_each_phone_not_for_the_proxy(proxied):
    client = proxied.test_client()
    assert [guess(client, f"wrong {n}", "192.168.1.66").status_code for n in range(5)] == [422] * 5
    assert guess(client, "wrong 6", "192.168.1.66").status_code == 429
    # Another phone behind the same proxy is not locked out, and gets in.
    assert guess(client, PASSCODE, "192.168.1.20").status_code == 302


def test_a_forged_forwarded_address_from_a_phone_straight_at_the_app_changes_nothing(app):
    set_scorer_passcode(app)
    client = app.test_client()
    answers = [
        guess(client, f"wrong {n}", f"10.0.0.{n}", **{"X-Forwarded-Proto": "https"}).status_code
        for n in range(6)
    ]
    # Each guess claimed another address, yet all count for the connection's own.
    assert answers == [422] * 5 + [429]
    assert "Secure" not in " ".join(client.get("/").headers.getlist("Set-Cookie"))


def test_the_request_log_names_the_phone_behind_the_proxy(proxied, app, caplog):
    lines = []
    for one, forwarded in ((proxied, "192.168.1.66"), (app, "10.9.9.9")):
        one.wsgi_app = request_log.logged(one.wsgi_app)
        with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
            one.test_client().get(
                "/", headers={"X-Forwarded-For": forwarded, **HTTPS}, environ_base=CADDY
            )
        lines.append(caplog.records[-1].getMessage().rsplit(" ", 2)[0])
    # Without a proxy the forged headers are ignored: the connection, and its own Host.
    assert lines == ["192.168.1.66 GET / 200", "127.0.0.1 GET / 200"]


def cookie_flags(answer) -> dict[str, bool]:
    """Each cookie the answer sets, and whether it is marked Secure."""
    return {
        header.split("=", 1)[0]: "; Secure" in header
        for header in answer.headers.getlist("Set-Cookie")
    }


def test_over_https_every_cookie_is_secure_and_over_http_none(proxied):
    for scheme, secure in (({**HTTPS}, True), ({}, False)):
        client = proxied.test_client()
        headers = {"X-Forwarded-For": "192.168.1.20", **scheme}
        language = client.post("/language", data={"language": "fr", "next": "/"}, headers=headers)
        scorer = client.post(
            "/scorer", data={"passcode": PASSCODE, "next": "/"}, headers=headers, environ_base=CADDY
        )
        assert cookie_flags(language) == {"language": secure}
        assert cookie_flags(scorer) == {"session": secure, "scorer_phone": secure}


def test_a_cookie_the_app_gives_is_secure_only_over_https(app):
    for base, secure in (("https://localhost", True), ("http://localhost", False)):
        with app.test_request_context("/", base_url=base):
            answer = app.response_class()
            cookies.give(answer, "rack_phone", "abc", 60)
            assert cookie_flags(answer) == {"rack_phone": secure}
            assert "HttpOnly" in answer.headers["Set-Cookie"]


def test_only_the_cookies_module_sets_a_cookie():
    setting = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in (ROOT / "scorekeeper").rglob("*.py")
        if path.name != "cookies.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "set_cookie"
    ]
    assert setting == []


def test_the_public_name_is_answered_and_shared_over_https(proxied):
    client = proxied.test_client()
    page = client.get("/", headers={"X-Forwarded-For": "192.168.1.20", **HTTPS})
    assert page.status_code == 200
    assert "https://scores.ourclub.org" in page_text(page)
    # Opened on the machine itself, without the proxy, the page still shares the public name.
    assert "https://scores.ourclub.org" in page_text(
        client.get("/", base_url="http://127.0.0.1:8000")
    )
    other = client.get(
        "/", headers={"X-Forwarded-For": "192.168.1.20", "X-Forwarded-Host": "evil.example"}
    )
    assert other.status_code == 400 and "Unknown address" in page_text(other)


def test_the_public_names_are_read_as_a_list_or_as_text():
    assert proxies.public_names({"PUBLIC_NAMES": ["Scores.OurClub.org."]}) == ["scores.ourclub.org"]
    assert proxies.public_names({"PUBLIC_NAMES": "a.example, b.example"}) == [
        "a.example",
        "b.example",
    ]
    assert proxies.public_names({}) == []


@pytest.mark.parametrize("value", [-1, "one", 1.5, True])
def test_a_proxy_count_that_is_no_whole_number_stops_the_server_with_one_line(
    tmp_path, monkeypatch, value
):
    monkeypatch.setattr(
        serve,
        "create_app",
        lambda instance=None: create_app(app_settings(tmp_path, PROXY_COUNT=value)),
    )
    with pytest.raises(
        serve.CannotServe, match="PROXY_COUNT must be the number of reverse proxies"
    ):
        serve.main(instance=tmp_path)


def test_serve_behind_a_proxy_gives_the_public_address_and_warns_when_not_on_loopback(
    proxied, monkeypatch, capsys
):
    monkeypatch.setattr(serve.address, "print_qr", lambda url: print(f"[QR of {url}]"))
    serve.announce(proxied, "127.0.0.1", 8000)
    said = capsys.readouterr().out
    assert "Open https://scores.ourclub.org on any phone." in said
    assert "[QR of https://scores.ourclub.org]" in said and "Careful" not in said
    serve.announce(proxied, "0.0.0.0", 8000)
    assert "Careful: PROXY_COUNT is 1 but the app listens on 0.0.0.0" in capsys.readouterr().out


def test_behind_a_proxy_waitress_leaves_the_forwarded_headers_to_the_app(proxied, monkeypatch):
    served: dict = {}
    monkeypatch.setattr(serve, "create_app", lambda instance=None: proxied)
    monkeypatch.setattr(serve, "try_port", lambda host, port: None)
    monkeypatch.setattr(serve.address, "print_qr", lambda url: None)

    class Waiting:
        def run(self) -> None:
            return None

    def recorded(app, host, port, **options):
        served.update(options)
        return Waiting()

    monkeypatch.setattr(serve, "fair_server", recorded)
    serve.main(host="127.0.0.1", port=8000)
    assert served["clear_untrusted_proxy_headers"] is False


@pytest.mark.parametrize(
    ("page", "names", "shared"),
    [
        ("https://scores.ourclub.org/", ["scores.ourclub.org"], "https://scores.ourclub.org"),
        ("https://club.lan:8443/series/3", ["club.lan:8443"], "https://club.lan:8443"),
        ("http://127.0.0.1:8000/", ["club.lan:8443", "other.lan"], "https://club.lan:8443"),
        ("https://other.lan/", ["club.lan", "other.lan"], "https://other.lan"),
        ("https://whatever.lan/", [], "https://whatever.lan"),
    ],
)
def test_the_address_shared_behind_a_proxy_is_a_public_one(page, names, shared):
    assert proxies.join_address(page, names) == shared


def test_a_public_name_with_the_proxys_port_is_answered(proxied):
    proxied.config["PUBLIC_NAMES"] = ["club.lan:8443"]
    answer = proxied.test_client().get(
        "/", headers={"X-Forwarded-For": "192.168.1.20", "X-Forwarded-Host": "club.lan:8443"}
    )
    assert answer.status_code == 200
