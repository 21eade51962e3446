"""Benchmark looking back: history page, night page, player page and exports over loopback.

    .venv/bin/python bench/history.py [--nights 500] [--hands 20] [--requests 200]

Fills a fresh database with NIGHTS game nights of one series of HANDS hands each
(500 x 20 = 10,000 hands, each with its audit entry), Rummikub and Romanian in turn,
eight players seated four at a time. Starts the app under waitress in its own
process on 127.0.0.1, views one page once so the statistics caches are built (timed
on its own), then times, one request at a time from this process: the history
page, a night page, a player page (with and without a period and variant filter),
and the export of one night and of everything. Prints the median and 95th percentile
of each.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from score_pad import (  # noqa: E402
    SERVER,
    free_port,
    percentiles,
    romanian_hand,
    rummikub_hand,
    wait_for,
)
from stored_hands import STAMP, insert_scored_hands  # noqa: E402

from scorekeeper.engine import PRESETS, SeriesEnd, read_hand, score_series  # noqa: E402
from scorekeeper.store.db import connect, migrate  # noqa: E402
from scorekeeper.store.nights import create_night  # noqa: E402
from scorekeeper.store.series import create_series  # noqa: E402

PLAYERS = ["Ana", "Bo", "Cici", "Dan", "Eli", "Flo", "Gus", "Hal"]


def seated(names: list[str], record: dict) -> dict:
    """A four-player hand of score_pad's generators, with these four players' names."""
    rename = dict(zip(["Ana", "Bo", "Cici", "Dan"], names, strict=True))
    return {"players": [{**p, "name": rename[p["name"]]} for p in record["players"]]}


def fill(path: str, nights: int, hands: int) -> tuple[list[int], list[int]]:
    """Store the nights, their series and hands straight through the store layer."""
    rng = random.Random(11)
    migrate(path)
    night_ids = []
    with connect(path) as db:
        first = date(2020, 1, 3)
        for i in range(nights):
            night = create_night(
                db, first + timedelta(days=7 * i), rng.choice(["Ana's", "Club", None]), None
            )
            variant = PRESETS["rummikub" if i % 2 else "romanian"]
            make = rummikub_hand if i % 2 else romanian_hand
            names = rng.sample(PLAYERS, 4)
            end = SeriesEnd("hands", hands)
            series_id = create_series(db, night, None, variant, names, end, 0)
            records = [seated(names, make(rng)) for _ in range(hands)]
            result = score_series(
                variant, names, end, [read_hand(r, variant, names) for r in records]
            )
            hand_ids = insert_scored_hands(db, series_id, records, result)
            with db.atomic():
                for hand_id, record in zip(hand_ids, records, strict=True):
                    db.execute(
                        "INSERT INTO hand_audit (hand_id, at, action, new)"
                        " VALUES (?, ?, 'created', ?)",
                        [hand_id, STAMP, json.dumps(record, sort_keys=True)],
                    )
            night_ids.append(night)
        player_ids = [r["id"] for r in db.query("SELECT id FROM players")]
    return night_ids, player_ids


def timed(url: str, expect: bytes) -> float:
    """Fetch a page and return how long it took."""
    start = time.perf_counter()
    body = urllib.request.urlopen(url, timeout=120).read()
    took = time.perf_counter() - start
    assert expect in body, url
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=500)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    path = str(Path(tempfile.mkdtemp(prefix="scorekeeper-bench-")) / "bench.db")
    started = time.perf_counter()
    nights, players = fill(path, args.nights, args.hands)
    print(
        f"filled {len(nights)} nights x {args.hands} hands in {time.perf_counter() - started:.0f} s"
    )
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, path, str(port)], cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(5)
    try:
        wait_for(base + "/")
        print(
            f"first history page, building the statistics caches: "
            f"{timed(base + '/history', b'game nights') * 1000:.0f} ms"
        )
        pages = {
            "history page": lambda: (
                f"/history?page={rng.randint(1, min(3, len(nights) // 25))}",
                b"game nights",
            ),
            "night page": lambda: (f"/history/nights/{rng.choice(nights)}", b"Running totals"),
            "player page": lambda: (f"/players/{rng.choice(players)}", b"Head to head"),
            "player page, period and variant": lambda: (
                f"/players/{rng.choice(players)}?from=2021-01-01&to=2024-12-31&variant=rummikub",
                b"Head to head",
            ),
            "export of a night (JSON)": lambda: (
                f"/export/nights/{rng.choice(nights)}.json",
                b"scorekeeper-export",
            ),
        }
        for label, pick in pages.items():
            samples = [
                timed(base + url, expect) for url, expect in (pick() for _ in range(args.requests))
            ]
            print(f"{label}: {percentiles(samples)}")
        whole = [
            timed(base + "/export/everything.json", b"scorekeeper-export")
            for _ in range(max(args.requests // 20, 5))
        ]
        print(f"export of everything (JSON): {percentiles(whole)}")
        size = len(urllib.request.urlopen(base + "/export/everything.json").read())
        print(f"export of everything: {size / 1e6:.1f} MB")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
