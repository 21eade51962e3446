"""The table screen: one page for a laptop, a tablet or a TV in the middle of the table, read
from two or three metres. Whose turn and the clock (web/clock/), the order of play drawn as a
circle with its direction, who deals and who plays first, the standings and the last hand's
scores, the live table in table mode (as the viewer shows it) and a QR code to join.

It follows the game as the viewer does (viewer.js polls the viewer's tag and swaps `#live`;
clock.js follows the clock and swaps `#clock`) and, without script, reloads itself while a
hand is played. static/screen.js keeps the screen awake and speaks, where the browser can."""

from __future__ import annotations

import math
from dataclasses import dataclass

from flask import Blueprint, current_app, render_template, url_for

from ..engine.play_order import direction, play_round, round_words
from ..store import hands, series
from .access.scorer import is_scorer
from .access.table_scorer import is_table_scorer
from .clock import state as clock_state
from .shell.db import get_db
from .shell.language import say
from .shell.lookup import series_or_404
from .viewer import POLL_SECONDS, live_table, version, viewer_link

bp = Blueprint("screen", __name__)

# Without script the page reloads itself this often while a hand is played (the time left
# and whose turn it is move on); once the series is over it stays still.
RELOAD_SECONDS = 5
# The circle's drawing box (SVG units): the names on an ellipse, the arrows inside it.
WIDTH, HEIGHT = 600, 380
NAMES_RX, NAMES_RY, ARROWS_R = 165, 145, 85
# A name longer than this is cut on the circle (the standings beside it say it whole); one
# wider than its room (at about 0.6 of the type's 44 units a letter) is drawn narrower.
LONGEST = 12
LETTER = 0.6 * 44


@dataclass(frozen=True)
class Place:
    """A player on the circle: their seat, their name as drawn, and where it is drawn."""

    seat: int
    name: str
    x: float
    y: float
    squeeze: float | None = None


@dataclass(frozen=True)
class Circle:
    """The order of play as drawn: the players round the circle, one arrow from each to the
    next in the direction of play, and the sentence that says it (the drawing's label)."""

    places: list[Place]
    arrows: list[str]
    words: str
    width: int = WIDTH
    height: int = HEIGHT


def _point(angle: float, rx: float, ry: float) -> tuple[float, float]:
    rad = math.radians(angle)
    return round(WIDTH / 2 + rx * math.cos(rad), 1), round(HEIGHT / 2 + ry * math.sin(rad), 1)


def circle(one: series.Series) -> Circle:
    """The players round a circle in the order they take turns, from the top: clockwise
    round it for a game played clockwise, anticlockwise for one played anticlockwise
    (engine.play_order.direction), with an arrow from each player to the next."""
    order = play_round(one.variant, len(one.names), one.listing)
    # On the screen a growing angle turns clockwise (y grows downwards).
    turn = 1 if direction(one.variant) == "clockwise" else -1
    spacing = 360 / len(order)
    gap = min(22.0, spacing * 0.3)
    places, arrows = [], []
    for i, seat in enumerate(order):
        angle = -90 + turn * spacing * i
        name = one.names[seat]
        shown = name if len(name) <= LONGEST else name[: LONGEST - 1] + "…"
        x, y = _point(angle, NAMES_RX, NAMES_RY)
        room = 2 * min(x, WIDTH - x) - 8
        places.append(Place(seat, shown, x, y, room if len(shown) * LETTER > room else None))
        x1, y1 = _point(angle + turn * gap, ARROWS_R, ARROWS_R)
        x2, y2 = _point(angle + turn * (spacing - gap), ARROWS_R, ARROWS_R)
        sweep = 1 if turn == 1 else 0
        arrows.append(f"M {x1} {y1} A {ARROWS_R} {ARROWS_R} 0 0 {sweep} {x2} {y2}")
    words = say(round_words(one.variant, [one.names[seat] for seat in order]))
    return Circle(places, arrows, words)


@bp.route("/series/<int:series_id>/screen")
def show(series_id: int):
    """The table screen of a series."""
    db = get_db()
    one = series_or_404(db, series_id)
    result = series.standing(db, one)
    shown = hands.sheet_slice(db, series_id, result.played - 1, 1)
    last = shown[0] if shown else None
    clock = clock_state.page_clock(one)
    return render_template(
        "screen/show.html",
        series=one,
        result=result,
        standings=result.standings,
        last=last,
        turn=series.turn_next(one, result),
        circle=circle(one),
        version=version(db, series_id),
        poll_seconds=current_app.config.get("VIEWER_POLL_SECONDS", POLL_SECONDS),
        reload_seconds=None if result.finished else RELOAD_SECONDS,
        table=live_table(db, one),
        hand_number=result.played + 1,
        clock=clock,
        # The table's scorer, as on the series page, shows the table the join code.
        link=viewer_link(series_id, join=is_scorer() or is_table_scorer(series_id)),
        back=url_for("screen.show", series_id=series_id),
    )
