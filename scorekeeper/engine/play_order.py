"""The order of play: which way the turn goes round the table, who deals each hand and who
plays first in it.

A variant says which way play goes (`deal_direction`: "left" is clockwise, "right"
anticlockwise; in every source the deal and the turn pass the same way) and who plays first
(`who_starts`). A series keeps one seat, `first_dealer`, and how its players were listed:

- "play": in the order they take turns (every series started since the form asks for
  that order), so the next player, dealer or starter is always the next name in the list;
- "seats": clockwise round the table (every series stored before), so a variant played
  anticlockwise steps backwards through the list. These series keep exactly the dealers
  they had: the deal passed to the left stepped +1, to the right -1.

For "after_dealer" (Romanian tile rummy) the kept seat is the first hand's dealer, and the
player after the dealer starts. For "highest_draw" (every other source) there is no dealer:
the kept seat is whoever won the draw for the first hand, who also stands for its dealer
(the app always asked for a first dealer, and a stored series keeps it), and each later hand
is started by the next player in the order of play (RULES.md, "Playing the hand", rulings).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .errors import InvalidSeries
from .variants import Variant
from .words import Words, and_list, words

Direction = Literal["clockwise", "anticlockwise"]
Listing = Literal["play", "seats"]
# How a series' players may be listed; a series started from now on lists them in play order.
LISTINGS: tuple[Listing, ...] = ("play", "seats")


def direction(v: Variant) -> Direction:
    """Which way the turn goes round the table under the variant."""
    # Rummikub official rules, Playing the Game: "Play passes to the left (clockwise)";
    # Romanian tile rummy, introduction: "The whole game is played anticlockwise".
    return "clockwise" if v.deal_direction == "left" else "anticlockwise"


def _step(v: Variant, listing: str) -> int:
    """How far along the list the next player is: +1 in play order; in clockwise seat order
    +1 for a game played clockwise and -1 for one played anticlockwise."""
    if listing == "play":
        return 1
    if listing == "seats":
        return 1 if direction(v) == "clockwise" else -1
    raise InvalidSeries(
        words(
            "the players are listed in the order of play or of the seats, not {listing!r}",
            listing=listing,
        ),
        field="listing",
    )


def next_player(v: Variant, players: int, seat: int, listing: str) -> int:
    """The seat (its place in the series' list) of who plays after `seat`."""
    return (seat + _step(v, listing)) % players


def dealer(v: Variant, players: int, first_dealer: int, hands_played: int, listing: str) -> int:
    """The seat that deals the hand after `hands_played` hands: the deal passes one player
    along the order of play after each hand (Romanian tile rummy, Preparation and
    Distribution of Tiles: "the turn to deal passes to the right")."""
    return (first_dealer + _step(v, listing) * hands_played) % players


def starter(v: Variant, players: int, first_dealer: int, hands_played: int, listing: str) -> int:
    """The seat that plays first in the hand after `hands_played` hands."""
    seat = dealer(v, players, first_dealer, hands_played, listing)
    if v.who_starts == "after_dealer":
        # Romanian tile rummy: the player to the dealer's right has 15 tiles and starts by
        # discarding, the next player in its anticlockwise order of play.
        return next_player(v, players, seat, listing)
    # The highest tile drawn goes first (Rummikub official rules, Set Up); each later hand
    # passes to the next player in the order of play (Scorekeeper ruling).
    return seat


def has_dealer(v: Variant) -> bool:
    """Whether the variant's source has someone deal the tiles (only then does the app
    say who deals, besides who plays first)."""
    return v.who_starts == "after_dealer"


def order_words(v: Variant) -> Words:
    """How to list the players for the variant, as the new-series form says it."""
    if direction(v) == "anticlockwise":
        return words(
            "{variant} is played anticlockwise: list the players in the order they take turns, "
            "going round to the right.",
            variant=v.name,
        )
    return words(
        "{variant} is played clockwise: list the players in the order they take turns, "
        "going round to the left.",
        variant=v.name,
    )


def order_group_words(way: Direction, variants: Sequence[object]) -> Words:
    """How to list the players for every variant played one way, as the new-series form
    says it before a script narrows it to the variant chosen."""
    if way == "anticlockwise":
        return words(
            "Played anticlockwise ({variants}): list the players in the order they take turns, "
            "going round to the right.",
            variants=and_list(variants),
        )
    return words(
        "Played clockwise ({variants}): list the players in the order they take turns, "
        "going round to the left.",
        variants=and_list(variants),
    )


def first_seat_group_words(with_dealer: bool, variants: Sequence[object]) -> Words:
    """What "who goes first" asks for, for every variant with (or without) a dealer."""
    if with_dealer:
        return words(
            "With a dealer ({variants}): choose who deals the first hand; the player after "
            "the dealer plays first.",
            variants=and_list(variants),
        )
    return words(
        "Without a dealer ({variants}): each player draws a tile and the highest plays first; "
        "choose who won the draw.",
        variants=and_list(variants),
    )


def first_seat_words(v: Variant) -> Words:
    """What the new-series form's "who goes first" asks for under the variant."""
    if has_dealer(v):
        return words(
            "{variant}: choose who deals the first hand, or let the app pick at random; "
            "the player after the dealer plays first.",
            variant=v.name,
        )
    return words(
        "{variant}: each player draws a tile and the highest plays first; choose who won "
        "the draw, or let the app pick at random.",
        variant=v.name,
    )


def first_label_words(v: Variant) -> Words:
    """The label of the forms' choice of who goes first under the variant: with a dealer the
    name chosen deals the first hand, without one it plays first."""
    if has_dealer(v):
        return words("Who deals first")
    return words("Who plays first")


def first_label_group_words(dealt: bool, undealt: bool) -> Words:
    """The label of the new-series form's choice of who goes first before a script narrows it
    to the variant chosen: it fits the variants offered, with a dealer (`dealt`) and without
    (`undealt`); the hint under it names which are which (first_seat_group_words)."""
    if dealt and undealt:
        return words("Who deals first (with a dealer) or plays first")
    return words("Who deals first") if dealt else words("Who plays first")


def drawn_words(v: Variant, name: str) -> Words:
    """Who the app picked at random for the first hand."""
    if has_dealer(v):
        return words("Drawn at random: {player} deals the first hand.", player=name)
    return words("Drawn at random: {player} plays first.", player=name)


def rematch_words(v: Variant, name: str, drawn: bool) -> Words:
    """A rematch started, and who goes first in it: drawn at random or chosen (by default
    the next in the order of play)."""
    if drawn and has_dealer(v):
        return words(
            "Rematch started. Drawn at random: {player} deals the first hand.", player=name
        )
    if drawn:
        return words("Rematch started. Drawn at random: {player} plays first.", player=name)
    if has_dealer(v):
        return words("Rematch started: {player} deals the first hand.", player=name)
    return words("Rematch started: {player} plays first.", player=name)


def turn_words(v: Variant, hand: int, dealer_name: str, starter_name: str) -> Words:
    """Who deals and who plays first in the hand being played, as the series page, the viewer
    and the table screen say it."""
    if has_dealer(v):
        return words(
            "Hand {hand}: {dealer} deals, {starter} plays first.",
            hand=hand,
            dealer=dealer_name,
            starter=starter_name,
        )
    return words("Hand {hand}: {starter} plays first.", hand=hand, starter=starter_name)


def play_round(v: Variant, players: int, listing: str, first: int = 0) -> list[int]:
    """Every seat once, in the order they take turns, from `first`: the table screen draws
    them round its circle this way."""
    seats = [first % players]
    while len(seats) < players:
        seats.append(next_player(v, players, seats[-1], listing))
    return seats


def round_words(v: Variant, names: Sequence[object]) -> Words:
    """Which way play goes and in what order, as the table screen says it under its circle
    (`names` in the order they take turns)."""
    if direction(v) == "anticlockwise":
        return words("Played anticlockwise, in this order: {players}.", players=and_list(names))
    return words("Played clockwise, in this order: {players}.", players=and_list(names))
