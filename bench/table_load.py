"""Eight phones at once over loopback: record hands and read standings, then check nothing is lost.

    .venv/bin/python bench/table_load.py [--clients 8] [--seconds 30] [--hands N]

Starts the real server (waitress) on a temporary database with a scorer passcode, runs the
clients for the given time (or until N hands are recorded, if sooner), then compares every
acknowledged hand with the database and runs PRAGMA integrity_check. Prints the median and
95th percentile latency of each kind of request. Exits 1 if any request failed or any
acknowledged hand is missing. The crash test in tests/web/test_crash.py uses the same server
and clients.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from score_pad import free_port  # noqa: E402

from scorekeeper.web.access import passcode  # noqa: E402

PASSCODE = "tile rummy"
PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
HANDS_PER_SERIES = 30
# The server as `scorekeeper serve` runs it, on a database and instance of our choosing.
SERVER = """
import sys
from waitress import serve
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "INSTANCE_PATH": sys.argv[2]})
serve(app, host="127.0.0.1", port=int(sys.argv[3]), threads=8)
"""
# A dead server shows up as any of these on the client side.
GONE = (ConnectionError, http.client.HTTPException, TimeoutError, OSError)


class Server:
    """The app under waitress in its own process, on a database in a folder of ours."""

    def __init__(self, folder: Path, with_passcode: bool = True):
        self.folder = folder
        self.db = folder / "scorekeeper.db"
        self.instance = folder / "instance"
        self.process: subprocess.Popen | None = None
        self.port = 0
        if with_passcode:
            passcode.set_passcode(self.instance, PASSCODE)

    def start(self, timeout: float = 30) -> None:
        """Start the server on a free port and wait until it answers."""
        self.port = free_port()
        log = (self.folder / "server.log").open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(self.db), str(self.instance), str(self.port)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            cwd=ROOT,
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start: {self.log()}")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/api/series/1")
                connection.getresponse().read()
                connection.close()
                return
            except GONE:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("the server did not answer within its start time")

    def kill(self) -> None:
        """Stop the server at once, as a crash or a pulled plug would (SIGKILL)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def log(self) -> str:
        """What the server printed."""
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""


def full_set() -> list[str]:
    """The 106 tiles: four colours of 1-13 twice, and two jokers."""
    return [f"{c}{n}" for c in "rbky" for n in range(1, 14) for _ in range(2)] + ["j", "j"]


def random_hand(rng: random.Random) -> dict:
    """A Rummikub hand: one player went out, the others hold up to six tiles dealt from the set."""
    tiles = full_set()
    rng.shuffle(tiles)
    out = rng.randrange(len(PLAYERS))
    players = []
    for seat, name in enumerate(PLAYERS):
        if seat == out:
            players.append({"name": name, "went_out": True})
        else:
            players.append(
                {"name": name, "rack": " ".join(tiles.pop() for _ in range(rng.randint(1, 6)))}
            )
    return {"players": players}


