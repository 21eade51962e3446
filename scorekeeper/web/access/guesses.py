"""Passcode guessing, slowed for each phone and for all phones together, without waiting.

How it holds (issue 15):
- A guess is let through or refused *before* the passcode is checked: checking a correct
  passcode first would tell a guesser which guess was right whatever the limit said.
- Each phone (its address; an IPv6 address counts by its /64 network, which one device
  can fill) may make PER_PHONE wrong guesses in LOCKOUT seconds; past that it is answered
  429 with Retry-After until its oldest wrong guess is that old.
- All phones together get OVERALL wrong guesses answered in WINDOW seconds, so many
  addresses guess no faster than one. Past that, guesses are refused the same way, except
  from a phone that has been the scorer under this passcode (it carries a signed cookie
  saying so): the real scorer gets in during an attack from other phones, and a lockout of
  one phone never touches another.
- Every guess holds a place in the overall count while it is checked and gives it back if
  it was right, so sixteen guesses arriving together cannot all slip under the limit. A
  phone's own count holds only its wrong guesses: phones behind one address (or a script
  sending the passcode with every request) that are right are never locked out by each
  other's guesses in flight.
- Nothing sleeps: a refusal is answered at once, and the lock below is held only to count.
  Nor does a guess wait for another phone's passcode to be checked: it is answered 429 at
  once, its place given back (`passcode.matches`), unless its phone has been the scorer.
- A new passcode (`scorekeeper passcode`) starts the counts afresh: the scorer's way back
  in when every phone is locked out.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import deque
from collections.abc import Callable

PER_PHONE = 5
LOCKOUT = 15 * 60
OVERALL = 10
WINDOW = 60


def phone_of(address: str | None) -> str:
    """The key a guess is counted under: the address, or an IPv6 address's /64 network."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class GuessLimiter:
    """Count wrong passcodes per phone and overall; say how long a phone must wait."""

    def __init__(self, per_phone: int = PER_PHONE, lockout: float = LOCKOUT,
                 overall: int = OVERALL, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_phone, self.lockout = per_phone, lockout
        self.overall, self.window = overall, window
        self.clock = clock
        self._lock = threading.Lock()
        self._passcode: str | None = None
        self._phones: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()

    def admit(self, phone: str, passcode_tag: str, trusted: bool = False) -> tuple[int, float]:
        """Seconds to wait (0 to check now) and, when let through, the place this guess holds."""
        now = self.clock()
        with self._lock:
            wait = self._wait(now, phone, passcode_tag, trusted)
            if not wait:
                self._all.append(now)
            return wait, now

    def waiting(self, phone: str, passcode_tag: str, trusted: bool = False) -> int:
        """Seconds this phone must wait before a guess is checked; holds no place."""
        with self._lock:
            return self._wait(self.clock(), phone, passcode_tag, trusted)

    def _wait(self, now: float, phone: str, passcode_tag: str, trusted: bool) -> int:
        if passcode_tag != self._passcode:
            self._passcode, self._phones, self._all = passcode_tag, {}, deque()
        self._forget(now)
        mine = self._phones.get(phone, deque())
        if len(mine) >= self.per_phone:
            return max(1, math.ceil(mine[0] + self.lockout - now))
        if not trusted and len(self._all) >= self.overall:
            return max(1, math.ceil(self._all[0] + self.window - now))
        return 0

    def wrong(self, phone: str, place: float) -> None:
        """The guess was wrong: it counts against the phone too (its place stays counted)."""
        with self._lock:
            self._phones.setdefault(phone, deque()).append(place)

    def right(self, phone: str, place: float) -> None:
        """The guess was the passcode: give back its place, and forget the phone's misses."""
        with self._lock:
            self._phones.pop(phone, None)
            if place in self._all:
                self._all.remove(place)

    def unchecked(self, place: float) -> None:
        """The guess was never checked (another was being checked): give back its place."""
        with self._lock:
            if place in self._all:
                self._all.remove(place)

    def _forget(self, now: float) -> None:
        """Drop guesses old enough no longer to count."""
        while self._all and self._all[0] <= now - self.window:
            self._all.popleft()
        for phone in [p for p, times in self._phones.items()
                      if not times or times[-1] <= now - self.lockout]:
            del self._phones[phone]
        for times in self._phones.values():
            while times and times[0] <= now - self.lockout:
                times.popleft()
