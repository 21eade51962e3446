"""Playing one action on a state (`apply`): who acts and in which turn, new melds and
the opening, and tiles added to a meld on the table. Joker swaps are in swaps."""

from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidMeld
from ..melds import RUN, SET, Meld, check_meld, opening_values
from ..table_actions import Action, AddTiles, InvalidAction, NewMeld, SwapJoker
from ..tiles import Tile, format_tiles, joker_as
from ..words import Words, and_list, joined_by, words
from .checks import check_copies, find_meld, must_have_opened, not_in_opening_turn, whose_turn
from .placing import complete_set, in_order, lay_meld, place_tiles, resolve
from .refusals import At, cite_rule, read_meld, read_tiles, refuse, seat_name
from .splits import howarth_split, inside, split_refusal
from .state import State, TableMeld, note, seat_of, with_meld, with_seat
from .swaps import swap_joker
from .views import describe


def apply(state: State, action: Action) -> State:
    """The state after one more action, or InvalidAction saying which rule refuses it."""
    if not isinstance(action, (NewMeld, AddTiles, SwapJoker)):
        raise InvalidAction(words("not a table action: {action!r}", action=action), field="action")
    at = At(seat_name(state.players, action.player))
    state = replace(state, log=(*state.log, ()))  # what the app says about this action
    state = whose_turn(state, at, action)
    if isinstance(action, NewMeld):
        return new_meld(state, at, action)
    if isinstance(action, AddTiles):
        return add_tiles(state, at, action)
    return swap_joker(state, at, action)


def new_meld(state: State, at: At, action: NewMeld) -> State:
    """New melds from the player's rack; a player's first are their opening, checked
    together against the variant's opening value."""
    opening = not seat_of(state, at.player).opened
    laid = [
        _read_new_meld(state, at.reading("melds", i), text, opening)
        for i, text in enumerate(action.melds)
    ]
    if opening:
        _check_opening(state, at.reading("melds"), laid)
        worths = [_worth(state, meld) for meld in laid]
        parts = [_meld_worth(meld, worth) for meld, worth in zip(laid, worths, strict=True)]
        state = note(
            state,
            words(
                "{player} opened with {total}: {join}.",
                player=at.player,
                total=sum(worths),
                join=and_list(parts),
            ),
        )
    else:
        state = note(
            state,
            words(
                "{player} melds {join}.",
                player=at.player,
                join=and_list([format_tiles(meld.in_order()) for meld in laid]),
            ),
        )
    for i, meld in enumerate(laid):
        state = lay_meld(state, at.reading("melds", i), meld)
    if opening:
        state = with_seat(state, replace(seat_of(state, at.player), opened=True))
        state = replace(state, turn_is_opening=True)
    return state


def _worth(state: State, meld: Meld) -> int:
    """What a meld counts toward the opening."""
    return sum(opening_values(meld, state.variant))


def _read_new_meld(state: State, at: At, text: str, opening: bool) -> Meld:
    """One meld of a new meld, checked on its own."""
    v = state.variant
    tiles = read_tiles(at, text, words("new meld"))
    meld = read_meld(v, at, tiles, words("new meld"))
    if opening and meld.jokers and v.opening_joker == "not_allowed":
        raise refuse(
            at,
            words(
                "{player}'s opening {tiles} holds a joker: a joker may not be "
                "used in the opening ({cite_rule})",
                player=at.player,
                tiles=format_tiles(tiles),
                cite_rule=cite_rule(v, "opening"),
            ),
            tile="j",
        )
    return meld


def _check_opening(state: State, at: At, laid: list[Meld]) -> None:
    """The opening's melds together reach the variant's opening value (with a run
    where the variant asks for one)."""
    v = state.variant
    total = sum(_worth(state, meld) for meld in laid)
    if total < v.opening:
        raise refuse(
            at,
            words(
                "{player}'s opening counts {total} ({join}): {name} needs at least {opening} from "
                "the rack in the first meld ({cite_rule}). Enter every meld of the opening "
                "together, as one new meld",
                player=at.player,
                total=total,
                join=joined_by(" + ", [_meld_worth(meld, _worth(state, meld)) for meld in laid]),
                name=v.name,
                opening=v.opening,
                cite_rule=cite_rule(v, "opening"),
            ),
        )
    if v.opening_needs_run and not any(meld.kind == RUN for meld in laid):
        raise refuse(
            at,
            words(
                "{player}'s opening holds no run: {name} needs at least one "
                "run in the opening ({cite_rule})",
                player=at.player,
                name=v.name,
                cite_rule=cite_rule(v, "opening"),
            ),
        )


