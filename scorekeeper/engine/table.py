"""Table mode: follow one hand's melds as they are laid, with joker histories
and Hilary Howarth's bookkeeping (Romanian tile rummy, scoring section).

A `Table` is rebuilt by replaying the hand's actions (`table_actions`) under a
variant and the players in seat order. It keeps two views of the table:

- the logical table: every meld with all its tiles and who supplied each one,
  which is what the hand format's "melds" hold (`to_melds`) and what
  `exact_melded_value` counts;
- the physical table, as Howarth's method leaves it: each player's meld area
  (the tiles still lying there), their stack, and points still owed, which is
  what `count` adds up. The two always agree; that is what the method is for.

What the app cannot know it does not pretend to know: whose turn it is, which
tile was drawn or discarded, what is on a rack. So it does not check the
Romanian discard-row options, "no melds in the first round" (Rummy Meld), the
one-or-two-tiles-left rules, or that a tile came from the player's rack rather
than the discards.

Turns. Consecutive actions of one player are taken as one turn unless an action
says `new_turn`; an action by anyone else always starts a new turn. The opening
is one `NewMeld` action holding every meld of it, so it is checked at once and
exactly (an opening entered meld by meld would only be checkable when the turn
ends, which the app cannot see). In the turn of their opening a player may lay
further melds and add to their own melds, but may not add to other players'
melds or take their jokers (Romanian tile rummy, The Play).

Not modelled: splitting or rearranging melds. Romanian tile rummy and Rummy
Meld do not allow it, and table mode is offered only for the variants that
score melded value; Rummikub-style manipulation belongs to variants scored by
the racks alone. A tile put inside a run (which only a split could take) is
refused with the rule that forbids it: never in Romanian tile rummy and Rummy
Meld, never for a meld holding a joker in the card-faced and leaflet rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from .checks import has_rule
from .errors import InvalidMeld, InvalidTile
from .hands import read_hand
from .howarth import split_run
from .melds import RUN, SET, check_meld, end_values, opening_values
from .scoring import HandResult, score_hand
from .sources import cite, ruling
from .table_actions import (
    Action,
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    action_from_dict,
    actions_from_list,
)
from .tiles import COLOURS, Tile, format_tiles, joker_as, parse_tiles
from .variants import PRESETS, Variant

__all__ = [
    "AddTiles", "AreaMeld", "AreaTile", "InvalidAction", "JokerEvent", "JokerHistory",
    "LaidMeld", "NewMeld", "SwapJoker", "Table", "action_from_dict", "actions_from_list",
    "hand_record", "replay", "score_table",
]

# Where each rule of table mode sits in each source (spelled as reference.py does).
SECTIONS: dict[str, dict[str, str]] = {
    "romanian": {"tiles": "introduction", "melds": "The Play", "opening": "The Play",
                 "add": "The Play", "swap": "The Play, options 5-7", "turn": "The Play",
                 "split": "The Play"},
    "rummy-meld": {"tiles": "Game Setup & Tiles", "melds": "Valid Combinations",
                   "opening": "Initial Meld Requirements", "add": "Layoff (Adding to Board)",
                   "swap": "Jolly Swap", "split": "Layoff (Adding to Board)"},
    "rummikub": {"tiles": "Contents", "melds": "Playing the Game",
                 "opening": "Playing the Game", "add": "Playing the Game", "swap": "The Joker"},
    "tile-rummy": {"tiles": "Rummy (first paragraph)", "melds": "Groups and Runs",
                   "opening": "The Game", "add": "The Game", "swap": "Groups and Runs",
                   "split": "Groups and Runs"},
    "rummy-cards": {"tiles": "Contents of the Game", "melds": "Sets",
                    "opening": "Opening the game", "add": "Manipulating", "swap": "The Joker",
                    "split": "The Joker"},
}


def _cite(v: Variant, topic: str) -> str:
    """Source and section of a table rule for this variant, or the ruling behind it."""
    if topic == "turn" and v.source != "romanian":
        return ruling("no adding to other players' melds or taking their jokers in the turn "
                      "of one's opening, as in Romanian tile rummy")
    section = SECTIONS.get(v.source, {}).get(topic)
    return cite(v.source, section) if section else ruling(f"table mode ({topic})")


@dataclass(frozen=True)
class _SwapRules:
    """How a joker swap works: the variants differ and the Variant has no field for it."""

    remeld_rack_tiles: int | None  # the joker must be melded at once with this many rack tiles
    reswap: bool  # a joker swapped before may be swapped again
    whole_set: bool  # in a set, the joker is taken only by every missing colour at once


def _swap_rules(v: Variant) -> _SwapRules:
    if v.source == "rummy-meld":
        # Rummy Meld, Jolly Swap: the Jolly goes to the swapper's hand; once only.
        return _SwapRules(remeld_rack_tiles=None, reswap=False, whole_set=False)
    # Romanian tile rummy, The Play, options 5-7; also the default elsewhere.
    return _SwapRules(remeld_rack_tiles=2, reswap=True, whole_set=True)


# --- Public views -------------------------------------------------------------


@dataclass(frozen=True)
class JokerEvent:
    """One step of a joker's history: melded (from a rack) or swapped out of a meld."""

    action: int  # index of the action in the hand's list
    player: str
    kind: str  # "melded" | "swapped"
    meld_index: int  # the meld it was melded into, or swapped out of (from 0; "meld 1" in words)
    replaced_by: tuple[Tile, ...] = ()
    to_meld: int | None = None  # swapped: the meld it went into; None: kept on the rack

    def __str__(self) -> str:
        if self.kind == "melded":
            return f"melded by {self.player} in meld {self.meld_index + 1}"
        where = ("kept on the rack" if self.to_meld is None
                 else f"melded in meld {self.to_meld + 1}")
        return (f"swapped by {self.player} for {format_tiles(self.replaced_by)} out of meld "
                f"{self.meld_index + 1}, {where}")


