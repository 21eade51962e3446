"""An event: a club night or a tournament, several tables playing rounds, and how it is run.

An event is a roster of players, a number of rounds and, for each round, tables of players;
each table's round is one series (engine.series) that ends as the event says. How players are
seated after round one is engine.seating; how their results become event points and standings
is engine.event_points. This module holds the event's format and the checks of its set-up: the
one place these rules are decided, for the organiser's form, the API and import alike.

No federation's format is built in (published formats differ: summed scores, 3/2/1 by place
at a table, a bonus to the winner), so the organiser chooses how points are counted, and the
points per place, set per table size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .errors import InvalidEvent, InvalidSeries
from .event_format import (
    EVENT_NAME_CHARACTERS,
    MAX_EVENT_PLAYERS,
    MAX_PLACE_POINTS,
    MAX_ROUNDS,
    POINTS,
    ROUND_ENDS,
    SEATINGS,
    TABLE_SIZES,
    EventFormat,
    default_place_points,
    points_for,
)
from .names import lookalike_problem, name_key, name_problem, shown_name
from .seating import table_sizes
from .series import END_MOST, END_WORDS, NAME_SHOWN, SeriesEnd
from .variants import Variant, check_player_count
from .words import Words, or_list, words

# The format and its limits are engine.event_format's; an event's callers find them here too.
__all__ = [
    "EVENT_NAME_CHARACTERS",
    "MAX_EVENT_PLAYERS",
    "MAX_PLACE_POINTS",
    "MAX_ROUNDS",
    "POINTS",
    "ROUND_ENDS",
    "SEATINGS",
    "TABLE_SIZES",
    "EventFormat",
    "InvalidEvent",
    "check_event_name",
    "check_event_setup",
    "check_place_points",
    "check_roster_name",
    "default_place_points",
    "points_for",
    "read_place_points",
]


def _place_points_shape() -> Words:
    return words(
        "the points per place are given for tables of 2, 3 or 4 players, "
        "each as a list of points from first place to last"
    )


def read_place_points(value: object) -> dict[int, tuple[float, ...]]:
    """The points per place as JSON gives them (`{"4": [3, 2, 1, 0]}`), the default for every
    table size left out (and for None); refuse anything else (InvalidEvent, "place_points")."""
    chosen = default_place_points()
    if value is None:
        return chosen
    if not isinstance(value, dict):
        raise InvalidEvent(_place_points_shape(), field="place_points")
    for key, points in value.items():
        size = _size_key(key)
        if size is None or not isinstance(points, (list, tuple)):
            raise InvalidEvent(_place_points_shape(), field="place_points")
        chosen[size] = tuple(points)
    check_place_points(chosen)
    return chosen


def _size_key(key: object) -> int | None:
    """A table size written as a JSON key ("4") or a number (4), if it is one of TABLE_SIZES."""
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key)
    if type(key) is int and key in TABLE_SIZES:
        return key
    return None


def check_place_points(place_points: dict[int, tuple[float, ...]]) -> None:
    """Refuse points per place that a table could not use: a list per table size with one
    number per place, each from 0 to MAX_PLACE_POINTS, no place earning more than a better
    one (a player would gain by losing)."""
    for size, points in place_points.items():
        if size not in TABLE_SIZES or not isinstance(points, tuple):
            raise InvalidEvent(_place_points_shape(), field="place_points")
        if len(points) != size:
            raise InvalidEvent(
                words(
                    "a table of {size} needs points for {size} places, not {count}",
                    size=size,
                    count=len(points),
                ),
                field="place_points",
            )
        for point in points:
            if not _usable_points(point):
                raise InvalidEvent(
                    words(
                        "the points for a place must be a number from 0 to {most}",
                        most=MAX_PLACE_POINTS,
                    ),
                    field="place_points",
                )
        for place in range(1, size):
            if points[place] > points[place - 1]:
                raise InvalidEvent(
                    words(
                        "at a table of {size}, place {place} cannot earn more points "
                        "than place {better}",
                        size=size,
                        place=place + 1,
                        better=place,
                    ),
                    field="place_points",
                )


def _usable_points(point: Any) -> bool:
    return (
        isinstance(point, (int, float))
        and not isinstance(point, bool)
        and math.isfinite(point)
        and 0 <= point <= MAX_PLACE_POINTS
    )


def round_end(kind: str, value: object) -> SeriesEnd:
    """One round at a table's end, as typed or sent; refused in an event's words (a round at
    a table, not a series) with field "round_end"."""
    try:
        return SeriesEnd(kind, value)  # type: ignore[arg-type]  # checked by SeriesEnd
    except InvalidSeries:
        if kind not in ROUND_ENDS:
            raise InvalidEvent(
                words("a round at a table ends after a number of hands or at a target score"),
                field="round_end",
            ) from None
        raise InvalidEvent(
            words(
                "a round at a table ({kind}) must be a whole number from 1 to {most}",
                kind=kind,
                most=END_MOST,
            ),
            field="round_end",
        ) from None


def check_event_name(name: str) -> None:
    """Refuse an event's name that is empty or longer than EVENT_NAME_CHARACTERS."""
    if not name.strip():
        raise InvalidEvent(words("the event needs a name"), field="name")
    if len(name) > EVENT_NAME_CHARACTERS:
        raise InvalidEvent(
            words(
                "the event's name can be at most {most} characters long",
                most=EVENT_NAME_CHARACTERS,
            ),
            field="name",
        )


