"""One line of log per request at the server: the phone's address, method, path, status and
time taken.

The address is read once the app has answered: behind a reverse proxy the app has by then put
the phone's own address in the proxy's place (access/proxies.py). Only the path is written: a
query string, a body, a cookie or an Authorization header could carry a passcode or a
session, and none of them is ever read here.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

LOG = logging.getLogger("scorekeeper.requests")

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]


def line(client: str, method: str, path: str, status: str, seconds: float) -> str:
    """The log line of one request, e.g. `192.168.1.7 GET /series/3 200 12.4 ms`."""
    return f"{client} {method} {path} {status.split(' ', 1)[0]} {seconds * 1000:.1f} ms"


def logged(app: WSGIApp) -> WSGIApp:
    """The app, writing one line per request once its answer has been sent."""

    def each_request(environ: Environ, start_response: StartResponse) -> Iterator[bytes]:
        started = time.perf_counter()
        status = ["500 INTERNAL SERVER ERROR"]

        def start(code: str, headers: list, *rest: Any) -> Any:
            status[0] = code
            return start_response(code, headers, *rest)

        body = app(environ, start)
        try:
            yield from body
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
            LOG.info(
                line(
                    environ.get("REMOTE_ADDR") or "-",
                    environ.get("REQUEST_METHOD", "?"),
                    environ.get("PATH_INFO", ""),
                    status[0],
                    time.perf_counter() - started,
                )
            )

    return each_request


def log_to_stderr() -> None:
    """Send the request lines to standard error, each with the time it was written."""
    if LOG.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    LOG.propagate = False