@dataclass(frozen=True)
class JokerHistory:
    """A physical joker: who first melded it, everything that happened to it, where it is."""

    number: int  # 1 or 2, in the order the jokers first reached the table
    first_melder: str
    events: tuple[JokerEvent, ...]
    meld_index: int | None  # the meld it lies in now, or None
    holder: str | None  # the player holding it on their rack after a swap, or None
    swapped: bool

    def __str__(self) -> str:
        return f"Joker {self.number}: " + "; ".join(str(e) for e in self.events)


@dataclass(frozen=True)
class AreaTile:
    """A tile lying in a player's meld area, and whom it counts for. Upside-down
    tiles (a joker's replacement, or a tile added to another player's set) count
    for the player who supplied them, a joker for the player credited with it,
    every other tile for the area's owner."""

    tile: Tile
    counts_for: str
    value: int
    upside_down: bool = False


@dataclass(frozen=True)
class AreaMeld:
    """A meld as it physically lies in its owner's area."""

    meld_index: int
    kind: str
    tiles: tuple[AreaTile, ...]
    text: str  # as it lies, "b6 ... b10" where middle tiles were taken

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class LaidMeld:
    """A meld of the logical table: all its tiles, who supplied each, whose area
    it lies in, and whether it has left the table as a complete set."""

    meld_index: int
    owner: str
    kind: str
    tiles: tuple[Tile, ...]
    by: tuple[str, ...]
    stacked: bool
    jokers: tuple[int | None, ...] = ()  # per tile: which physical joker (1 or 2), or None


# --- Internal state -------------------------------------------------------------


@dataclass
class _Slot:
    tile: Tile  # resolved: a joker says what it stands for
    by: str  # who supplied it; for a joker, who it counts for (see _joker_by)
    rank: int = 0
    value: int = 0
    joker: int | None = None  # the physical joker (1 or 2)
    lying: bool = True  # still in the owner's meld area
    upside_down: bool = False  # counts for `by`, not for the area's owner


@dataclass
class _Meld:
    owner: str
    kind: str
    slots: list[_Slot]
    stacked: bool = False


@dataclass
class _Joker:
    number: int
    first_melder: str
    events: list[JokerEvent] = field(default_factory=list)
    meld: int | None = None
    holder: str | None = None
    swapped: bool = False


@dataclass
class _State:
    melds: list[_Meld]
    jokers: list[_Joker]
    stacks: dict[str, list[tuple[Tile, int]]]
    owed: dict[str, int]
    opened: dict[str, bool]
    copies: Counter
    turn_player: str | None = None
    turn_is_opening: bool = False
    log: list[tuple[str, ...]] = field(default_factory=list)

    def copy(self) -> _State:
        return _State(
            melds=[_Meld(m.owner, m.kind, [replace(s) for s in m.slots], m.stacked)
                   for m in self.melds],
            jokers=[replace(j, events=list(j.events)) for j in self.jokers],
            stacks={p: list(s) for p, s in self.stacks.items()},
            owed=dict(self.owed),
            opened=dict(self.opened),
            copies=Counter(self.copies),
            turn_player=self.turn_player,
            turn_is_opening=self.turn_is_opening,
            log=list(self.log),
        )


