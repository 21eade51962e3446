"""The real server over loopback: killed mid-burst it keeps every acknowledged hand, and eight
phones at once lose nothing. The server, the clients and the checks are bench/table_load.py's."""

import http.client
import importlib.util
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

# Real servers killed mid-burst: left out of the quick run (README, Test it).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent.parent
_spec = importlib.util.spec_from_file_location("table_load", ROOT / "bench" / "table_load.py")
table_load = importlib.util.module_from_spec(_spec)
sys.modules["table_load"] = table_load
_spec.loader.exec_module(table_load)

ROUNDS = 4
PHONES = 6


@pytest.fixture
def server(tmp_path):
    """The app under waitress in its own process, killed at the end whatever happens."""
    running = table_load.Server(tmp_path)
    yield running
    running.kill()


def hands_through_the_api(port: int, series_id: int) -> list[int]:
    """The numbers of a series' hands, as the restarted server reports them."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    connection.request("GET", f"/api/series/{series_id}")
    response = connection.getresponse()
    body = json.loads(response.read())
    connection.close()
    assert response.status == 200, body
    return [hand["number"] for hand in body["hands"]]


def burst_then_kill(server, at_least: int) -> list:
    """Phones record hands at once; the server is killed with SIGKILL while they do."""
    stop = threading.Event()
    phones, threads = table_load.run_phones(server.port, PHONES, stop, crash_expected=True)
    deadline = time.monotonic() + 20
    while sum(len(p.acknowledged) for p in phones) < at_least and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=20)
    assert not any(thread.is_alive() for thread in threads)
    assert [e for p in phones for e in p.errors] == []
    return [a for p in phones for a in p.acknowledged]


def assert_the_restarted_server_has(server, acknowledged) -> None:
    """Every acknowledged hand is in the database as sent, and the server reports it."""
    assert table_load.missing(server.db, acknowledged) == []
    for series_id in {series_id for series_id, _, _ in acknowledged}:
        numbers = hands_through_the_api(server.port, series_id)
        assert {n for s, n, _ in acknowledged if s == series_id} <= set(numbers)


def test_every_acknowledged_hand_survives_a_killed_server(server):
    acknowledged = []
    for round_number in range(ROUNDS):
        server.start()
        assert_the_restarted_server_has(server, acknowledged)
        # Kill at a different moment of the burst each round.
        acknowledged += burst_then_kill(server, at_least=8 + 7 * round_number)
        assert table_load.integrity(server.db) == "ok"
        assert table_load.missing(server.db, acknowledged) == []
    server.start()
    assert_the_restarted_server_has(server, acknowledged)
    assert len(acknowledged) >= sum(8 + 7 * r for r in range(ROUNDS))


def test_eight_phones_recording_and_reading_lose_nothing():
    """A short run of the load benchmark: no errors, nothing lost (its timings are not judged).
    It runs until 64 hands are recorded, whatever the machine's speed (a minute at most)."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "table_load.py"),
            "--clients",
            "8",
            "--hands",
            "64",
            "--seconds",
            "60",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "errors: 0, lost: 0, integrity_check: ok" in result.stdout
    recorded = int(result.stdout.split(" hands recorded")[0].rsplit(" ", 1)[1])
    assert recorded >= 8
