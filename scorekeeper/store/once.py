"""One-time keys of the requests that record a hand: the record-hand form's token and the
JSON API's Idempotency-Key. A request sent again with its key (a double tap, Back then
Save, a retry after a timeout) finds the hand it already stored instead of adding one.

A key belongs to its series and its endpoint (the way the hand came in): the same key sent
to another series, or through the form and the API, is another request, which stores its
own hand. A client numbering its keys hand-1, hand-2 in every series loses nothing."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .db import now

KEY_MAX = 200
# The endpoints that take a one-time key, as kept in hand_requests.endpoint (since m015).
API_HANDS = "api:hands"  # POST /api/series/ID/hands, its Idempotency-Key header
FORM_HANDS = "form:hands"  # the record-hand form, its one-time token


@dataclass(frozen=True)
class Once:
    """A request's one-time key, the endpoint it came to, and what it asked for (so that the
    same key with another request can be told apart). The series is the one it was sent to."""

    endpoint: str
    key: str
    fingerprint: str = ""


def fingerprint(body: Any) -> str:
    """The same for the same JSON body, whatever the order of its keys."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def remembered(db: Database, series_id: int, once: Once) -> dict | None:
    """What this key already recorded in this series through this endpoint (its hand and
    answer), or None."""
    return next(
        db.table("hand_requests").rows_where(
            "series_id = ? AND endpoint = ? AND key = ?", [series_id, once.endpoint, once.key]
        ),
        None,
    )


def remember(db: Database, once: Once, series_id: int, hand_id: int) -> None:
    """Keep the key with the hand it recorded, in the transaction that stores the hand."""
    db.table("hand_requests").insert(
        {
            "series_id": series_id,
            "endpoint": once.endpoint,
            "key": once.key,
            "fingerprint": once.fingerprint,
            "hand_id": hand_id,
            "answer": None,
            "created": now(),
        }
    )


def keep_answer(db: Database, series_id: int, once: Once, answer: dict) -> None:
    """Keep the answer the first request was given, to give it again to a repeat."""
    db.table("hand_requests").update(
        (series_id, once.endpoint, once.key), {"answer": json.dumps(answer)}
    )


def used_form_tokens(db: Database, series_id: int, last: int = 20) -> list[str]:
    """The tokens of the series' latest record-hand forms already saved: a phone drops
    the copy of what was typed on such a form (static/entry.js)."""
    found = db.execute(
        "SELECT key FROM hand_requests WHERE series_id = ? AND endpoint = ?"
        " ORDER BY created DESC, rowid DESC LIMIT ?",
        [series_id, FORM_HANDS, last],
    )
    return [key for (key,) in found.fetchall()]
