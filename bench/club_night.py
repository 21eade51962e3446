"""A club night over loopback: six tables, each with its scorer, four phones and a TV.

    .venv/bin/python bench/club_night.py [--seconds 60] [--tables 6] [--hand-seconds 4]
                                         [--rounds 10] [--hands 5] [--stop-after HANDS]

Starts the server as `scorekeeper serve` runs it (waitress with a share per address) on a
temporary instance with a scorer passcode, and creates, through `POST /api/events`, an event
of 4 x TABLES players at tables of four, round one seated at random, later rounds mixed,
each round HANDS hands a table. Then, for the given time (or until STOP_AFTER hands are
saved, or the event is over, if sooner):

- the organiser (the passcode) reads each table's join code for its QR code, starts each
  table's turn clock for every hand (only the passcode may), and seats the next round
  (`POST /api/events/ID/rounds`) once every table has finished;
- each table's scorer, with its table code (`Authorization: Bearer CODE`), polls the racks
  every second as the scorer's form does and saves each hand (`POST /api/series/ID/hands`,
  with an Idempotency-Key, retried on a dropped connection, and the drafts it read) once
  all four racks are in and the hand has lasted HAND_SECONDS; then reads the series page;
- each player's phone finds the player's table through `GET /api/events/ID`, takes their
  seat with the join code, sends their rack once a hand, polls the racks (3 s) and the clock
  (2 s), and presses Done a moment after its turn comes;
- a TV per table shows the big screen, polls it (2 s, drawing it again on a change) and
  reads the event's standings through the API.

Every phone has its own loopback address (127.0.1.x for players, 127.0.2.x for scorers,
127.0.3.x for TVs): the server counts racks, guesses and connections per address, as it
would for phones on a club's Wi-Fi. Then checks: no request failed (every answer other than
2xx or a poll's 304, and every failed connection, counted by kind; a Done refused because
the scorer saved the hand first, which ends the turn, is the API's answer to that race: 409,
or 403 where the clock finds the turn is another seat's, checked by reading the clock again
and counted apart),
every acknowledged hand is in the database once and as sent, every acknowledged rack is in
its saved hand, and PRAGMA integrity_check. Prints the median and 95th percentile of each
kind of request, and the machine's load average. Exits 1 on any error or loss.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from club_calls import Calls, succeeded  # noqa: E402
from club_people import Night, Organiser, Phone, Scorer, Tv  # noqa: E402
from score_pad import free_port  # noqa: E402
from table_load import PASSCODE, integrity, percentile  # noqa: E402

from scorekeeper.web.access import passcode  # noqa: E402

NAMES = [
    "Ana",
    "Bo",
    "Cy",
    "Dee",
    "Eli",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Jo",
    "Kai",
    "Lea",
    "Max",
    "Nia",
    "Oto",
    "Pia",
    "Quin",
    "Rui",
    "Sol",
    "Tea",
    "Uma",
    "Vic",
    "Wes",
    "Xia",
    "Yan",
    "Zoe",
    "Abe",
    "Bea",
    "Cal",
    "Dot",
    "Emi",
    "Finn",
    "Gia",
    "Hugo",
    "Ines",
    "Jan",
    "Kim",
    "Lou",
]
# The server as `scorekeeper serve` runs it: the command line's own code, on our instance.
# Its request log (web/shell/request_log.py) gives each request's time at the server.
SERVE = "import sys; from scorekeeper.cli import main; sys.exit(main())"


def start_server(folder: Path) -> tuple[subprocess.Popen, int]:
    """`scorekeeper serve` on 127.0.0.1 with a passcode set; the process and its port."""
    instance = folder / "instance"
    passcode.set_passcode(instance, PASSCODE)
    port = free_port()
    log = (folder / "server.log").open("ab")
    command = [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--instance", str(instance)],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=log,
        cwd=ROOT,
    )
    log.close()
    probe = Calls(port, "127.0.0.1")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            probe.connection = None
            connection = probe._connection()
            connection.request("GET", "/")  # the home page: none of the kinds measured
            connection.getresponse().read()
            connection.close()
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start: {(folder / 'server.log').read_text()[-2000:]}")


def create_event(calls: Calls, tables: int, rounds: int, hands: int) -> dict[str, Any]:
    """The event, as `POST /api/events` answers it (round one seated)."""
    reply = calls.send(
        "create the event",
        "POST",
        "/api/events",
        {
            "name": "Club night",
            "variant": "rummikub",
            "players": list(NAMES[: 4 * tables]),
            "rounds": rounds,
            "table_size": 4,
            "round_end": {"hands": hands},
            "seating": "mix",
            "points": "places",
        },
        {"Authorization": f"Bearer {PASSCODE}"},
    )
    if not succeeded(reply, 201):
        raise RuntimeError(f"the event was not created: {reply and reply.body}")
    return reply.body


def lost_hands(db: sqlite3.Connection, night: Night) -> list[str]:
    """Every acknowledged hand not in the database exactly once as sent, and every hand in
    the event's series that no scorer was told was saved."""
    lost = []
    for series_id, number, hand in night.hands:
        rows = db.execute(
            "SELECT record FROM hands WHERE series_id = ? AND number = ? AND deleted_at IS NULL",
            [series_id, number],
        ).fetchall()
        if len(rows) != 1 or json.loads(rows[0][0]) != hand:
            lost.append(f"series {series_id} hand {number}: {len(rows)} rows")
    series = sorted({t["series"] for tables in night.rounds.values() for t in tables})
    marks = ",".join("?" * len(series))
    stored = db.execute(
        f"SELECT count(*) FROM hands WHERE series_id IN ({marks}) AND deleted_at IS NULL", series
    ).fetchone()[0]
    if stored != len(night.hands):
        lost.append(f"{stored} hands stored, {len(night.hands)} acknowledged")
    return lost


