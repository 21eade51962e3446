"""Joker swaps: taking a joker from a meld on the table by the tile(s) it stands for,
and melding it at once or keeping it on the rack (Romanian tile rummy, The Play,
options 5-7; Rummy Meld keeps it on the rack)."""

from __future__ import annotations

from dataclasses import replace

from ..melds import RUN, SET, Meld, check_meld
from ..table_actions import JOKER_MELD, SwapJoker
from ..tile_codes import TileCode
from ..tiles import COLOURS, JOKER_TOKEN, Tile, format_tiles
from ..words import Words, and_list, or_list, words
from .checks import check_copies, find_meld, must_have_opened, not_in_opening_turn
from .placing import complete_set, in_order, joker_by, resolve
from .refusals import At, cite_rule, read_meld, read_tiles, refuse
from .state import (
    Joker,
    JokerEvent,
    PlacedTile,
    State,
    TableMeld,
    acting,
    joker_of,
    kind_of,
    note,
    with_joker,
    with_meld,
)
from .views import describe


def swap_joker(state: State, at: At, action: SwapJoker) -> State:
    """Real tiles from the player's rack take a joker's place in a meld; the joker
    goes into the player's new meld or onto their rack."""
    index = action.meld_index
    meld = find_meld(state, at, index)
    must_have_opened(state, at, words("a joker can be taken from the table"), "swap")
    not_in_opening_turn(state, at, meld, words("taking another player's joker is allowed"))
    if not any(t.joker is not None for t in meld.tiles):
        raise refuse(
            at.reading("meld_index"),
            words("{described} holds no joker to swap", described=describe(meld)),
        )
    at = at.reading("tiles")
    tiles = read_tiles(at, action.tiles, words("replacing tiles"))
    taken = _joker_taken(state, at, meld, tiles)
    check_copies(state, at, tiles)
    state = _put_in_place(state, at, index, taken, tiles)
    assert taken.joker is not None  # _joker_taken finds only jokers
    number = taken.joker
    state = with_joker(state, replace(joker_of(state, number), swapped=True, meld=None))
    state, to_meld = remeld_joker(state, at.reading("new_meld_tiles"), action, number)
    joker = joker_of(state, number)
    swapped = JokerEvent(acting(state), at.player, "swapped", index, tuple(tiles), to_meld)
    return with_joker(state, replace(joker, events=(*joker.events, swapped)))


def _joker_taken(state: State, at: At, meld: TableMeld, tiles: list[Tile]) -> PlacedTile:
    """The joker these tiles replace, once the swap rules allow it."""
    v, described = state.variant, describe(meld)
    if any(t.joker for t in tiles):
        raise refuse(
            at,
            words(
                "{player}: a joker is replaced by numbered tiles, not by a joker ({cite_rule})",
                player=at.player,
                cite_rule=cite_rule(v, "swap"),
            ),
            tile="j",
        )
    if meld.kind == RUN:
        taken = _joker_of_run(state, at, meld, tiles)
    else:
        taken = next(t for t in meld.tiles if t.joker is not None)
    assert taken.joker is not None
    if joker_of(state, taken.joker).swapped and not v.swap_again:
        raise refuse(
            at,
            words(
                "{player}: the joker in {described} was swapped before, and a "
                "previously-swapped joker cannot be swapped again "
                "({cite_rule})",
                player=at.player,
                described=described,
                cite_rule=cite_rule(v, "swap"),
            ),
        )
    if meld.kind == SET:
        _check_set_swap(state, at, meld, tiles)
    return taken


def _joker_of_run(state: State, at: At, meld: TableMeld, tiles: list[Tile]) -> PlacedTile:
    """The joker of a run that stands for the one tile given."""
    v = state.variant
    if len(tiles) != 1:
        raise refuse(
            at,
            words(
                "{player}: a joker in a run is replaced by exactly the one tile "
                "it stands for ({cite_rule})",
                player=at.player,
                cite_rule=cite_rule(v, "swap"),
            ),
        )
    wanted = tiles[0]
    jokers = [t for t in meld.tiles if t.joker is not None]
    for placed in jokers:
        if placed.tile.as_colour == wanted.colour and placed.tile.as_number == wanted.number:
            return placed
    # Each a tile code, written in the page's letters.
    stands = and_list([TileCode(f"{t.tile.as_colour}{t.tile.as_number}") for t in jokers])
    raise refuse(
        at,
        words(
            "{player}: the joker in {described} stands for {stands}, not {wanted} ({cite_rule})",
            player=at.player,
            described=describe(meld),
            stands=stands,
            wanted=wanted,
            cite_rule=cite_rule(v, "swap"),
        ),
        tile=str(wanted),
    )


