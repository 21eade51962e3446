"""One database per request, opened on first use and closed when the request ends."""

from __future__ import annotations

from pathlib import Path

from flask import current_app, g
from sqlite_utils import Database

from ...store.db import migrate, open_database


def get_db() -> Database:
    """Return this request's database, opening it on first use: to read only when the disk
    cannot be written (`read_only_because` then says why)."""
    if "db" not in g:
        g.db, g.read_only_because = open_database(current_app.config["DATABASE"])
    db: Database = g.db
    return db


def read_only_because() -> int | None:
    """SQLite's code for the disk's fault that left this request's database readable only,
    if one did."""
    fault: int | None = g.get("read_only_because")
    return fault


def close_db(error: BaseException | None = None) -> None:
    """Close this request's database if it was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def ready_database(path: str) -> None:
    """Make the database's folder (owner only) and apply pending migrations."""
    Path(path).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    migrate(path)
