"""The scorer passcode: stored hashed in the instance folder, set by a command or at first start."""

from __future__ import annotations

import getpass
import hashlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from werkzeug.security import check_password_hash, generate_password_hash

FILE_NAME = "passcode"
# Six characters at the least (issue 15): with guessing held to a few a minute, even a
# six-digit code outlasts many game nights. A shorter one set earlier keeps working.
MIN_LENGTH = 6
MAX_LENGTH = 200


class InvalidPasscode(ValueError):
    """A passcode too short or too long to use."""


def passcode_file(instance: Path) -> Path:
    """Where the instance keeps its passcode hash."""
    return Path(instance) / FILE_NAME


def check_new(passcode: str) -> str:
    """Return the passcode without outer spaces, or refuse one that is too short or too long."""
    passcode = passcode.strip()
    if len(passcode) < MIN_LENGTH:
        raise InvalidPasscode(f"a passcode needs at least {MIN_LENGTH} characters")
    if len(passcode) > MAX_LENGTH:
        raise InvalidPasscode(f"a passcode has at most {MAX_LENGTH} characters")
    return passcode


def _write(instance: Path, text: str) -> None:
    """Replace the passcode file in one step, readable by this user only."""
    Path(instance).mkdir(parents=True, exist_ok=True, mode=0o700)
    draft = passcode_file(instance).with_name(f"{FILE_NAME}.{os.getpid()}")
    draft.write_text(text)
    draft.chmod(0o600)
    os.replace(draft, passcode_file(instance))


def set_passcode(instance: Path, passcode: str) -> None:
    """Store the hash of a new passcode; phones that were the scorer must enter it again."""
    _write(instance, generate_password_hash(check_new(passcode)) + "\n")


def clear_passcode(instance: Path) -> None:
    """Let every phone change scores again; an empty file records that this was chosen."""
    _write(instance, "")


def stored_hash(instance: Path) -> str | None:
    """The passcode's hash, or None when the instance has no passcode."""
    try:
        return passcode_file(instance).read_text().strip() or None
    except FileNotFoundError:
        return None


def decided(instance: Path) -> bool:
    """Whether someone has set or declined a passcode for this instance."""
    return passcode_file(instance).exists()


class Busy(Exception):
    """Another passcode is being checked, and this phone may not wait for it."""


# The hash is slow on purpose (scrypt, about 0.1-0.2 s), so it is worked out once per
# passcode and attempt and kept: the API sends the passcode with every request. One hash at a
# time; phones sending the same attempt at the same moment wait for the first check and find
# its answer. A phone that may not wait is told Busy at once instead of queueing behind
# another phone's check: guesses arriving together would otherwise hold every server thread
# waiting their turn, and the table's pages with them (issue 15). It is told Busy whatever
# it sent, even an attempt whose answer is kept: answering a kept attempt (the scorer's
# passcode, in use) while refusing the others would tell a guesser, for free, that a
# refused guess was wrong (issue 23).
_KEEP = 64
_known: dict[tuple[str, str], bool] = {}
_in_flight: dict[tuple[str, str], threading.Event] = {}
_book = threading.Lock()  # held only to read and change the two dicts above
_hashing = threading.Lock()


def matches(stored: str, attempt: str, wait: bool = True) -> bool:
    """Whether the attempt is the passcode. With wait False, raise Busy rather than wait
    while another attempt is being checked."""
    key = (stored, attempt)
    while True:
        with _book:
            if _in_flight and not wait:
                raise Busy
            if key in _known:
                return _known[key]
            pending = _in_flight.get(key)
            if pending is None:
                done = _in_flight[key] = threading.Event()
                break
        pending.wait()  # the same attempt, being checked: its answer is kept when done
    try:
        with _hashing:
            right = check_password_hash(stored, attempt)
        with _book:
            if len(_known) >= _KEEP:
                del _known[next(iter(_known))]
            _known[key] = right
        return right
    finally:
        with _book:
            del _in_flight[key]
        done.set()


def would_wait() -> bool:
    """Whether `matches(..., wait=False)` would raise Busy now: a passcode is being checked.
    A glance only; `matches` decides again when it runs."""
    with _book:
        return bool(_in_flight)


def fingerprint(stored: str) -> str:
    """A short tag of the hash kept in a scorer's session: a new passcode ends old sessions."""
    return hashlib.sha256(stored.encode()).hexdigest()[:32]


def ask_on_first_start(
    instance: Path, ask: Callable[[str], str] = getpass.getpass, interactive: bool | None = None
) -> None:
    """Offer to set a passcode the first time the server starts, only at a terminal."""
    if interactive is None:
        interactive = sys.stdin is not None and sys.stdin.isatty()
    if decided(instance) or not interactive:
        return
    print("Set a scorer passcode so that only the scorer's phone can change scores.")
    while True:
        try:
            typed = ask("Passcode (leave empty to let every phone change scores): ")
        except EOFError:
            typed = ""
        if not typed.strip():
            clear_passcode(instance)
            print(
                "No passcode: every phone can change scores. Set one later with "
                "`scorekeeper passcode`."
            )
            return
        try:
            set_passcode(instance, typed)
        except InvalidPasscode as error:
            print(f"Not set: {error}.")
            continue
        print("Passcode set. A phone becomes the scorer by entering it.")
        return
