"""Joker swaps and Howarth's split of a run another player adds to
(Romanian tile rummy, The Play, options 5-7, and the scoring section)."""

from __future__ import annotations

from ..howarth import split_run
from ..melds import RUN, SET, Meld, check_meld
from ..sources import ruling, scorekeeper_ruling
from ..table_actions import JOKER_MELD, SwapJoker
from ..tiles import COLOURS, Tile, format_tiles, joker_as
from ..variants import Variant
from ..words import Words, words
from .checks import Step
from .state import JokerEvent, JokerState, MeldState, Slot, cite_rule, describe, lying_text


def inside(run: list[Tile], added: list[Tile]) -> bool:
    """Whether an added tile repeats a number of the run: it could only go in by
    splitting the run in two."""
    numbers = {t.number for t in run if not t.joker}
    return any(not t.joker and t.number in numbers for t in added)


def split_refusal(v: Variant, player: str, added: list[Tile], meld: MeldState) -> str:
    """Why tiles cannot go inside a run: melds are not split here."""
    start = (words("{player} cannot put {tiles} inside {describe}: that would split the run",
                   player=player,
                   tiles=format_tiles(added), describe=describe(meld)))
    if v.split_melds == "never":
        # Romanian tile rummy, The Play: tiles extend melds, and no tile may be in two melds.
        return (words("{start}, and melds are never split or rearranged; tiles are added at a "
                      "run's ends ({cite_rule})", start=start, cite_rule=cite_rule(v, 'split')))
    if any(s.joker is not None for s in meld.slots) and v.split_melds == "without_joker":
        return (words("{start}, and a meld holding a joker may not be split or rearranged "
                      "({cite_rule})", start=start, cite_rule=cite_rule(v, 'split')))
    return (words("{start}; table mode follows melds as they are laid and does not follow "
                  "splitting or rearranging them: record this hand with the quick tally "
                  "({ruling})", start=start,
                  ruling=ruling(scorekeeper_ruling("rearranged").about)))


_RELAXED: dict[Variant, Variant] = {}


def relaxed(v: Variant) -> Variant:
    """The variant without joker limits, for split_run: upside-down tiles are
    passed to it as jokers so that it never takes them."""
    if v not in _RELAXED:
        _RELAXED[v] = v.changed(joker_ratio_runs=False, joker_ratio_sets=False,
                                adjacent_jokers=True, max_jokers_per_meld=None)
    return _RELAXED[v]


