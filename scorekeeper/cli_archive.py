"""The command line's archive commands: export, import and backup of the app's database."""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterable
from typing import Any

from .cli_input import BadInput, open_bytes, shown_name
from .cli_instance import chosen_database
from .engine.limits import LARGEST_ID
from .store import import_limits
from .store.backup import BadTarget, backup_database
from .store.db import connect, migrate
from .store.export_json import ExportTooLarge, export_chunks
from .store.export_refusals import SPACING, BadExport, printable
from .store.importer import import_file
from .store.stats import refresh


def cmd_export(args: argparse.Namespace) -> None:
    """Write everything, one night or one series as an export file."""
    path = chosen_database(args)
    migrate(path)
    with connect(path) as db:
        if args.night is not None and not _found(db, "nights", args.night):
            raise BadInput(f"there is no night {args.night}")
        if args.series is not None and not _found(db, "series", args.series):
            raise BadInput(f"there is no series {args.series}")
        # Written a night at a time as it is read: years of game nights never sit in memory.
        chunks = export_chunks(db, night_id=args.night, series_id=args.series)
        try:
            _write(args.path, chunks)
        except ExportTooLarge as error:
            raise BadInput(
                f"{error}; nothing written: export one night or series at a time (--night, "
                "--series)"
            ) from None
        finally:
            chunks.close()  # its read ends now, while the database is open


def _found(db: Any, table: str, row_id: int) -> bool:
    """Whether the table has a row of this id; an id SQLite cannot hold is in no table."""
    return 0 <= row_id <= LARGEST_ID and bool(db[table].count_where("id = ?", [row_id]))


def _write(path: str, chunks: Iterable[str]) -> None:
    """Write the pieces of an export as they come, to the file or to standard output (-); a
    file refused part-way is removed, and standard output gets nothing until all is written."""
    if path == "-":
        with tempfile.TemporaryFile("w+", encoding="utf-8") as whole:
            whole.writelines(chunks)
            whole.seek(0)
            shutil.copyfileobj(whole, sys.stdout)
        return
    try:
        with open(path, "w", encoding="utf-8") as out:
            try:
                out.writelines(chunks)
            except ExportTooLarge:
                out.close()
                os.remove(path)
                raise
    except OSError as error:
        raise BadInput(f"{path}: cannot write the file ({error.strerror})") from None


def cmd_import(args: argparse.Namespace) -> None:
    """Bring in an export file, read a night at a time; a file with any fault is refused whole."""
    where = shown_name(args.path)
    path = chosen_database(args, create=True)
    with open_bytes(args.path, import_limits.MAX_BYTES) as source:
        migrate(path)
        try:
            with connect(path) as db:
                added = import_file(db, source)
                # Work out the statistics now, not on the first page viewed after the import.
                refresh(db)
        except BadExport as error:
            # Read in the command line's language (--lang; English, the documented, by default).
            raise BadInput(
                f"{where}: {printable(args.speaker.say(error.words), SPACING)}"
            ) from None
    print(added.summary())


def cmd_backup(args: argparse.Namespace) -> None:
    """Copy the live database consistently, while the app runs."""
    path = chosen_database(args, own=False)
    try:
        backup_database(path, args.path)
    except BadTarget as error:
        raise BadInput(str(error)) from None
    except (OSError, sqlite3.Error) as error:
        raise BadInput(f"cannot back up {path} to {args.path}: {error}") from None
    print(f"Backed up {path} to {args.path}")