# --- The table ------------------------------------------------------------------


class Table:
    """One hand's table, rebuilt from its actions. A Table never changes:
    `apply`, `replay` and `undo` return a new one."""

    def __init__(self, variant: Variant, players: list[str] | tuple[str, ...],
                 actions: tuple[Action, ...] = (), _state: _State | None = None):
        if variant.scoring != "melded":
            raise InvalidAction(
                f"table mode follows the tiles each player puts on the table, and {variant.name} "
                f"scores only the racks: use the quick tally for it "
                f"({ruling('table mode is for variants that score melded value')})")
        names = [p.strip() if isinstance(p, str) else p for p in players]
        if any(not isinstance(n, str) or not n for n in names):
            raise InvalidAction("every player needs a name")
        if len({n.casefold() for n in names}) != len(names):
            raise InvalidAction("two players have the same name")
        if not variant.min_players <= len(names) <= variant.max_players:
            raise InvalidAction(f"{variant.name} is played by {variant.min_players} to "
                                f"{variant.max_players} players, not {len(names)}")
        self.variant = variant
        self.players = tuple(names)
        self.actions = tuple(actions)
        self._state = _state if _state is not None else _State(
            melds=[], jokers=[], stacks={n: [] for n in names}, owed=dict.fromkeys(names, 0),
            opened=dict.fromkeys(names, False), copies=Counter())

    # -- building --

    def apply(self, action: Action | dict) -> Table:
        """The table after one more action, or InvalidAction saying which rule refuses it."""
        if isinstance(action, dict):
            action = action_from_dict(action)
        state = self._state.copy()
        _Apply(self.variant, self.players, state, len(self.actions)).run(action)
        return Table(self.variant, self.players, (*self.actions, action), state)

    def replay(self, actions: list[Action | dict]) -> Table:
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
                     tuple(AreaTile(s.tile, _credit(m, s), s.value, s.upside_down)
                           for s in m.slots if s.lying),
                     _lying_text([(s.rank, s.tile) for s in m.slots if s.lying], m.kind))
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
                    for s in m.slots if s.lying and _credit(m, s) == name)
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
        return _seat_name(self.players, player)


def replay(variant: Variant, players: list[str] | tuple[str, ...],
           actions: list[Action | dict]) -> Table:
    """Build a hand's table from its actions in order. A refused action raises
    InvalidAction naming its place in the list."""
    start = Table(variant, players)
    state = start._state
    done: list[Action] = []
    for i, action in enumerate(actions):
        try:
            if isinstance(action, dict):
                action = action_from_dict(action)
            _Apply(variant, start.players, state, i).run(action)
        except InvalidAction as error:
            raise InvalidAction(error.detail, i) from None
        done.append(action)
    return Table(variant, start.players, tuple(done), state)


def _seat_name(players: tuple[str, ...], player: str) -> str:
    if isinstance(player, str):
        for name in players:
            if name.casefold() == player.strip().casefold():
                return name
    raise InvalidAction(f"{player!r} is not a player of this hand ({', '.join(players)})")


def _credit(meld: _Meld, slot: _Slot) -> str:
    """Whom a lying tile counts for in Howarth's count."""
    if slot.joker is not None or slot.upside_down:
        return slot.by
    return meld.owner


def _lying_text(ranked: list[tuple[int, Tile]], kind: str = RUN) -> str:
    """A meld as it lies; a run with "..." where middle tiles were taken: "b6 ... b10"."""
    parts: list[str] = []
    previous = None
    for rank, tile in ranked:
        if kind == RUN and previous is not None and rank > previous + 1:
            parts.append("...")
        parts.append(str(tile))
        previous = rank
    return " ".join(parts)


def _inside(run: list[Tile], added: list[Tile]) -> bool:
    """Whether an added tile repeats a number of the run: it could only go in by
    splitting the run in two."""
    numbers = {t.number for t in run if not t.joker}
    return any(not t.joker and t.number in numbers for t in added)


