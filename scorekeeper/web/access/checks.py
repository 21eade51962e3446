"""The checks behind the scorer's passcode: whether a phone may guess now, what a code it
sends grants (the passcode the scorer, a series' join code a seat, an event table's code the
scorer of that table's series), an API request's bearer code, and the phone remembered as the
scorer's. Each wrong code counts as a guess in the one
limiter (guesses.py); the pages that ask for the passcode are in scorer.py."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from flask import current_app, g, request
from itsdangerous import BadSignature, URLSafeSerializer

from ...store import join_codes, table_codes
from ..shell.db import get_db
from . import passcode
from .guesses import GuessLimiter, Place, phone_of

# What a code grants: the passcode, everything the scorer does; a series' join code, a seat
# of that series for "My rack" and nothing else; an event table's code, the hands of that
# table's series and nothing else (table_scorer.py).
Granted = Literal["scorer", "seat", "table"]
# A phone that has been the scorer keeps this cookie a year: it gets past the overall limit
# on guesses even after a typo, and waits for another phone's check (see guesses.py), never
# past the passcode or its own address's lockout.
SCORER_PHONE_COOKIE = "scorer_phone"


def current_hash() -> str | None:
    """The passcode hash for this request, read once per request."""
    if "passcode_hash" not in g:
        g.passcode_hash = passcode.stored_hash(Path(current_app.instance_path))
    return g.passcode_hash


class TooManyGuesses(Exception):
    """This phone must wait before its passcode is checked again."""

    def __init__(self, seconds: int, busy: bool = False) -> None:
        super().__init__(f"too many wrong passcodes: try again in {seconds} seconds")
        self.seconds, self.busy = seconds, busy


# How long a phone whose passcode came while another was being checked is asked to wait:
# a check takes a fraction of a second.
BUSY_SECONDS = 2


def limiter() -> GuessLimiter:
    """The app's count of wrong passcodes."""
    found: GuessLimiter = current_app.extensions["passcode_guesses"]
    return found


def device_signer() -> URLSafeSerializer:
    """What signs the cookie of the phone that has been the scorer (the app's secret key)."""
    return URLSafeSerializer(current_app.secret_key or "", salt="scorer-phone")


def trusted_phone(stored: str) -> bool:
    """Whether this phone has been the scorer under the current passcode."""
    try:
        tag = device_signer().loads(request.cookies.get(SCORER_PHONE_COOKIE, ""))
    except BadSignature:
        return False
    return bool(tag == passcode.fingerprint(stored))


def admit_guess(stored: str, attempt: str) -> tuple[str, Place]:
    """Let this phone guess now (its key and the place its guess holds in the overall count),
    or raise TooManyGuesses: decided from the address's own history before any code is
    checked, so a guesser learns nothing from it."""
    phone = phone_of(request.remote_addr)
    wait, place = limiter().admit(
        phone, passcode.fingerprint(stored), attempt, trusted_phone(stored)
    )
    if wait:
        raise TooManyGuesses(wait)
    return phone, place


def took_join_code(attempt: str, join_code: str, place: Place) -> bool:
    """Whether the attempt is the series' join code; if so its place is given back. A seat
    is not the scorer: the phone's wrong guesses stay counted."""
    if not join_codes.matches(attempt, join_code):
        return False
    limiter().unchecked(place)
    return True


def took_table_code(attempt: str, place: Place) -> bool:
    """Whether the attempt is an event table's code; if so its place is given back (a code of
    an event that has ended too: it grants nothing, and is no guess). The series it scores,
    while its event runs, is kept for this request (`g.table_series`)."""
    found = table_codes.look_up(get_db(), attempt)
    if found is None:
        return False
    limiter().unchecked(place)
    # Kept whole too, so a refusal can say why this code grants nothing here (scorer.py).
    g.table_code = found
    g.table_series = found.series_id if found.state == "live" else None
    return True


def check_guess(
    stored: str, attempt: str, join_code: str | None = None, tables: bool = False
) -> Granted | None:
    """Check a code if this phone may guess now: the passcode grants the scorer; where a
    series' join code is given, that code grants a seat of the series; with `tables`, an
    event table's code grants that table (table_scorer.py); anything else is a wrong guess.
    Raise TooManyGuesses if the phone may not guess now."""
    phone, place = admit_guess(stored, attempt)
    if join_code is not None and took_join_code(attempt, join_code, place):
        return "seat"
    # Looked up before the passcode's slow hash, and only once the guess is let through: a
    # table code is guessed no faster than the passcode.
    if tables and took_table_code(attempt, place):
        return "table"
    trusted = trusted_phone(stored)
    try:
        # A phone that has guessed wrong (and never been the scorer) does not wait for
        # another phone's check to end; the scorer, or any phone yet to guess wrong, does.
        right = passcode.matches(stored, attempt, wait=limiter().may_wait(phone, trusted))
    except passcode.Busy:
        limiter().unchecked(place)
        raise TooManyGuesses(BUSY_SECONDS, busy=True) from None
    except BaseException:
        limiter().unchecked(place)  # a check that failed holds no place after it
        raise
    if right:
        limiter().right(place)
        return "scorer"
    limiter().wrong(place)
    return None


def bearer_token() -> str | None:
    """The code an API request sends as `Authorization: Bearer CODE`, or None."""
    kind, _, token = request.headers.get("Authorization", "").partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def bearer_grant(join_code: str | None, series_id: int | None = None) -> Granted | None:
    """What an API request's bearer code grants in a series with this join code: the scorer
    (the passcode, or none is set), a seat, the series' table (with `series_id`: the code of
    the event table this series is), or nothing (no code; a wrong one is a guess, a live
    table code of another series is none, as on the hands' API)."""
    stored = current_hash()
    if stored is None:
        return "scorer"
    token = bearer_token()
    if token is None:
        return None
    g.table_series = None
    granted = check_guess(stored, token, join_code, tables=series_id is not None)
    # Checked once: a later is_scorer() in this request must not count the code again.
    g.scorer_live = granted == "scorer"
    if granted == "table" and g.table_series != series_id:
        return None
    return granted


def bearer_ok(stored: str) -> bool:
    """Whether the request carries the passcode as a bearer token. A table's code sent
    instead grants that table's series (`g.table_series`, read by table_scorer.py)."""
    g.table_series = None
    token = bearer_token()
    return token is not None and check_guess(stored, token, tables=True) == "scorer"
