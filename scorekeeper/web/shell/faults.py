"""A full disk or a read-only database: changes say why they cannot be saved, reading goes on."""

from __future__ import annotations

import sqlite3
import sys
import threading
import time

from flask import current_app
from flask_babel import gettext, lazy_gettext
from sqlite_utils import Database

from ...store import stats
from ...store.db import RESTORE_HINT, is_damage, saving_problem
from .db import read_only_because
from .security import SERVER_ERROR, error_response


def refresh_figures(db: Database) -> None:
    """Bring the history's figures up to date when the database can be written.

    Pages that only read write these caches first; when the disk is full or the file is
    read-only they show the figures already counted instead of failing.
    """
    try:
        stats.refresh(db)
    except sqlite3.OperationalError as error:
        problem = saving_problem(read_only_because() or error)
        if problem is None:
            raise
        log_once(f"history figures not brought up to date: {problem}")


# What each of SQLite's disk faults means (store.db.saving_problem says which are faults).
PROBLEM_WORDS = {
    sqlite3.SQLITE_FULL: lazy_gettext("the disk is full"),
    sqlite3.SQLITE_READONLY: lazy_gettext(
        "the database file cannot be written to (it is read-only)"
    ),
    sqlite3.SQLITE_IOERR: lazy_gettext("the disk reported an error while writing"),
    sqlite3.SQLITE_CANTOPEN: lazy_gettext("the database file cannot be opened"),
}


def problem_words(error: sqlite3.DatabaseError | int, problem: str) -> str:
    """The disk fault in the page's language, by SQLite's code (its primary part)."""
    code = error if isinstance(error, int) else getattr(error, "sqlite_errorcode", None)
    words = PROBLEM_WORDS.get(code & 0xFF) if isinstance(code, int) else None
    return str(words) if words is not None else problem


def cannot_save(error: sqlite3.DatabaseError):
    """Say that saving is impossible and why, for the disk's faults, or that the database is
    damaged and what to do; any other database error is a 500. A disk fault or damage is
    logged in one line, once while it lasts; only the unforeseen gets a traceback."""
    if is_damage(error):
        path = current_app.config["DATABASE"]
        log_once(f"{path} is damaged ({error}): {RESTORE_HINT}")
        return error_response(
            gettext("The scores cannot be read"),
            gettext(
                "The database file %(path)s is damaged. On the computer running "
                "Scorekeeper, stop it, copy your latest backup over that file, and start it "
                'again (the README says how, under "When the database is damaged").',
                path=path,
            ),
            503,
        )
    # A write through a database opened to read only fails as a read-only file's; the fault
    # that made it so is the one to name.
    fault: sqlite3.DatabaseError | int = read_only_because() or error
    problem = saving_problem(fault)
    if problem is None:
        current_app.log_exception(sys.exc_info())
        return error_response(*SERVER_ERROR, 500)
    log_once(f"nothing can be saved: {problem}")
    return error_response(
        gettext("Nothing could be saved"),
        gettext(
            "Saving is impossible: %(problem)s. Nothing was changed. Pages that show the "
            "scores still work; free space on the disk or make the database writable on the "
            "computer running Scorekeeper, then send it again.",
            problem=problem_words(fault, problem),
        ),
        503,
    )


# A fault goes on for as long as nobody frees the disk: its line is written again only
# after this long, so the log keeps one line per fault, not one per request.
LOG_AGAIN_AFTER = 10 * 60
_logging = threading.Lock()


def log_once(line: str) -> None:
    """Log a fault's line, unless this app logged the same line in the last LOG_AGAIN_AFTER
    seconds."""
    moment = time.monotonic()
    logged: dict[str, float] = current_app.extensions.setdefault("logged_faults", {})
    with _logging:
        last = logged.get(line)
        if last is not None and moment - last < LOG_AGAIN_AFTER:
            return
        logged[line] = moment
    current_app.logger.warning("%s", line)
