"""The table before its first action: the players seated under a variant that
table mode can follow."""

from __future__ import annotations

from collections.abc import Sequence

from ..names import name_key
from ..sources import ruling, scorekeeper_ruling
from ..table_actions import InvalidAction
from ..variants import Variant, check_player_count
from ..words import words
from .state import Seat, State


def start(variant: Variant, players: Sequence[object]) -> State:
    """The state of a hand where nothing is laid yet, or InvalidAction saying why
    this variant or these players cannot be followed in table mode."""
    if not variant.table_mode:
        raise InvalidAction(
            words(
                "table mode follows the tiles each player puts on the table, and {name} "
                "scores only the racks: use the quick tally for it ({ruling})",
                name=variant.name,
                ruling=ruling(scorekeeper_ruling("table_mode").about),
            ),
            field="scoring",
        )
    names = [p.strip() if isinstance(p, str) else p for p in players]
    seated = [n for n in names if isinstance(n, str) and n]
    if len(seated) != len(names):
        raise InvalidAction(words("every player needs a name"), field="players")
    if len({name_key(n) for n in seated}) != len(seated):
        raise InvalidAction(words("two players have the same name"), field="players")
    check_player_count(variant, len(seated), InvalidAction)
    return State(variant, tuple(Seat(name) for name in seated))
