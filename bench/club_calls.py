"""One person's phone at a club night, as bench/club_night.py drives it: its own loopback
address (all of 127/8 is this machine, and the server counts racks, guesses and connections
per address, as it would for phones on a club's Wi-Fi), its own cookies, one kept-alive
connection, and the time and outcome of every request it sends, by kind."""

from __future__ import annotations

import http.client
import json
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

# A request not answered in this long is a failure (loopback answers in milliseconds).
PATIENCE = 15
# A failed connection shows up as any of these on the client side.
GONE = (ConnectionError, http.client.HTTPException, TimeoutError, OSError)
# How many failures of each kind are kept word for word, to print.
SAMPLES = 3


@dataclass
class Reply:
    """An answer: its status, headers and body (decoded JSON where it is JSON)."""

    status: int
    headers: http.client.HTTPMessage
    body: Any


class Calls:
    """The requests of one phone: timings and failures by kind, over one connection."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.cookies: dict[str, str] = {}
        self.timings: dict[str, list[float]] = {}
        # Every answer that is not a success (2xx, or a 304 to a poll) and every failed
        # connection, by kind; and the answers the API gives by design to a race (a Done
        # for a turn that the saved hand had already ended), kept apart and printed.
        self.errors: Counter[str] = Counter()
        self.raced: Counter[str] = Counter()
        self.samples: dict[str, list[str]] = {}
        self.connection: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def _connection(self) -> http.client.HTTPConnection:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=PATIENCE, source_address=(self.address, 0)
            )
        return self.connection

    def _fail(self, kind: str, what: str, detail: str) -> None:
        key = f"{kind}: {what}"
        self.errors[key] += 1
        kept = self.samples.setdefault(key, [])
        if len(kept) < SAMPLES:
            kept.append(detail[:300])

    def send(
        self,
        kind: str,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        judged: tuple[int, ...] = (),
    ) -> Reply | None:
        """Send one request and time it; the reply, or None when the connection failed.
        A status outside 2xx/304 is counted as an error of its kind, except those `judged`
        (the caller counts them, with `judge`)."""
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body)
            sent["Content-Type"] = "application/json"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.perf_counter()
        try:
            connection = self._connection()
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            raw = response.read()
        except GONE as error:
            self.close()
            self._fail(kind, type(error).__name__, f"{method} {path}: {error!r}")
            return None
        self.timings.setdefault(kind, []).append(time.perf_counter() - started)
        self._keep_cookies(response.headers)
        is_json = response.getheader("Content-Type", "").startswith("application/json")
        reply = Reply(response.status, response.headers, json.loads(raw) if is_json else raw)
        success = 200 <= response.status < 300 or response.status == 304
        if not success and response.status not in judged:
            self.judge(kind, reply, f"{method} {path}", raced=False)
        return reply

    def judge(self, kind: str, reply: Reply, what: str, raced: bool) -> None:
        """Count a refusal: as a race the API answers by design, or as an error."""
        if raced:
            self.raced[f"{kind}: {reply.status}"] += 1
            return
        body = reply.body
        said = body.get("error") if isinstance(body, dict) else page_title(body)
        self._fail(kind, str(reply.status), f"{what}: {said}")

    def _keep_cookies(self, headers: http.client.HTTPMessage) -> None:
        """Keep the cookies the server sets, as a browser would (a cookie set to expire is
        dropped)."""
        for line in headers.get_all("Set-Cookie") or []:
            pair, *attributes = line.split(";")
            name, _, value = pair.strip().partition("=")
            gone = any(
                a.strip().lower() in ("max-age=0", "expires=thu, 01 jan 1970 00:00:00 gmt")
                for a in attributes
            )
            if gone or not value:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value


def page_title(raw: bytes) -> str:
    """What a page says it is (its <title>), to print beside a refused page."""
    text = bytes(raw).decode(errors="replace")
    start, end = text.find("<title>"), text.find("</title>")
    return " ".join(text[start + 7 : end].split()) if 0 <= start < end else text[:100]


def succeeded(reply: Reply | None, *statuses: int) -> bool:
    """Whether a reply came with one of these statuses."""
    return reply is not None and reply.status in statuses