def check_event_setup(variant: Variant, names: list[str], fmt: EventFormat) -> None:
    """Refuse an event that cannot be played under the variant: its roster (names usable,
    none twice, enough players to seat a table, at most MAX_EVENT_PLAYERS), its rounds, its
    table size, how a round at a table ends, its seating, its points and its points per place.
    The one place these rules are decided: the organiser's form, the API and import ask here."""
    _check_roster(names)
    _check_format(variant, fmt)
    # Can the roster be seated at all (engine.seating refuses with field "players")?
    table_sizes(len(names), fmt.table_size, variant.min_players, variant.max_players)


def _check_roster(names: list[str]) -> None:
    # Counted before any name is read: each name is compared with those before it.
    if len(names) > MAX_EVENT_PLAYERS:
        raise InvalidEvent(
            words(
                "an event takes at most {most} players, not {count}",
                most=MAX_EVENT_PLAYERS,
                count=len(names),
            ),
            field="players",
        )
    for seat, name in enumerate(names):
        check_roster_name(name, names[:seat], seat)


def check_roster_name(name: str, earlier: Sequence[str], seat: int | None = None) -> None:
    """Refuse a player's name the roster cannot take after the names `earlier` on it: empty
    (spaces only), unusable (engine/names.py), already there, or drawn like one that is. The
    event's players when it is created and a late player are checked here alike."""
    if not name.strip():
        raise InvalidEvent(words("a player needs a name"), field="players", seat=seat)
    if problem := name_problem(name):
        raise InvalidEvent(
            words("{problem}: “{name}”", problem=problem, name=shown_name(name[:NAME_SHOWN])),
            field="players",
            seat=seat,
        )
    if name_key(name) in {name_key(other) for other in earlier}:
        raise InvalidEvent(
            words("{name} is on the roster twice", name=name), field="players", seat=seat
        )
    # Two names drawn alike would be two players nobody can tell apart (engine/names.py).
    if twin := lookalike_problem(name, list(earlier)):
        raise InvalidEvent(twin, field="players", seat=seat)


def _whole(value: object) -> bool:
    return type(value) is int


def _check_format(variant: Variant, fmt: EventFormat) -> None:
    if not _whole(fmt.rounds) or not 1 <= fmt.rounds <= MAX_ROUNDS:
        raise InvalidEvent(
            words("the number of rounds must be a whole number from 1 to {most}", most=MAX_ROUNDS),
            field="rounds",
        )
    if not _whole(fmt.table_size) or fmt.table_size not in TABLE_SIZES:
        raise InvalidEvent(words("a table seats 2, 3 or 4 players"), field="table_size")
    # Whether the variant is played at a table of that size is the variant's rule, decided in
    # one place (check_player_count); the event's refusal is about its table size.
    try:
        check_player_count(variant, fmt.table_size, InvalidEvent)
    except InvalidEvent:
        raise InvalidEvent(
            words(
                "{variant} is played by {least} to {most} players, "
                "so its tables cannot seat {size}",
                variant=variant.name,
                least=variant.min_players,
                most=variant.max_players,
                size=fmt.table_size,
            ),
            field="table_size",
        ) from None
    if fmt.end.kind not in ROUND_ENDS:
        raise InvalidEvent(
            words("a round at a table ends after a number of hands or at a target score"),
            field="round_end",
        )
    if fmt.end.kind not in variant.series_ends:
        allowed = or_list([END_WORDS[e] for e in variant.series_ends if e in ROUND_ENDS])
        raise InvalidEvent(
            words(
                "a {variant} series ends {allowed}, not {end}",
                variant=variant.name,
                allowed=allowed,
                end=END_WORDS[fmt.end.kind],
            ),
            field="round_end",
        )
    if fmt.seating not in SEATINGS:
        raise InvalidEvent(
            words(
                "players are seated after round one at random, mixed to meet new "
                "opponents, or by the standings"
            ),
            field="seating",
        )
    if fmt.points not in POINTS:
        raise InvalidEvent(
            words("event points are counted by place at the table or by summed scores"),
            field="points",
        )
    check_place_points(fmt.place_points)
