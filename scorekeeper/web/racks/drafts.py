"""What the player's page ("My rack") and the draft API share: the phone's own random id,
the limit on how often a phone sends, and sending a seat's draft with every refusal in the
players' words. A draft is checked by the engine as one player's part of a hand
(`engine.drafts.read_draft`) and kept by the store (`store.drafts`); it never becomes a
hand until the scorer saves one."""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import deque
from typing import Any

from flask import Response as FlaskResponse
from flask import current_app, g, request
from flask_babel import gettext as _

from ...engine import InvalidHand
from ...engine.drafts import DRAFT_FIELDS, draft_fields, read_draft
from ...store import drafts, hands
from ...store.series import Series, standing
from ..access.guesses import phone_of
from ..shell import cookies
from ..shell.db import get_db
from ..shell.language import say

# The phone's random id, kept a year: it says which seat this phone holds, nothing more.
PHONE_COOKIE = "rack_phone"
_PHONE_ID = re.compile(r"^[A-Za-z0-9_-]{32,64}$")
# A player sends a rack a few times a hand at most; a script sending all night is stopped.
SENDS_PER_PHONE = 20
SENDS_PER_ADDRESS = 60
SEND_WINDOW = 60
# Taking a seat ("I'm Ana") or giving it up ("Not me") happens once a series, or a few times
# when a phone is passed round: a phone doing it all night is stopped, as for drafts.
SEAT_CHANGES_PER_PHONE = 10
SEAT_CHANGES_PER_ADDRESS = 30


class DraftProblem(Exception):
    """A draft refused: the status for the API, the message for the phone, the field, and
    what to say beside each box of the draft it is about (`beside`: field to messages)."""

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        retry_after: int | None = None,
        beside: dict[str, list[str]] | None = None,
    ):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field
        self.retry_after = retry_after
        if beside is None:
            beside = {field: [message]} if field in DRAFT_FIELDS else {}
        self.beside = beside


def phone_key(create: bool = False) -> str | None:
    """The key this phone's seat is kept under (a hash of its random id); with `create`,
    a phone without an id gets one, sent back in a long-lived cookie."""
    if "rack_phone" not in g:
        found = request.cookies.get(PHONE_COOKIE, "")
        g.rack_phone = found if _PHONE_ID.match(found) else None
    if g.rack_phone is None and create:
        g.rack_phone = g.new_rack_phone = secrets.token_urlsafe(32)
    return drafts.client_key(g.rack_phone) if g.rack_phone else None


def phone_tag(client: str) -> str:
    """What the scorer's list and the phone's own page call a phone: four characters of its
    key (a hash), enough to tell the phones at one table apart, nothing usable."""
    return client[:4].upper()


def give_phone_id(response: FlaskResponse) -> FlaskResponse:
    """Send a phone the id it was given in this request (shell/cookies.py)."""
    new = g.get("new_rack_phone")
    if new:
        cookies.give(response, PHONE_COOKIE, new, 365 * 24 * 60 * 60)
    return response


class SendLimiter:
    """How often each phone and each address may send a draft, in a sliding window."""

    def __init__(self, window: float = SEND_WINDOW) -> None:
        self.window = window
        self.sent: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def wait(self, keys: list[tuple[str, int]]) -> int:
        """Seconds to wait before sending again (0: send now, and it is counted)."""
        now = time.monotonic()
        with self.lock:
            if len(self.sent) > 10_000:  # forget quiet phones rather than grow without end
                self.sent = {k: v for k, v in self.sent.items() if v and v[-1] > now - self.window}
            waits = []
            for key, most in keys:
                times = self.sent.setdefault(key, deque())
                while times and times[0] <= now - self.window:
                    times.popleft()
                if len(times) >= most:
                    waits.append(int(times[0] + self.window - now) + 1)
            if waits:
                return max(waits)
            for key, _most in keys:
                self.sent[key].append(now)
        return 0


def _limit(client: str | None) -> None:
    limiter: SendLimiter = current_app.extensions["draft_sends"]
    keys = [(f"address:{phone_of(request.remote_addr)}", SENDS_PER_ADDRESS)]
    if client is not None:
        keys.append((f"phone:{client}", SENDS_PER_PHONE))
    wait = limiter.wait(keys)
    if wait:
        raise DraftProblem(
            429,
            _(
                "Too many racks sent from this phone. Try again in %(seconds)s seconds.",
                seconds=wait,
            ),
            retry_after=wait,
        )


def seat_change_wait(client: str | None) -> int:
    """Seconds this phone (and its address) must wait before taking or giving up a seat
    again; 0: go ahead, and it is counted."""
    limiter: SendLimiter = current_app.extensions["seat_changes"]
    keys = [(f"address:{phone_of(request.remote_addr)}", SEAT_CHANGES_PER_ADDRESS)]
    if client is not None:
        keys.append((f"phone:{client}", SEAT_CHANGES_PER_PHONE))
    return limiter.wait(keys)


def seat_changes_words(seconds: int) -> str:
    """The refusal of a phone that changed seats too often."""
    return _(
        "Too many seat changes from this phone. Try again in %(seconds)s seconds.", seconds=seconds
    )


def recording(one: Series) -> int | None:
    """The number of the hand being recorded, or None once the series is over."""
    db = get_db()
    if standing(db, one).finished:  # kept with the series: no tally per poll
        return None
    return drafts.next_number(db, one.id)


