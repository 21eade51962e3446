"""Backup: a consistent copy of the live database, taken while the app keeps running."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def backup_database(source: str | Path, target: str | Path) -> None:
    """Copy the database with SQLite's online backup API, then move it into place at once."""
    target = Path(target)
    draft = target.with_name(f".{target.name}.{os.getpid()}.partial")
    # The backup API copies page by page and starts again if a writer changes a page,
    # so the copy is one moment of the database even while hands are being recorded.
    live = sqlite3.connect(f"{Path(source).absolute().as_uri()}?mode=ro", uri=True)
    copy = sqlite3.connect(draft)
    try:
        live.backup(copy)
    except BaseException:
        copy.close()
        draft.unlink(missing_ok=True)
        raise
    finally:
        live.close()
    copy.close()
    os.replace(draft, target)
