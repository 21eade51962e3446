"""The rules of ending a hand and of a series, in plain words."""

from __future__ import annotations

from ..variant_words import SERIES_END_WORDS, TITLES
from ..variants import Variant
from . import basis as where
from .model import ENDING, SERIES, Rule, rules_into

RULES: list[Rule] = []
rule = rules_into(RULES)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# Ending and closing

@rule(None, "When a hand ends", ENDING, where.at("going_out"))
def _hand_ends(v: Variant) -> str:
    return ("A hand ends when someone goes out, or when the pool is empty "
            "and nobody can go out.")


@rule("finishes", TITLES["finishes"], ENDING, where.at("going_out"))
def _finishes(v: Variant) -> str:
    ways = set(v.finishes)
    if ways == {"rack_empty"}:
        return "You go out by playing every tile from your rack onto the table; no discard."
    if "rack_empty" in ways:
        return ("You go out by emptying your rack any way: melding, adding to melds "
                "or discarding the last tile.")
    if ways == {"joker_discard"}:
        return ("You go out only by discarding a joker as your last tile; "
                "with no joker left you cannot go out.")
    if ways == {"discard"}:
        return ("You go out by melding all your tiles but one and discarding the last; "
                "that last tile may not be a joker.")
    return ("You go out by melding all your tiles but one and discarding the last; "
            "it may be a joker.")


@rule("going_out_min_melded", TITLES["going_out_min_melded"], ENDING, where.at("going_out"))
def _min_melded(v: Variant) -> str:
    if v.going_out_min_melded is None:
        return "No minimum: you may go out with any amount on the table."
    return (f"You may go out only with at least {v.going_out_min_melded} melded on the "
            "table; a hand that records going out with less is refused.")


@rule("pool_out", TITLES["pool_out"], ENDING, where.pool_out)
def _pool_out_words(v: Variant) -> str:
    start = "If the pool is empty and nobody can go out"
    if v.pool_out == "lowest_rack_wins":
        return (f"{start}, the lowest rack wins the hand. Everyone else scores minus "
                "(own rack minus the lowest rack); the winner scores the sum of those.")
    if v.pool_out == "minus_rack":
        return f"{start}, nobody wins the hand: every player scores minus their own rack."
    extra = (f" Never opening still costs {v.never_opened_penalty}."
             if v.never_opened_penalty is not None else "")
    return (f"{start}, nobody wins the hand: everyone scores melded tiles minus rack, "
            f"with no bonus for going out.{extra}")


@rule("last_chance_round", TITLES["last_chance_round"], ENDING, where.at("pool"))
def _last_chance(v: Variant) -> str:
    if v.last_chance_round:
        return ("When the pool is empty, play one last-chance round first: each player puts "
                "one rack tile face down, the tiles are mixed, and each takes one in turn. "
                "If someone goes out, score as usual; if not, the rule for an empty pool "
                "settles the hand.")
    return "No last-chance round."


# Series

@rule(None, "Higher is better", SERIES, where.at("scoring"))
def _higher(v: Variant) -> str:
    return "Scores are plus or minus, and the higher total is always the better one."


@rule("series_winner", TITLES["series_winner"], SERIES, where.series_winner)
def _series_winner_words(v: Variant) -> str:
    if v.series_winner == "most_hands":
        return ("Whoever won the most hands wins the series; a tie on hands goes to the "
                "higher total.")
    return "The highest total wins the series."


@rule("series_ends", TITLES["series_ends"], SERIES, where.series_ends)
def _series_ends_words(v: Variant) -> str:
    usual, *others = v.series_ends
    text = f"The group agrees up front: usually {SERIES_END_WORDS[usual]}"
    if others:
        text += "; or " + " or ".join(SERIES_END_WORDS[e] for e in others)
    return text + "."


@rule("deal_direction", TITLES["deal_direction"], SERIES, where.deal)
def _deal_words(v: Variant) -> str:
    if v.deal_direction == "right":
        return "After each hand the deal moves one seat to the right (anticlockwise)."
    return "After each hand the deal moves one seat to the left (clockwise)."


@rule("min_players", TITLES["min_players"], SERIES, where.players)
def _min_players(v: Variant) -> str:
    return f"At least {v.min_players} players (this variant takes {_players_range(v)})."


@rule("max_players", TITLES["max_players"], SERIES, where.players)
def _max_players(v: Variant) -> str:
    return f"At most {v.max_players} players (this variant takes {_players_range(v)})."


def _players_range(v: Variant) -> str:
    if v.min_players == v.max_players:
        return _count(v.min_players, "player")
    return f"{v.min_players} to {v.max_players}"