def _check_set_swap(state: State, at: At, meld: TableMeld, tiles: list[Tile]) -> None:
    """A set's joker is replaced by missing colours of its number: all of them
    where the variant asks for the whole set, else exactly one."""
    v, player = state.variant, at.player
    reals = [t.tile for t in meld.tiles if t.joker is None]
    number = reals[0].number
    missing = [c for c in COLOURS if c not in {t.colour for t in reals}]
    for t in tiles:
        if t.number != number or t.colour not in missing:
            raise refuse(
                at,
                words(
                    "{player}: the joker in {described} can be replaced only by a missing colour "
                    "of the {number}s ({join}), not {t} ({cite_rule})",
                    player=player,
                    described=describe(meld),
                    number=number,
                    join=or_list([TileCode(f"{c}{number}") for c in missing]),
                    t=t,
                    cite_rule=cite_rule(v, "swap"),
                ),
                tile=str(t),
            )
    if len({t.colour for t in tiles}) != len(tiles):
        raise refuse(
            at,
            words(
                "{player}: {tiles} repeats a colour; a set needs different colours ({cite_rule})",
                player=player,
                tiles=format_tiles(tiles),
                cite_rule=cite_rule(v, "melds"),
            ),
        )
    if v.swap_whole_set and len(tiles) < len(missing):
        raise refuse(
            at,
            words(
                "{player}: with only {tiles} of the missing {join} the joker cannot be taken; add "
                "{tiles} to the set instead, and the joker can later be taken by the last missing "
                "colour ({cite_rule})",
                player=player,
                tiles=format_tiles(tiles),
                join=and_list([TileCode(f"{c}{number}") for c in missing]),
                cite_rule=cite_rule(v, "swap"),
            ),
        )
    if not v.swap_whole_set and len(tiles) != 1:
        raise refuse(
            at,
            words(
                "{player}: a joker is replaced by the one tile it stands for ({cite_rule})",
                player=player,
                cite_rule=cite_rule(v, "swap"),
            ),
        )


def _put_in_place(state: State, at: At, index: int, taken: PlacedTile, tiles: list[Tile]) -> State:
    """The meld with the tiles in the taken joker's place: upside down where the meld
    is another player's (they count for the swapper), then checked whole again."""
    meld = state.melds[index]
    upside_down = meld.owner != at.player
    kept = list(meld.tiles)
    kept.remove(taken)
    placed = (*kept, *(PlacedTile(t, at.player, upside_down=upside_down) for t in tiles))
    checked = check_meld([t.tile for t in placed], state.variant)
    meld = replace(meld, tiles=in_order(meld.kind, resolve(state, placed, checked)))
    state = note(with_meld(state, index, meld), _put_words(at.player, tiles, meld, upside_down))
    return complete_set(state, index)


def _put_words(player: str, tiles: list[Tile], meld: TableMeld, upside_down: bool) -> Words:
    """What the app says when tiles take a joker's place in a meld: a sentence for each kind
    of meld, so that a translation can make each agree."""
    put = {"player": player, "tiles": format_tiles(tiles), "owner": meld.owner}
    if upside_down and meld.kind == SET:
        return words(
            "{player} puts {tiles} in {owner}'s set in place of the joker (upside "
            "down: it counts for {player}).",
            **put,
        )
    if upside_down:
        return words(
            "{player} puts {tiles} in {owner}'s run in place of the joker (upside "
            "down: it counts for {player}).",
            **put,
        )
    if meld.kind == SET:
        return words("{player} puts {tiles} in {owner}'s set in place of the joker.", **put)
    return words("{player} puts {tiles} in {owner}'s run in place of the joker.", **put)


