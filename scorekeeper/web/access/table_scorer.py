"""A table scorer: a phone holding one event table's code may record, fix and delete (and
undo the deletion of) the hands of that table's series, run its turn clock (web/clock/
state.py lets it) and set its drafts (web/racks/api.py), and change nothing else (issue 27).

The phone proves it with the code: kept in its session once typed on the code page (or
opened from the table's QR code), or sent with each API request as
`Authorization: Bearer CODE`. Either way the code is looked up again on each request, so it
stops working the moment its event ends. A code typed or sent is checked under the
passcode's limiter (checks.py): each wrong one is a wrong guess.
"""

from __future__ import annotations

import sqlite3

from flask import g, request, session
from flask_babel import gettext

from ...store import event_state, table_codes
from ..shell.db import get_db
from .checks import bearer_ok, current_hash

# What a table scorer may do in its own series, and nothing else: record a hand (the form
# and the API), fix one, delete one (the Undo of a hand just saved too) and bring a deleted
# one back (the series page's Undo).
HAND_ENDPOINTS = frozenset(
    {"hands.new", "hands.edit", "hands.delete", "hands.restore", "api.add_hand"}
)
# The session keeps the codes of the latest tables this phone scored (a phone may score a
# table in each round), no more.
SESSION_KEY = "table_codes"
MOST_KEPT = 10
# Which of the tables a phone scored its refusals speak of: the last in this order.
STATE_ORDER = ("ended", "earlier_round", "live")


def is_table_scorer(series_id: int) -> bool:
    """Whether this phone scores the series as a table of an event that still runs: its code
    sent as the API's bearer token, or kept in the session from the code page."""
    if request.path.startswith("/api/"):
        return _bearer_series() == series_id
    checked: dict[int, bool] = g.setdefault("table_scorer_of", {})
    if series_id not in checked:
        kept = session.get(SESSION_KEY)
        code = kept.get(str(series_id)) if isinstance(kept, dict) else None
        checked[series_id] = (
            isinstance(code, str) and table_codes.series_of_code(get_db(), code) == series_id
        )
    return checked[series_id]


def _bearer_series() -> int | None:
    """The series the API request's bearer code scores, checked once per request (with the
    passcode check, which may have run already: checks.bearer_ok)."""
    if "table_series" not in g:
        stored = current_hash()
        if stored is None:
            return None  # no passcode: every phone changes everything anyway
        g.scorer_live = bearer_ok(stored)
    found: int | None = g.get("table_series")
    return found


def grant_table(series_id: int) -> None:
    """Make this phone the scorer of the table whose series this is (its code checked)."""
    code = table_codes.code_of_table(get_db(), series_id)
    if code is None:
        return
    kept = session.get(SESSION_KEY)
    kept = {k: v for k, v in kept.items() if k != str(series_id)} if isinstance(kept, dict) else {}
    kept[str(series_id)] = code
    session[SESSION_KEY] = dict(list(kept.items())[-MOST_KEPT:])
    g.pop("table_scorer_of", None)


def hand_change_allowed() -> bool:
    """Whether this request is a change to a hand of a series this phone scores as a table
    scorer; if so, the table keeps when a phone first scored it."""
    series_id = (request.view_args or {}).get("series_id")
    if request.endpoint not in HAND_ENDPOINTS or not isinstance(series_id, int):
        return False
    if not is_table_scorer(series_id):
        return False
    table_codes.note_scorer(get_db(), series_id)
    return True


def scores_this_series() -> bool:
    """For the templates: whether this phone scores the series the page is about as one
    table of an event (so it is offered the hand buttons, and only those)."""
    series_id = (request.view_args or {}).get("series_id")
    try:
        return isinstance(series_id, int) and is_table_scorer(series_id)
    except sqlite3.DatabaseError:
        # The database cannot be read (a damaged file): the page that says so is drawn as
        # for a watching phone, without asking the database again.
        g.table_scorer_of = {series_id: False}
        return False


def held_table_sentence() -> str | None:
    """Why a phone holding a table code is refused a change, in a sentence naming the table
    it scores (or scored, before a later round was seated), or None for any other phone."""
    kept = session.get(SESSION_KEY)
    if not isinstance(kept, dict):
        return None
    db = get_db()
    found = [table_codes.look_up(db, code) for code in kept.values() if isinstance(code, str)]
    # The latest table this phone took, preferring one whose code still works, then one of
    # an event still running: a phone whose event is over is told so, not sent to the
    # scorer's passcode as if it had never scored.
    usable = [f for f in found if f is not None]
    usable.sort(key=lambda f: STATE_ORDER.index(f.state))
    if not usable:
        return None
    table = usable[-1]
    event = event_state.get_event(db, table.event_id)
    if event is None:
        return None
    if table.state == "ended":
        return gettext(
            "This phone scored round %(round)d, table %(table)d of %(event)s. The event is "
            "over, so its code no longer changes scores.",
            round=table.round,
            table=table.table,
            event=event.name,
        )
    if table.state == "live":
        return gettext(
            "This phone scores round %(round)d, table %(table)d of %(event)s only.",
            round=table.round,
            table=table.table,
            event=event.name,
        )
    return gettext(
        "This phone scored round %(round)d, table %(table)d of %(event)s. The next round "
        "has been seated, so its code no longer changes scores.",
        round=table.round,
        table=table.table,
        event=event.name,
    )


def api_code_refusal() -> str | None:
    """Why the table code this API request sent grants nothing here, or None when it sent
    none: its event has ended, a later round has been seated, or it scores another table."""
    found = g.get("table_code")
    if not isinstance(found, table_codes.FoundCode):
        return None
    if found.state == "ended":
        return gettext("this table code's event has ended: the code no longer changes anything")
    if found.state == "earlier_round":
        return gettext(
            "this table code was for round %(round)d and a later round has been seated: "
            "the code no longer changes anything",
            round=found.round,
        )
    event = event_state.get_event(get_db(), found.event_id)
    return gettext(
        "this table code records and changes only the hands of series %(series)d "
        "(round %(round)d, table %(table)d of %(event)s)",
        series=found.series_id,
        round=found.round,
        table=found.table,
        event=event.name if event else "",
    )
