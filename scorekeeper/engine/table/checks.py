"""The checks every table action shares: reading tiles, checking melds, counting
copies, finding melds and jokers, and placing tiles on the state."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidMeld, InvalidTile
from ..melds import RUN, SET, check_meld, end_values
from ..table_actions import SAME_TURN, InvalidAction
from ..tiles import Tile, format_tiles, parse_tiles
from ..variants import Variant
from ..words import counted, words
from .state import JokerEvent, JokerState, MeldState, Slot, State, cite_rule


class Step:
    """One action being applied to a state in place (the caller owns the state):
    the checks and placements every kind of action shares."""

    def __init__(self, v: Variant, players: tuple[str, ...], state: State, index: int):
        self.v, self.players, self.s, self.index = v, players, state, index
        self.notes: list[str] = []
        # What the refusals of this action are about: who acts, and the field of the
        # action (and which meld of a new meld) being read when a rule refuses it.
        self.player: str | None = None
        self.field: str | None = None
        self.meld_no: int | None = None

    def refuse(self, message: str, **about: Any) -> InvalidAction:
        """A refusal of this action, about the player and the field being read."""
        place = {"player": self.player, "field": self.field, "meld": self.meld_no}
        return InvalidAction(message, **{**place, **about})

    def reading(self, field: str, meld: int | None = None) -> None:
        """Say which field of the action the next checks read."""
        self.field, self.meld_no = field, meld

    def parse(self, text: str, player: str, what: str) -> list[Tile]:
        try:
            tiles = parse_tiles(text)
        except InvalidTile as error:
            raise self.refuse(f"{player}'s {what}: {error}", tile=error.tile) from None
        if not tiles:
            raise self.refuse(words("{player}'s {what}: no tiles given", player=player,
                                    what=what))
        return tiles

    def check(self, tiles: list[Tile], player: str, what: str):
        try:
            return check_meld(tiles, self.v)
        except InvalidMeld as error:
            raise self.refuse(words("{player}'s {what} {tiles} is not a legal meld: {error} "
                                    "({cite_rule})", player=player, what=what,
                                    tiles=format_tiles(tiles), error=error,
                                    cite_rule=cite_rule(self.v, "melds")),
                              tile=error.tile) from None

    def place(self, tiles: list[Tile]) -> None:
        """Count numbered tiles reaching the table: a set has two of each."""
        for t in tiles:
            if t.joker:
                continue
            self.s.copies[t.key] += 1
            if self.s.copies[t.key] > 2:
                raise self.refuse(words("{tile}: a set has only two, and both are on the table "
                                        "already ({cite_rule})", tile=t,
                                        cite_rule=cite_rule(self.v, 'tiles')), tile=str(t))

    def meld(self, index: int, player: str) -> MeldState:
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.s.melds)):
            # People number the melds from 1, as laid (the stored index counts from 0).
            number = index + 1 if isinstance(index, int) and not isinstance(index, bool) else index
            raise self.refuse(words("{player}: there is no meld {number!r} on the table "
                                    "({count} laid so far, numbered from 1)", player=player,
                                    number=number, count=len(self.s.melds)),
                              field="meld_index", meld=None)
        return self.s.melds[index]

    def must_have_opened(self, player: str, doing: str, topic: str) -> None:
        if not self.s.opened[player]:
            raise self.refuse(words("{player} has not opened yet: {doing} only after opening "
                                    "({cite_rule})", player=player, doing=doing,
                                    cite_rule=cite_rule(self.v, topic)), field="player", meld=None)

    def not_in_opening_turn(self, player: str, meld: MeldState, doing: str) -> None:
        if meld.owner != player and self.s.turn_is_opening:
            # Only reached when the scorer said this is the opening's turn still.
            raise self.refuse(
                words("{player} opened in this turn: {doing} from the next turn on "
                      "({cite_rule}). If {player}'s turn had ended, untick \"{SAME_TURN}\"",
                      player=player, doing=doing, cite_rule=cite_rule(self.v, 'turn'),
                      SAME_TURN=SAME_TURN), field="same_turn", meld=None)

    def take_joker(self, player: str) -> JokerState:
        """The physical joker a player lays from their rack: a joker they took by a
        swap first (the only one the app knows they hold), else one not seen yet."""
        jokers = self.s.jokers
        held = [j for j in jokers if j.holder == player]
        if held:
            joker = held[0]
        elif len(jokers) < 2:
            joker = JokerState(len(jokers) + 1, player)
            jokers.append(joker)
        else:
            # The app cannot see discards: a joker another player kept after a swap
            # may have reached this player's rack through the discard row.
            elsewhere = [j for j in jokers if j.holder is not None]
            if not elsewhere:
                raise self.refuse(words("{player} lays a joker, but both jokers of the set are "
                                        "on the table already ({cite_rule})", player=player,
                                        cite_rule=cite_rule(self.v, 'tiles')), tile="j")
            joker = elsewhere[0]
        joker.holder = None
        return joker

    def joker_by(self, joker: JokerState, placer: str) -> str:
        """Whom a joker on the table counts for: its first melder where the variant
        gives a melded joker a bonus (the credited joker), else whoever placed it."""
        return joker.first_melder if self.v.melded_joker_bonus is not None else placer

    def fill(self, meld: MeldState, resolved) -> None:
        """Give the meld's slots the resolved tiles, ranks and end values."""
        values = end_values(resolved, self.v)
        for slot, tile, rank, value in zip(meld.slots, resolved.tiles, resolved.ranks, values,
                                           strict=True):
            slot.tile, slot.rank, slot.value = tile, rank, value
        if meld.kind == RUN:
            meld.slots.sort(key=lambda s: s.rank)

    def new_slots(self, tiles, player: str, index: int, upside_down: bool = False) -> list[Slot]:
        slots = []
        for t in tiles:
            if t.joker:
                joker = self.take_joker(player)
                joker.meld = index
                joker.events.append(JokerEvent(self.index, player, "melded", index))
                slots.append(Slot(t, self.joker_by(joker, player), joker=joker.number))
            else:
                slots.append(Slot(t, player, upside_down=upside_down))
        return slots

    def complete_set(self, meld: MeldState) -> None:
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
        counts[0] = counted("{first} stacks {n} tile", "{first} stacks {n} tiles", first=first,
                            n=int(n))
        detail = "; ".join(f"{p}: {format_tiles(ts)}" for p, ts in supplied.items())
        self.notes.append(words("Set of {number}s complete: {join} ({detail}); the set leaves "
                                "the table.", number=meld.slots[0].tile.number,
                                join=', '.join(counts), detail=detail))