def _split_refusal(v: Variant, player: str, added: list[Tile], meld: _Meld) -> str:
    """Why tiles cannot go inside a run: melds are not split here."""
    start = (f"{player} cannot put {format_tiles(added)} inside {_describe(meld)}: that would "
             "split the run")
    if v.source in ("romanian", "rummy-meld"):
        # Romanian tile rummy, The Play: tiles extend melds, and no tile may be in two melds.
        return (f"{start}, and melds are never split or rearranged; tiles are added at a "
                f"run's ends ({_cite(v, 'split')})")
    if any(s.joker is not None for s in meld.slots) and v.source != "rummikub":
        return (f"{start}, and a meld holding a joker may not be split or rearranged "
                f"({_cite(v, 'split')})")
    return (f"{start}; table mode follows melds as they are laid and does not follow "
            f"splitting or rearranging them: record this hand with the quick tally "
            f"({ruling('table mode does not follow rearranged melds')})")


def _describe(meld: _Meld) -> str:
    """A meld in words: "Bo's run b6 b7 b8"."""
    return f"{meld.owner}'s {meld.kind} {format_tiles(s.tile for s in meld.slots)}"


_RELAXED: dict[Variant, Variant] = {}


def _relaxed(v: Variant) -> Variant:
    """The variant without joker limits, for split_run: upside-down tiles are
    passed to it as jokers so that it never takes them."""
    if v not in _RELAXED:
        _RELAXED[v] = v.changed(joker_ratio_runs=False, joker_ratio_sets=False,
                                adjacent_jokers=True, max_jokers_per_meld=None)
    return _RELAXED[v]


# --- Applying one action ----------------------------------------------------------


