"""The turn clock of the hand being played, as pure data: whose turn it is, how long it has
lasted, and each finished turn's record. Time is never read here: every step is given `now`
(seconds since the epoch), so the clock kept by the store is the same on every phone and
after a restart (the time left is worked out from the stored timestamps).

A turn lasts from its start to "done"; a pause stops its time. The clock keeps counting past
the limit (a player may take a moment to draw the penalty); the turn then counts as run out.
The limit comes from the variant or the series (time_up.turn_limit): ../shared/RULES.md,
"Playing the hand"."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .errors import RuleError
from .words import words


class ClockRefused(RuleError):
    """A step the clock cannot take now (done before it started, resume while running...)."""


@dataclass(frozen=True)
class Turn:
    """One finished turn: whose, how many seconds it took, and whether it ran out of time."""

    hand: int
    seat: int
    seconds: float
    ran_out: bool


@dataclass(frozen=True)
class Clock:
    """The clock of hand `hand` (counted from 1). `seat` is whose turn it is (None before
    the hand's first turn); `since` is when the running stretch of the turn began (None
    while paused); `used` is the seconds the turn ran before that stretch; `turn` is the
    turn's number within the hand (1 for the first, 0 before it)."""

    hand: int
    limit: int | None = None
    seat: int | None = None
    since: float | None = None
    used: float = 0.0
    turn: int = 0

    @property
    def started(self) -> bool:
        return self.seat is not None

    @property
    def running(self) -> bool:
        return self.seat is not None and self.since is not None

    def spent(self, now: float) -> float:
        """Seconds the turn has run so far (a clock set back never counts backwards)."""
        if self.since is None:
            return self.used
        return self.used + max(0.0, now - self.since)

    def left(self, now: float) -> float | None:
        """Seconds left of the turn, never below 0; None without a limit or a turn."""
        if self.limit is None or self.seat is None:
            return None
        return max(0.0, self.limit - self.spent(now))

    def ran_out(self, now: float) -> bool:
        """Whether the turn has used up its time."""
        left = self.left(now)
        return left is not None and left <= 0


def start(clock: Clock, seat: int, now: float) -> Clock:
    """The hand's first turn begins: `seat` plays (the hand's starter)."""
    if clock.started:
        raise ClockRefused(words("The clock is already going."), field="do")
    return replace(clock, seat=seat, since=now, used=0.0, turn=1)


@dataclass(frozen=True)
class TurnMark:
    """Which turn a Done means to end, as the page that sent it saw the clock: whose turn
    (`seat`), its number within the hand (`turn`) and the hand. Any may be None (not said).
    A page that is behind, or a Done tapped twice, must not end the next player's turn."""

    seat: int | None = None
    turn: int | None = None
    hand: int | None = None


def check_turn(clock: Clock, mark: TurnMark, names: Sequence[str]) -> None:
    """Refuse a Done meant for a turn that is over (another phone ended it first): the
    clock then stays as it is. `names` are the players, by seat."""
    stale = (
        (mark.seat is not None and mark.seat != clock.seat)
        or (mark.turn is not None and mark.turn != clock.turn)
        or (mark.hand is not None and mark.hand != clock.hand)
    )
    if not stale:
        return
    ended = None if mark.seat is None else names[mark.seat]
    if clock.seat is None:
        if ended is None:
            raise ClockRefused(
                words("That turn had already ended; the clock is stopped."), field="do"
            )
        raise ClockRefused(
            words("{name}'s turn had already ended; the clock is stopped.", name=ended),
            field="do",
        )
    now = names[clock.seat]
    if ended is None:
        raise ClockRefused(
            words("That turn had already ended; it is now {now}'s turn.", now=now), field="do"
        )
    if ended == now:
        raise ClockRefused(
            words("{name}'s turn had already ended; it is {name}'s turn again.", name=ended),
            field="do",
        )
    raise ClockRefused(
        words("{name}'s turn had already ended; it is now {now}'s turn.", name=ended, now=now),
        field="do",
    )


def done(clock: Clock, next_seat: int, now: float) -> tuple[Clock, Turn]:
    """The player whose turn it is is done: their turn is recorded and `next_seat` plays,
    the clock running (a turn ended during a pause restarts it)."""
    if clock.seat is None:
        raise ClockRefused(words("The clock has not started yet."), field="do")
    turn = Turn(clock.hand, clock.seat, round(clock.spent(now), 1), clock.ran_out(now))
    return replace(clock, seat=next_seat, since=now, used=0.0, turn=clock.turn + 1), turn


def last_turn(clock: Clock, now: float) -> Turn | None:
    """The turn running (or run out) when its hand is recorded, as its record keeps it, so
    the hand's last turn counts in the figures too; None when no turn was running."""
    if clock.seat is None:
        return None
    return Turn(clock.hand, clock.seat, round(clock.spent(now), 1), clock.ran_out(now))


def pause(clock: Clock, now: float) -> Clock:
    """Stop the turn's time (a phone call, a drink), keeping what it used."""
    if clock.seat is None:
        raise ClockRefused(words("The clock has not started yet."), field="do")
    if clock.since is None:
        raise ClockRefused(words("The clock is already paused."), field="do")
    return replace(clock, since=None, used=clock.spent(now))


def resume(clock: Clock, now: float) -> Clock:
    """Let the paused turn's time run again."""
    if clock.seat is None:
        raise ClockRefused(words("The clock has not started yet."), field="do")
    if clock.since is not None:
        raise ClockRefused(words("The clock is running."), field="do")
    return replace(clock, since=now)


def stopped(hand: int, limit: int | None) -> Clock:
    """The clock of a hand not yet begun (after a hand is recorded: the next one's)."""
    return Clock(hand=hand, limit=limit)


@dataclass(frozen=True)
class TurnFigures:
    """A player's turns in a series: how many, their median length, how many ran out."""

    seat: int
    turns: int
    median: float | None
    ran_out: int


def turn_figures(turns: Iterable[Turn], players: int) -> list[TurnFigures]:
    """Each seat's turn figures, in seat order (a seat that never played has no median)."""
    seconds: list[list[float]] = [[] for _ in range(players)]
    out = [0] * players
    for turn in turns:
        if 0 <= turn.seat < players:
            seconds[turn.seat].append(turn.seconds)
            out[turn.seat] += turn.ran_out
    return [
        TurnFigures(seat, len(s), statistics.median(s) if s else None, out[seat])
        for seat, s in enumerate(seconds)
    ]
