"""Joker swaps and Howarth's split of a run another player adds to
(Romanian tile rummy, The Play, options 5-7, and the scoring section)."""

from __future__ import annotations

from ..howarth import split_run
from ..melds import RUN, SET, check_meld
from ..sources import ruling, scorekeeper_ruling
from ..table_actions import SwapJoker
from ..tiles import COLOURS, Tile, format_tiles, joker_as
from ..variants import Variant
from .checks import Step
from .state import JokerEvent, JokerState, MeldState, Slot, cite_rule, describe, lying_text


def inside(run: list[Tile], added: list[Tile]) -> bool:
    """Whether an added tile repeats a number of the run: it could only go in by
    splitting the run in two."""
    numbers = {t.number for t in run if not t.joker}
    return any(not t.joker and t.number in numbers for t in added)


def split_refusal(v: Variant, player: str, added: list[Tile], meld: MeldState) -> str:
    """Why tiles cannot go inside a run: melds are not split here."""
    start = (f"{player} cannot put {format_tiles(added)} inside {describe(meld)}: that would "
             "split the run")
    if v.split_melds == "never":
        # Romanian tile rummy, The Play: tiles extend melds, and no tile may be in two melds.
        return (f"{start}, and melds are never split or rearranged; tiles are added at a "
                f"run's ends ({cite_rule(v, 'split')})")
    if any(s.joker is not None for s in meld.slots) and v.split_melds == "without_joker":
        return (f"{start}, and a meld holding a joker may not be split or rearranged "
                f"({cite_rule(v, 'split')})")
    return (f"{start}; table mode follows melds as they are laid and does not follow "
            f"splitting or rearranging them: record this hand with the quick tally "
            f"({ruling(scorekeeper_ruling('rearranged').about)})")


_RELAXED: dict[Variant, Variant] = {}


def relaxed(v: Variant) -> Variant:
    """The variant without joker limits, for split_run: upside-down tiles are
    passed to it as jokers so that it never takes them."""
    if v not in _RELAXED:
        _RELAXED[v] = v.changed(joker_ratio_runs=False, joker_ratio_sets=False,
                                adjacent_jokers=True, max_jokers_per_meld=None)
    return _RELAXED[v]


