"""Benchmark what a series' length costs: the polls and the pages at 100 and 10,000 hands.

    .venv/bin/python bench/polls.py [--small 100] [--large 10000] [--requests 50]

Builds two series, one of SMALL and one of LARGE Rummikub hands for four players, each in
a scratch database through the store, exports each (store.export) and brings both into one
fresh database through the project's own import (store.importer), as a club's file would
come in. Then, in this process, through Flask's test client, measures the server's CPU
(time.process_time around each request) of what is asked over and over at the table:

- the draft poll: the scorer's form asks `GET /api/series/ID/draft` every second, sending
  back the ETag of its last answer (answered 304 while nothing changed), and once unasked;
- the viewer's poll: `GET /series/ID/view.json`, likewise with and without its ETag;
- the series page (standings and the last hands of the sheet) and the night page of the
  history (the last hands with their running totals and chart);
- the home page (which finds the series in play).

Prints the median of REQUESTS requests of each, both sizes side by side, and the ratio of
the large series' figure to the small one's (target: within 2x), then the peak memory of
the measuring process, which serves and holds nothing else (a child process builds the
database).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from score_pad import NAMES, rummikub_hand  # noqa: E402
from stored_hands import insert_scored_hands  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import PRESETS, SeriesEnd, read_hand, score_series  # noqa: E402
from scorekeeper.store.db import connect, migrate  # noqa: E402
from scorekeeper.store.export import export_document  # noqa: E402
from scorekeeper.store.export_json import to_json  # noqa: E402
from scorekeeper.store.export_reader import read_document  # noqa: E402
from scorekeeper.store.importer import import_document  # noqa: E402
from scorekeeper.store.nights import create_night  # noqa: E402
from scorekeeper.store.series import create_series  # noqa: E402


def exported_series(hands: int, day: date, seed: int) -> str:
    """One night with one series of `hands` scored hands, as the export writes it."""
    rng = random.Random(seed)
    variant = PRESETS["rummikub"]
    # The series lasts one hand longer than it holds: it is in play, as at the table.
    end = SeriesEnd("hands", hands + 1)
    records = [rummikub_hand(rng) for _ in range(hands)]
    result = score_series(variant, NAMES, end, [read_hand(r, variant, NAMES) for r in records])
    with tempfile.TemporaryDirectory() as scratch:
        path = str(Path(scratch) / "scratch.db")
        migrate(path)
        with connect(path) as db:
            night = create_night(db, day, None, None)
            series_id = create_series(db, night, None, variant, NAMES, end, 0)
            insert_scored_hands(db, series_id, records, result)
            return to_json(export_document(db))


def imported(path: str, sizes: list[int]) -> dict[int, dict[str, int]]:
    """Import one exported series of each size; each size's series and night ids. Run in a
    process of its own (--build), so that the measuring process holds only the server."""
    migrate(path)
    found = {}
    for i, hands in enumerate(sizes):
        text = exported_series(hands, date(2025, 11, 1 + i), seed=i)
        with connect(path) as db:
            started = time.perf_counter()
            import_document(db, read_document(text))
            took = time.perf_counter() - started
            series_id, night_id = db.execute(
                "SELECT id, night_id FROM series ORDER BY id DESC LIMIT 1"
            ).fetchone()
        print(
            f"imported {hands:>6} hands ({len(text) / 1e6:.1f} MB) in {took:.1f} s",
            file=sys.stderr,
        )
        found[hands] = {"series": series_id, "night": night_id}
    return found


def cpu_ms(client, url: str, requests: int, expect: int, etag: bool = False) -> float:
    """The median server CPU of a request, in milliseconds; with `etag`, the request sends
    back the ETag of the answer before it, as the browser does for a poll."""
    headers = {}
    if etag:
        headers["If-None-Match"] = client.get(url).headers["ETag"]
    samples = []
    for _ in range(requests):
        started = time.process_time()
        response = client.get(url, headers=headers)
        samples.append(time.process_time() - started)
        assert response.status_code == expect, (url, response.status_code)
        response.close()
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--build", help=argparse.SUPPRESS)  # the building process's database
    args = parser.parse_args()
    sizes = [args.small, args.large]
    if args.build:
        print(json.dumps(imported(args.build, sizes)))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "scorekeeper.db")
        built = subprocess.run(
            [
                sys.executable,
                __file__,
                "--build",
                path,
                "--small",
                str(args.small),
                "--large",
                str(args.large),
            ],
            check=True,
            capture_output=False,
            stdout=subprocess.PIPE,
            text=True,
        )
        ids = {int(k): v for k, v in json.loads(built.stdout).items()}
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench"})
        client = app.test_client()
        asks = [
            ("draft poll (304)", "/api/series/{series}/draft", 304, True),
            ("draft poll (200)", "/api/series/{series}/draft", 200, False),
            ("viewer's poll (304)", "/series/{series}/view.json", 304, True),
            ("viewer's poll (200)", "/series/{series}/view.json", 200, False),
            ("series page", "/series/{series}", 200, False),
            ("night page", "/history/nights/{night}", 200, False),
            ("home page", "/", 200, False),
        ]
        for _, url, _expect, _etag in asks:  # warm: the first view fills the caches
            for hands in sizes:
                client.get(url.format(**ids[hands]))
        print(f"\nserver CPU per request, median of {args.requests} (ms)")
        print(f"{'':22}{args.small:>10}{args.large:>10}   ratio")
        for name, url, expect, etag in asks:
            small, large = (
                cpu_ms(client, url.format(**ids[hands]), args.requests, expect, etag)
                for hands in sizes
            )
            print(f"{name:22}{small:10.2f}{large:10.2f}{large / small:8.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory of the serving process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
