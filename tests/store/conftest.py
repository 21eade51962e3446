"""What the store's tests share: a migrated database of their own, without the app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from scorekeeper.store.db import connect, migrate


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The path of a migrated, empty database."""
    path = tmp_path / "scorekeeper.db"
    migrate(path)
    return path


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    """A migrated, empty database, open."""
    with connect(db_path) as db:
        yield db
