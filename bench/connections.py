"""A laptop holds a hundred idle connections while a club night's phones read the standings.

    .venv/bin/python bench/connections.py [--phones 100] [--seconds 10]

Runs the same load twice, side by side: against the server as `scorekeeper serve` runs it
(waitress with a share per address, `scorekeeper/connections.py`) and against plain waitress
with its defaults. In each, the laptop (127.0.0.1) opens 100 idle connections and opens a new
one whenever the server closes one, while each phone, on an address of its own (127.0.0.10,
.11, ...: all of 127/8 is this machine), reads the standings over one connection as fast as
it is answered, with a 2 s patience. Prints, for each server, the answers, the requests that
failed or waited past 2 s, and the median and 95th percentile. Exits 1 if any phone's request
failed against the fair server.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from score_pad import free_port  # noqa: E402

SERVERS = {
    "fair (scorekeeper serve)": """
import sys
from scorekeeper import create_app, serve
app = create_app({"DATABASE": sys.argv[1], "INSTANCE_PATH": sys.argv[2]})
serve.listen(app, "127.0.0.1", int(sys.argv[3])).run()
""",
    "plain waitress": """
import sys
from waitress import create_server
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "INSTANCE_PATH": sys.argv[2]})
create_server(app, host="127.0.0.1", port=int(sys.argv[3]), threads=8).run()
""",
}
PATIENCE = 2.0
LAPTOP_CONNECTIONS = 100


def start(code: str, folder: Path) -> tuple[subprocess.Popen, int]:
    """Start a server in its own process and wait until it answers."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", code, str(folder / "db"), str(folder / "instance"), str(port)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    for _ in range(300):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/series/1")
            connection.getresponse().read()
            connection.close()
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def laptop(port: int, stop: threading.Event) -> None:
    """Keep LAPTOP_CONNECTIONS idle connections open from 127.0.0.1, reopening closed ones."""
    held: list[socket.socket] = []
    while not stop.is_set():
        for sock in list(held):
            sock.setblocking(False)
            try:
                if sock.recv(1) == b"":
                    held.remove(sock)
                    sock.close()
            except BlockingIOError:
                pass
            except OSError:
                held.remove(sock)
        while len(held) < LAPTOP_CONNECTIONS and not stop.is_set():
            try:
                held.append(
                    socket.create_connection(
                        ("127.0.0.1", port), timeout=PATIENCE, source_address=("127.0.0.1", 0)
                    )
                )
            except OSError:
                break
        stop.wait(0.05)
    for sock in held:
        sock.close()


def phone(
    port: int, address: str, stop: threading.Event, times: list[float], failures: list[str]
) -> None:
    """Read the standings over and over from one address, as a viewer's poll does."""
    connection = None
    while not stop.is_set():
        started = time.perf_counter()
        try:
            if connection is None:
                connection = http.client.HTTPConnection(
                    "127.0.0.1", port, timeout=PATIENCE, source_address=(address, 0)
                )
            connection.request("GET", "/api/series/1")
            connection.getresponse().read()
            times.append(time.perf_counter() - started)
        except (OSError, http.client.HTTPException) as error:
            failures.append(type(error).__name__)
            if connection is not None:
                connection.close()
            connection = None


def measure(name: str, code: str, phones: int, seconds: float) -> int:
    """Run the load against one server; print its figures and return the failures."""
    with tempfile.TemporaryDirectory() as folder:
        process, port = start(code, Path(folder))
        try:
            stop = threading.Event()
            threads = [threading.Thread(target=laptop, args=(port, stop))]
            times: list[float] = []
            failures: list[str] = []
            for i in range(phones):
                address = f"127.0.{(10 + i) // 250}.{(10 + i) % 250 + 1}"
                threads.append(
                    threading.Thread(target=phone, args=(port, address, stop, times, failures))
                )
            threads[0].start()
            time.sleep(1)  # the laptop takes its connections first
            for thread in threads[1:]:
                thread.start()
            time.sleep(seconds)
            stop.set()
            for thread in threads:
                thread.join()
        finally:
            process.kill()
            process.wait()
    if times:
        p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
        figures = (
            f"median {statistics.median(times) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms"
        )
    else:
        figures = "no answer at all"
    print(
        f"{name}: {len(times)} answers, {len(failures)} failed or waited past "
        f"{PATIENCE:.0f} s; {figures}"
    )
    return len(failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10)
    options = parser.parse_args()
    failed = {
        name: measure(name, code, options.phones, options.seconds) for name, code in SERVERS.items()
    }
    return 1 if failed["fair (scorekeeper serve)"] else 0


if __name__ == "__main__":
    sys.exit(main())