class _Apply:
    """Apply one action to a state in place (the caller owns the state)."""

    def __init__(self, v: Variant, players: tuple[str, ...], state: _State, index: int):
        self.v, self.players, self.s, self.index = v, players, state, index
        self.notes: list[str] = []

    def run(self, action: Action) -> None:
        if not isinstance(action, (NewMeld, AddTiles, SwapJoker)):
            raise InvalidAction(f"not a table action: {action!r}")
        player = _seat_name(self.players, action.player)
        s = self.s
        if s.turn_player != player or action.new_turn:
            s.turn_player, s.turn_is_opening = player, False
        if isinstance(action, NewMeld):
            self.new_meld(player, action)
        elif isinstance(action, AddTiles):
            self.add_tiles(player, action)
        else:
            self.swap_joker(player, action)
        s.log.append(tuple(self.notes))

    # -- shared checks --

    def parse(self, text: str, player: str, what: str) -> list[Tile]:
        try:
            tiles = parse_tiles(text)
        except InvalidTile as error:
            raise InvalidAction(f"{player}'s {what}: {error}") from None
        if not tiles:
            raise InvalidAction(f"{player}'s {what}: no tiles given")
        return tiles

    def check(self, tiles: list[Tile], player: str, what: str):
        try:
            return check_meld(tiles, self.v)
        except InvalidMeld as error:
            raise InvalidAction(f"{player}'s {what} {format_tiles(tiles)} is not a legal meld: "
                                f"{error} ({_cite(self.v, 'melds')})") from None

    def place(self, tiles: list[Tile]) -> None:
        """Count numbered tiles reaching the table: a set has two of each."""
        for t in tiles:
            if t.joker:
                continue
            self.s.copies[t.key] += 1
            if self.s.copies[t.key] > 2:
                raise InvalidAction(f"{t}: a set has only two, and both are on the table "
                                    f"already ({_cite(self.v, 'tiles')})")

    def meld(self, index: int, player: str) -> _Meld:
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.s.melds)):
            raise InvalidAction(f"{player}: there is no meld {index!r} on the table "
                                f"(meld_index counts from 0; {len(self.s.melds)} laid so far)")
        return self.s.melds[index]

    def must_have_opened(self, player: str, doing: str, topic: str) -> None:
        if not self.s.opened[player]:
            raise InvalidAction(f"{player} has not opened yet: {doing} only after opening "
                                f"({_cite(self.v, topic)})")

    def not_in_opening_turn(self, player: str, meld: _Meld, doing: str) -> None:
        if meld.owner != player and self.s.turn_is_opening:
            raise InvalidAction(
                f"{player} opened in this turn: {doing} from the next turn on "
                f"({_cite(self.v, 'turn')}). If this is a later turn of {player}'s, "
                "mark the action as a new turn")

    def take_joker(self, player: str) -> _Joker:
        """The physical joker a player lays from their rack: a joker they took by a
        swap first (the only one the app knows they hold), else one not seen yet."""
        jokers = self.s.jokers
        held = [j for j in jokers if j.holder == player]
        if held:
            joker = held[0]
        elif len(jokers) < 2:
            joker = _Joker(len(jokers) + 1, player)
            jokers.append(joker)
        else:
            # The app cannot see discards: a joker another player kept after a swap
            # may have reached this player's rack through the discard row.
            elsewhere = [j for j in jokers if j.holder is not None]
            if not elsewhere:
                raise InvalidAction(f"{player} lays a joker, but both jokers of the set are "
                                    f"on the table already ({_cite(self.v, 'tiles')})")
            joker = elsewhere[0]
        joker.holder = None
        return joker

    def joker_by(self, joker: _Joker, placer: str) -> str:
        """Whom a joker on the table counts for: its first melder where the variant
        gives a melded joker a bonus (the credited joker), else whoever placed it."""
        return joker.first_melder if self.v.melded_joker_bonus is not None else placer

    def fill(self, meld: _Meld, resolved) -> None:
        """Give the meld's slots the resolved tiles, ranks and end values."""
        values = end_values(resolved, self.v)
        for slot, tile, rank, value in zip(meld.slots, resolved.tiles, resolved.ranks, values,
                                           strict=True):
            slot.tile, slot.rank, slot.value = tile, rank, value
        if meld.kind == RUN:
            meld.slots.sort(key=lambda s: s.rank)

    def new_slots(self, tiles, player: str, index: int, upside_down: bool = False) -> list[_Slot]:
        slots = []
        for t in tiles:
            if t.joker:
                joker = self.take_joker(player)
                joker.meld = index
                joker.events.append(JokerEvent(self.index, player, "melded", index))
                slots.append(_Slot(t, self.joker_by(joker, player), joker=joker.number))
            else:
                slots.append(_Slot(t, player, upside_down=upside_down))
        return slots

    def complete_set(self, meld: _Meld) -> None:
        """Howarth: a set of four without a joker leaves the table, and each
        contributor stacks the tiles they supplied."""
        if meld.kind != SET or len(meld.slots) < 4 or any(s.joker for s in meld.slots):
            return
        meld.stacked = True
        supplied: dict[str, list[Tile]] = {}
        for slot in meld.slots:
            slot.lying = False
            self.s.stacks[slot.by].append((slot.tile, slot.value))
            supplied.setdefault(slot.by, []).append(slot.tile)
        counts = [f"{p} {len(ts)}" for p, ts in supplied.items()]
        first, n = counts[0].rsplit(" ", 1)
        counts[0] = f"{first} stacks {n} tile{'' if n == '1' else 's'}"
        detail = "; ".join(f"{p}: {format_tiles(ts)}" for p, ts in supplied.items())
        self.notes.append(f"Set of {meld.slots[0].tile.number}s complete: "
                          f"{', '.join(counts)} ({detail}); the set leaves the table.")

    # -- the actions --

    def new_meld(self, player: str, action: NewMeld) -> None:
        v, s = self.v, self.s
        opening = not s.opened[player]
        laid, total, parts, has_run = [], 0, [], False
        for text in action.melds:
            tiles = self.parse(text, player, "new meld")
            resolved = self.check(tiles, player, "new meld")
            if opening and resolved.jokers and v.opening_joker == "not_allowed":
                raise InvalidAction(f"{player}'s opening {format_tiles(tiles)} holds a joker: "
                                    f"a joker may not be used in the opening "
                                    f"({_cite(v, 'opening')})")
            worth = sum(opening_values(resolved, v))
            total += worth
            has_run = has_run or resolved.kind == RUN
            parts.append(f"{resolved} ({worth})")
            laid.append(resolved)
        if opening:
            if total < v.opening:
                raise InvalidAction(
                    f"{player}'s opening counts {total} ({' + '.join(parts)}): {v.name} needs "
                    f"at least {v.opening} from the rack in the first meld "
                    f"({_cite(v, 'opening')}). Enter every meld of the opening together, as "
                    "one new meld")
            if v.opening_needs_run and not has_run:
                raise InvalidAction(f"{player}'s opening holds no run: {v.name} needs at least "
                                    f"one run in the opening ({_cite(v, 'opening')})")
        for resolved in laid:
            index = len(s.melds)
            self.place(list(resolved.tiles))
            meld = _Meld(player, resolved.kind, self.new_slots(resolved.tiles, player, index))
            self.fill(meld, resolved)
            s.melds.append(meld)
            self.complete_set(meld)
        if opening:
            s.opened[player] = True
            s.turn_is_opening = True
            self.notes.insert(0, f"{player} opened with {total}: {', '.join(parts)}.")
        else:
            self.notes.insert(0, f"{player} melds {', '.join(str(r) for r in laid)}.")

    def add_tiles(self, player: str, action: AddTiles) -> None:
        v = self.v
        meld = self.meld(action.meld_index, player)
        self.must_have_opened(player, "tiles can be added to the table", "add")
        self.not_in_opening_turn(player, meld, "adding to other players' melds is allowed")
        if meld.stacked:
            raise InvalidAction(f"{_describe(meld)} is complete and has "
                                "left the table: a set has at most four tiles, one of each "
                                f"colour ({_cite(v, 'melds')})")
        added = self.parse(action.tiles, player, "added tiles")
        old = [s.tile for s in meld.slots]
        if meld.kind == SET:
            # A joker in a set stands for whichever colour is missing.
            old = [joker_as(None, t.as_number) if t.joker else t for t in old]
        try:
            resolved = check_meld(old + added, v)
            if resolved.kind != meld.kind:
                raise InvalidMeld(f"the {meld.kind} would become a {resolved.kind}")
        except InvalidMeld as error:
            if meld.kind == RUN and _inside(old, added):
                raise InvalidAction(_split_refusal(v, player, added, meld)) from None
            hint = ""
            if any(not t.joker and any(o.joker and o.face_number == t.number for o in old)
                   for t in added):
                hint = "; to replace a joker with the tile it stands for, swap the joker"
            raise InvalidAction(
                f"{player} cannot add {format_tiles(added)} to "
                f"{_describe(meld)}: {error}{hint} "
                f"({_cite(v, 'add')})") from None
        new_tiles = list(resolved.tiles[len(old):])
        self.place(new_tiles)
        foreign = meld.owner != player
        lying_before = [s for s in meld.slots if s.lying]
        slots = self.new_slots(new_tiles, player, action.meld_index,
                               upside_down=foreign and meld.kind == SET)
        meld.slots.extend(slots)
        self.fill(meld, resolved)  # old slots first, then the new ones, as checked
        self.notes.append(f"{player} adds {format_tiles(new_tiles)} to "
                          f"{meld.owner}'s {meld.kind}.")
        if foreign and meld.kind == RUN:
            self.howarth_split(player, meld, lying_before, slots)
        self.complete_set(meld)
        reals = [sl.tile for sl in slots if sl.joker is None]
        if foreign and meld.kind == SET and not meld.stacked and reals:
            self.notes.append(f"{player}'s {format_tiles(reals)} lies upside down in "
                              f"{meld.owner}'s set: it counts for {player}.")

    def howarth_split(self, player: str, meld: _Meld, lying: list[_Slot],
                      added: list[_Slot]) -> None:
        """Howarth: the adder takes middle tiles worth what they added into their
        stack, leaving the run's ends in the owner's area; the rest is owed."""
        def for_split(slot: _Slot) -> Tile:
            if slot.upside_down:  # never taken: it goes back to its supplier
                return joker_as(slot.tile.colour, slot.tile.number)
            return slot.tile
        lying = sorted(lying, key=lambda sl: sl.rank)
        # The meld was checked whole, so each added ace's rank says which end it took.
        ace = "high" if any(sl.rank >= 14 for sl in added) else "low"
        split = split_run([for_split(sl) for sl in lying], [sl.tile for sl in added],
                          _relaxed(self.v), ace=ace)
        numbers = {t.number for t in split.take}
        taken = [sl for sl in lying + added
                 if sl.joker is None and not sl.upside_down and sl.tile.number in numbers]
        for slot in taken:
            slot.lying = False
            self.s.stacks[player].append((slot.tile, slot.value))
        s = self.s
        s.owed[player] += split.owed
        s.owed[meld.owner] -= split.owed
        shows = _lying_text([(sl.rank, sl.tile) for sl in meld.slots if sl.lying])
        taken_text = format_tiles(sl.tile for sl in taken)
        if taken:
            text = f"{player} takes {taken_text} into their stack; "
        else:
            text = f"{player} takes nothing into their stack; "
        text += f"{meld.owner}'s run shows {shows}."
        if split.owed:
            text += (f" No middle tiles make exactly {split.added_value}: {meld.owner} owes "
                     f"{player} {split.owed} points.")
        self.notes.append(text)

    def swap_joker(self, player: str, action: SwapJoker) -> None:
        v, s, rules = self.v, self.s, _swap_rules(self.v)
        meld = self.meld(action.meld_index, player)
        self.must_have_opened(player, "a joker can be taken from the table", "swap")
        self.not_in_opening_turn(player, meld, "taking another player's joker is allowed")
        described = _describe(meld)
        joker_slots = [sl for sl in meld.slots if sl.joker is not None]
        if not joker_slots:
            raise InvalidAction(f"{described} holds no joker to swap")
        tiles = self.parse(action.tiles, player, "replacing tiles")
        if any(t.joker for t in tiles):
            raise InvalidAction(f"{player}: a joker is replaced by numbered tiles, not by a "
                                f"joker ({_cite(v, 'swap')})")
        if meld.kind == RUN:
            if len(tiles) != 1:
                raise InvalidAction(f"{player}: a joker in a run is replaced by exactly the one "
                                    f"tile it stands for ({_cite(v, 'swap')})")
            wanted = tiles[0]
            matches = [sl for sl in joker_slots if sl.tile.as_colour == wanted.colour
                       and sl.tile.as_number == wanted.number]
            if not matches:
                stands = " and ".join(f"{sl.tile.as_colour}{sl.tile.as_number}"
                                      for sl in joker_slots)
                raise InvalidAction(f"{player}: the joker in {described} stands for {stands}, "
                                    f"not {wanted} ({_cite(v, 'swap')})")
            slot = matches[0]
        else:
            slot = joker_slots[0]
        joker = s.jokers[slot.joker - 1]
        if joker.swapped and not rules.reswap:
            raise InvalidAction(f"{player}: the joker in {described} was swapped before, and "
                                f"a previously-swapped joker cannot be swapped again "
                                f"({_cite(v, 'swap')})")
        if meld.kind == SET:
            self.check_set_swap(player, meld, tiles, described, rules)
        self.place(tiles)
        meld.slots.remove(slot)
        upside_down = meld.owner != player
        for t in tiles:
            meld.slots.append(_Slot(t, player, upside_down=upside_down))
        self.fill(meld, check_meld([sl.tile for sl in meld.slots], v))
        joker.swapped, joker.meld = True, None
        self.notes.append(
            f"{player} puts {format_tiles(tiles)} in {meld.owner}'s {meld.kind} in place of "
            f"the joker" + (f" (upside down: it counts for {player})." if upside_down else "."))
        self.complete_set(meld)
        to_meld = self.remeld_joker(player, action, joker, rules)
        joker.events.append(JokerEvent(self.index, player, "swapped", action.meld_index,
                                       tuple(tiles), to_meld))

    def check_set_swap(self, player: str, meld: _Meld, tiles: list[Tile], described: str,
                       rules: _SwapRules) -> None:
        v = self.v
        reals = [sl.tile for sl in meld.slots if sl.joker is None]
        number = reals[0].number
        missing = [c for c in COLOURS if c not in {t.colour for t in reals}]
        for t in tiles:
            if t.number != number or t.colour not in missing:
                raise InvalidAction(f"{player}: the joker in {described} can be replaced only "
                                    f"by a missing colour of the {number}s "
                                    f"({', '.join(f'{c}{number}' for c in missing)}), not {t} "
                                    f"({_cite(v, 'swap')})")
        if len({t.colour for t in tiles}) != len(tiles):
            raise InvalidAction(f"{player}: {format_tiles(tiles)} repeats a colour; a set "
                                f"needs different colours ({_cite(v, 'melds')})")
        if rules.whole_set and len(tiles) < len(missing):
            raise InvalidAction(
                f"{player}: with only {format_tiles(tiles)} of the missing "
                f"{' and '.join(f'{c}{number}' for c in missing)} the joker cannot be taken; "
                f"add {format_tiles(tiles)} to the set instead, and the joker can later be "
                f"taken by the last missing colour ({_cite(v, 'swap')})")
        if not rules.whole_set and len(tiles) != 1:
            raise InvalidAction(f"{player}: a joker is replaced by the one tile it stands for "
                                f"({_cite(v, 'swap')})")

    def remeld_joker(self, player: str, action: SwapJoker, joker: _Joker,
                     rules: _SwapRules) -> int | None:
        """Put the swapped joker into the swapper's new meld, or on their rack."""
        v, s = self.v, self.s
        if action.new_meld_tiles is None:
            if rules.remeld_rack_tiles is not None:
                raise InvalidAction(
                    f"{player} must meld the joker at once with {rules.remeld_rack_tiles} "
                    f"tiles from the rack, in a new set or run ({_cite(v, 'swap')})")
            joker.holder = player
            self.notes.append(f"{player} keeps the joker on the rack: there it counts "
                              f"{v.rack_swapped_joker} against {player}.")
            return None
        tiles = self.parse(action.new_meld_tiles, player, "new meld with the joker")
        others = [t for t in tiles if not t.joker]
        if len(tiles) - len(others) != 1:
            raise InvalidAction(f"{player}'s new meld {format_tiles(tiles)} must hold the "
                                f"swapped joker and only it ({_cite(v, 'swap')})")
        wanted = rules.remeld_rack_tiles
        if (wanted is not None and len(others) != wanted) or len(others) < 2:
            amount = f"exactly {wanted}" if wanted is not None else "at least 2"
            raise InvalidAction(f"{player} must meld the joker with {amount} tiles from the "
                                f"rack, not {len(others)} ({_cite(v, 'swap')})")
        resolved = self.check(tiles, player, "new meld with the joker")
        self.place(others)
        index = len(s.melds)
        slots = []
        for t in resolved.tiles:
            if t.joker:
                joker.meld = index
                slots.append(_Slot(t, self.joker_by(joker, player), joker=joker.number))
            else:
                slots.append(_Slot(t, player))
        new = _Meld(player, resolved.kind, slots)
        self.fill(new, resolved)
        s.melds.append(new)
        self.notes.append(f"{player} melds the joker in a new {resolved.kind} {resolved}"
                          + (f"; it still counts for {joker.first_melder}."
                             if v.melded_joker_bonus is not None else "."))
        self.complete_set(new)
        return index