def add_tiles(state: State, at: At, action: AddTiles) -> State:
    """Tiles from the player's rack added to a meld on the table; to another
    player's run, Howarth's split follows."""
    index = action.meld_index
    meld = find_meld(state, at, index)
    must_have_opened(state, at, words("tiles can be added to the table"), "add")
    not_in_opening_turn(state, at, meld, words("adding to other players' melds is allowed"))
    if meld.stacked:
        raise refuse(
            at.reading("meld_index"),
            words(
                "{describe} is complete and has left the table: a set has at most four tiles, one "
                "of each colour ({cite_rule})",
                describe=describe(meld),
                cite_rule=cite_rule(state.variant, "melds"),
            ),
        )
    at = at.reading("tiles")
    checked = _check_addition(state, at, meld, read_tiles(at, action.tiles, words("added tiles")))
    new_tiles = checked.tiles[len(meld.tiles) :]
    check_copies(state, at, new_tiles)
    foreign = meld.owner != at.player
    state, placed = place_tiles(state, at, new_tiles, index, foreign and meld.kind == SET)
    tiles = resolve(state, (*meld.tiles, *placed), checked)  # old tiles first, as checked
    before, added = tiles[: len(meld.tiles)], tiles[len(meld.tiles) :]
    state = with_meld(state, index, replace(meld, tiles=in_order(meld.kind, tiles)))
    said = {"player": at.player, "tiles": format_tiles(new_tiles), "owner": meld.owner}
    state = note(
        state,
        words("{player} adds {tiles} to {owner}'s set.", **said)
        if meld.kind == SET
        else words("{player} adds {tiles} to {owner}'s run.", **said),
    )
    if foreign and meld.kind == RUN:
        lying = [t for t, old in zip(before, meld.tiles, strict=True) if old.lying]
        state = howarth_split(state, at.player, index, lying, added)
    state = complete_set(state, index)
    reals = [t.tile for t in added if t.joker is None]
    if foreign and meld.kind == SET and not state.melds[index].stacked and reals:
        state = note(
            state,
            words(
                "{player}'s {tiles} lies upside down in {owner}'s set: it counts for {player}.",
                player=at.player,
                tiles=format_tiles(reals),
                owner=meld.owner,
            ),
        )
    return state


def _check_addition(state: State, at: At, meld: TableMeld, added: list[Tile]) -> Meld:
    """The meld with the added tiles, checked whole and still of its kind, or the
    refusal saying why the tiles do not fit (and a split's rule where they go inside)."""
    v = state.variant
    old = [t.tile for t in meld.tiles]
    if meld.kind == SET:
        # A joker in a set stands for whichever colour is missing.
        old = [joker_as(None, t.as_number) if t.joker else t for t in old]
    try:
        checked = check_meld(old + added, v)
        if checked.kind != meld.kind:
            raise InvalidMeld(
                words("the set would become a run")
                if meld.kind == SET
                else words("the run would become a set")
            )
    except InvalidMeld as error:
        if meld.kind == RUN and inside(old, added):
            raise refuse(at, split_refusal(v, at.player, added, meld)) from None
        hint: Words | str = ""
        if any(
            not t.joker and any(o.joker and o.face_number == t.number for o in old) for t in added
        ):
            hint = words("; to replace a joker with the tile it stands for, swap the joker")
        raise refuse(
            at,
            words(
                "{player} cannot add {tiles} to {describe}: {error}{hint} ({cite_rule})",
                player=at.player,
                tiles=format_tiles(added),
                describe=describe(meld),
                error=error,
                hint=hint,
                cite_rule=cite_rule(v, "add"),
            ),
            tile=error.tile,
        ) from None
    return checked


def _meld_worth(meld: Meld, worth: int) -> Words:
    """A meld with what it is worth ("r10 k10 y10 (30)"), its tiles in the page's letters."""
    return words("{meld} ({worth})", meld=format_tiles(meld.in_order()), worth=worth)
