"""Applying one table action: who acts and in which turn, new melds and the
opening, and tiles added to a meld on the table."""

from __future__ import annotations

from ..errors import InvalidMeld
from ..melds import RUN, SET, check_meld, opening_values
from ..table_actions import (
    FIRST_ROUND_OVER,
    SAME_TURN,
    Action,
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
)
from ..tiles import format_tiles, joker_as
from ..words import words
from .state import MeldState, cite_rule, describe, seat_name
from .swaps import SwapsAndSplits, inside, split_refusal


class Apply(SwapsAndSplits):
    """Apply one action to a state in place (the caller owns the state)."""

    def run(self, action: Action) -> None:
        if not isinstance(action, (NewMeld, AddTiles, SwapJoker)):
            raise InvalidAction(words("not a table action: {action!r}", action=action),
                                field="action")
        player = self.player = seat_name(self.players, action.player)
        self.whose_turn(player, action)
        if isinstance(action, NewMeld):
            self.new_meld(player, action)
        elif isinstance(action, AddTiles):
            self.add_tiles(player, action)
        else:
            self.swap_joker(player, action)
        self.s.log.append(tuple(self.notes))

    def whose_turn(self, player: str, action: Action) -> None:
        """Start the action's turn: a later one than the previous action's, unless the
        scorer said it is the same turn (table_actions explains why that is the default)."""
        v, s = self.v, self.s
        if v.first_round_no_melds and not s.first_round_over:
            # Rummy Meld, First Round & Initial Meld: everyone draws and discards once
            # before anybody melds. Asked once, with the hand's first action.
            if not action.first_round_over:
                raise self.refuse(
                    words("{player} cannot touch the table yet: nobody melds in the first round "
                          "({cite_rule}). Once every player has had a turn, tick "
                          "\"{box}\"", player=player, cite_rule=cite_rule(v, "first_round"),
                          box=FIRST_ROUND_OVER), field="first_round_over")
            s.first_round_over = True
        if not action.same_turn:
            s.turn_player, s.turn_is_opening = player, False
        elif s.turn_player is None:
            raise self.refuse(words("nothing was recorded before this action, so it cannot be "
                                    "in the same turn as one: untick \"{SAME_TURN}\"",
                                    SAME_TURN=SAME_TURN), field="same_turn")
        elif s.turn_player != player:
            raise self.refuse(words("the last action was {turn_player}'s, so this cannot be in "
                                    "the same turn for {player}: untick \"{SAME_TURN}\"",
                                    turn_player=s.turn_player, player=player, SAME_TURN=SAME_TURN),
                              field="same_turn")

    def new_meld(self, player: str, action: NewMeld) -> None:
        v, s = self.v, self.s
        opening = not s.opened[player]
        laid, total, parts, has_run = [], 0, [], False
        for i, text in enumerate(action.melds):
            self.reading("melds", i)
            tiles = self.parse(text, player, words("new meld"))
            resolved = self.check(tiles, player, words("new meld"))
            if opening and resolved.jokers and v.opening_joker == "not_allowed":
                raise self.refuse(words("{player}'s opening {tiles} holds a joker: a joker may "
                                        "not be used in the opening ({cite_rule})", player=player,
                                        tiles=format_tiles(tiles),
                                        cite_rule=cite_rule(v, 'opening')), tile="j")
            worth = sum(opening_values(resolved, v))
            total += worth
            has_run = has_run or resolved.kind == RUN
            parts.append(f"{resolved} ({worth})")
            laid.append(resolved)
        self.reading("melds")  # the opening's value is about all its melds together
        if opening:
            if total < v.opening:
                raise self.refuse(
                    words("{player}'s opening counts {total} ({join}): {name} needs at least "
                          "{opening} from the rack in the first meld ({cite_rule}). Enter every "
                          "meld of the opening together, as one new meld", player=player,
                          total=total, join=' + '.join(parts), name=v.name, opening=v.opening,
                          cite_rule=cite_rule(v, 'opening')))
            if v.opening_needs_run and not has_run:
                raise self.refuse(words("{player}'s opening holds no run: {name} needs at least "
                                        "one run in the opening ({cite_rule})", player=player,
                                        name=v.name, cite_rule=cite_rule(v, 'opening')))
        for i, resolved in enumerate(laid):
            self.reading("melds", i)
            index = len(s.melds)
            self.place(list(resolved.tiles))
            meld = MeldState(player, resolved.kind, self.new_slots(resolved.tiles, player, index))
            self.fill(meld, resolved)
            s.melds.append(meld)
            self.complete_set(meld)
        if opening:
            s.opened[player] = True
            s.turn_is_opening = True
            self.notes.insert(0, words("{player} opened with {total}: {join}.", player=player,
                                       total=total, join=', '.join(parts)))
        else:
            self.notes.insert(0, words("{player} melds {join}.", player=player,
                                       join=', '.join(str(r) for r in laid)))

    def add_tiles(self, player: str, action: AddTiles) -> None:
        v = self.v
        meld = self.meld(action.meld_index, player)
        self.must_have_opened(player, words("tiles can be added to the table"), "add")
        self.not_in_opening_turn(player, meld, words("adding to other players' melds is allowed"))
        if meld.stacked:
            raise self.refuse(words("{describe} is complete and has left the table: a set has "
                                    "at most four tiles, one of each colour ({cite_rule})",
                                    describe=describe(meld), cite_rule=cite_rule(v, "melds")),
                              field="meld_index")
        self.reading("tiles")
        added = self.parse(action.tiles, player, words("added tiles"))
        old = [s.tile for s in meld.slots]
        if meld.kind == SET:
            # A joker in a set stands for whichever colour is missing.
            old = [joker_as(None, t.as_number) if t.joker else t for t in old]
        try:
            resolved = check_meld(old + added, v)
            if resolved.kind != meld.kind:
                raise InvalidMeld(words("the set would become a run") if meld.kind == SET
                                  else words("the run would become a set"))
        except InvalidMeld as error:
            if meld.kind == RUN and inside(old, added):
                raise self.refuse(split_refusal(v, player, added, meld)) from None
            hint = ""
            if any(not t.joker and any(o.joker and o.face_number == t.number for o in old)
                   for t in added):
                hint = words("; to replace a joker with the tile it stands for, swap the joker")
            raise self.refuse(
                words("{player} cannot add {tiles} to {describe}: {error}{hint} ({cite_rule})",
                      player=player,
                      tiles=format_tiles(added), describe=describe(meld), error=error, hint=hint,
                      cite_rule=cite_rule(v, 'add')), tile=error.tile) from None
        new_tiles = list(resolved.tiles[len(old):])
        self.place(new_tiles)
        foreign = meld.owner != player
        lying_before = [s for s in meld.slots if s.lying]
        slots = self.new_slots(new_tiles, player, action.meld_index,
                               upside_down=foreign and meld.kind == SET)
        meld.slots.extend(slots)
        self.fill(meld, resolved)  # old slots first, then the new ones, as checked
        added_to = {"player": player, "tiles": format_tiles(new_tiles), "owner": meld.owner}
        self.notes.append(words("{player} adds {tiles} to {owner}'s set.", **added_to)
                          if meld.kind == SET else
                          words("{player} adds {tiles} to {owner}'s run.", **added_to))
        if foreign and meld.kind == RUN:
            self.howarth_split(player, meld, lying_before, slots)
        self.complete_set(meld)
        reals = [sl.tile for sl in slots if sl.joker is None]
        if foreign and meld.kind == SET and not meld.stacked and reals:
            self.notes.append(words("{player}'s {tiles} lies upside down in {owner}'s set: it "
                                    "counts for {player}.", player=player,
                                    tiles=format_tiles(reals), owner=meld.owner))
