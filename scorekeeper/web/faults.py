"""A full disk or a read-only database: changes say why they cannot be saved, reading goes on."""

from __future__ import annotations

import sqlite3
import sys

from flask import Flask, current_app
from sqlite_utils import Database

from ..store import stats
from ..store.db import saving_problem
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


def cannot_save(error: sqlite3.DatabaseError):
    """Say that saving is impossible and why, for the disk's faults; any other is a 500."""
    current_app.log_exception(sys.exc_info())
    problem = saving_problem(error)
    if problem is None:
        return error_response(*SERVER_ERROR, 500)
    return error_response(
        "Nothing could be saved",
        f"Saving is impossible: {problem}. Nothing was changed. Pages that show the scores "
        f"still work; free space on the disk or make the database writable on the computer "
        f"running Scorekeeper, then send it again.", 503)


def init_app(app: Flask) -> None:
    """Answer the disk's faults with a page that says what happened."""
    app.register_error_handler(sqlite3.DatabaseError, cannot_save)
