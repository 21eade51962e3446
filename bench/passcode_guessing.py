"""Sixteen connections guess the scorer passcode while the table keeps playing.

    .venv/bin/python bench/passcode_guessing.py [--seconds 10] [--guessers 16]

Starts the real server (waitress, 8 threads, CSRF on) with a scorer passcode. The scorer's
phone (127.0.0.2) becomes the scorer through the passcode form first. Then each guesser, on
an address of its own (127.0.0.11, .12, ...: all of 127/8 is this machine, so they count as
different phones), posts wrong passcodes to the form as fast as the server answers, while a
watching phone reads the home page and the viewer and the scorer records hands through the
record-hand form. Prints how many wrong guesses were answered (checked) and refused with 429,
and the median and 95th percentile of each page. Exits 1 if more wrong guesses were
answered than the limits allow (10 a minute for all phones together, and past those one
for each address that had not yet guessed wrong: web/guesses.py) or any page failed.
"""

from __future__ import annotations

import argparse
import http.client
import re
import statistics
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from table_load import PASSCODE, Server  # noqa: E402
from web.steps import SOURCE_HANDS, tally  # noqa: E402

SCORER = "127.0.0.2"
WATCHER = "127.0.0.3"
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


class Phone:
    """One browser: its own address, its cookies, one connection."""

    def __init__(self, port: int, address: str):
        self.connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=30, source_address=(address, 0)
        )
        self.cookies: dict[str, str] = {}

    def send(self, method: str, path: str, form: dict | None = None) -> tuple[int, str, float]:
        """One request; its status, its page and how long it took in seconds."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        page = response.read().decode(errors="replace")
        took = time.perf_counter() - started
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, page, took

    def token(self, path: str) -> str:
        """The CSRF token of the form on this page."""
        status, page, _ = self.send("GET", path)
        found = TOKEN.search(page)
        if status != 200 or found is None:
            raise RuntimeError(f"no form at {path} ({status})")
        return found.group(1)


def guesser(port: int, address: str, stop: threading.Event, counts: dict, lock: threading.Lock):
    """Post wrong passcodes as fast as the server answers."""
    phone = Phone(port, address)
    token = phone.token("/scorer")
    n = 0
    while not stop.is_set():
        n += 1
        status, _, _ = phone.send(
            "POST", "/scorer", {"csrf_token": token, "passcode": f"guess {address} {n}"}
        )
        with lock:
            counts[status] = counts.get(status, 0) + 1


def watcher(port: int, series_id: int, stop: threading.Event, timings: dict):
    """Read the home page and the viewer in turn, as a watching phone does."""
    phone = Phone(port, WATCHER)
    while not stop.is_set():
        for name, path in (("home page", "/"), ("viewer", f"/series/{series_id}/view")):
            status, _, took = phone.send("GET", path)
            timings.setdefault(name, []).append(took)
            if status != 200:
                timings.setdefault("errors", []).append(f"{path}: {status}")


def scorer(port: int, phone: Phone, series_id: int, stop: threading.Event, timings: dict):
    """Record hands through the record-hand form, as the scorer's phone does."""
    path = f"/series/{series_id}/hands/new"
    n = 0
    while not stop.is_set():
        form = tally("ABCD", SOURCE_HANDS[n % len(SOURCE_HANDS)], save="Save hand")
        status, _, took = phone.send("POST", path, {"csrf_token": phone.token(path), **form})
        timings.setdefault("scorer's hand", []).append(took)
        if status != 302:
            timings.setdefault("errors", []).append(f"hand: {status}")
        n += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--guessers", type=int, default=16)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            return run(server.port, args)
        finally:
            server.kill()


def run(port: int, args: argparse.Namespace) -> int:
    phone = Phone(port, SCORER)
    status, _, _ = phone.send(
        "POST", "/scorer", {"csrf_token": phone.token("/scorer"), "passcode": PASSCODE}
    )
    night = phone.send(
        "POST", "/nights/new", {"csrf_token": phone.token("/nights/new"), "date": "2026-11-23"}
    )
    series_path = "/nights/1/series/new"
    made = phone.send(
        "POST",
        series_path,
        {
            "csrf_token": phone.token(series_path),
            "variant": "rummikub",
            "seats-0": "A",
            "seats-1": "B",
            "seats-2": "C",
            "seats-3": "D",
            "end_kind": "hands",
            "end_value": "100000",
            "first_dealer": "0",
        },
    )
    if (status, night[0], made[0]) != (302, 302, 302):
        print(f"could not set the table up: {status} {night[0]} {made[0]}")
        return 1
    stop, lock = threading.Event(), threading.Lock()
    counts: dict[int, int] = {}
    timings: dict[str, list] = {}
    threads = [
        threading.Thread(target=guesser, args=(port, f"127.0.0.{11 + i}", stop, counts, lock))
        for i in range(args.guessers)
    ]
    threads.append(threading.Thread(target=watcher, args=(port, 1, stop, timings)))
    threads.append(threading.Thread(target=scorer, args=(port, phone, 1, stop, timings)))
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    answered, refused = counts.get(422, 0), counts.get(429, 0)
    minutes = max(1, -(-int(args.seconds) // 60))
    allowed = 10 * minutes + args.guessers
    others = {k: v for k, v in counts.items() if k not in (422, 429)}
    print(
        f"{args.guessers} guessers for {args.seconds:.0f} s: {answered} wrong guesses answered,"
        f" {refused} refused with 429, other answers {others}"
    )
    for name in ("home page", "viewer", "scorer's hand"):
        values = [t * 1000 for t in timings.get(name, [])]
        if values:
            print(
                f"{name}: {len(values)} requests, median {statistics.median(values):.1f} ms,"
                f" 95th percentile {percentile(values, 0.95):.1f} ms"
            )
    errors = timings.get("errors", [])
    if errors:
        print(f"errors: {errors[:5]}")
    return 1 if errors or answered > allowed else 0


if __name__ == "__main__":
    sys.exit(main())
