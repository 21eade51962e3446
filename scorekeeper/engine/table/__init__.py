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

What the app cannot know it does not pretend to know: which tile was drawn or
discarded, what is on a rack. So it does not check the Romanian discard-row
options, the one-or-two-tiles-left rules, or that a tile came from the player's
rack rather than the discards.

Turns. The scorer records what changes the table and nothing else, so every
action is a later turn than the one before unless it says `same_turn` (the
rare case: the same player did more before their turn ended). The opening is
one `NewMeld` action holding every meld of it, so it is checked at once and
exactly. In the turn of their opening a player may lay further melds and add to
their own melds, but may not add to other players' melds or take their jokers
(Romanian tile rummy, The Play). A joker taken by a swap is melded in the swap
action itself, so in the same turn. Where nobody melds in the first round (Rummy
Meld), the hand's first action must say `first_round_over`: one question a hand.

Not modelled: splitting or rearranging melds. Romanian tile rummy and Rummy
Meld do not allow it, and table mode is offered only for the variants that
score melded value (`Variant.table_mode`); Rummikub-style manipulation belongs
to variants scored by the racks alone. A tile put inside a run (which only a
split could take) is refused with the rule that forbids it, as the variant's
`split_melds` says: never, or never for a meld holding a joker.

The package by job: `state` (the table's state and what the pages are given of
it), `checks` (what every action checks), `apply` (who acts, new melds, added
tiles), `swaps` (joker swaps and Howarth's splits), `views` (the Table and what
the pages show), `end` (the end of the hand: the hand format and its score).
"""

from ..table_actions import (
    Action,
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    action_from_dict,
    actions_from_list,
)
from .end import hand_record, score_table
from .state import AreaMeld, AreaTile, JokerEvent, JokerHistory, LaidMeld, cite_rule
from .views import Table, replay

__all__ = [
    "Action", "AddTiles", "AreaMeld", "AreaTile", "InvalidAction", "JokerEvent",
    "JokerHistory", "LaidMeld", "NewMeld", "SwapJoker", "Table", "action_from_dict",
    "actions_from_list", "cite_rule", "hand_record", "replay", "score_table",
]
