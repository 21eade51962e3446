"""What the pages and the API say of a series' clock, and who may press what.

The scorer (any phone where no passcode is set), and the scorer of an event's table in that
table's series (issue 27: a table's round is a series with its turn clock), presses every
button for anyone; a phone that joined as a player (the seat it holds for My rack,
web/racks/) may press Done only while it is that player's turn: the phone that joined as
Bo ends Bo's turn, no other."""

from __future__ import annotations

import time
from typing import Any

from flask import url_for
from flask_babel import gettext

from ...engine.time_up import OFF, limit_words, time_up_words
from ...engine.turn_clock import TurnMark, check_turn, turn_figures
from ...store import drafts
from ...store.clock import SeriesClock, read_clock, turns_of
from ...store.series import Series, standing
from ..access.scorer import is_scorer
from ..access.table_scorer import is_table_scorer
from ..racks.drafts import phone_key
from ..shell.db import get_db
from ..shell.language import say
from .forms import LimitForm


def now() -> float:
    """The server's time, the one clock every phone's clock is worked out from."""
    return time.time()


def phone_seat(series_id: int) -> int | None:
    """The seat this phone holds for My rack in the series, or None."""
    return drafts.seat_of(get_db(), series_id, phone_key())


def runs_clock(series_id: int) -> bool:
    """Whether this phone presses every button of the series' clock: the scorer, or the
    phone scoring this series as a table of an event (never another table's clock)."""
    return is_scorer() or is_table_scorer(series_id)


def may_step(series_id: int, kept: SeriesClock, do: str, seat: int | None) -> bool:
    """Whether this request may take the step: the scorer (of the series' table too) always;
    the phone holding the seat whose turn it is, for Done."""
    if runs_clock(series_id):
        return True
    return do == "done" and seat is not None and seat == kept.clock.seat


def check_done(one: Series, kept: SeriesClock, do: str, mark: TurnMark) -> None:
    """Raise the engine's ClockRefused for a Done meant for a turn that is already over (the
    store checks again under its write lock; this is the early answer, before who pressed)."""
    if do == "done":
        check_turn(kept.clock, mark, one.names)


def _seconds(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def answer(one: Series, kept: SeriesClock, at: float) -> dict[str, Any]:
    """The clock as the API answers it: the hand, whether it runs, whose turn (name and seat),
    the limit and the time left in seconds (null without a limit), and the turns of the hand
    so far."""
    clock = kept.clock
    return {
        "hand": clock.hand,
        "running": clock.running,
        "player": None if clock.seat is None else one.names[clock.seat],
        "seat": clock.seat,
        "limit_s": clock.limit,
        "left_s": _seconds(clock.left(at)),
        "turns": [
            {
                "player": one.names[t.seat],
                "seat": t.seat,
                "seconds": t.seconds,
                "ran_out": t.ran_out,
            }
            for t in kept.turns
        ],
    }


def view(one: Series, kept: SeriesClock, at: float, seat: int | None) -> dict[str, Any]:
    """The clock as a page draws it (and its script redraws it), in the page's language:
    each player's turn and penalty said in full, so the script only picks one."""
    clock = kept.clock
    tally = standing(get_db(), one)
    starter = tally.starter
    return {
        "series_id": one.id,
        "state": answer(one, kept, at),
        "started": clock.started,
        "turn": clock.turn,
        "paused": clock.started and not clock.running,
        "ran_out": clock.ran_out(at),
        "finished": tally.finished,
        "seat_here": seat,
        "scorer": runs_clock(one.id),
        "name": None if clock.seat is None else one.names[clock.seat],
        "starter": None if starter is None else one.names[starter],
        "left_words": left_words(clock.left(at)),
        "limit_words": limit_words(clock.limit),
        "turn_words": [gettext("%(name)s's turn", name=name) for name in one.names],
        "time_up_words": [say(time_up_words(one.variant, name)) for name in one.names],
        "api": url_for("clock_api.clock_state", series_id=one.id),
        "action": url_for("clock.step", series_id=one.id),
    }


def left_words(left: float | None) -> str:
    """Seconds as a clock shows them, whole seconds up: 0:42, 1:05."""
    if left is None:
        return ""
    whole = int(left + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


def page_clock(one: Series) -> dict[str, Any]:
    """The clock as the page being drawn shows it, for this phone."""
    kept = read_clock(get_db(), one)
    return view(one, kept, now(), phone_seat(one.id))


def figures(one: Series) -> list[dict[str, Any]]:
    """Each player's turns in the series: how many, the median, how often time ran out."""
    found = turn_figures(turns_of(get_db(), one.id), len(one.names))
    return [
        {
            "name": one.names[f.seat],
            "turns": f.turns,
            "median": None if f.median is None else left_words(round(f.median)),
            "ran_out": f.ran_out,
        }
        for f in found
    ]


def own_limit_words(one: Series) -> Any:
    """The time per turn the series set for itself, in words (None where it follows its
    variant's, which the rules page says already)."""
    kept = read_clock(get_db(), one)
    return None if kept.own_limit is None else limit_words(kept.clock.limit)


def limit_form(one: Series) -> LimitForm:
    """The series' time-per-turn form, filled in with what the series has now."""
    own = read_clock(get_db(), one).own_limit
    if own is None:
        return LimitForm(formdata=None, kind="variant")
    if own == OFF:
        return LimitForm(formdata=None, kind="off")
    return LimitForm(formdata=None, kind="own", seconds=own)