def lost_racks(night: Night) -> list[str]:
    """Every acknowledged rack whose hand was saved but holds another rack for that seat
    (the player who went out has no rack)."""
    saved = {(s, n): hand for s, n, hand in night.hands}
    lost = []
    for series_id, number, seat, rack in night.racks:
        hand = saved.get((series_id, number))
        if hand is None or hand["players"][seat].get("went_out"):
            continue
        if hand["players"][seat].get("rack") != rack:
            lost.append(f"series {series_id} hand {number} seat {seat}: rack {rack!r} not held")
    return lost


def report(people: list[Calls], night: Night, ran: float, load: tuple[str, str]) -> list[str]:
    """Print the figures; return the errors, one line each kind."""
    timings: dict[str, list[float]] = {}
    errors: dict[str, int] = {}
    raced: dict[str, int] = {}
    samples: dict[str, list[str]] = {}
    for calls in people:
        for kind, values in calls.timings.items():
            timings.setdefault(kind, []).extend(values)
        for kind, count in calls.errors.items():
            errors[kind] = errors.get(kind, 0) + count
            samples.setdefault(kind, []).extend(calls.samples.get(kind, []))
        for kind, count in calls.raced.items():
            raced[kind] = raced.get(kind, 0) + count
    total = sum(len(v) for v in timings.values())
    print(
        f"{ran:.1f} s over loopback: {len(night.hands)} hands saved, {len(night.racks)} racks "
        f"sent, {max(night.rounds)} rounds seated, {total} requests "
        f"({total / ran:.0f} a second); load average {load[0]} before, {load[1]} after"
    )
    print("at the phones (from sending a request to its answer read):")
    print_times(timings)
    for kind, count in sorted(raced.items()):
        print(f"  {kind} x{count}: a Done for a turn the saved hand had ended (the race's answer)")
    lines = []
    for kind, count in sorted(errors.items()):
        lines.append(f"error: {kind} x{count}: {' | '.join(samples.get(kind, [])[:2])}")
    return lines


# The server's log line of a request: method, path, status, milliseconds.
LOGGED = re.compile(r" (GET|POST|PUT) (\S+) (\d{3}) ([\d.]+) ms$")
ROUTES = [
    (re.compile(p), name)
    for p, name in (
        (r"POST /api/series/\d+/hands$", "record a hand"),
        (r"PUT /api/series/\d+/draft/seats/\d+$", "send a rack"),
        (r"GET /api/series/\d+/draft$", "poll the racks"),
        (r"GET /api/series/\d+/clock$", "poll the clock"),
        (r"POST /api/series/\d+/clock$", "start the clock or press Done"),
        (r"GET /api/series/\d+$", "read a join code"),
        (r"GET /api/events/\d+$", "read the event"),
        (r"POST /api/events/\d+/rounds$", "seat the next round"),
        (r"POST /api/events$", "create the event"),
        (r"GET /events/\d+/screen\.json$", "big screen poll"),
        (r"GET /events/\d+/screen$", "big screen page"),
        (r"GET /series/\d+/my-rack$", "open My rack"),
        (r"GET /series/\d+$", "read the series page"),
    )
]


