"""The rules of ending a hand and of a series, in plain words."""

from __future__ import annotations

from ..time_up import limit_words
from ..variant_words import SERIES_END_WORDS, TITLES
from ..variants import Variant
from ..words import Words, counted, or_list, words
from . import basis as where
from .model import ENDING, SERIES, Rule, rules_into

RULES: list[Rule] = []
rule = rules_into(RULES)


# Ending and closing


@rule(None, words("When a hand ends"), ENDING, where.at("going_out"))
def _hand_ends(v: Variant) -> Words:
    return words(
        "A hand ends when someone goes out, or when the pool is empty and nobody can go out."
    )


@rule("finishes", TITLES["finishes"], ENDING, where.at("going_out"))
def _finishes(v: Variant) -> Words:
    ways = set(v.finishes)
    if ways == {"rack_empty"}:
        return words("You go out by playing every tile from your rack onto the table; no discard.")
    if "rack_empty" in ways:
        return words(
            "You go out by emptying your rack any way: melding, adding to melds "
            "or discarding the last tile."
        )
    if ways == {"joker_discard"}:
        return words(
            "You go out only by discarding a joker as your last tile; "
            "with no joker left you cannot go out."
        )
    if ways == {"discard"}:
        return words(
            "You go out by melding all your tiles but one and discarding the last; "
            "that last tile may not be a joker."
        )
    return words(
        "You go out by melding all your tiles but one and discarding the last; it may be a joker."
    )


@rule("going_out_min_melded", TITLES["going_out_min_melded"], ENDING, where.at("going_out"))
def _min_melded(v: Variant) -> Words:
    if v.going_out_min_melded is None:
        return words("No minimum: you may go out with any amount on the table.")
    return words(
        "You may go out only with at least {going_out_min_melded} melded on the "
        "table; a hand that records going out with less is refused.",
        going_out_min_melded=v.going_out_min_melded,
    )


@rule("pool_out", TITLES["pool_out"], ENDING, where.pool_out)
def _pool_out_words(v: Variant) -> Words:
    start = words("If the pool is empty and nobody can go out")
    if v.pool_out == "lowest_rack_wins":
        return words(
            "{start}, the lowest rack wins the hand. Everyone else scores minus (own "
            "rack minus the lowest rack); the winner scores the sum of those.",
            start=start,
        )
    if v.pool_out == "minus_rack":
        return words(
            "{start}, nobody wins the hand: every player scores minus their own rack.", start=start
        )
    extra = (
        words(
            " Never opening still costs {never_opened_penalty}.",
            never_opened_penalty=v.never_opened_penalty,
        )
        if v.never_opened_penalty is not None
        else ""
    )
    return words(
        "{start}, nobody wins the hand: everyone scores melded tiles minus rack, with "
        "no bonus for going out.{extra}",
        start=start,
        extra=extra,
    )


@rule("last_chance_round", TITLES["last_chance_round"], ENDING, where.at("pool"))
def _last_chance(v: Variant) -> Words:
    if v.last_chance_round:
        return words(
            "When the pool is empty, play one last-chance round first: each player puts "
            "one rack tile face down, the tiles are mixed, and each takes one in turn. "
            "If someone goes out, score as usual; if not, the rule for an empty pool "
            "settles the hand."
        )
    return words("No last-chance round.")


# Series


@rule(None, words("Higher is better"), SERIES, where.at("scoring"))
def _higher(v: Variant) -> Words:
    return words("Scores are plus or minus, and the higher total is always the better one.")


@rule("series_winner", TITLES["series_winner"], SERIES, where.series_winner)
def _series_winner_words(v: Variant) -> Words:
    if v.series_winner == "most_hands":
        return words(
            "Whoever won the most hands wins the series; a tie on hands goes to the higher total."
        )
    return words("The highest total wins the series.")


@rule("series_ends", TITLES["series_ends"], SERIES, where.series_ends)
def _series_ends_words(v: Variant) -> Words:
    usual, *others = v.series_ends
    if others:
        return words(
            "The group agrees up front: usually {usual}; or {others}.",
            usual=SERIES_END_WORDS[usual],
            others=or_list([SERIES_END_WORDS[e] for e in others]),
        )
    return words("The group agrees up front: usually {usual}.", usual=SERIES_END_WORDS[usual])


@rule("deal_direction", TITLES["deal_direction"], SERIES, where.direction)
def _direction_words(v: Variant) -> Words:
    if v.deal_direction == "right":
        return words(
            "Play passes to the right (anticlockwise); after each hand, the deal and the first "
            "turn move one player the same way."
        )
    return words(
        "Play passes to the left (clockwise); after each hand, the first turn (and the deal, "
        "where there is one) moves one player the same way."
    )


@rule("who_starts", TITLES["who_starts"], SERIES, where.first_player)
def _who_starts_words(v: Variant) -> Words:
    if v.who_starts == "after_dealer":
        return words(
            "The first dealer is chosen at random; the player after the dealer in the order of "
            "play starts the hand."
        )
    return words(
        "Each player draws a tile and the highest plays first in the first hand (a tie draws "
        "again); the app can draw for you."
    )


@rule("min_players", TITLES["min_players"], SERIES, where.players)
def _min_players(v: Variant) -> Words:
    return words(
        "At least {min_players} players (this variant takes {players_range}).",
        min_players=v.min_players,
        players_range=_players_range(v),
    )


@rule("max_players", TITLES["max_players"], SERIES, where.players)
def _max_players(v: Variant) -> Words:
    return words(
        "At most {max_players} players (this variant takes {players_range}).",
        max_players=v.max_players,
        players_range=_players_range(v),
    )


def _players_range(v: Variant) -> Words:
    if v.min_players == v.max_players:
        return counted("{n} player", "{n} players", n=v.min_players)
    return words(
        "{min_players} to {max_players}", min_players=v.min_players, max_players=v.max_players
    )


# Playing a turn (../shared/RULES.md, "Playing the hand")


@rule("turn_limit", TITLES["turn_limit"], SERIES, where.clock)
def _turn_limit(v: Variant) -> Words:
    said = limit_words(v.turn_limit)
    return words("{said} A series can change it or switch the clock off.", said=said)


@rule("time_up", TITLES["time_up"], SERIES, where.time_up)
def _time_up(v: Variant) -> Words:
    if v.time_up == "draw_tile":
        return words(
            "The player draws a tile and the turn ends. A player who cannot finish "
            "rearranging puts the table back as it was, takes back the tiles they played and "
            "draws three tiles instead."
        )
    if v.time_up == "three_tiles":
        return words(
            "Every tile goes back where it was and the player takes three extra tiles from the "
            "pool; tiles nobody remembers the place of are mixed into the pool."
        )
    if v.time_up == "pass":
        return words("The player says \u201cpass\u201d and the next player plays.")
    if v.time_up == "draw_discard":
        return words("The player draws a tile and discards one, and the turn ends.")
    return words("The turn is over, with no penalty.")
