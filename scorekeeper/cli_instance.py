"""Where a command's data lives: the instance folder (--instance, SCOREKEEPER_INSTANCE, or
found) and the database file in it (or --database), said once on the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import database_path
from .cli_input import BadInput
from .instance import instance_folder
from .store.db import check_database


def chosen_instance(args: argparse.Namespace, say: bool = True) -> Path:
    """The instance folder the command uses (--instance, SCOREKEEPER_INSTANCE, or found), said
    in one line; on standard error when standard output carries an export, so it stays JSON."""
    folder = instance_folder(args.instance)
    if say:
        exporting = args.command == "export" and args.path == "-"
        print(
            f"scorekeeper {args.command}: instance folder {folder}",
            file=sys.stderr if exporting else sys.stdout,
        )
    return folder


def chosen_database(args: argparse.Namespace, create: bool = False, own: bool = True) -> str:
    """The database file: --database, or the app's own (scorekeeper.db in the instance folder).

    The app's own is created when missing (unless own is False, for a backup), as the
    server would at its first start; a file
    named by --database only by `import`, in a folder that exists: a mistyped --database
    never becomes an empty database quietly.
    """
    path = args.database or database_path(chosen_instance(args))
    if not Path(path).exists() and (create or (own and not args.database)):
        if args.database and not Path(path).parent.is_dir():
            raise BadInput(f"there is no folder {Path(path).parent} for the database {path}")
        Path(path).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        return path
    check_database(path)
    return path
