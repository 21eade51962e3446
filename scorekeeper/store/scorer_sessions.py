"""Scorer sessions kept on the server: a cookie is the scorer only while its id is here."""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from .db import now, write_lock


def start_session(db: Database, passcode_tag: str) -> str:
    """Record a new scorer session under this passcode, dropping those of older passcodes."""
    session_id = secrets.token_urlsafe(24)
    with write_lock(db):
        db.execute("DELETE FROM scorer_sessions WHERE passcode != ?", [passcode_tag])
        db.execute(
            "INSERT INTO scorer_sessions (id, passcode, started) VALUES (?, ?, ?)",
            [session_id, passcode_tag, now()],
        )
    return session_id


def is_live(db: Database, session_id: object, passcode_tag: str) -> bool:
    """Whether this scorer session has not been ended and belongs to the current passcode."""
    if not isinstance(session_id, str):
        return False
    found = db.execute(
        "SELECT 1 FROM scorer_sessions WHERE id = ? AND passcode = ?", [session_id, passcode_tag]
    ).fetchone()
    return found is not None


def end_session(db: Database, session_id: object) -> None:
    """End a scorer session: every copy of its cookie stops being the scorer."""
    if isinstance(session_id, str):
        with write_lock(db):
            db.execute("DELETE FROM scorer_sessions WHERE id = ?", [session_id])