@dataclass
class Phone:
    """One client: records hands into its own series and reads standings in between."""

    port: int
    seed: int
    stop: threading.Event
    crash_expected: bool = False
    acknowledged: list[tuple[int, int, dict]] = field(default_factory=list)
    timings: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def request(self, connection, method: str, path: str, body: dict | None = None):
        """Send one request; return its status and decoded JSON, and time it."""
        headers = {"Authorization": f"Bearer {PASSCODE}"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        raw = response.read()
        kind = f"{method} {path.split('/')[-1] if method == 'POST' else 'read'}"
        self.timings.setdefault(kind, []).append(time.perf_counter() - started)
        is_json = response.getheader("Content-Type", "").startswith("application/json")
        return response.status, json.loads(raw) if is_json else raw

    def new_series(self, connection) -> int:
        """Start a series of HANDS_PER_SERIES hands; return its id."""
        status, body = self.request(
            connection,
            "POST",
            "/api/series",
            {"variant": "rummikub", "players": PLAYERS, "end": {"hands": HANDS_PER_SERIES}},
        )
        if status != 201:
            raise AssertionError(f"new series answered {status}: {body}")
        return body["id"]

    def run(self) -> None:
        """Record and read until told to stop or the server goes away."""
        rng = random.Random(self.seed)
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        series_id, recorded = None, 0
        try:
            while not self.stop.is_set():
                if series_id is None or recorded == HANDS_PER_SERIES:
                    series_id, recorded = self.new_series(connection), 0
                hand = random_hand(rng)
                status, body = self.request(
                    connection, "POST", f"/api/series/{series_id}/hands", hand
                )
                if status != 201:
                    raise AssertionError(f"hand answered {status}: {body}")
                # Acknowledged: from here on the hand must survive anything.
                self.acknowledged.append((series_id, body["number"], hand))
                recorded += 1
                read = rng.choice(
                    [
                        f"/api/series/{series_id}",
                        f"/series/{series_id}",
                        f"/series/{series_id}/view.json",
                    ]
                )
                status, body = self.request(connection, "GET", read)
                if status != 200:
                    raise AssertionError(f"{read} answered {status}")
        except GONE as error:
            if not self.crash_expected:
                self.errors.append(f"connection failed: {error!r}")
        except AssertionError as error:
            self.errors.append(str(error))
        finally:
            connection.close()


def run_phones(
    port: int, clients: int, stop: threading.Event, crash_expected: bool = False
) -> tuple[list[Phone], list[threading.Thread]]:
    """Start the clients, each in its own thread."""
    phones = [Phone(port, seed, stop, crash_expected) for seed in range(clients)]
    threads = [threading.Thread(target=p.run, daemon=True) for p in phones]
    for thread in threads:
        thread.start()
    return phones, threads


def missing(db_path: Path, acknowledged: list[tuple[int, int, dict]]) -> list[str]:
    """Every acknowledged hand not in the database as it was sent."""
    lost = []
    with sqlite3.connect(db_path) as db:
        for series_id, number, hand in acknowledged:
            row = db.execute(
                "SELECT record FROM hands WHERE series_id = ? AND number = ?"
                " AND deleted_at IS NULL",
                [series_id, number],
            ).fetchone()
            if row is None or json.loads(row[0]) != hand:
                lost.append(f"series {series_id} hand {number}")
    return lost


def integrity(db_path: Path) -> str:
    """SQLite's own check of the file: "ok" when sound."""
    with sqlite3.connect(db_path) as db:
        return "; ".join(row[0] for row in db.execute("PRAGMA integrity_check"))


def percentile(values: list[float], share: float) -> float:
    """The value below which this share of the values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Run the load, print the figures, and say whether anything was lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--hands",
        type=int,
        default=None,
        help="stop once this many hands are recorded, if before --seconds",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            stop = threading.Event()
            phones, threads = run_phones(server.port, args.clients, stop)
            started = time.monotonic()
            while time.monotonic() - started < args.seconds and (
                args.hands is None or sum(len(p.acknowledged) for p in phones) < args.hands
            ):
                time.sleep(0.01)
            stop.set()
            ran = time.monotonic() - started
            for thread in threads:
                thread.join(timeout=30)
        finally:
            server.kill()
        acknowledged = [a for p in phones for a in p.acknowledged]
        errors = [e for p in phones for e in p.errors]
        lost = missing(server.db, acknowledged)
        check = integrity(server.db)
        timings: dict[str, list[float]] = {}
        for phone in phones:
            for kind, values in phone.timings.items():
                timings.setdefault(kind, []).extend(values)
    reads = len(timings.get("GET read", []))
    print(
        f"{args.clients} clients for {ran:.1f} s over loopback: "
        f"{len(acknowledged)} hands recorded, {reads} reads; "
        f"errors: {len(errors)}, lost: {len(lost)}, integrity_check: {check}"
    )
    names = {
        "POST hands": "record a hand",
        "POST series": "start a series",
        "GET read": "read standings",
    }
    for kind, values in sorted(timings.items()):
        print(
            f"  {names.get(kind, kind)}: {len(values)} requests, "
            f"median {statistics.median(values) * 1000:.1f} ms, "
            f"95th percentile {percentile(values, 0.95) * 1000:.1f} ms"
        )
    for problem in (errors + lost)[:10]:
        print(f"  problem: {problem}")
    return 0 if not errors and not lost and check == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
