"""The `scorekeeper` command line: score hands and series, split runs, serve the app, passcode;
its commands and options, and how a command's failure is told. The archive commands (export,
import, backup) are in cli_archive.py, the folder and database they use in cli_instance.py."""

from __future__ import annotations

import argparse
import contextlib
import getpass
import json
import os
import sqlite3
import sys
from importlib.metadata import version
from typing import Any

from .cli_archive import cmd_backup, cmd_export, cmd_import
from .cli_input import BadInput, one_line, read_json, shown_name
from .cli_instance import chosen_instance
from .cli_language import LANGUAGES, Speaker, terminal_language
from .engine import (
    RuleError,
    parse_tiles,
    preset,
    read_hand,
    read_series,
    score_hand,
    score_series,
    split_run,
)
from .engine.limits import FILE_BYTES, HAND_BYTES, MELD_TILES
from .engine.openings import best_opening, check
from .engine.words import words
from .store.db import DatabaseFault

EXIT_BAD_INPUT = 2


def _print(data: Any, args: argparse.Namespace | None = None) -> None:
    """Print JSON, every message in it read in the chosen language (`--lang`)."""
    if args is not None:
        data = args.speaker.data(data)
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _said(error: RuleError, args: argparse.Namespace) -> str:
    """A refusal in the chosen language."""
    return args.speaker.say(error.words)


def cmd_score(args: argparse.Namespace) -> None:
    """Score one hand."""
    data = read_json(args.hand, HAND_BYTES)
    try:
        _print(score_hand(read_hand(data)).to_dict(), args)
    except RuleError as error:
        raise BadInput(f"{shown_name(args.hand)}: {_said(error, args)}") from None


def cmd_series(args: argparse.Namespace) -> None:
    """Score a series of hands."""
    data = read_json(args.series, FILE_BYTES)
    try:
        variant, names, end, hands = read_series(data)
        _print(score_series(variant, names, end, hands).to_dict(), args)
    except RuleError as error:
        raise BadInput(f"{shown_name(args.series)}: {_said(error, args)}") from None


def cmd_split_run(args: argparse.Namespace) -> None:
    """Howarth's bookkeeping for tiles added to another player's run."""
    try:
        variant = preset(args.variant)
        run = parse_tiles(args.run, most=MELD_TILES)
        added = parse_tiles(args.add, most=MELD_TILES)
        _print(split_run(run, added, variant, ace=args.ace).to_dict(), args)
    except RuleError as error:
        raise BadInput(_said(error, args)) from None


def cmd_check(args: argparse.Namespace) -> None:
    """Whether tiles make a legal meld under a variant, and what it counts."""
    try:
        variant = preset(args.variant)
        _print(check(parse_tiles(args.meld, most=MELD_TILES), variant).to_dict(), args)
    except RuleError as error:
        raise BadInput(_said(error, args)) from None


def cmd_best_opening(args: argparse.Namespace) -> None:
    """The highest-value opening a rack can lay under a variant."""
    try:
        variant = preset(args.variant)
        _print(best_opening(parse_tiles(args.rack, in_meld=False), variant).to_dict(), args)
    except RuleError as error:
        raise BadInput(_said(error, args)) from None


def cmd_serve(args: argparse.Namespace) -> None:
    """Start the score pad for phones on this network."""
    from .serve import CannotServe
    from .serve import main as serve

    try:
        serve(host=args.host, port=args.port, instance=chosen_instance(args, say=False))
    except CannotServe as error:
        raise BadInput(str(error)) from None


def cmd_passcode(args: argparse.Namespace) -> None:
    """Set the scorer passcode (asked at a terminal, else read from standard input) or clear it."""
    # The passcode is the web app's (hashed as its sign-in checks it): loaded only for this command,
    # so that scoring and the archive commands never load the web layer.
    from .web.access import passcode

    instance = chosen_instance(args)
    if args.clear:
        passcode.clear_passcode(instance)
        print("Passcode cleared: every phone can change scores.")
        return
    if sys.stdin.isatty():
        try:
            typed = getpass.getpass("New scorer passcode: ")
            again = getpass.getpass("Type it again: ")
        except EOFError:
            raise BadInput("no passcode typed; nothing changed") from None
        if again != typed:
            raise BadInput("the two passcodes differ; nothing changed")
    else:
        # A passcode of the most characters, each of up to four bytes, and its line break.
        typed = _first_line(4 * passcode.MAX_LENGTH + 2)
    try:
        passcode.set_passcode(instance, typed)
    except passcode.InvalidPasscode as error:
        raise BadInput(f"{error}; nothing changed") from None
    print(
        "Passcode set. A phone becomes the scorer by entering it; "
        "phones that were the scorer must enter it again."
    )