def _put_words(player: str, tiles: list[Tile], meld: MeldState, upside_down: bool) -> Words:
    """What the app says when tiles take a joker's place in a meld: a sentence for each kind
    of meld, so that a translation can make each agree."""
    put = {"player": player, "tiles": format_tiles(tiles), "owner": meld.owner}
    if upside_down and meld.kind == SET:
        return words("{player} puts {tiles} in {owner}'s set in place of the joker (upside "
                     "down: it counts for {player}).", **put)
    if upside_down:
        return words("{player} puts {tiles} in {owner}'s run in place of the joker (upside "
                     "down: it counts for {player}).", **put)
    if meld.kind == SET:
        return words("{player} puts {tiles} in {owner}'s set in place of the joker.", **put)
    return words("{player} puts {tiles} in {owner}'s run in place of the joker.", **put)


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
        if taken:
            took = words("{player} takes {tiles} into their stack;", player=player,
                         tiles=format_tiles(sl.tile for sl in taken))
        else:
            took = words("{player} takes nothing into their stack;", player=player)
        text = words("{took} {shows}", took=took,
                     shows=words("{owner}'s run shows {tiles}.", owner=meld.owner, tiles=shows))
        if split.owed:
            text = words("{took} {owed}", took=text,
                         owed=words("No middle tiles make exactly {value}: {owner} owes "
                                    "{player} {owed} points.", value=split.added_value,
                                    owner=meld.owner, player=player, owed=split.owed))
        self.notes.append(text)

    def swap_joker(self, player: str, action: SwapJoker) -> None:
        v, s = self.v, self.s
        meld = self.meld(action.meld_index, player)
        self.must_have_opened(player, words("a joker can be taken from the table"), "swap")
        self.not_in_opening_turn(player, meld, words("taking another player's joker is allowed"))
        described = describe(meld)
        joker_slots = [sl for sl in meld.slots if sl.joker is not None]
        if not joker_slots:
            raise self.refuse(words("{described} holds no joker to swap", described=described),
                              field="meld_index")
        self.reading("tiles")
        tiles = self.parse(action.tiles, player, words("replacing tiles"))
        if any(t.joker for t in tiles):
            raise self.refuse(words("{player}: a joker is replaced by numbered tiles, not by a "
                                    "joker ({cite_rule})", player=player,
                                    cite_rule=cite_rule(v, 'swap')), tile="j")
        if meld.kind == RUN:
            if len(tiles) != 1:
                raise self.refuse(words("{player}: a joker in a run is replaced by exactly the "
                                        "one tile it stands for ({cite_rule})", player=player,
                                        cite_rule=cite_rule(v, 'swap')))
            wanted = tiles[0]
            matches = [sl for sl in joker_slots if sl.tile.as_colour == wanted.colour
                       and sl.tile.as_number == wanted.number]
            if not matches:
                stands = " and ".join(f"{sl.tile.as_colour}{sl.tile.as_number}"
                                      for sl in joker_slots)
                raise self.refuse(words("{player}: the joker in {described} stands for "
                                        "{stands}, not {wanted} ({cite_rule})", player=player,
                                        described=described, stands=stands, wanted=wanted,
                                        cite_rule=cite_rule(v, 'swap')), tile=str(wanted))
            slot = matches[0]
        else:
            slot = joker_slots[0]
        assert slot.joker is not None  # joker_slots hold only jokers
        joker = s.jokers[slot.joker - 1]
        if joker.swapped and not v.swap_again:
            raise self.refuse(words("{player}: the joker in {described} was swapped before, and "
                                    "a previously-swapped joker cannot be swapped again "
                                    "({cite_rule})", player=player, described=described,
                                    cite_rule=cite_rule(v, 'swap')))
        if meld.kind == SET:
            self.check_set_swap(player, meld, tiles, described)
        self.place(tiles)
        meld.slots.remove(slot)
        upside_down = meld.owner != player
        for t in tiles:
            meld.slots.append(Slot(t, player, upside_down=upside_down))
        self.fill(meld, check_meld([sl.tile for sl in meld.slots], v))
        joker.swapped, joker.meld = True, None
        self.notes.append(_put_words(player, tiles, meld, upside_down))
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
                raise self.refuse(words("{player}: the joker in {described} can be replaced "
                                        "only by a missing colour of the {number}s ({join}), "
                                        "not {t} ({cite_rule})", player=player,
                                        described=described, number=number,
                                        join=', '.join(f'{c}{number}' for c in missing), t=t,
                                        cite_rule=cite_rule(v, 'swap')), tile=str(t))
        if len({t.colour for t in tiles}) != len(tiles):
            raise self.refuse(words("{player}: {tiles} repeats a colour; a set needs different "
                                    "colours ({cite_rule})", player=player,
                                    tiles=format_tiles(tiles), cite_rule=cite_rule(v, 'melds')))
        if v.swap_whole_set and len(tiles) < len(missing):
            raise self.refuse(
                words("{player}: with only {tiles} of the missing {join} the joker cannot be "
                      "taken; add {tiles} to the set instead, and the joker can later be taken "
                      "by the last missing colour ({cite_rule})", player=player,
                      tiles=format_tiles(tiles),
                      join=' and '.join(f'{c}{number}' for c in missing),
                      cite_rule=cite_rule(v, 'swap')))
        if not v.swap_whole_set and len(tiles) != 1:
            raise self.refuse(words("{player}: a joker is replaced by the one tile it stands "
                                    "for ({cite_rule})", player=player,
                                    cite_rule=cite_rule(v, 'swap')))

    def remeld_joker(self, player: str, action: SwapJoker, joker: JokerState) -> int | None:
        """Put the swapped joker into the swapper's new meld, or on their rack."""
        v, s = self.v, self.s
        self.reading("new_meld_tiles")
        if action.new_meld_tiles is None:
            if v.swap_meld_with is not None:
                # The same turn: the swap action itself carries the joker's new meld.
                raise self.refuse(
                    words("{player} must meld the joker at once with {swap_meld_with} tiles "
                          "from the rack, in a new set or run ({cite_rule}): write them with j "
                          "in \"{JOKER_MELD}\"", player=player, swap_meld_with=v.swap_meld_with,
                          cite_rule=cite_rule(v, 'swap'), JOKER_MELD=JOKER_MELD))
            joker.holder = player
            self.notes.append(words("{player} keeps the joker on the rack: there it counts "
                                    "{rack_swapped_joker} against {player}.", player=player,
                                    rack_swapped_joker=v.rack_swapped_joker))
            return None
        tiles = self.parse(action.new_meld_tiles, player, words("new meld with the joker"))
        others = [t for t in tiles if not t.joker]
        if len(tiles) - len(others) != 1:
            raise self.refuse(words("{player}'s new meld {tiles} must hold the swapped joker "
                                    "and only it ({cite_rule})", player=player,
                                    tiles=format_tiles(tiles), cite_rule=cite_rule(v, 'swap')))
        wanted = v.swap_meld_with
        if (wanted is not None and len(others) != wanted) or len(others) < 2:
            amount = (words("exactly {wanted}", wanted=wanted) if wanted is not None
                      else words("at least 2"))
            raise self.refuse(words("{player} must meld the joker with {amount} tiles from the "
                                    "rack, not {count} ({cite_rule})", player=player,
                                    amount=amount, count=len(others),
                                    cite_rule=cite_rule(v, 'swap')))
        resolved = self.check(tiles, player, words("new meld with the joker"))
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
        self.notes.append(self.new_joker_meld_words(player, resolved, joker.first_melder))
        self.complete_set(new)
        return index

    def new_joker_meld_words(self, player: str, resolved: Meld, first_melder: str) -> Words:
        """What the app says when a swapped joker goes into a new meld at once."""
        said = {"player": player, "tiles": str(resolved), "first": first_melder}
        counts = self.v.melded_joker_bonus is not None
        if resolved.kind == SET:
            return (words("{player} melds the joker in a new set {tiles}; it still counts for "
                          "{first}.", **said) if counts else
                    words("{player} melds the joker in a new set {tiles}.", **said))
        return (words("{player} melds the joker in a new run {tiles}; it still counts for "
                      "{first}.", **said) if counts else
                words("{player} melds the joker in a new run {tiles}.", **said))
