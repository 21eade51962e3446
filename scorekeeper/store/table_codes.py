"""Each event table's scorer code: what makes a phone the scorer of that table's series, and
of nothing else, while the event runs.

Ten characters of the join codes' alphabet: 31 ** 10 is about 8.2e14, a thousand times a
join code's, and guessed under the same limiter as the passcode (web/access/guesses.py,
each wrong code a wrong guess), so no code is found while the event lasts. Stored plainly,
as join codes are: the organiser's page shows it and prints it on the score sheet.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from sqlite_utils import Database

from .db import now, write_lock
from .event_state import current_round, event_finished
from .join_codes import ALPHABET

LENGTH = 10


def new_code() -> str:
    """A fresh random table code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def unused_code(db: Database) -> str:
    """A fresh code no table holds yet (a clash is all but impossible; the column is UNIQUE
    all the same, so it is never left to chance)."""
    while True:
        code = new_code()
        if db.execute("SELECT 1 FROM event_tables WHERE code = ?", [code]).fetchone() is None:
            return code


def plain(typed: str) -> str:
    """A code as typed or scanned, as it is stored: any case, spaces and dashes left out
    ("k7pm3-xqd2a" is K7PM3XQD2A)."""
    return "".join(typed.split()).replace("-", "").upper()


def code_of_table(db: Database, series_id: int) -> str | None:
    """The scorer code of the event table whose series this is, or None for a series that is
    no event's table."""
    row = db.execute("SELECT code FROM event_tables WHERE series_id = ?", [series_id]).fetchone()
    return row[0] if row else None


@dataclass(frozen=True)
class FoundCode:
    """A table code that some table holds, and whether it still grants anything."""

    series_id: int
    event_id: int
    round: int
    table: int
    # "live"; "ended" (its event is over); "earlier_round" (a later round has been seated:
    # the earlier rounds' results stand, and only the organiser changes them now).
    state: str


def look_up(db: Database, typed: str) -> FoundCode | None:
    """The table a code belongs to and whether it still works, or None when no table has
    it. Looked up by its index, then compared in constant time."""
    code = plain(typed)
    if len(code) != LENGTH:
        return None
    row = db.execute(
        "SELECT series_id, event_id, code, round, number FROM event_tables WHERE code = ?",
        [code],
    ).fetchone()
    if row is None or not hmac.compare_digest(code.encode(), row[2].encode()):
        return None
    series_id, event_id, _, round_number, number = row
    if event_finished(db, event_id):
        state = "ended"
    elif round_number < current_round(db, event_id):
        state = "earlier_round"
    else:
        state = "live"
    return FoundCode(int(series_id), int(event_id), int(round_number), int(number), state)


def find_code(db: Database, typed: str) -> tuple[int, bool] | None:
    """The series a table code scores and whether it still works (its event not over, and
    no later round seated), or None when no table has it."""
    found = look_up(db, typed)
    return None if found is None else (found.series_id, found.state == "live")


def series_of_code(db: Database, typed: str) -> int | None:
    """The series a live code scores (its event not over, its round the latest), or None."""
    found = find_code(db, typed)
    return found[0] if found is not None and found[1] else None


def note_scorer(db: Database, series_id: int) -> None:
    """Keep when a phone first used the table's code (kept once: the first phone's time)."""
    kept = db.execute(
        "SELECT first_scorer_at FROM event_tables WHERE series_id = ?", [series_id]
    ).fetchone()
    if kept is None or kept[0] is not None:
        return  # no event table, or already kept: read only, so each hand costs no write
    with write_lock(db):
        db.execute(
            "UPDATE event_tables SET first_scorer_at = ? WHERE series_id = ?"
            " AND first_scorer_at IS NULL",
            [now(), series_id],
        )


def shown(code: str) -> str:
    """The code as a page shows it, in two groups of five to read out."""
    return f"{code[:5]} {code[5:]}"