class SwapsAndSplits(Step):
    """Taking a joker from the table, and Howarth's split when a run grows."""

    def howarth_split(self, player: str, meld: MeldState, lying: list[Slot],
                      added: list[Slot]) -> None:
        """Howarth: the adder takes middle tiles worth what they added into their
        stack, leaving the run's ends in the owner's area; the rest is owed."""
        def for_split(slot: Slot) -> Tile:
            if slot.upside_down:  # never taken: it goes back to its supplier
                return joker_as(slot.tile.colour, slot.tile.number)
            return slot.tile
        lying = sorted(lying, key=lambda sl: sl.rank)
        # The meld was checked whole, so each added ace's rank says which end it took.
        ace = "high" if any(sl.rank >= 14 for sl in added) else "low"
        split = split_run([for_split(sl) for sl in lying], [sl.tile for sl in added],
                          relaxed(self.v), ace=ace)
        numbers = {t.number for t in split.take}
        taken = [sl for sl in lying + added
                 if sl.joker is None and not sl.upside_down and sl.tile.number in numbers]
        for slot in taken:
            slot.lying = False
            self.s.stacks[player].append((slot.tile, slot.value))
        s = self.s
        s.owed[player] += split.owed
        s.owed[meld.owner] -= split.owed
        shows = lying_text([(sl.rank, sl.tile) for sl in meld.slots if sl.lying])
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
        v, s = self.v, self.s
        meld = self.meld(action.meld_index, player)
        self.must_have_opened(player, "a joker can be taken from the table", "swap")
        self.not_in_opening_turn(player, meld, "taking another player's joker is allowed")
        described = describe(meld)
        joker_slots = [sl for sl in meld.slots if sl.joker is not None]
        if not joker_slots:
            raise self.refuse(f"{described} holds no joker to swap", field="meld_index")
        self.reading("tiles")
        tiles = self.parse(action.tiles, player, "replacing tiles")
        if any(t.joker for t in tiles):
            raise self.refuse(f"{player}: a joker is replaced by numbered tiles, not by a "
                              f"joker ({cite_rule(v, 'swap')})", tile="j")
        if meld.kind == RUN:
            if len(tiles) != 1:
                raise self.refuse(f"{player}: a joker in a run is replaced by exactly the one "
                                  f"tile it stands for ({cite_rule(v, 'swap')})")
            wanted = tiles[0]
            matches = [sl for sl in joker_slots if sl.tile.as_colour == wanted.colour
                       and sl.tile.as_number == wanted.number]
            if not matches:
                stands = " and ".join(f"{sl.tile.as_colour}{sl.tile.as_number}"
                                      for sl in joker_slots)
                raise self.refuse(f"{player}: the joker in {described} stands for {stands}, "
                                  f"not {wanted} ({cite_rule(v, 'swap')})", tile=str(wanted))
            slot = matches[0]
        else:
            slot = joker_slots[0]
        assert slot.joker is not None  # joker_slots hold only jokers
        joker = s.jokers[slot.joker - 1]
        if joker.swapped and not v.swap_again:
            raise self.refuse(f"{player}: the joker in {described} was swapped before, and "
                              f"a previously-swapped joker cannot be swapped again "
                              f"({cite_rule(v, 'swap')})")
        if meld.kind == SET:
            self.check_set_swap(player, meld, tiles, described)
        self.place(tiles)
        meld.slots.remove(slot)
        upside_down = meld.owner != player
        for t in tiles:
            meld.slots.append(Slot(t, player, upside_down=upside_down))
        self.fill(meld, check_meld([sl.tile for sl in meld.slots], v))
        joker.swapped, joker.meld = True, None
        self.notes.append(
            f"{player} puts {format_tiles(tiles)} in {meld.owner}'s {meld.kind} in place of "
            f"the joker" + (f" (upside down: it counts for {player})." if upside_down else "."))
        self.complete_set(meld)
        to_meld = self.remeld_joker(player, action, joker)
        joker.events.append(JokerEvent(self.index, player, "swapped", action.meld_index,
                                       tuple(tiles), to_meld))

    def check_set_swap(self, player: str, meld: MeldState, tiles: list[Tile],
                       described: str) -> None:
        v = self.v
        reals = [sl.tile for sl in meld.slots if sl.joker is None]
        number = reals[0].number
        missing = [c for c in COLOURS if c not in {t.colour for t in reals}]
        for t in tiles:
            if t.number != number or t.colour not in missing:
                raise self.refuse(f"{player}: the joker in {described} can be replaced only "
                                  f"by a missing colour of the {number}s "
                                  f"({', '.join(f'{c}{number}' for c in missing)}), not {t} "
                                  f"({cite_rule(v, 'swap')})", tile=str(t))
        if len({t.colour for t in tiles}) != len(tiles):
            raise self.refuse(f"{player}: {format_tiles(tiles)} repeats a colour; a set "
                              f"needs different colours ({cite_rule(v, 'melds')})")
        if v.swap_whole_set and len(tiles) < len(missing):
            raise self.refuse(
                f"{player}: with only {format_tiles(tiles)} of the missing "
                f"{' and '.join(f'{c}{number}' for c in missing)} the joker cannot be taken; "
                f"add {format_tiles(tiles)} to the set instead, and the joker can later be "
                f"taken by the last missing colour ({cite_rule(v, 'swap')})")
        if not v.swap_whole_set and len(tiles) != 1:
            raise self.refuse(f"{player}: a joker is replaced by the one tile it stands for "
                              f"({cite_rule(v, 'swap')})")

    def remeld_joker(self, player: str, action: SwapJoker, joker: JokerState) -> int | None:
        """Put the swapped joker into the swapper's new meld, or on their rack."""
        v, s = self.v, self.s
        self.reading("new_meld_tiles")
        if action.new_meld_tiles is None:
            if v.swap_meld_with is not None:
                raise self.refuse(
                    f"{player} must meld the joker at once with {v.swap_meld_with} "
                    f"tiles from the rack, in a new set or run ({cite_rule(v, 'swap')})")
            joker.holder = player
            self.notes.append(f"{player} keeps the joker on the rack: there it counts "
                              f"{v.rack_swapped_joker} against {player}.")
            return None
        tiles = self.parse(action.new_meld_tiles, player, "new meld with the joker")
        others = [t for t in tiles if not t.joker]
        if len(tiles) - len(others) != 1:
            raise self.refuse(f"{player}'s new meld {format_tiles(tiles)} must hold the "
                              f"swapped joker and only it ({cite_rule(v, 'swap')})")
        wanted = v.swap_meld_with
        if (wanted is not None and len(others) != wanted) or len(others) < 2:
            amount = f"exactly {wanted}" if wanted is not None else "at least 2"
            raise self.refuse(f"{player} must meld the joker with {amount} tiles from the "
                              f"rack, not {len(others)} ({cite_rule(v, 'swap')})")
        resolved = self.check(tiles, player, "new meld with the joker")
        self.place(others)
        index = len(s.melds)
        slots = []
        for t in resolved.tiles:
            if t.joker:
                joker.meld = index
                slots.append(Slot(t, self.joker_by(joker, player), joker=joker.number))
            else:
                slots.append(Slot(t, player))
        new = MeldState(player, resolved.kind, slots)
        self.fill(new, resolved)
        s.melds.append(new)
        self.notes.append(f"{player} melds the joker in a new {resolved.kind} {resolved}"
                          + (f"; it still counts for {joker.first_melder}."
                             if v.melded_joker_bonus is not None else "."))
        self.complete_set(new)
        return index
