"""Benchmark the score pad over loopback: series page and record-hand POST, and the
series page of one long series.

    .venv/bin/python bench/score_pad.py [--series 1000] [--hands 20] [--requests 300]
                                        [--long 1000 10000] [--long-requests 100]

Fills a fresh database with SERIES Rummikub and Romanian series of HANDS hands
each, starts the app under waitress in its own process on 127.0.0.1, then
times GET /series/<id> and the record-hand POST (with its CSRF token, as a
phone sends it) from this process, one request at a time. Prints the median
and 95th percentile of each, and the server process's peak resident memory.
Then, for each LONG count, a fresh database holds one Rummikub series of that
many hands, and its series page is timed LONG_REQUESTS times (targets at the
95th percentile: 30 ms for 1,000 hands, 150 ms for 10,000).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import PRESETS, SeriesEnd, read_hand, score_series  # noqa: E402
from scorekeeper.store.hands import stored_result  # noqa: E402
from scorekeeper.store.nights import create_night  # noqa: E402
from scorekeeper.store.series import create_series  # noqa: E402
from scorekeeper.web.shell.db import get_db  # noqa: E402

NAMES = ["Ana", "Bo", "Cici", "Dan"]
SERVER = """
import sys
from waitress import serve
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "bench"})
serve(app, host="127.0.0.1", port=int(sys.argv[2]), threads=8, _quiet=True)
"""


def rummikub_hand(rng: random.Random) -> dict:
    """A Rummikub hand: one player goes out, the others hold a few tiles."""
    out = rng.choice(NAMES)
    tiles = iter(rng.sample([f"{c}{n}" for c in "rbky" for n in range(1, 14)], 40))
    return {
        "players": [
            {"name": n, "went_out": True}
            if n == out
            else {"name": n, "rack": " ".join(next(tiles) for _ in range(rng.randint(1, 6)))}
            for n in NAMES
        ]
    }


def romanian_hand(rng: random.Random) -> dict:
    """A Romanian hand in count mode."""
    out = rng.choice(NAMES)
    return {
        "players": [
            {
                "name": n,
                "went_out": True,
                "finish": "discard",
                "melded_points": rng.randint(50, 150),
            }
            if n == out
            else {
                "name": n,
                "rack_points": rng.randint(1, 60),
                "melded_points": rng.choice([0, rng.randint(50, 120)]),
            }
            for n in NAMES
        ]
    }


def fill(path: str, series_count: int, hands: int, only_rummikub: bool = False) -> list[int]:
    """Store the series and their hands, each with its result, as saving them would."""
    rng = random.Random(7)
    app = create_app({"DATABASE": path, "SECRET_KEY": "bench"})
    ids = []
    with app.app_context():
        db = get_db()
        night = create_night(db, __import__("datetime").date(2025, 11, 22), "Bench", None)
        for i in range(series_count):
            rummikub = only_rummikub or i % 2 == 1
            variant = PRESETS["rummikub" if rummikub else "romanian"]
            make = rummikub_hand if rummikub else romanian_hand
            end = SeriesEnd("hands", hands + 5)
            series_id = create_series(db, night, None, variant, NAMES, end, 0)
            records = [make(rng) for _ in range(hands)]
            result = score_series(
                variant, NAMES, end, [read_hand(r, variant, NAMES) for r in records]
            )
            with db.atomic():
                db["hands"].insert_all(
                    {
                        "series_id": series_id,
                        "number": n + 1,
                        "record": json.dumps(r),
                        "created": "2025-11-22T20:00:00+00:00",
                        "updated": "2025-11-22T20:00:00+00:00",
                        **stored_result(s),
                    }
                    for n, (r, s) in enumerate(zip(records, result.hands, strict=True))
                )
            ids.append(series_id)
    return ids


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Time the POST alone: do not follow its redirect."""

    def redirect_request(self, *args, **kwargs):
        return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[max(0, round(0.95 * len(ms)) - 1)]
    return f"median {statistics.median(ms):.1f} ms, 95th percentile {p95:.1f} ms (n={len(ms)})"


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(path: str) -> tuple[subprocess.Popen, str]:
    """Serve the database under waitress in a process of its own; its process and address."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, path, str(port)], cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    wait_for(base + "/")
    return server, base


def time_pages(opener: urllib.request.OpenerDirector, urls: list[str]) -> list[float]:
    """Fetch each series page in turn and return how long each took."""
    found = []
    for url in urls:
        start = time.perf_counter()
        body = opener.open(url).read()
        found.append(time.perf_counter() - start)
        assert b"Standings" in body
    return found


def long_series(hands: int, requests: int) -> None:
    """Time the series page of one series of this many hands."""
    path = str(Path(tempfile.mkdtemp(prefix="scorekeeper-bench-")) / "long.db")
    (series_id,) = fill(path, 1, hands, only_rummikub=True)
    server, base = start_server(path)
    try:
        opener = urllib.request.build_opener()
        time_pages(opener, [f"{base}/series/{series_id}"] * 3)  # warm up
        pages = time_pages(opener, [f"{base}/series/{series_id}"] * requests)
        print(f"series page, one series of {hands:,} hands:", percentiles(pages))
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--long", type=int, nargs="*", default=[1000, 10000])
    parser.add_argument("--long-requests", type=int, default=100)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    path = str(Path(workdir) / "bench.db")
    started = time.perf_counter()
    ids = fill(path, args.series, args.hands)
    print(f"filled {len(ids)} series x {args.hands} hands in {time.perf_counter() - started:.0f} s")
    server, base = start_server(path)
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        no_redirect = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(jar), NoRedirect()
        )
        rng = random.Random(3)
        pages = time_pages(
            opener, [f"{base}/series/{rng.choice(ids)}" for _ in range(args.requests)]
        )
        print("series page:", percentiles(pages))

        posts = []
        targets = [i for i in ids if i % 2 == 0]  # Rummikub series: a rack-only tally
        for n in range(args.requests):
            series_id = targets[n % len(targets)]
            form_url = f"{base}/series/{series_id}/hands/new"
            token = (
                re.search(
                    rb'name="csrf_token" type="hidden" value="([^"]+)"',
                    opener.open(form_url).read(),
                )
                .group(1)
                .decode()
            )
            data = {
                "csrf_token": token,
                "went_out": "Ana",
                "finish": "rack_empty",
                "players-1-rack": "r5 k7",
                "players-2-rack": "j",
                "players-3-rack": "b2",
                "save": "Save hand",
            }
            encoded = urllib.parse.urlencode(data).encode()
            start = time.perf_counter()
            try:
                no_redirect.open(form_url, data=encoded)
                raise SystemExit("the hand was not saved")
            except urllib.error.HTTPError as answer:
                posts.append(time.perf_counter() - start)
                assert answer.code == 302, answer.code  # saved: on to the series page
        print("record-hand POST (and its redirect):", percentiles(posts))
        print(f"server peak memory: {peak_memory_mb(server.pid):.0f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)
    for hands in args.long:
        long_series(hands, args.long_requests)


if __name__ == "__main__":
    main()