# --- End of hand ------------------------------------------------------------------


def hand_record(table: Table, racks: dict[str, str], went_out: str | None = None,
                finish: str | None = None, all_at_once: bool | None = None,
                declared: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The full hand in the JSON hand format, from the table and the racks.

    `racks` gives each player's tiles left (the notation; missing means none).
    `all_at_once` is inferred when not given: the player who went out laid every
    tile in the turn of their opening. A joker the player kept after a swap counts
    as swapped if a joker is still on their rack (the app cannot see whether it
    was discarded in the meantime)."""
    v = table.variant
    players = []
    out = _seat_name(table.players, went_out) if went_out is not None else None
    for name in table.players:
        rack = racks.get(name, "")
        entry: dict[str, Any] = {"name": name, "rack": rack}
        jokers_on_rack = sum(t.joker for t in _rack_tiles(rack))
        swapped = min(table.swapped_jokers(name), jokers_on_rack)
        if swapped and has_rule(v, "swapped_jokers"):
            entry["swapped_jokers"] = swapped
        if name == out:
            entry["went_out"] = True
            if finish is not None:
                entry["finish"] = finish
            at_once = all_at_once
            if at_once is None:
                state = table._state
                at_once = state.turn_player == name and state.turn_is_opening
            if at_once and has_rule(v, "all_at_once"):
                entry["all_at_once"] = True
        if declared and declared.get(name):
            entry["declared"] = list(declared[name])
        players.append(entry)
    variant: Any = v.id if PRESETS.get(v.id) == v else v.to_dict()
    return {"variant": variant, "players": players, "melds": table.to_melds()}


def _rack_tiles(rack: str) -> list[Tile]:
    try:
        return parse_tiles(rack, in_meld=False)
    except InvalidTile:
        return []  # read_hand will refuse it with the player's name


def score_table(table: Table, racks: dict[str, str], **end: Any) -> HandResult:
    """Score the hand from the table exactly as any other hand: through the hand format."""
    return score_hand(read_hand(hand_record(table, racks, **end)))