def remeld_joker(state: State, at: At, action: SwapJoker, number: int) -> tuple[State, int | None]:
    """Put the swapped joker into the swapper's new meld, or on their rack; with the
    meld it went into, or None."""
    v = state.variant
    if action.new_meld_tiles is not None:
        return _meld_swapped_joker(state, at, action.new_meld_tiles, joker_of(state, number))
    if v.swap_meld_with is not None:
        # The same turn: the swap action itself carries the joker's new meld.
        raise refuse(
            at,
            words(
                "{player} must meld the joker at once with {swap_meld_with} tiles from the rack, "
                'in a new set or run ({cite_rule}): write them with {joker} in "{JOKER_MELD}"',
                player=at.player,
                joker=TileCode(JOKER_TOKEN),
                swap_meld_with=v.swap_meld_with,
                cite_rule=cite_rule(v, "swap"),
                JOKER_MELD=JOKER_MELD,
            ),
        )
    state = with_joker(state, replace(joker_of(state, number), holder=at.player))
    return note(
        state,
        words(
            "{player} keeps the joker on the rack: there it counts "
            "{rack_swapped_joker} against {player}.",
            player=at.player,
            rack_swapped_joker=v.rack_swapped_joker,
        ),
    ), None


def _meld_swapped_joker(state: State, at: At, text: str, joker: Joker) -> tuple[State, int]:
    """The swapper's new meld of the joker and tiles from their rack, with its index."""
    tiles = read_tiles(at, text, words("new meld with the joker"))
    others = [t for t in tiles if not t.joker]
    _check_joker_meld(state, at, tiles, others)
    meld = read_meld(state.variant, at, tiles, words("new meld with the joker"))
    check_copies(state, at, others)
    index = len(state.melds)
    by = joker_by(state, joker, at.player)
    placed = [
        PlacedTile(t, by, joker=joker.number) if t.joker else PlacedTile(t, at.player)
        for t in meld.tiles
    ]
    tiles_laid = in_order(meld.kind, resolve(state, placed, meld))
    state = with_meld(state, index, TableMeld(at.player, kind_of(meld), tiles_laid))
    state = with_joker(state, replace(joker, meld=index))
    state = note(state, _joker_meld_words(state, at.player, meld, joker.first_melder))
    return complete_set(state, index), index


def _check_joker_meld(state: State, at: At, tiles: list[Tile], others: list[Tile]) -> None:
    """The new meld holds the swapped joker, and as many rack tiles as the variant asks."""
    v = state.variant
    if len(tiles) - len(others) != 1:
        raise refuse(
            at,
            words(
                "{player}'s new meld {tiles} must hold the swapped joker and only it ({cite_rule})",
                player=at.player,
                tiles=format_tiles(tiles),
                cite_rule=cite_rule(v, "swap"),
            ),
        )
    wanted = v.swap_meld_with
    if (wanted is not None and len(others) != wanted) or len(others) < 2:
        amount = (
            words("exactly {wanted}", wanted=wanted) if wanted is not None else words("at least 2")
        )
        raise refuse(
            at,
            words(
                "{player} must meld the joker with {amount} tiles from the "
                "rack, not {count} ({cite_rule})",
                player=at.player,
                amount=amount,
                count=len(others),
                cite_rule=cite_rule(v, "swap"),
            ),
        )


def _joker_meld_words(state: State, player: str, meld: Meld, first_melder: str) -> Words:
    """What the app says when a swapped joker goes into a new meld at once."""
    said = {"player": player, "tiles": format_tiles(meld.in_order()), "first": first_melder}
    counts = state.variant.melded_joker_bonus is not None
    if meld.kind == SET:
        return (
            words(
                "{player} melds the joker in a new set {tiles}; it still counts for {first}.",
                **said,
            )
            if counts
            else words("{player} melds the joker in a new set {tiles}.", **said)
        )
    return (
        words("{player} melds the joker in a new run {tiles}; it still counts for {first}.", **said)
        if counts
        else words("{player} melds the joker in a new run {tiles}.", **said)
    )
