"""A series' turn clock in an export file (optional: files written before m018 have none):
checked before anything is imported, like every other part of the file."""

from __future__ import annotations

from typing import Any

from ..engine.variant_checks import BOUNDS
from ..engine.words import words
from .export_fields import CLOCK, TURN, fields_of
from .export_refusals import BadExport, Place, part_of, turn_in


def check_clock(series: dict[str, Any], where: Place) -> None:
    """The series' clock, if the file has one: its own limit (none, 0 for off, or seconds
    within a variant's bounds) and each turn, by a seat of the series' players."""
    if "clock" not in series:
        return
    at = part_of(where, "clock")
    clock = fields_of(series["clock"], at, CLOCK)
    low, high = BOUNDS["turn_limit"]
    own = clock["own_limit"]
    if own is not None and own != 0 and not low <= own <= high:
        raise BadExport(
            words(
                '{where}, "own_limit": must be empty, 0 or a whole number from {low} to {high}',
                where=at,
                low=low,
                high=high,
            )
        )
    seats = len(series["players"])
    for k, turn in enumerate(clock["turns"], start=1):
        turn_where = turn_in(at, k)
        fields_of(turn, turn_where, TURN)
        if not 0 <= turn["seat"] < seats:
            raise BadExport(
                words(
                    "{where}: this series has no seat {seat}", where=turn_where, seat=turn["seat"]
                )
            )
        if turn["hand"] < 1 or turn["turn"] < 1 or turn["seconds"] < 0:
            raise BadExport(
                words(
                    "{where}: the hand and the turn count from 1, and the seconds from 0",
                    where=turn_where,
                )
            )
