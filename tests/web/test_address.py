"""The LAN address is found without sending anything, and falls back to this machine."""

import socket

from scorekeeper.web.access import address


class FakeSocket:
    """A UDP socket that records what is done with it and never touches a network."""

    def __init__(self, family, kind, fails=False):
        self.family, self.kind, self.fails = family, kind, fails
        self.calls = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.calls.append("close")

    def connect(self, target):
        self.calls.append(("connect", target))
        if self.fails:
            raise OSError("Network is unreachable")

    def getsockname(self):
        return ("192.168.1.20", 54321)


def fake_sockets(monkeypatch, fails=False):
    """Replace socket.socket and return the list of sockets made."""
    made = []

    def make(family, kind):
        made.append(FakeSocket(family, kind, fails))
        return made[-1]

    monkeypatch.setattr(socket, "socket", make)
    return made


def test_lan_url_uses_the_address_of_the_outgoing_interface(monkeypatch):
    made = fake_sockets(monkeypatch)
    assert address.lan_url(8000) == "http://192.168.1.20:8000"
    [probe] = made
    assert (probe.family, probe.kind) == (socket.AF_INET, socket.SOCK_DGRAM)
    # Only a UDP connect, which sends nothing, and the socket is closed.
    assert probe.calls == [("connect", address.PROBE_ADDRESS), "close"]


def test_without_a_network_the_address_is_this_machine(monkeypatch):
    fake_sockets(monkeypatch, fails=True)
    assert address.lan_url(8000) == "http://127.0.0.1:8000"


def test_the_address_to_share_is_the_lan_one_only_when_opened_on_this_machine(monkeypatch):
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    assert address.join_url("http://localhost:8000/", 80) == "http://192.168.1.20:8000"
    assert address.join_url("http://127.0.0.1/", 8000) == "http://192.168.1.20:8000"
    assert address.join_url("http://[::1]:8000/", 80) == "http://192.168.1.20:8000"
    assert address.join_url("http://192.168.1.20:8000/", 80) == "http://192.168.1.20:8000"
    assert address.join_url("http://laptop.local:8000/", 80) == "http://laptop.local:8000"


def test_qr_code_is_inline_svg_sized_by_the_page():
    svg = address.qr_svg("http://192.168.1.20:8000")
    assert svg.startswith('<svg viewBox="0 0 ')
    assert "width=" not in svg.split(">")[0]
