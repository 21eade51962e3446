"""Passcode guessing, slowed for each phone that guesses wrong, without waiting.

How it holds (issue 15, issue 23):
- A guess is let through or refused *before* the passcode is checked, on what its phone has
  done and nothing it sends: checking a correct passcode first would tell a guesser which
  guess was right whatever the limit said. So a right passcode from a phone that must wait
  is refused like a wrong one.
- Each phone (its address; an IPv6 address counts by its /64 network, which one device
  can fill) may make PER_PHONE wrong guesses in LOCKOUT seconds; past that it is answered
  429 with Retry-After until its oldest wrong guess is that old.
- All phones together get OVERALL wrong guesses answered in WINDOW seconds. Past that, a
  phone that has itself guessed wrong in the last LOCKOUT seconds waits for the window, so
  many guessing addresses guess no faster than one; a phone that has not guessed wrong is
  still checked, so the scorer (a browser or a script sending the passcode as a bearer)
  gets in during a flood from other addresses. A phone that has been the scorer under this
  passcode (a signed cookie says so) is not held by the overall count even after a typo.
- While the overall count is full, a phone that has not guessed wrong may have only one
  passcode being checked at a time (the same one sent again may be checked beside it):
  a new address's burst of different guesses gets one of them checked, then, that one
  being wrong, waits with the rest. Each new address thus costs a guesser a quarter of an
  hour per guess during a flood; what it tells the guesser depends on the phone's own
  history, never on whether a passcode was right.
- Every guess holds a place in the overall count while it is checked and gives it back if
  it was right, so sixteen guesses arriving together cannot all slip under the limit. A
  phone's own count holds only its wrong guesses: phones behind one address (or a script
  sending the passcode with every request) that are right are never locked out by each
  other's guesses in flight.
- Nothing sleeps: a refusal is answered at once, and the lock below is held only to count.
  A phone that has guessed wrong (and has not been the scorer) does not wait for another
  phone's passcode to be checked either: it is answered 429 at once, whatever it sent
  (`passcode.matches`). A phone that has not guessed wrong waits its turn for the check.
- A new passcode (`scorekeeper passcode`) starts the counts afresh: the scorer's way back
  in when their own address is locked out.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass

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


def attempt_tag(attempt: str) -> str:
    """A short digest of a guess, so that guesses in flight are told apart without keeping
    them: it decides only whether a phone's new guess is the one it is already checking."""
    return hashlib.sha256(attempt.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Place:
    """A guess let through: its phone, when it came and which passcode it offers."""

    phone: str
    when: float
    attempt: str


class GuessLimiter:
    """Count wrong passcodes per phone and overall; say how long a phone must wait."""

    def __init__(
        self,
        per_phone: int = PER_PHONE,
        lockout: float = LOCKOUT,
        overall: int = OVERALL,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_phone, self.lockout = per_phone, lockout
        self.overall, self.window = overall, window
        self.clock = clock
        self._lock = threading.Lock()
        self._passcode: str | None = None
        self._phones: dict[str, deque[float]] = {}
        self._checking: dict[str, Counter[str]] = {}
        self._all: deque[float] = deque()

    def admit(
        self, phone: str, passcode_tag: str, attempt: str, trusted: bool = False
    ) -> tuple[int, Place]:
        """Seconds to wait (0 to check now) and, when let through, the place this guess holds."""
        now, tag = self.clock(), attempt_tag(attempt)
        with self._lock:
            wait = self._wait(now, phone, passcode_tag, tag, trusted)
            if not wait:
                self._all.append(now)
                self._checking.setdefault(phone, Counter())[tag] += 1
            return wait, Place(phone, now, tag)

    def waiting(
        self, phone: str, passcode_tag: str, attempt: str | None, trusted: bool = False
    ) -> int:
        """Seconds this phone must wait before a guess is checked; holds no place. Without
        the attempt (not read yet), a phone is not held for the one it is checking."""
        tag = None if attempt is None else attempt_tag(attempt)
        with self._lock:
            return self._wait(self.clock(), phone, passcode_tag, tag, trusted)

    def may_wait(self, phone: str, trusted: bool = False) -> bool:
        """Whether this phone's guess may wait for another phone's check: the scorer's phone,
        or one that has not guessed wrong lately. A guessing phone is answered at once."""
        with self._lock:
            return trusted or not self._phones.get(phone)

    def _wait(
        self, now: float, phone: str, passcode_tag: str, tag: str | None, trusted: bool
    ) -> int:
        if passcode_tag != self._passcode:
            self._passcode, self._phones, self._all = passcode_tag, {}, deque()
            self._checking = {}
        self._forget(now)
        mine = self._phones.get(phone, deque())
        if len(mine) >= self.per_phone:
            return max(1, math.ceil(mine[0] + self.lockout - now))
        if trusted or len(self._all) < self.overall:
            return 0
        checking = self._checking.get(phone, Counter())
        if mine or (tag is not None and any(other != tag for other in checking)):
            return max(1, math.ceil(self._all[0] + self.window - now))
        return 0

    def wrong(self, place: Place) -> None:
        """The guess was wrong: it counts against the phone too (its place stays counted)."""
        with self._lock:
            self._done(place)
            self._phones.setdefault(place.phone, deque()).append(place.when)

    def right(self, place: Place) -> None:
        """The guess was the passcode: give back its place, and forget the phone's misses."""
        with self._lock:
            self._done(place)
            self._phones.pop(place.phone, None)
            if place.when in self._all:
                self._all.remove(place.when)

    def unchecked(self, place: Place) -> None:
        """The guess was never checked (another was being checked): give back its place."""
        with self._lock:
            self._done(place)
            if place.when in self._all:
                self._all.remove(place.when)

    def _done(self, place: Place) -> None:
        """The guess is no longer being checked."""
        checking = self._checking.get(place.phone)
        if checking is None:
            return  # a new passcode started the counts afresh meanwhile
        checking[place.attempt] -= 1
        if checking[place.attempt] <= 0:
            del checking[place.attempt]
        if not checking:
            del self._checking[place.phone]

    def _forget(self, now: float) -> None:
        """Drop guesses old enough no longer to count."""
        while self._all and self._all[0] <= now - self.window:
            self._all.popleft()
        for phone in [
            p for p, times in self._phones.items() if not times or times[-1] <= now - self.lockout
        ]:
            del self._phones[phone]
        for times in self._phones.values():
            while times and times[0] <= now - self.lockout:
                times.popleft()
