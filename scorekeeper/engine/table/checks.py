"""The rules every kind of action is checked against: whose turn it is, which
meld it names, whether the player has opened, and the two copies of each tile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from ..table_actions import FIRST_ROUND_OVER, SAME_TURN, Action
from ..tiles import Tile
from ..words import Words, words
from .refusals import At, cite_rule, refuse
from .state import State, TableMeld, seat_of


def whose_turn(state: State, at: At, action: Action) -> State:
    """Start the action's turn: a later one than the previous action's, unless the
    scorer said it is the same turn (table_actions explains why that is the default)."""
    v = state.variant
    if v.first_round_no_melds and not state.first_round_over:
        # Rummy Meld, First Round & Initial Meld: everyone draws and discards once
        # before anybody melds. Asked once, with the hand's first action.
        if not action.first_round_over:
            raise refuse(
                at.reading("first_round_over"),
                words(
                    "{player} cannot touch the table yet: nobody melds in the first round "
                    '({cite_rule}). Once every player has had a turn, tick "{box}"',
                    player=at.player,
                    cite_rule=cite_rule(v, "first_round"),
                    box=FIRST_ROUND_OVER,
                ),
            )
        state = replace(state, first_round_over=True)
    if not action.same_turn:
        return replace(state, turn_player=at.player, turn_is_opening=False)
    if state.turn_player is None:
        raise refuse(
            at.reading("same_turn"),
            words(
                "nothing was recorded before this action, so it cannot be in the same turn as "
                'one: untick "{SAME_TURN}"',
                SAME_TURN=SAME_TURN,
            ),
        )
    if state.turn_player != at.player:
        raise refuse(
            at.reading("same_turn"),
            words(
                "the last action was {turn_player}'s, so this cannot be in the same turn for "
                '{player}: untick "{SAME_TURN}"',
                turn_player=state.turn_player,
                player=at.player,
                SAME_TURN=SAME_TURN,
            ),
        )
    return state


def find_meld(state: State, at: At, index: object) -> TableMeld:
    """The meld an action names by its index (from 0), or the refusal of the number."""
    if isinstance(index, bool) or not isinstance(index, int) or not (0 <= index < len(state.melds)):
        # People number the melds from 1, as laid (the stored index counts from 0).
        number = index + 1 if isinstance(index, int) and not isinstance(index, bool) else index
        raise refuse(
            at.reading("meld_index"),
            words(
                "{player}: there is no meld {number!r} on the table ({count} laid so far, "
                "numbered from 1)",
                player=at.player,
                number=number,
                count=len(state.melds),
            ),
        )
    return state.melds[index]


def must_have_opened(state: State, at: At, doing: Words | str, topic: str) -> None:
    """Refuse what a player may do only after opening (`doing`, in words)."""
    if not seat_of(state, at.player).opened:
        raise refuse(
            at.reading("player"),
            words(
                "{player} has not opened yet: {doing} only after opening ({cite_rule})",
                player=at.player,
                doing=doing,
                cite_rule=cite_rule(state.variant, topic),
            ),
        )


def not_in_opening_turn(state: State, at: At, meld: TableMeld, doing: Words | str) -> None:
    """Refuse touching another player's meld in the turn of the player's opening."""
    if meld.owner != at.player and state.turn_is_opening:
        # Only reached when the scorer said this is the opening's turn still.
        raise refuse(
            at.reading("same_turn"),
            words(
                "{player} opened in this turn: {doing} from the next turn on ({cite_rule}). If "
                '{player}\'s turn had ended, untick "{SAME_TURN}"',
                player=at.player,
                doing=doing,
                cite_rule=cite_rule(state.variant, "turn"),
                SAME_TURN=SAME_TURN,
            ),
        )


def check_copies(state: State, at: At, tiles: Iterable[Tile]) -> None:
    """Refuse a numbered tile reaching the table a third time: a set has two of each."""
    on_table = Counter(t.tile.key for m in state.melds for t in m.tiles if not t.tile.joker)
    for tile in tiles:
        if tile.joker:
            continue
        on_table[tile.key] += 1
        if on_table[tile.key] > 2:
            raise refuse(
                at,
                words(
                    "{tile}: a set has only two, and both are on the table already ({cite_rule})",
                    tile=tile,
                    cite_rule=cite_rule(state.variant, "tiles"),
                ),
                tile=str(tile),
            )
