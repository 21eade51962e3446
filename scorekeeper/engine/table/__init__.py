"""Table mode: follow one hand's melds as they are laid, with joker histories
and Hilary Howarth's bookkeeping (Romanian tile rummy, scoring section).

A hand's table is a `State`, a frozen value: the variant, the players in seat
order and everything laid so far. `start` seats the players; `apply(state,
action)` returns the next State, or raises InvalidAction naming the rule, the
player and the field at fault; nothing is ever changed in place, so a refused
action leaves the table as it was. A `Table` is the read-only face of a State
that the pages, the store and the command line use: it is rebuilt by replaying
the hand's actions (`table_actions`), and its answers come from `views`. A
State keeps two views of the table:

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

The package by job, each module a handful of short functions over a State:
`state` (the frozen values and the small changes made to them), `seating` (the
table before its first action), `refusals` (what a refusal is about, and reading
tiles and melds), `checks` (turns, the meld named, having opened, two copies of
each tile), `placing` (jokers laid from a rack, new melds, complete sets), `play`
(one action: new melds and the opening, added tiles), `splits` (Howarth's split
of a run another player adds to), `swaps` (joker swaps), `views` (what the pages
are shown of a State), `table` (the Table and `replay`), `end` (the end of the
hand: the hand format and its score).
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
from .play import apply
from .refusals import cite_rule
from .seating import start
from .state import JokerEvent, State
from .table import Table, replay
from .views import AreaMeld, AreaTile, JokerHistory, LaidMeld

__all__ = [
    "Action",
    "AddTiles",
    "AreaMeld",
    "AreaTile",
    "InvalidAction",
    "JokerEvent",
    "JokerHistory",
    "LaidMeld",
    "NewMeld",
    "State",
    "SwapJoker",
    "Table",
    "action_from_dict",
    "actions_from_list",
    "apply",
    "cite_rule",
    "hand_record",
    "replay",
    "score_table",
    "start",
]
