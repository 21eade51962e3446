"""Static files kept by the phones for good: every address the pages give a static file
carries a fingerprint of its content (`?v=`), and an answer to such an address may be kept
a year without asking again (issue 25: sent `no-cache`, every page load asked again for
each script and stylesheet). A changed file gets a new fingerprint, so a new address, and
the phone fetches it once. The web app manifest keeps its plain address (a phone that put
the app on its home screen may know the app by it). An address without the fingerprint (the
manifest, the icons it names), or with an old one, is answered as before: `no-cache` with
its ETag, 304 when the phone's copy is current.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from flask import Response, current_app, request
from werkzeug.security import safe_join

# A year, the longest a browser keeps anything; the content at a fingerprinted address
# never changes.
KEPT_SECONDS = 365 * 24 * 60 * 60
# Files whose address never changes.
PLAIN = frozenset({"manifest.webmanifest"})
# A file's fingerprint, by its path, as long as its size and modification time are the same.
_FINGERPRINTS: dict[str, tuple[tuple[int, int], str]] = {}


def fingerprint(filename: str) -> str | None:
    """The first hex digits of the file's SHA-256, or None if there is no such static file."""
    folder = current_app.static_folder
    path = safe_join(folder, filename) if folder else None
    if path is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    stamp = (found.st_mtime_ns, found.st_size)
    known = _FINGERPRINTS.get(path)
    if known is None or known[0] != stamp:
        with open(path, "rb") as file:
            known = (stamp, hashlib.sha256(file.read()).hexdigest()[:16])
        _FINGERPRINTS[path] = known
    return known[1]


def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """Give every address of a static file built by url_for its content's fingerprint."""
    filename = values.get("filename")
    if endpoint != "static" or not isinstance(filename, str) or "v" in values:
        return
    if filename not in PLAIN:
        found = fingerprint(filename)
        if found is not None:
            values["v"] = found


def keep_for_good(response: Response) -> Response:
    """Let a phone keep a static file asked for under its current fingerprint for a year."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    asked = request.args.get("v")
    filename = (request.view_args or {}).get("filename")
    if asked and filename and asked == fingerprint(filename):
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = KEPT_SECONDS
        response.cache_control.immutable = True
    return response
