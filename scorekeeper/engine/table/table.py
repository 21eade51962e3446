"""The Table: one hand's table rebuilt by replaying its actions, as the pages,
the store and the command line use it. It holds the State the actions built and
answers from it; every rule is in the functions it calls."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..table_actions import Action, InvalidAction, action_from_dict
from ..tiles import Tile
from ..variants import Variant
from ..words import Words
from . import views
from .play import apply
from .refusals import seat_name
from .seating import start
from .state import State, seat_of
from .views import AreaMeld, JokerHistory, LaidMeld

# An action as the pages and the store hand it over: an Action, or its JSON data.
ActionData = Action | dict[str, Any]


def replayed(state: State, actions: Sequence[ActionData]) -> tuple[State, tuple[Action, ...]]:
    """The state after these actions in order, and the actions read. A refused
    action raises InvalidAction naming its place in the list."""
    done: list[Action] = []
    for i, data in enumerate(actions):
        try:
            action = action_from_dict(data) if isinstance(data, dict) else data
            state = apply(state, action)
        except InvalidAction as error:
            raise error.about(action=i) from None
        done.append(action)
    return state, tuple(done)


@dataclass(frozen=True, init=False)
class Table:
    """One hand's table, rebuilt from its actions. A Table never changes:
    `apply`, `replay` and `undo` return a new one."""

    state: State
    actions: tuple[Action, ...]

    def __init__(
        self, variant: Variant, players: Sequence[str], actions: Sequence[ActionData] = ()
    ) -> None:
        """The table of these players under the variant after these actions."""
        state, done = replayed(start(variant, players), actions)
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "actions", done)

    @classmethod
    def of(cls, state: State, actions: tuple[Action, ...]) -> Table:
        """The table whose state these actions built (not replayed again)."""
        table = cls.__new__(cls)
        object.__setattr__(table, "state", state)
        object.__setattr__(table, "actions", actions)
        return table

    @property
    def variant(self) -> Variant:
        """The rules the hand is played under."""
        return self.state.variant

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order, as seated."""
        return self.state.players

    # -- building --

    def apply(self, action: ActionData) -> Table:
        """The table after one more action, or InvalidAction saying which rule refuses it."""
        if isinstance(action, dict):
            action = action_from_dict(action)
        return Table.of(apply(self.state, action), (*self.actions, action))

    def replay(self, actions: Sequence[ActionData]) -> Table:
        """A table with the same variant and players built from these actions."""
        return replay(self.variant, self.players, actions)

    def undo(self) -> Table:
        """The table without its last action."""
        return self.replay(self.actions[:-1])

    def actions_to_list(self) -> list[dict[str, Any]]:
        """The actions as JSON-ready data, to store and replay."""
        return [a.to_dict() for a in self.actions]

    # -- what the players see --

    @property
    def guidance(self) -> tuple[Words | str, ...]:
        """What the last action asks the players to do or tells them, in their words."""
        return self.state.log[-1] if self.state.log else ()

    @property
    def log(self) -> tuple[tuple[Words | str, ...], ...]:
        """The guidance of every action, in order."""
        return self.state.log

    def in_opening_turn(self, player: str) -> bool:
        """Whether the last action was in the turn of this player's opening (a
        player who goes out then laid their whole hand down at once)."""
        return self.state.turn_player == self._name(player) and self.state.turn_is_opening

    @property
    def turn_player(self) -> str | None:
        """Whose turn the last action was in: the only player whose next action may be
        in the same turn."""
        return self.state.turn_player

    @property
    def asks_first_round(self) -> bool:
        """Whether the next action must say that every player has had a first turn
        (where nobody melds in the first round, asked once a hand)."""
        return self.variant.first_round_no_melds and not self.state.first_round_over

    def opened(self, player: str) -> bool:
        """Whether the player has laid their opening."""
        return seat_of(self.state, self._name(player)).opened

    @property
    def melds(self) -> tuple[LaidMeld, ...]:
        """The logical table: every meld of the hand, complete sets included."""
        return views.laid_melds(self.state)

    def area(self, player: str) -> tuple[AreaMeld, ...]:
        """The player's meld area as it physically lies."""
        return views.area(self.state, self._name(player))

    def stack(self, player: str) -> tuple[Tile, ...]:
        """The tiles in the player's stack."""
        return tuple(t for t, _ in seat_of(self.state, self._name(player)).stack)

    def owed(self, player: str) -> int:
        """Points still owed to (+) or by (-) the player where no exact amount could be taken."""
        return seat_of(self.state, self._name(player)).owed

    def swapped_jokers(self, player: str) -> int:
        """Jokers the player took from the table by a swap and holds on their rack."""
        name = self._name(player)
        return sum(j.holder == name for j in self.state.jokers)

    @property
    def jokers(self) -> tuple[JokerHistory, ...]:
        """Each physical joker that has reached the table, with its history."""
        return views.joker_histories(self.state)

    def count(self, player: str) -> int:
        """The player's melded value counted Howarth's way: the tiles in the meld
        areas that count for them, their stack, and what they are owed."""
        return views.howarth_count(self.state, self._name(player))

    def exact_melded_value(self, player: str) -> int:
        """The player's melded value from who supplied each tile of the logical
        table, as hand scoring counts it."""
        return views.exact_melded_value(self.state, self._name(player))

    def to_melds(self) -> list[dict[str, Any]]:
        """The hand format's "melds": every meld with all its tiles and who
        supplied each (a joker: the player it counts for)."""
        return views.hand_melds(self.state)

    def _name(self, player: str) -> str:
        return seat_name(self.players, player)


def replay(variant: Variant, players: Sequence[str], actions: Sequence[ActionData]) -> Table:
    """Build a hand's table from its actions in order. A refused action raises
    InvalidAction naming its place in the list."""
    return Table(variant, players, actions)
