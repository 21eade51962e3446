"""The actions of table mode, as plain data that round-trips through JSON.

A hand followed in table mode is stored as its ordered list of actions and
rebuilt by replaying them (see `table.replay`); undo is the caller dropping the
last action and replaying. Tiles are kept in the tile notation (`"b6 b7 j=b8"`)
so that a stored action reads the way the scorer entered it.

JSON shapes (`meld_index` counts the melds of the hand from 0, in the order they
were laid, and stays valid when a complete set leaves the table; messages for
people number them from 1, as the hand format's refusals do; `same_turn` and
`first_round_over` are left out when false):

    {"action": "new_meld", "player": "Ana", "melds": ["r10 b10 k10", "b6 b7 b8"]}
    {"action": "add_tiles", "player": "Ana", "meld_index": 1, "tiles": "b9 b10"}
    {"action": "swap_joker", "player": "Bo", "meld_index": 0, "tiles": "b7",
     "new_meld_tiles": "j y5 y6"}          # null: the joker goes to the rack (rummy-meld)

Turns. The app cannot see turns in which nobody touches the table (most turns:
the others only drew), so every action is taken as a turn of its own, a later
turn than the previous action, unless it says `same_turn: true`: the player of
the previous action did this too before their turn ended. That is the rare
case, and it matters only for the turn of a player's opening (Romanian tile
rummy, The Play: no additions to other players' melds and no joker swaps in
it), and for going out all at once. `first_round_over: true` answers, once,
on the hand's first action, that every player has had a first turn, where
the variant lets nobody meld in the first round (Rummy Meld). Stored actions
from before may carry `new_turn`, which said what is now taken by default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from .errors import RuleError
from .tile_codes import TileCode
from .tiles import JOKER_TOKEN, Tile, format_tiles
from .words import Words, joined, words

# The words of the two questions about turns, as the scorer sees them and as the
# refusals that they answer name them.
SAME_TURN = words("Same turn as the last action")
FIRST_ROUND_OVER = words("Everyone has had a first turn")
# Where a joker taken by a swap is melded, in the same action: so in the same turn.
JOKER_MELD = words("New meld with the joker")

# The kinds of action, as each action's JSON names it.
ActionKind = Literal["new_meld", "add_tiles", "swap_joker"]


class InvalidAction(RuleError):
    """A table action the rules refuse; the message names the rule and cites its
    source. `index` is the action's place in a replayed list, when known.

    `field` is the action's field the scorer typed the refused thing into:
    "player", "meld_index", "tiles", "melds" (with `meld`, which meld of a new
    meld, when one alone is at fault), "new_meld_tiles", "same_turn" or
    "first_round_over" (the turn questions); "action" for stored data,
    "players" and "scoring" for a table that cannot be set up. `player` is who
    acts, `tile` the tile at fault."""

    names_place = True

    def __init__(
        self,
        message: Words | str,
        index: int | None = None,
        *,
        player: str | None = None,
        field: str | None = None,
        meld: int | None = None,
        tile: str | None = None,
        hand: int | None = None,
    ) -> None:
        super().__init__(
            message, action=index, player=player, field=field, meld=meld, tile=tile, hand=hand
        )

    @property
    def where(self) -> Words | str | None:
        """The place in words: the hand and the action's number. The message
        itself already names the player, the meld and the tiles."""
        parts: list[Words | str] = []
        if self.hand is not None:
            parts.append(words("hand {hand}", hand=self.hand))
        if self.action is not None:
            parts.append(words("action {action}", action=self.action + 1))
        return joined(parts) or None

    @property
    def index(self) -> int | None:
        """The action's place in a replayed list (the same as `action`)."""
        return self.action


def _tiles_text(value: Any, field: str, meld: int | None = None) -> str:
    """Tiles given as notation text or as a list of tiles or tokens, as text."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, (list, tuple)) and all(isinstance(t, (str, Tile)) for t in value):
        return format_tiles(value)
    raise InvalidAction(
        words('{field} must be tiles written as text, e.g. "b6 b7 b8"', field=field),
        field=field,
        meld=meld,
    )


@dataclass(frozen=True)
class NewMeld:
    """New melds laid from the player's rack in one go. A player's first NewMeld
    is their opening: it must hold every meld of the opening, as it alone must
    reach the variant's opening value."""

    player: str
    melds: tuple[str, ...]
    same_turn: bool = False
    first_round_over: bool = False
    action: ClassVar[ActionKind] = "new_meld"

    def __post_init__(self) -> None:
        # Given as one text, a list of texts, or one meld as a list of tiles.
        melds: Any = [self.melds] if isinstance(self.melds, str) else self.melds
        if isinstance(melds, (list, tuple)) and melds and all(isinstance(m, Tile) for m in melds):
            melds = [melds]  # one meld given as a list of tiles
        if not isinstance(melds, (list, tuple)) or not melds:
            raise InvalidAction(
                words("a new meld needs at least one meld of tiles"),
                field="melds",
                player=self.player,
            )
        object.__setattr__(
            self, "melds", tuple(_tiles_text(m, "melds", i) for i, m in enumerate(melds))
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return _with_turn(
            self, {"action": self.action, "player": self.player, "melds": list(self.melds)}
        )


@dataclass(frozen=True)
class AddTiles:
    """Tiles from the player's rack added to a meld on the table (anyone's)."""

    player: str
    meld_index: int
    tiles: str
    same_turn: bool = False
    first_round_over: bool = False
    action: ClassVar[ActionKind] = "add_tiles"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles_text(self.tiles, "tiles"))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return _with_turn(
            self,
            {
                "action": self.action,
                "player": self.player,
                "meld_index": self.meld_index,
                "tiles": self.tiles,
            },
        )