def server_times(log: str) -> dict[str, list[float]]:
    """Each kind of request's times as the server logged them (from the app's call to the
    answer sent: without the wait for a free worker thread)."""
    found: dict[str, list[float]] = {}
    for line in log.splitlines():
        match = LOGGED.search(line)
        if match is None:
            continue
        asked = f"{match[1]} {match[2]}"
        name = next((n for p, n in ROUTES if p.match(asked)), None)
        if name is not None:
            found.setdefault(name, []).append(float(match[4]) / 1000)
    return found


def print_times(timings: dict[str, list[float]]) -> None:
    for kind, values in sorted(timings.items()):
        print(
            f"  {kind}: {len(values)}, median {statistics.median(values) * 1000:.1f} ms, "
            f"95th percentile {percentile(values, 0.95) * 1000:.1f} ms"
        )


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main(argv: list[str] | None = None) -> int:
    """Run the night, print the figures, and say whether anything failed or was lost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--tables", type=int, default=6, choices=range(2, 10))
    parser.add_argument("--rounds", type=int, default=10, help="rounds of the event")
    parser.add_argument("--hands", type=int, default=5, help="hands a table plays a round")
    # A phone sends at most 20 racks a minute (web/racks/drafts.py): hands of 3 s or more.
    parser.add_argument("--hand-seconds", type=float, default=4, help="the shortest hand")
    parser.add_argument("--stop-after", type=int, default=None, help="stop after N hands")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        process, port = start_server(folder)
        try:
            organiser_calls = Calls(port, "127.0.0.1")
            event = create_event(organiser_calls, args.tables, args.rounds, args.hands)
            stop = threading.Event()
            night = Night(event["id"], PASSCODE, stop, args.hand_seconds)
            organiser = Organiser(night, organiser_calls)
            organiser.seat(event["round"], event["tables"])
            people: list[threading.Thread] = [organiser]
            for t in range(1, args.tables + 1):
                people.append(Scorer(night, Calls(port, f"127.0.2.{t}"), t, seed=t))
                people.append(Tv(night, Calls(port, f"127.0.3.{t}")))
            for i, name in enumerate(NAMES[: 4 * args.tables]):
                people.append(Phone(night, Calls(port, f"127.0.1.{i + 1}"), name, seed=100 + i))
            before = load_average()
            started = time.monotonic()
            for person in people:
                person.start()
            while (
                time.monotonic() - started < args.seconds
                and not night.over
                and (args.stop_after is None or len(night.hands) < args.stop_after)
            ):
                time.sleep(0.1)
            stop.set()
            ran = time.monotonic() - started
            for person in people:
                person.join(timeout=30)
            after = load_average()
            stuck = [type(p).__name__ for p in people if p.is_alive()]
        finally:
            process.kill()
            process.wait(timeout=10)
        db_path = folder / "instance" / "scorekeeper.db"
        with sqlite3.connect(db_path) as db:
            lost = lost_hands(db, night) + lost_racks(night)
        check = integrity(db_path)
        at_server = server_times((folder / "server.log").read_text(errors="replace"))
    every: list[Calls] = [p.calls for p in people]  # type: ignore[attr-defined]
    problems = report(every, night, ran, (before, after))
    print("at the server (its request log: from the app's call to the answer sent):")
    print_times(at_server)
    problems += [f"lost: {line}" for line in lost]
    problems += [f"still running after the stop: {name}" for name in stuck]
    if check != "ok":
        problems.append(f"integrity_check: {check}")
    errors = sum(c.errors.total() for c in every)
    print(f"errors: {errors}, lost: {len(lost)}, integrity_check: {check}")
    for line in problems[:20]:
        print(f"  {line}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
