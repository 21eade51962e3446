"""Each series' join code: what a phone at the table shows to take a seat for "My rack".

The table has the code (in the viewer link's QR code on the scorer's phone); a phone
elsewhere does not. It lets a phone take a seat and nothing else: it is no passcode.
"""

from __future__ import annotations

import hmac
import secrets

from sqlite_utils import Database

from .db import now

# No 0/O, 1/I/L: read off a screen and typed on a phone, none can be mistaken for another.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
# 31 ** 8 is about 8.5e11: guessed no faster than the passcode (a few a minute from all
# phones together, web/access/guesses.py), a code outlasts every game night.
LENGTH = 8


def new_code() -> str:
    """A fresh random join code."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def add_code(db: Database, series_id: int) -> str:
    """Give a new series its join code (inside the transaction that stores the series)."""
    code = new_code()
    db.table("join_codes").insert({"series_id": series_id, "code": code, "created": now()})
    return code


def code_of(db: Database, series_id: int) -> str | None:
    """The series' join code (every series has one since m014)."""
    row = db.execute("SELECT code FROM join_codes WHERE series_id = ?", [series_id]).fetchone()
    return row[0] if row else None


def matches(typed: str, code: str) -> bool:
    """Whether a code as typed or scanned is this join code: any case, spaces and dashes
    left out ("k7pm-3xqd" is K7PM3XQD), compared in constant time."""
    plain = "".join(typed.split()).replace("-", "").upper()
    return hmac.compare_digest(plain.encode(), code.encode())


def shown(code: str) -> str:
    """The code as the scorer's page shows it, in two groups of four to read out."""
    return f"{code[:4]} {code[4:]}"