def send(
    one: Series,
    seat: int,
    raw: Any,
    client: str | None,
    hand: int | None = None,
    may_take: bool = False,
) -> int:
    """Keep a seat's draft of the hand being recorded; return that hand's number. `client`
    is the sending phone's key, or None for the scorer (any seat); `hand` is the number the
    phone counted for, when it says (a page opened before the last hand was saved);
    `may_take`: the phone sent the series' join code, so it may take an open seat."""
    if not 0 <= seat < len(one.names):
        raise DraftProblem(404, _("This series has no seat %(seat)s.", seat=seat), "seat")
    _limit(client)
    number = recording(one)
    if number is None:
        raise DraftProblem(409, _("The series is over: there is no hand left to count."), "hand")
    if hand is not None and hand > number:
        raise DraftProblem(
            409,
            _("Hand %(new)s is the one being recorded now.", new=hands.next_row(get_db(), one.id)),
            "hand",
        )
    try:
        fields = read_draft(raw, one.variant, one.names[seat])
        drafts.put_draft(
            get_db(), one.id, number if hand is None else hand, seat, fields, client, may_take
        )
    except InvalidHand as error:
        raise DraftProblem(400, say(error.detail), error.field, beside=_beside(error)) from None
    except drafts.DraftRefused as refused:
        raise _in_words(one, refused) from None
    return number


def _beside(error: InvalidHand) -> dict[str, list[str]]:
    """Each of the engine's refusals under the draft field it names (its `field`)."""
    beside: dict[str, list[str]] = {}
    for problem in error.problems:
        if problem.field in DRAFT_FIELDS:
            beside.setdefault(problem.field, []).append(say(problem.detail))
    return beside


def _in_words(one: Series, refused: drafts.DraftRefused) -> DraftProblem:
    if isinstance(refused, drafts.SeatTaken):
        return DraftProblem(
            403,
            _(
                "%(name)s's seat is held by another phone: ask the scorer to hand it over.",
                name=one.names[refused.seat],
            ),
            "seat",
        )
    if isinstance(refused, drafts.NotHeld):
        return DraftProblem(
            403,
            _(
                "This phone does not hold %(name)s's seat: a phone takes a "
                "seat with the series' join code, from the QR code on the "
                "scorer's phone.",
                name=one.names[refused.seat],
            ),
            "seat",
        )
    if isinstance(refused, drafts.OtherSeat):
        return DraftProblem(
            403,
            _(
                "This phone counts for %(held)s: a rack for %(name)s comes "
                "from the phone that joined as %(name)s or from the "
                "scorer.",
                held=one.names[refused.held],
                name=one.names[refused.seat],
            ),
            "seat",
        )
    if isinstance(refused, drafts.OldHand):
        return DraftProblem(
            409,
            _(
                "Hand %(old)s is saved already: hand %(new)s is being recorded now.",
                old=refused.sent_for,
                new=refused.now_recording,
            ),
            "hand",
        )
    return DraftProblem(400, str(refused))


def sent_by(one: Series, seat: int, draft: dict) -> str:
    """Who sent a draft, as the scorer's form marks it."""
    if draft["by_player"]:
        # Not "Bo's phone": the app knows only that this phone joined as Bo (issue 23).
        return _("sent from the phone that joined as %(name)s", name=one.names[seat])
    return _("sent by the scorer")


def state(one: Series) -> dict[str, Any]:
    """The hand being drafted, as `GET /api/series/ID/draft` answers it."""
    db = get_db()
    number = recording(one)
    held = drafts.claims(db, one.id)
    found = drafts.drafts(db, one.id, number) if number is not None else {}
    mine = phone_key()
    seats = []
    for seat, name in enumerate(one.names):
        draft = found.get(seat)
        seats.append(
            {
                "seat": seat,
                "name": name,
                "held": seat in held,
                "yours": mine is not None and held.get(seat) == mine,
                "draft": draft["fields"] if draft else None,
                "sent_by": sent_by(one, seat, draft) if draft else None,
                "by_player": draft["by_player"] if draft else None,
                "sent": draft["sent"] if draft else None,
                # What the scorer's form keeps of the draft it read (web/racks/seen.py).
                "token": draft["token"] if draft else None,
            }
        )
    return {
        "series": one.id,
        "hand": number,
        "finished": number is None,
        "fields": list(draft_fields(one.variant)),
        "seats": seats,
        "still_counting": [s["name"] for s in seats if s["held"] and s["draft"] is None],
    }


def counting_words(
    drafted: dict[str, Any], out: str | None = None, typed: frozenset[int] = frozenset()
) -> str:
    """Who still has no rack on the scorer's form, phone or not, and whose phone has sent
    theirs; `out` went out (no rack to wait for), `typed` are the seats whose boxes the
    scorer filled. static/drafts.js says the same from the same words."""
    counting, no_phone, sent = [], [], []
    for seat in drafted["seats"]:
        if seat["name"] == out:
            continue
        if seat["draft"] is None and seat["held"]:
            counting.append(seat["name"])
        elif seat["draft"] is None and seat["seat"] not in typed:
            no_phone.append(seat["name"])
        elif seat["draft"] is not None and seat["by_player"]:
            sent.append(seat["name"])
    if not counting and not no_phone:
        return _("Every phone has sent its rack.")
    parts = []
    if counting:
        parts.append(_("Still counting: %(names)s.", names=", ".join(counting)))
    if no_phone:
        parts.append(_("No phone counting: %(names)s.", names=", ".join(no_phone)))
    if sent:
        parts.append(_("Sent from phones that joined: %(names)s.", names=", ".join(sent)))
    return " ".join(parts)
