"""One address cannot hold the server's connections: the table keeps scoring while a laptop
on the Wi-Fi holds a hundred idle connections open (issue 23)."""

from __future__ import annotations

import http.client
import json
import select
import socket
import threading
from collections.abc import Iterator

import pytest

from scorekeeper import connections, serve
from scorekeeper.connections import PER_ADDRESS, FairServer

# The phone that keeps scoring comes from another loopback address than the laptop that
# holds the connections: Linux answers on all of 127.0.0.0/8.
LAPTOP = "127.0.0.1"
PHONE = "127.0.0.2"
# A request that waits longer than this for the server failed the table (issue 23's bound).
PATIENCE = 1.0


@pytest.fixture
def server(app) -> Iterator[FairServer]:
    """The app served by the real server (waitress with a share per address), in a thread."""
    fair = connections.fair_server(app, "127.0.0.1", 0, threads=serve.THREADS)
    thread = threading.Thread(target=fair.run, daemon=True)
    thread.start()
    yield fair
    fair.close()
    thread.join(timeout=10)


def hold(port: int, count: int) -> list[socket.socket]:
    """Open `count` idle connections from the laptop's address: some send nothing, some
    only the first line of a request (as a slow client would)."""
    held = []
    for i in range(count):
        sock = socket.create_connection(("127.0.0.1", port), source_address=(LAPTOP, 0))
        if i % 2:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        held.append(sock)
    return held


def ask(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    """One request from the phone's address, given PATIENCE seconds to be answered."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=PATIENCE, source_address=(PHONE, 0)
    )
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def closed_by_server(held: list[socket.socket], expected: int) -> list[socket.socket]:
    """The held connections the server has closed, once `expected` of them are (a closed
    one reads as ended), or as many as are after waiting PATIENCE seconds for them."""
    closed: list[socket.socket] = []
    waiting = list(held)
    while len(closed) < expected and waiting:
        ready, _, _ = select.select(waiting, [], [], PATIENCE)
        if not ready:
            break
        for sock in ready:
            try:
                ended = sock.recv(1) == b""
            except OSError:
                ended = True
            if ended:
                closed.append(sock)
                waiting.remove(sock)
    return closed


def test_a_hundred_idle_connections_from_one_address_do_not_stop_the_table(server):
    port = server.effective_port
    status, created = ask(
        port,
        "POST",
        "/api/series",
        {"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 3}},
    )
    assert status == 201
    series = created["id"]
    laptop = hold(port, 100)
    try:
        status, saved = ask(
            port,
            "POST",
            f"/api/series/{series}/hands",
            {
                "players": [
                    {"name": "Ana", "rack": "", "went_out": True},
                    {"name": "Bo", "rack": "r12 k3"},
                ]
            },
        )
        assert status == 201
        assert saved["scores"] == {"Ana": 15, "Bo": -15}
        status, standings = ask(port, "GET", f"/api/series/{series}")
        assert status == 200
        assert standings["totals"] == {"Ana": 15, "Bo": -15}
        # The laptop kept its share and no more: its oldest idle connections were closed.
        closed = closed_by_server(laptop, 100 - PER_ADDRESS)
        assert len(closed) == 100 - PER_ADDRESS
        assert laptop[0] in closed and laptop[-1] not in closed
    finally:
        for sock in laptop:
            sock.close()


def test_an_address_over_its_share_loses_its_oldest_idle_connection_first(server):
    port = server.effective_port
    laptop = hold(port, PER_ADDRESS + 1)
    try:
        assert closed_by_server(laptop, 1) == [laptop[0]]
    finally:
        for sock in laptop:
            sock.close()


def test_a_full_server_closes_an_idle_connection_of_the_address_holding_the_most(server):
    port = server.effective_port
    server.total = 8  # a small server, to fill it
    laptop = hold(port, 8)
    try:
        # The phone's connection takes the server past its total: it is answered, and the
        # laptop, holding the most, loses its oldest idle connection.
        status, _ = ask(port, "GET", "/api/series/1")
        assert status == 404
        assert closed_by_server(laptop, 1) == [laptop[0]]
    finally:
        for sock in laptop:
            sock.close()
