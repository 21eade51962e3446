"""The database: opened with the settings every connection needs, migrated, and the write lock."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from .migrations import migrations

# How long a writer waits for another writer's lock before giving up.
BUSY_TIMEOUT_MS = 5000
# One writer at a time in this process (SQLite allows one per database anyway).
_writers = threading.RLock()


def connect(path: str | Path) -> Database:
    """Open the database file with foreign keys enforced and a busy timeout."""
    db = Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # FULL makes each commit survive a power cut in WAL mode, not just a crash.
    db.execute("PRAGMA synchronous = FULL")
    return db


def create_private(path: str | Path) -> None:
    """Create the database file readable by its owner only, if it does not exist yet.

    SQLite gives the -wal and -shm files beside it the same mode, so the scores, the
    audit trail and the scorer sessions are never readable by other users of the laptop.
    """
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def migrate(path: str | Path) -> None:
    """Create or bring the schema up to date; running it again changes nothing."""
    create_private(path)
    with connect(path) as db:
        db.enable_wal()
        migrations.apply(db)


@contextmanager
def write_lock(db: Database) -> Iterator[Database]:
    """Run a read-then-write as one transaction that holds the write lock from the start.

    A plain BEGIN takes the lock only at the first write, so a concurrent writer that
    got there first makes it fail at once with "database is locked". Inside a transaction
    already begun this way, it is a savepoint of that transaction.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    # The server's threads queue here and each starts the moment the last one commits;
    # SQLite's own busy wait sleeps in growing steps and would keep a phone waiting longer.
    with _writers:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        else:
            db.commit()


def insert(db: Database, table: str, row: dict[str, Any]) -> int:
    """Insert a row and return the id SQLite gave it."""
    pk = db.table(table).insert(row).last_pk
    if not isinstance(pk, int):
        raise TypeError(f"the {table} table has no whole-number id")
    return pk


def now() -> str:
    """Return the current time in UTC as ISO 8601 text, the form stored in every table."""
    return datetime.now(UTC).isoformat(timespec="seconds")
