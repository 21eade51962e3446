"""Backup: a consistent copy of the live database, taken while the app keeps running."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path


class BadTarget(ValueError):
    """A backup destination that is neither a new path nor a regular file to replace."""


def check_target(target: Path) -> None:
    """Refuse to replace anything but a regular file: a folder, a device, a link, a socket."""
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise BadTarget(f"there is no folder {target.parent} to back up into") from None
        return
    if stat.S_ISDIR(mode):
        raise BadTarget(f"{target} is a folder; give the backup a file name")
    if not stat.S_ISREG(mode):
        raise BadTarget(f"{target} is not a regular file; give the backup a new file name")


def _partial(target: Path, pid: int) -> Path:
    return target.with_name(f".{target.name}.{pid}.partial")


def clear_stale_partials(target: Path) -> None:
    """Remove partial copies left by a backup to this path that was killed before it ended."""
    for draft in target.parent.glob(f".{target.name}.*.partial"):
        pid = draft.name[len(target.name) + 2 : -len(".partial")]
        if pid.isdigit() and not _running(int(pid)):
            draft.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return pid != os.getpid()


def backup_database(source: str | Path, target: str | Path) -> None:
    """Copy the database with SQLite's online backup API, then move it into place at once."""
    target = Path(target)
    check_target(target)
    clear_stale_partials(target)
    draft = _partial(target, os.getpid())
    draft.unlink(missing_ok=True)
    # The copy holds every score: readable by its owner only, like the database.
    os.close(os.open(draft, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
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
