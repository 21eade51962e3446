"""A full disk or a read-only database: changes say why they cannot be saved, reading goes on."""

from __future__ import annotations

import sqlite3
import sys

from flask import current_app
from flask_babel import gettext, lazy_gettext
from sqlite_utils import Database

from ...store import stats
from ...store.db import saving_problem
from .security import SERVER_ERROR, error_response


def refresh_figures(db: Database) -> None:
    """Bring the history's figures up to date when the database can be written.

    Pages that only read write these caches first; when the disk is full or the file is
    read-only they show the figures already counted instead of failing.
    """
    try:
        stats.refresh(db)
    except sqlite3.OperationalError as error:
        problem = saving_problem(error)
        if problem is None:
            raise
        current_app.logger.warning("history figures not brought up to date: %s", problem)


# What each of SQLite's disk faults means (store.db.saving_problem says which are faults).
PROBLEM_WORDS = {
    sqlite3.SQLITE_FULL: lazy_gettext("the disk is full"),
    sqlite3.SQLITE_READONLY: lazy_gettext(
        "the database file cannot be written to (it is read-only)"),
    sqlite3.SQLITE_IOERR: lazy_gettext("the disk reported an error while writing"),
    sqlite3.SQLITE_CANTOPEN: lazy_gettext("the database file cannot be opened"),
}


def problem_words(error: sqlite3.DatabaseError, problem: str) -> str:
    """The disk fault in the page's language, by SQLite's code (its primary part)."""
    code = getattr(error, "sqlite_errorcode", None)
    words = PROBLEM_WORDS.get(code & 0xFF) if isinstance(code, int) else None
    return str(words) if words is not None else problem


def cannot_save(error: sqlite3.DatabaseError):
    """Say that saving is impossible and why, for the disk's faults; any other is a 500."""
    current_app.log_exception(sys.exc_info())
    problem = saving_problem(error)
    if problem is None:
        return error_response(*SERVER_ERROR, 500)
    return error_response(
        gettext("Nothing could be saved"),
        gettext("Saving is impossible: %(problem)s. Nothing was changed. Pages that show the "
                "scores still work; free space on the disk or make the database writable on the "
                "computer running Scorekeeper, then send it again.",
                problem=problem_words(error, problem)), 503)
