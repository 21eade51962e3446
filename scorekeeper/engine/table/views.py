"""The Table: one hand's table rebuilt from its actions, and what the pages show
of it (meld areas, stacks, points owed, joker histories, each player's count)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..melds import check_meld, end_values
from ..names import name_key
from ..sources import ruling, scorekeeper_ruling
from ..table_actions import (
    Action,
    InvalidAction,
    action_from_dict,
)
from ..tiles import Tile, format_tiles, parse_tiles
from ..variants import Variant, check_player_count
from ..words import words
from .apply import Apply
from .state import (
    AreaMeld,
    AreaTile,
    JokerHistory,
    LaidMeld,
    State,
    credit,
    lying_text,
    seat_name,
)


class Table:
    """One hand's table, rebuilt from its actions. A Table never changes:
    `apply`, `replay` and `undo` return a new one."""

    def __init__(self, variant: Variant, players: list[str] | tuple[str, ...],
                 actions: tuple[Action, ...] = (), _state: State | None = None):
        if not variant.table_mode:
            raise InvalidAction(
                words("table mode follows the tiles each player puts on the table, and {name} "
                      "scores only the racks: use the quick tally for it ({ruling})",
                      name=variant.name, ruling=ruling(scorekeeper_ruling('table_mode').about)),
                field="scoring")
        names = [p.strip() if isinstance(p, str) else p for p in players]
        if any(not isinstance(n, str) or not n for n in names):
            raise InvalidAction(words("every player needs a name"), field="players")
        if len({name_key(n) for n in names}) != len(names):
            raise InvalidAction(words("two players have the same name"), field="players")
        check_player_count(variant, len(names), InvalidAction)
        self.variant = variant
        self.players = tuple(names)
        self.actions = tuple(actions)
        self._state = _state if _state is not None else State(
            melds=[], jokers=[], stacks={n: [] for n in names}, owed=dict.fromkeys(names, 0),
            opened=dict.fromkeys(names, False), copies=Counter())

    # -- building --

    def apply(self, action: Action | dict) -> Table:
        """The table after one more action, or InvalidAction saying which rule refuses it."""
        if isinstance(action, dict):
            action = action_from_dict(action)
        state = self._state.copy()
        Apply(self.variant, self.players, state, len(self.actions)).run(action)
        return Table(self.variant, self.players, (*self.actions, action), state)

    def replay(self, actions: Sequence[Action | dict]) -> Table:
        """A table with the same variant and players built from these actions."""
        return replay(self.variant, self.players, actions)

    def undo(self) -> Table:
        """The table without its last action."""
        return self.replay(list(self.actions[:-1]))

    def actions_to_list(self) -> list[dict[str, Any]]:
        """The actions as JSON-ready data, to store and replay."""
        return [a.to_dict() for a in self.actions]

    # -- what the players see --

    @property
    def guidance(self) -> tuple[str, ...]:
        """What the last action asks the players to do or tells them, in their words."""
        return self._state.log[-1] if self._state.log else ()

    @property
    def log(self) -> tuple[tuple[str, ...], ...]:
        """The guidance of every action, in order."""
        return tuple(self._state.log)

    def in_opening_turn(self, player: str) -> bool:
        """Whether the last action was in the turn of this player's opening (a
        player who goes out then laid their whole hand down at once)."""
        state = self._state
        return state.turn_player == self._name(player) and state.turn_is_opening

    @property
    def turn_player(self) -> str | None:
        """Whose turn the last action was in: the only player whose next action may be
        in the same turn."""
        return self._state.turn_player

    @property
    def asks_first_round(self) -> bool:
        """Whether the next action must say that every player has had a first turn
        (where nobody melds in the first round, asked once a hand)."""
        return self.variant.first_round_no_melds and not self._state.first_round_over

    def opened(self, player: str) -> bool:
        """Whether the player has laid their opening."""
        return self._state.opened[self._name(player)]

    @property
    def melds(self) -> tuple[LaidMeld, ...]:
        """The logical table: every meld of the hand, complete sets included."""
        return tuple(
            LaidMeld(i, m.owner, m.kind, tuple(s.tile for s in m.slots),
                     tuple(s.by for s in m.slots), m.stacked, tuple(s.joker for s in m.slots))
            for i, m in enumerate(self._state.melds))

    def area(self, player: str) -> tuple[AreaMeld, ...]:
        """The player's meld area as it physically lies."""
        name = self._name(player)
        return tuple(
            AreaMeld(i, m.kind,
                     tuple(AreaTile(s.tile, credit(m, s), s.value, s.upside_down)
                           for s in m.slots if s.lying),
                     lying_text([(s.rank, s.tile) for s in m.slots if s.lying], m.kind))
            for i, m in enumerate(self._state.melds) if m.owner == name and not m.stacked)

    def stack(self, player: str) -> tuple[Tile, ...]:
        """The tiles in the player's stack."""
        return tuple(t for t, _ in self._state.stacks[self._name(player)])

    def owed(self, player: str) -> int:
        """Points still owed to (+) or by (-) the player where no exact amount could be taken."""
        return self._state.owed[self._name(player)]

    def swapped_jokers(self, player: str) -> int:
        """Jokers the player took from the table by a swap and holds on their rack."""
        name = self._name(player)
        return sum(j.holder == name for j in self._state.jokers)

    @property
    def jokers(self) -> tuple[JokerHistory, ...]:
        """Each physical joker that has reached the table, with its history."""
        return tuple(JokerHistory(j.number, j.first_melder, tuple(j.events), j.meld, j.holder,
                                  j.swapped) for j in self._state.jokers)

    def count(self, player: str) -> int:
        """The player's melded value counted Howarth's way: the tiles in the meld
        areas that count for them, their stack, and what they are owed."""
        name = self._name(player)
        lying = sum(s.value for m in self._state.melds if not m.stacked
                    for s in m.slots if s.lying and credit(m, s) == name)
        return lying + sum(v for _, v in self._state.stacks[name]) + self._state.owed[name]

    def exact_melded_value(self, player: str) -> int:
        """The player's melded value from who supplied each tile of the logical
        table, as hand scoring counts it."""
        name = self._name(player)
        total = 0
        for item in self.to_melds():
            meld = check_meld(parse_tiles(item["tiles"]), self.variant)
            for who, value in zip(item["by"], end_values(meld, self.variant), strict=True):
                total += value if who == name else 0
        return total

    def to_melds(self) -> list[dict[str, Any]]:
        """The hand format's "melds": every meld with all its tiles and who
        supplied each (a joker: the player it counts for)."""
        return [{"tiles": format_tiles(s.tile for s in m.slots), "by": [s.by for s in m.slots]}
                for m in self._state.melds]

    def _name(self, player: str) -> str:
        return seat_name(self.players, player)


def replay(variant: Variant, players: list[str] | tuple[str, ...],
           actions: Sequence[Action | dict]) -> Table:
    """Build a hand's table from its actions in order. A refused action raises
    InvalidAction naming its place in the list."""
    start = Table(variant, players)
    state = start._state
    done: list[Action] = []
    for i, action in enumerate(actions):
        try:
            if isinstance(action, dict):
                action = action_from_dict(action)
            Apply(variant, start.players, state, i).run(action)
        except InvalidAction as error:
            raise error.about(action=i) from None
        done.append(action)
    return Table(variant, start.players, tuple(done), state)
