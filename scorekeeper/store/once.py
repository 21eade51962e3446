"""One-time keys of the requests that record a hand: the record-hand form's token and the
JSON API's Idempotency-Key. A request sent again with its key (a double tap, Back then
Save, a retry after a timeout) finds the hand it already stored instead of adding one."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .db import now

KEY_MAX = 200


@dataclass(frozen=True)
class Once:
    """A request's one-time key, and what it asked for (so that the same key with
    another request can be told apart)."""

    key: str
    fingerprint: str = ""


def fingerprint(body: Any) -> str:
    """The same for the same JSON body, whatever the order of its keys."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def remembered(db: Database, key: str) -> dict | None:
    """What a key already recorded (its hand and answer), or None."""
    return next(db.table("hand_requests").rows_where("key = ?", [key]), None)


def remember(db: Database, once: Once, series_id: int, hand_id: int) -> None:
    """Keep the key with the hand it recorded, in the transaction that stores the hand."""
    db.table("hand_requests").insert({
        "key": once.key, "series_id": series_id, "fingerprint": once.fingerprint,
        "hand_id": hand_id, "answer": None, "created": now()})


def keep_answer(db: Database, key: str, answer: dict) -> None:
    """Keep the answer the first request was given, to give it again to a repeat."""
    db.table("hand_requests").update(key, {"answer": json.dumps(answer)})


def used_form_tokens(db: Database, series_id: int, last: int = 20) -> list[str]:
    """The tokens of the series' latest record-hand forms already saved: a phone drops
    the copy of what was typed on such a form (static/entry.js)."""
    found = db.execute("SELECT key FROM hand_requests WHERE series_id = ? AND key LIKE 'form:%'"
                       " ORDER BY created DESC, rowid DESC LIMIT ?", [series_id, last])
    return [key.removeprefix("form:") for (key,) in found.fetchall()]
