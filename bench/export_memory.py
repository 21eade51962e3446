"""The server's memory through repeated exports of everything, JSON and CSV, over loopback.

    .venv/bin/python bench/export_memory.py [--nights 500] [--hands 20] [--times 20]

Fills a fresh instance folder with NIGHTS game nights of one series of HANDS hands each
(bench/history.py's nights: 500 x 20 = 10,000 hands, each with its audit entry), starts
the real server on it (`scorekeeper serve --instance DIR`, waitress, in a process of its
own, on 127.0.0.1), then downloads the export of everything as JSON and as CSV TIMES
times each, in turn, reading each answer as it comes. Prints the server's memory after
it started, after the first round and at the end (its resident set, VmRSS, and its
peak, VmHWM, from /proc), and how long each download took. Exits 1 if the peak passed
the issue's limit of 150 MB.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from history import fill  # noqa: E402
from score_pad import free_port, wait_for  # noqa: E402

LIMIT_MB = 150


def memory_mb(pid: int) -> dict[str, float]:
    """The process's resident set now (VmRSS) and at its peak (VmHWM), in MB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found


def download(url: str) -> tuple[int, float]:
    """Read an answer in pieces, as a browser saving a file does; its size and time."""
    started = time.perf_counter()
    size = 0
    with urllib.request.urlopen(url, timeout=300) as answer:
        while piece := answer.read(65536):
            size += len(piece)
    return size, time.perf_counter() - started


def shown(memory: dict[str, float]) -> str:
    return f"resident {memory['VmRSS']:.0f} MB, peak {memory['VmHWM']:.0f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=500)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--times", type=int, default=20)
    args = parser.parse_args()
    instance = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-")) / "instance"
    instance.mkdir(mode=0o700)
    started = time.perf_counter()
    fill(str(instance / "scorekeeper.db"), args.nights, args.hands)
    print(
        f"filled {args.nights} nights x {args.hands} hands in {time.perf_counter() - started:.0f} s"
    )
    port = free_port()
    command = Path(sys.executable).parent / "scorekeeper"
    server = subprocess.Popen(
        [
            str(command),
            "serve",
            "--instance",
            str(instance),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/")
        print(f"server started: {shown(memory_mb(server.pid))}")
        times: dict[str, list[float]] = {"json": [], "csv": []}
        sizes = {}
        for round_ in range(args.times):
            for kind in times:
                sizes[kind], took = download(f"{base}/export/everything.{kind}")
                times[kind].append(took)
            if round_ == 0:
                print(f"after the first round: {shown(memory_mb(server.pid))}")
        final = memory_mb(server.pid)
        for kind, taken in times.items():
            print(
                f"export of everything as {kind.upper()} ({sizes[kind] / 1e6:.1f} MB),"
                f" {len(taken)} times: median {statistics.median(taken):.2f} s,"
                f" slowest {max(taken):.2f} s"
            )
        print(f"after {args.times} rounds: {shown(final)} (limit {LIMIT_MB} MB)")
        return 1 if final["VmHWM"] > LIMIT_MB else 0
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