def _first_line(most: int) -> str:
    """The first line of standard input, which must be UTF-8 text; at most `most` bytes of it
    are read (a longer line is too long a passcode)."""
    stdin = getattr(sys.stdin, "buffer", None)
    if stdin is None:
        return sys.stdin.readline(most).rstrip("\r\n")
    line = stdin.readline(most)
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the passcode is not UTF-8 text; nothing changed") from None
    return text.rstrip("\r\n")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and status 2."""

    def error(self, message: str):
        print(one_line(f"{self.prog}: {message} (see {self.prog} --help)"), file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


def build_parser() -> argparse.ArgumentParser:
    """The command line's commands and options."""
    parser = _Parser(
        prog="scorekeeper",
        description="Scores tile rummy hands and series under the rules your group plays.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version('scorekeeper')}")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of refusals and breakdowns (default: the terminal's "
        "LC_ALL, LC_MESSAGES or LANG, else en)",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_rules_commands(commands)
    _add_app_commands(commands)
    return parser


def _add_rules_commands(commands: Any) -> None:
    """The commands that answer from the rules alone: scores, splits, melds, openings."""
    score = commands.add_parser("score", help="score one hand (JSON hand format)")
    score.add_argument("hand", help="a hand JSON file, or - to read standard input")
    score.set_defaults(handler=cmd_score)

    series = commands.add_parser("series", help="score a series file")
    series.add_argument("series", help="a series JSON file, or - to read standard input")
    series.set_defaults(handler=cmd_series)

    split = commands.add_parser(
        "split-run", help="which middle tiles the adder takes when tiles join another's run"
    )
    split.add_argument("--run", required=True, help='the run as it lies, e.g. "b6 b7 b8"')
    split.add_argument("--add", required=True, help='the tiles added, e.g. "b9 b10"')
    split.add_argument("--variant", default="romanian", help="preset id (default romanian)")
    split.add_argument(
        "--ace",
        choices=("low", "high"),
        help="where an added ace lies when it could be either end: "
        "low (before the 2) or high (after the 13)",
    )
    split.set_defaults(handler=cmd_split_run)

    meld = commands.add_parser(
        "check", help="is it a legal set or run, and what does it count (JSON)"
    )
    meld.add_argument("--meld", required=True, help='the tiles, e.g. "r12 r13 j"')
    meld.add_argument("--variant", required=True, help="preset id, e.g. romanian")
    meld.set_defaults(handler=cmd_check)

    opening = commands.add_parser(
        "best-opening", help="the highest-value opening a rack can lay (JSON)"
    )
    opening.add_argument(
        "--rack", required=True, help='up to 15 tiles, jokers as j, e.g. "r1 r2 r3 b7 j"'
    )
    opening.add_argument("--variant", required=True, help="preset id, e.g. rummy-meld")
    opening.set_defaults(handler=cmd_best_opening)


def _add_app_commands(commands: Any) -> None:
    """The commands of the app itself: serving it, its database and its passcode."""
    instance = _Parser(add_help=False)
    instance.add_argument(
        "--instance",
        metavar="DIR",
        help="the instance folder: database, secret key, passcode, config.py (default: "
        "SCOREKEEPER_INSTANCE, else instance/ in a checkout, else the user's data folder)",
    )

    serve = commands.add_parser(
        "serve", parents=[instance], help="start the score pad on this network"
    )
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default all)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.set_defaults(handler=cmd_serve)

    database = _Parser(add_help=False, parents=[instance])
    database.add_argument(
        "--database",
        metavar="FILE",
        help="the database (default: the app's, in the instance folder)",
    )
    export = commands.add_parser(
        "export", parents=[database], help="write everything, a night or a series as JSON"
    )
    scope = export.add_mutually_exclusive_group()
    scope.add_argument("--night", type=int, metavar="ID", help="only this night")
    scope.add_argument("--series", type=int, metavar="ID", help="only this series")
    export.add_argument("path", metavar="PATH", help="the file to write, or - for standard output")
    export.set_defaults(handler=cmd_export)

    load = commands.add_parser(
        "import", parents=[database], help="bring in an export file (what is here already is kept)"
    )
    load.add_argument("path", metavar="PATH", help="an export file, or - for standard input")
    load.set_defaults(handler=cmd_import)

    backup = commands.add_parser(
        "backup", parents=[database], help="copy the live database, safely while the app runs"
    )
    backup.add_argument("path", metavar="PATH", help="the backup file to write")
    backup.set_defaults(handler=cmd_backup)

    code = commands.add_parser(
        "passcode",
        parents=[instance],
        help="set the scorer passcode (asked, or read from standard input) or clear it",
    )
    code.add_argument(
        "--clear", action="store_true", help="remove the passcode: every phone can change scores"
    )
    code.set_defaults(handler=cmd_passcode)


def main(argv: list[str] | None = None) -> int:
    """Run one command; bad input exits with status 2 and one line on stderr."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.speaker = Speaker(args.lang or terminal_language())
    try:
        args.handler(args)
        sys.stdout.flush()  # a full disk or a closed pipe is told here, not at exit
    except (BadInput, DatabaseFault) as error:
        said = args.speaker.say(error.args[0]) if error.args else str(error)
        print(one_line(f"scorekeeper {args.command}: {said}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:  # the output could not be written (a full disk, a closed pipe)
        _drop_output()
        said = args.speaker.say(
            words(
                "cannot write the output ({reason})", reason=error.strerror or type(error).__name__
            )
        )
        print(one_line(f"scorekeeper {args.command}: {said}"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except sqlite3.Error as error:  # --database names a file that is no usable database
        where = getattr(args, "database", None) or "the app's database"
        print(
            one_line(f"scorekeeper {args.command}: {where}: cannot use it as a database ({error})"),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    return 0


def _drop_output() -> None:
    """Send what is still buffered for standard output nowhere, so that the exit does not
    fail a second time writing it (Python flushes standard output at exit)."""
    # Without a file behind standard output (tests, embedding) there is nothing to drop.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