@dataclass(frozen=True)
class SwapJoker:
    """Real tile(s) from the player's rack replace a joker in a meld; the joker
    goes into a new meld with `new_meld_tiles` (the joker plus the rack tiles
    it is melded with), or, where the variant allows, stays on the player's
    rack (`new_meld_tiles` None)."""

    player: str
    meld_index: int
    tiles: str
    new_meld_tiles: str | None = None
    same_turn: bool = False
    first_round_over: bool = False
    action: ClassVar[ActionKind] = "swap_joker"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _tiles_text(self.tiles, "tiles"))
        if self.new_meld_tiles is not None:
            text = _tiles_text(self.new_meld_tiles, "new_meld_tiles")
            object.__setattr__(self, "new_meld_tiles", text or None)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""
        return _with_turn(
            self,
            {
                "action": self.action,
                "player": self.player,
                "meld_index": self.meld_index,
                "tiles": self.tiles,
                "new_meld_tiles": self.new_meld_tiles,
            },
        )


Action = NewMeld | AddTiles | SwapJoker
ACTIONS: dict[str, type[NewMeld] | type[AddTiles] | type[SwapJoker]] = {
    a.action: a for a in (NewMeld, AddTiles, SwapJoker)
}
_FIELDS: dict[str, set[str]] = {
    "new_meld": {"player", "melds"},
    "add_tiles": {"player", "meld_index", "tiles"},
    "swap_joker": {"player", "meld_index", "tiles"},
}
_TURNS = {"same_turn", "first_round_over"}
_OPTIONAL: dict[str, set[str]] = {
    "new_meld": _TURNS,
    "add_tiles": _TURNS,
    "swap_joker": {*_TURNS, "new_meld_tiles"},
}


def _with_turn(action: Any, data: dict[str, Any]) -> dict[str, Any]:
    for answer in sorted(_TURNS):
        if getattr(action, answer):
            data[answer] = True
    return data


# A refused action's kind is named inside a whole sentence, one per kind: the English (the
# API's) keeps the JSON code as the data says it, and each language names the action in
# its own words around the code (a code is no word an article or an ending fits).
_MISSING: dict[str, Callable[[str], Words]] = {
    "new_meld": lambda field: words("a new_meld action needs {field!r}", field=field),
    "add_tiles": lambda field: words("an add_tiles action needs {field!r}", field=field),
    "swap_joker": lambda field: words("a swap_joker action needs {field!r}", field=field),
}
_UNKNOWN: dict[str, Callable[[str], Words]] = {
    "new_meld": lambda field: words("unknown field {field!r} in a new_meld action", field=field),
    "add_tiles": lambda field: words("unknown field {field!r} in an add_tiles action", field=field),
    "swap_joker": lambda field: words(
        "unknown field {field!r} in a swap_joker action", field=field
    ),
}


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from its JSON data, or raise InvalidAction saying what is wrong."""
    if not isinstance(data, dict) or data.get("action") not in ACTIONS:
        raise InvalidAction(
            words('an action needs "action": one of {actions}', actions=", ".join(ACTIONS)),
            field="action",
        )
    kind = data["action"]
    # `new_turn` said what is now the default (see the module's notes): dropped.
    data = {k: v for k, v in data.items() if k != "new_turn"}
    fields = set(data) - {"action"}
    missing = sorted(_FIELDS[kind] - fields)
    unknown = sorted(fields - _FIELDS[kind] - _OPTIONAL[kind])
    if missing:
        raise InvalidAction(_MISSING[kind](missing[0]), field=missing[0])
    if unknown:
        raise InvalidAction(_UNKNOWN[kind](unknown[0]), field=unknown[0])
    if not isinstance(data["player"], str) or not data["player"].strip():
        raise InvalidAction(words("an action needs the player's name"), field="player")
    if "meld_index" in data and (
        isinstance(data["meld_index"], bool) or not isinstance(data["meld_index"], int)
    ):
        raise InvalidAction(
            words("meld_index must be a whole number (the melds count from 0)"), field="meld_index"
        )
    for answer in sorted(_TURNS):
        if not isinstance(data.get(answer, False), bool):
            raise InvalidAction(
                words("{answer} must be true or false", answer=answer), field=answer
            )
    values = {k: v for k, v in data.items() if k != "action"}
    if kind == "new_meld" and not isinstance(values["melds"], (list, str)):
        raise InvalidAction(words("melds must be a list of melds written as text"), field="melds")
    return ACTIONS[kind](**values)


def actions_from_list(data: Any) -> list[Action]:
    """Rebuild a stored list of actions, naming the first bad one."""
    if not isinstance(data, list):
        raise InvalidAction(words("the table's actions must be a list"))
    result: list[Action] = []
    for i, item in enumerate(data):
        try:
            result.append(action_from_dict(item))
        except InvalidAction as error:
            raise error.about(action=i) from None
    return result


def swap_tiles_hint(swap_meld_with: int | None) -> Words:
    """What a swap's new-meld box takes under the variant's swap rule (`swap_meld_with`):
    the swapped joker and the rack tiles it is melded with at once, or nothing where the
    joker may stay on the swapper's rack."""
    if swap_meld_with is None:
        return words("empty: the joker stays on the rack")
    return words(
        "{joker} and the rack tiles, e.g. {tiles}",
        joker=TileCode(JOKER_TOKEN),
        tiles=TileCode(f"{JOKER_TOKEN} r12 r13"),
    )
