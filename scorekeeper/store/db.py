"""The database: opened with the settings every connection needs, migrated, and the write lock."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from .hand_results import fill_missing_results
from .migrations import migrations
from .tallies import fill_missing_tallies

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


def changes_only_in_main_file(path: str | Path) -> bool:
    """Whether every committed change is in the database file itself: no write-ahead log
    beside it, or an empty one (SQLite empties it when the last connection closes)."""
    wal = Path(f"{path}-wal")
    return not wal.exists() or wal.stat().st_size == 0


def connect_to_read(path: str | Path) -> Database:
    """Open the database to read only, writing nothing at all, not even the shared-memory
    file SQLite keeps beside it in WAL mode (which a full disk or a read-only file system
    cannot give). SQLite's immutable mode reads the main file alone, so this is exact only
    when `changes_only_in_main_file`; every write through it fails as a read-only file's."""
    uri = f"{Path(path).absolute().as_uri()}?mode=ro&immutable=1"
    return Database(sqlite3.connect(uri, uri=True, check_same_thread=False))


def open_database(path: str | Path) -> tuple[Database, int | None]:
    """Open the database for a request, and say why it can only be read, if it can.

    The usual connection needs to write beside the database before it reads anything (the
    shared-memory file of WAL mode). When the disk is full or the file system read-only
    that fails; then the database is opened to read only, with SQLite's code for the fault
    that forced it, so that pages still show the scores and a change says why it cannot be
    saved. A fault that is not the disk's, or a log that still holds changes, is raised.
    """
    db: Database | None = None
    try:
        db = connect(path)
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as error:
        if db is not None:
            db.close()
        if saving_problem(error) is None or not changes_only_in_main_file(path):
            raise
        return connect_to_read(path), disk_fault(path, error)
    return db, None


def disk_fault(path: str | Path, error: sqlite3.DatabaseError) -> int:
    """SQLite's code for a disk fault, made exact from the file system where SQLite's own is
    vague: it says "cannot open" or "disk I/O error" when the shared-memory file beside the
    database cannot be made, on a read-only file system or a full disk."""
    try:
        found = os.statvfs(Path(path).absolute().parent)
    except OSError:
        found = None
    if found is not None and found.f_flag & os.ST_RDONLY:
        return sqlite3.SQLITE_READONLY
    if found is not None and found.f_bavail == 0:
        return sqlite3.SQLITE_FULL
    code = getattr(error, "sqlite_errorcode", None)
    return code if isinstance(code, int) else sqlite3.SQLITE_IOERR


def is_damage(error: BaseException) -> bool:
    """Whether SQLite found the database file damaged or not a database at all."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


# Where a damaged database sends people: the copies `scorekeeper backup` makes, and the steps.
RESTORE_HINT = (
    'restore your latest `scorekeeper backup` copy over it (README, "When the database is damaged")'
)


class DatabaseFault(Exception):
    """The database file cannot be used; the message says which file, why, and what to do."""


def saving_problem(error: BaseException | int) -> str | None:
    """Why nothing can be saved, in words, for SQLite's disk faults (an error, or its code);
    None for any other error."""
    code = error if isinstance(error, int) else getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    return (
        {
            sqlite3.SQLITE_FULL: "the disk is full",
            sqlite3.SQLITE_READONLY: "the database file cannot be written to (it is read-only)",
            sqlite3.SQLITE_IOERR: "the disk reported an error while writing",
            sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened",
        }.get(primary)
        if primary is not None
        else None
    )


def damaged(path: str | Path, error: sqlite3.DatabaseError) -> str:
    """What to say of a file SQLite cannot read: not a database at all, or a damaged one."""
    if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
        return f"{path} is not a database"
    return f"{path} is damaged ({error}): {RESTORE_HINT}"


def check_intact(conn: sqlite3.Connection, path: str | Path) -> None:
    """Refuse a damaged database before anything reads it: SQLite's quick check of every page."""
    problems = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
    if problems != ["ok"]:
        raise DatabaseFault(f"{path} is damaged ({problems[0]}): {RESTORE_HINT}")


def check_database(path: str | Path) -> None:
    """Refuse a path that is missing or is not a Scorekeeper database, in one line."""
    file = Path(path)
    if not file.exists():
        raise DatabaseFault(f"there is no database at {file}")
    if not file.is_file():
        raise DatabaseFault(f"{file} is not a database file")
    try:
        with closing(sqlite3.connect(f"{file.absolute().as_uri()}?mode=ro", uri=True)) as probe:
            found = probe.execute("SELECT name FROM sqlite_master WHERE name = 'hands'").fetchone()
            check_intact(probe, file)
    except sqlite3.DatabaseError as error:
        raise DatabaseFault(damaged(file, error)) from None
    if found is None:
        raise DatabaseFault(f"{file} is not a Scorekeeper database")


def create_private(path: str | Path) -> None:
    """Create the database file readable by its owner only, if it does not exist yet.

    SQLite gives the -wal and -shm files beside it the same mode, so the scores, the
    audit trail and the scorer sessions are never readable by other users of the laptop.
    """
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def migrate(path: str | Path) -> None:
    """Create or bring the schema up to date, then work out what the migrations left to the
    store (each hand's result, store.hand_results; each series' standing, store.tallies);
    running it again changes nothing."""
    try:
        create_private(path)
        with connect(path) as db:
            check_intact(db.conn, path)
            db.enable_wal()
            migrations.apply(db)
            fill_missing_results(db)
            fill_missing_tallies(db)
    except sqlite3.DatabaseError as error:
        problem = saving_problem(error)
        if problem:
            raise DatabaseFault(f"cannot open {path}: {problem}") from None
        raise DatabaseFault(damaged(path, error)) from None
    except OSError as error:
        raise DatabaseFault(f"cannot create {path} ({error.strerror})") from None


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
