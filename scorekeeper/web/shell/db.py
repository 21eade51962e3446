"""One database per request, opened on first use and closed when the request ends."""

from __future__ import annotations

from pathlib import Path

from flask import current_app, g
from sqlite_utils import Database

from ...store.db import connect, migrate


def get_db() -> Database:
    """Return this request's database, opening it on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    db: Database = g.db
    return db


def close_db(error: BaseException | None = None) -> None:
    """Close this request's database if it was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def ready_database(path: str) -> None:
    """Make the database's folder (owner only) and apply pending migrations."""
    Path(path).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    migrate(path)
