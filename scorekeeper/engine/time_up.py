"""What a turn's clock says: the time a series allows per turn and, when it runs out, what the
player does, in the words of the variant's source (../shared/RULES.md, "Playing the hand":
Rummikub official rules, Time Limit; Rummy with card-faced tiles, How to Play; the Tile Rummy
leaflet, The Game; the Rummy Meld tutorial, Turn Timer; Romanian tile rummy has no clock)."""

from __future__ import annotations

from .variants import Variant
from .words import Words, counted, words

# A series' own limit (kept with its clock): None follows the variant, OFF switches the clock
# off, any other number is the seconds per turn (the house option RULES.md allows).
OFF = 0


def turn_limit(v: Variant, own: int | None) -> int | None:
    """The seconds a turn may last in a series, or None without a clock."""
    if own is None:
        return v.turn_limit
    return None if own == OFF else own


def time_up_words(v: Variant, player: str) -> Words:
    """What every screen says when the player's time ran out: the source's penalty."""
    if v.time_up == "draw_tile":
        # Rummikub official rules, Time Limit and Incomplete Runs.
        return words(
            "Time's up: {player} draws a tile; if the table was changed, put it back "
            "and draw three.",
            player=player,
        )
    if v.time_up == "three_tiles":
        # Rummy with card-faced tiles, How to Play.
        return words(
            "Time's up: {player} puts the table back as it was and takes three tiles "
            "from the pool.",
            player=player,
        )
    if v.time_up == "pass":
        # Tile Rummy leaflet, The Game.
        return words("Time's up: {player} says pass, and the next player plays.", player=player)
    if v.time_up == "draw_discard":
        # Rummy Meld tutorial, Turn Timer.
        return words("Time's up: {player} draws a tile and discards one.", player=player)
    return words("Time's up: {player}'s turn is over.", player=player)


def limit_words(limit: int | None) -> Words:
    """A time per turn as a rule says it ("50 seconds per turn")."""
    if limit is None:
        return words("No time limit per turn.")
    return counted("{n} second per turn.", "{n} seconds per turn.", n=limit)
