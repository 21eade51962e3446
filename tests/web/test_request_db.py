"""The web layer's database: one per request, opened on first use and closed at its end."""

import sqlite3

import pytest

from scorekeeper.web.shell.db import get_db


def test_a_request_gets_one_database_closed_at_its_end(app):
    with app.app_context():
        db = get_db()
        assert get_db() is db
    with pytest.raises(sqlite3.ProgrammingError):
        db.execute("SELECT 1")
