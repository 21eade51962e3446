"""Reading what the command line is given: one guarded reader for every command's JSON
input, and every message printed as one line, so that no input of any kind shows a traceback."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
import tempfile
from typing import IO, Any, BinaryIO

from .engine.limits import megabytes
from .engine.words import words


class BadInput(Exception):
    """Input the command cannot use; the message (text, or Words read in the command's
    language) names what and where."""


# Deeper than any hand, series or export file can be; refused before anything reads it.
MAX_DEPTH = 64


# Read at a time from standard input or a device, so a bounded read never asks for more.
_CHUNK = 1024 * 1024


def read_bytes(path: str, most: int) -> bytes:
    """At most `most` bytes of a file, of standard input for `-`, or of a device that has them
    to give at once; anything longer is refused after `most` + 1 bytes, never read whole. A
    named pipe (FIFO) or a socket, which may never end or never start, is refused unopened,
    and so is a device with nothing to read at once, such as a terminal: nothing waits."""
    out = io.BytesIO()
    if path == "-":
        _standard_input(most + 1, out)
    else:
        _named(path, most, out)
    data = out.getvalue()
    if len(data) > most:
        raise _too_large(path, most)
    return data


def open_bytes(path: str, most: int) -> IO[bytes]:
    """A file of at most `most` bytes, to be read from its start as often as needed and never
    held whole in memory: a regular file as it is; standard input or a device copied to a
    temporary file first (on disk once past a megabyte), refused past `most` bytes."""
    if path != "-":
        handle = _open(path)
        try:
            _check_readable(path, handle, most)
            if stat.S_ISREG(os.fstat(handle).st_mode):
                return os.fdopen(handle, "rb")
        except BaseException:
            os.close(handle)
            raise
        os.close(handle)
    # Handed to the caller, who closes it; closed here when refused.
    copy = tempfile.SpooledTemporaryFile(max_size=_CHUNK)  # noqa: SIM115
    try:
        if path == "-":
            _standard_input(most + 1, copy)
        else:
            _named(path, most, copy)
        if copy.tell() > most:
            raise _too_large(path, most)
    except BaseException:
        copy.close()
        raise
    return copy


def _too_large(path: str, most: int) -> BadInput:
    return BadInput(
        words(
            "{file}: larger than {most} MB, the most this command reads",
            file=shown_name(path),
            most=megabytes(most),
        )
    )


def _standard_input(limit: int, out: IO[bytes]) -> None:
    """Copy up to `limit` bytes of standard input (a file, a pipe, a device or typed text)."""
    stdin = getattr(sys.stdin, "buffer", None)
    try:
        if stdin is None:  # standard input replaced by text (tests, embedding)
            out.write(sys.stdin.read(limit).encode("utf-8", "surrogatepass"))
        else:
            _copy_up_to(stdin, limit, out)
    except OSError as error:
        raise BadInput(f"standard input: cannot read it ({error.strerror})") from None


def _named(path: str, most: int, out: IO[bytes]) -> None:
    """Copy up to `most` + 1 bytes of the file or device at `path`, opened without waiting."""
    handle = _open(path)
    try:
        _check_readable(path, handle, most)
        with os.fdopen(handle, "rb", buffering=0, closefd=False) as file:
            _copy_up_to(file, most + 1, out)
    except BlockingIOError:
        raise BadInput(
            words("{file} is a device with nothing to read now: give a file", file=path)
        ) from None
    except OSError as error:
        raise BadInput(f"{path}: cannot read the file ({error.strerror})") from None
    finally:
        os.close(handle)


def _open(path: str) -> int:
    """The file or device at `path`, opened for reading without waiting."""
    try:
        # Opening a FIFO for reading waits for a writer; without blocking it returns at once,
        # and what the path is can be asked of what was opened (no race with a rename).
        return os.open(
            path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        )
    except OSError as error:
        raise BadInput(f"{path}: cannot read the file ({error.strerror})") from None


def _check_readable(path: str, handle: int, most: int) -> None:
    """Refuse what cannot be read in bounds: a named pipe or a socket, a terminal, and a
    file larger than `most` (known from its size, without reading it)."""
    found = os.fstat(handle)
    if stat.S_ISFIFO(found.st_mode) or stat.S_ISSOCK(found.st_mode):
        raise BadInput(
            words(
                "{file} is a named pipe, which may never end: give a file, or "
                "pipe it into standard input with -",
                file=path,
            )
        )
    if stat.S_ISDIR(found.st_mode):
        raise BadInput(f"{path}: cannot read the file (Is a directory)")
    if stat.S_ISREG(found.st_mode) and found.st_size > most:
        raise _too_large(path, most)
    if not stat.S_ISREG(found.st_mode) and os.isatty(handle):
        raise BadInput(words("{file} is a terminal, which may never end: give a file", file=path))


def _copy_up_to(stream: BinaryIO, limit: int, out: IO[bytes]) -> None:
    """Copy until the end or `limit` bytes, a piece at a time (a device or a pipe gives a
    piece per read)."""
    size = 0
    while size < limit:
        piece = stream.read(min(_CHUNK, limit - size))
        if piece is None:  # a device opened without waiting that has nothing yet
            raise BlockingIOError
        if not piece:
            break
        out.write(piece)
        size += len(piece)


def read_json(path: str, most: int) -> Any:
    """Read a JSON file of at most `most` bytes, or standard input for `-`, through
    `parse_json`."""
    return parse_json(read_bytes(path, most), shown_name(path))


def parse_json(raw: bytes, where: str) -> Any:
    """The one guarded reader of every command's JSON input: bad UTF-8, an empty
    file, bad JSON, nesting too deep, numbers too long and lone surrogates are all
    BadInput naming the file, never a traceback."""
    if not raw.strip():
        raise BadInput(f"{where}: the file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(f"{where}: not a UTF-8 text file (byte {error.start + 1})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(
            f"{where}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise BadInput(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise BadInput(f"{where}: a number far too long") from None
    _check_values(data, where)
    return data


def _check_values(data: Any, where: str) -> None:
    """Refuse nesting past MAX_DEPTH and text holding a lone surrogate (no character:
    it can be neither shown nor stored). Walked without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadInput(f"{where}: nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and not _encodable(value):
            raise BadInput(
                f"{where}: text with a lone surrogate (\\u{_surrogate(value):04x}), "
                "which is no character"
            )


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _surrogate(text: str) -> int:
    return next(ord(c) for c in text if 0xD800 <= ord(c) <= 0xDFFF)


def one_line(message: str) -> str:
    """A message as one printable line: control characters and lone surrogates
    written as escapes, and no more than 500 characters."""
    text = "".join(
        c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
        for c in message
    )
    return text if len(text) <= 500 else text[:497] + "..."


def shown_name(path: str) -> str:
    """A path as a message names it: "standard input" for `-`."""
    return "standard input" if path == "-" else path
