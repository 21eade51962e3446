"""Scoring a hand: each player's score, the winner, and a breakdown that says why (the
result and its lines are in `results.py`, what the racks cost in `rack_costs.py`, the words
written from the hand's tiles in `breakdown_words.py`)."""

from __future__ import annotations

from functools import lru_cache, partial

from .breakdown_words import (
    against_you,
    finish_words,
    nobody_out_against_you,
    out_against_you,
    put_on_table,
    sum_of_racks,
)
from .melded_value import melded_by_player
from .rack_costs import racks_of
from .record import HandRecord, PlayerHand
from .results import HandResult, Line
from .sources import SOURCES, cite, ruling, scorekeeper_ruling
from .tiles import Tile
from .variants import Variant
from .words import Words, and_list, counted, words


def source_of(v: Variant, topic: str) -> Words:
    """The citation of a breakdown line: the source's section for the topic, else
    the section of the racks (sources/ holds each source's sections)."""
    return _cited(v.source, topic)


@lru_cache(maxsize=512)
def _cited(source_key: str, topic: str) -> Words:
    # Every line of every hand cites its source: worked out once per source and topic.
    source = SOURCES[source_key]
    return cite(source_key, source.sections.get(topic, source.sections.get("rack", "scoring")))


def _pool(v: Variant) -> str:
    return SOURCES[v.source].topic("pool_scoring", "pool")


def score_hand(hand: HandRecord) -> HandResult:
    """Score a checked hand under its variant."""
    if hand.variant.scoring == "melded":
        return _score_melded(hand)
    return _score_racks(hand)


# --- Racks: the winner takes what the others hold ---------------------------


def _score_racks(hand: HandRecord) -> HandResult:
    v = hand.variant
    racks, costs = racks_of(hand)
    out = hand.went_out
    if out is not None:
        return _went_out_racks(hand, out, racks, costs)
    if v.pool_out == "lowest_rack_wins":
        return _lowest_rack_wins(hand, racks)
    lines: dict[str, tuple[Line, ...]] = {
        p.name: (
            Line(
                -racks[p.name],
                partial(nobody_out_against_you, p, costs[p.name]),
                source_of(v, _pool(v)),
                "pool_out",
            ),
        )
        for p in hand.players
    }
    return _result(hand, None, lines, racks=racks)


def _went_out_racks(
    hand: HandRecord, out: PlayerHand, racks: dict[str, int], costs: dict[str, list[int] | None]
) -> HandResult:
    v = hand.variant
    lines: dict[str, tuple[Line, ...]] = {}
    others = [p for p in hand.players if p is not out]
    for p in others:
        said = partial(out_against_you, out.name, p, costs[p.name])
        lines[p.name] = (Line(-racks[p.name], said, source_of(v, "rack"), "scoring"),)
    taken = {p.name: racks[p.name] for p in others}
    won = [Line(sum(taken.values()), partial(sum_of_racks, taken), source_of(v, "rack"), "scoring")]
    if out.all_at_once and v.all_at_once_bonus is not None:
        bonus = v.all_at_once_bonus[out.jokers_used]
        won.append(
            Line(
                bonus,
                counted(
                    "Laid the whole hand down at once without having opened, with {n} joker",
                    "Laid the whole hand down at once without having opened, with {n} jokers",
                    n=out.jokers_used,
                ),
                source_of(v, "bonus"),
                "all_at_once_bonus",
            )
        )
    lines[out.name] = tuple(won)
    return _result(hand, out.name, lines, racks=racks)


def _lowest_rack_wins(hand: HandRecord, racks: dict[str, int]) -> HandResult:
    """Pool ran out: the lowest rack wins and the others pay the difference."""
    v = hand.variant
    lowest = min(racks.values())
    tied = [p for p in hand.players if racks[p.name] == lowest]
    lines: dict[str, tuple[Line, ...]] = {}
    winner = tied[0] if len(tied) == 1 else None
    for p in hand.players:
        if racks[p.name] == lowest:
            continue
        owed = racks[p.name] - lowest
        lines[p.name] = (
            Line(
                -owed,
                words(
                    "Nobody went out: your rack {rack} minus the lowest rack {lowest}",
                    rack=racks[p.name],
                    lowest=lowest,
                ),
                source_of(v, _pool(v)),
                "pool_out",
            ),
        )
    if winner is not None:
        paid = sum(racks[p.name] - lowest for p in hand.players if p is not winner)
        lines[winner.name] = (
            Line(
                paid,
                words(
                    "Nobody went out and your rack ({lowest}) is the "
                    "lowest: the sum of what the others pay",
                    lowest=lowest,
                ),
                source_of(v, _pool(v)),
                "pool_out",
            ),
        )
    else:
        names = and_list([p.name for p in tied])
        for p in tied:
            lines[p.name] = (
                Line(
                    0,
                    words(
                        "Nobody went out and {names} tie for the lowest rack "
                        "({lowest}): nobody wins the hand and the tied "
                        "players score 0",
                        names=names,
                        lowest=lowest,
                    ),
                    ruling(scorekeeper_ruling("lowest_rack_tie").about),
                    "pool_out",
                ),
            )
    return _result(hand, winner.name if winner else None, lines, racks=racks)


# --- Melded value: what you put on the table minus what you hold -------------


def _score_melded(hand: HandRecord) -> HandResult:
    v = hand.variant
    points, jokers, tiles = melded_by_player(hand)
    racks, costs = racks_of(hand)
    out = hand.went_out
    lines: dict[str, tuple[Line, ...]] = {}
    opened = {
        p.name: has_opened(p, points[p.name], jokers[p.name], tiles[p.name]) for p in hand.players
    }
    for p in hand.players:
        lines[p.name] = tuple(
            _melded_lines(
                p,
                hand,
                points[p.name],
                jokers[p.name],
                tiles[p.name],
                racks[p.name],
                opened[p.name],
                costs[p.name],
            )
        )
    melded = {n: points[n] + jokers[n] * (v.melded_joker_bonus or 0) for n in points}
    return _result(
        hand, out.name if out else None, lines, melded=melded, racks=racks, opened=opened
    )


def has_opened(p: PlayerHand, melded: int, jokers: int, tiles: list[Tile]) -> bool:
    """Whether a player opened in a hand scored by melded value: anything of
    theirs on the table, or going out, counts (Romanian tile rummy and Rummy Meld
    charge the never-opened penalty to a player with nothing down)."""
    return bool(tiles) or melded > 0 or jokers > 0 or p.went_out


def _melded_lines(
    p: PlayerHand,
    hand: HandRecord,
    melded: int,
    jokers: int,
    tiles: list[Tile],
    rack: int,
    opened: bool,
    costs: list[int] | None,
) -> list[Line]:
    v = hand.variant
    src = source_of(v, "rack")
    if "left_table" in p.declared and v.left_table_penalty is not None:
        return [
            Line(
                -v.left_table_penalty,
                words("Left the table during the hand: a fixed penalty replaces the hand's score"),
                source_of(v, "left"),
                "left_table_penalty",
            )
        ]
    lines: list[Line] = []
    if p.went_out:
        lines.append(
            Line(
                v.went_out_bonus,
                words("Went out by {how}", how=finish_words(p.finish)),
                src,
                "went_out_bonus",
            )
        )
        if p.all_at_once and v.all_at_once_bonus is not None:
            lines.append(
                Line(
                    v.all_at_once_bonus[p.jokers_used],
                    words("Went out all at once without having opened before"),
                    source_of(v, "bonus"),
                    "all_at_once_bonus",
                )
            )
    if not opened and v.never_opened_penalty is not None:
        lines.append(_never_opened(v, rack, src))
    else:
        lines.extend(_opened_lines(p, hand, melded, jokers, tiles, rack, costs))
    if "exposed_twin" in p.declared and v.exposed_twin_bonus is not None:
        lines.append(
            Line(
                v.exposed_twin_bonus,
                words("Announced the twin of the exposed tile"),
                src,
                "exposed_twin_bonus",
            )
        )
    if p.went_out and p.finish == "joker_discard" and v.joker_discard_doubles:
        subtotal = sum(line.points for line in lines)
        lines.append(
            Line(
                subtotal,
                words("Went out by discarding a Joly: the hand's score doubles"),
                source_of(v, "variation"),
                "joker_discard_doubles",
            )
        )
    return lines


def _never_opened(v: Variant, rack: int, src: Words | str) -> Line:
    """The never-opened penalty's line (Romanian variations add the rack to it)."""
    penalty = v.never_opened_penalty or 0
    if v.never_opened_plus_rack:
        return Line(
            -(penalty + rack),
            words("Never opened: {penalty} plus the rack ({rack})", penalty=penalty, rack=rack),
            source_of(v, "variation"),
            "never_opened_penalty",
        )
    return Line(
        -penalty,
        words("Never opened: a fixed penalty, whatever is on the rack"),
        src,
        "never_opened_penalty",
    )


def _opened_lines(
    p: PlayerHand,
    hand: HandRecord,
    melded: int,
    jokers: int,
    tiles: list[Tile],
    rack: int,
    costs: list[int] | None,
) -> list[Line]:
    """What an opened player put down, jokers credited, and the rack held."""
    v = hand.variant
    src = source_of(v, "rack")
    lines: list[Line] = []
    if tiles:
        lines.append(Line(melded, partial(put_on_table, tiles), src, "scoring"))
    elif melded:
        lines.append(Line(melded, words("Tiles you put on the table (counted)"), src, "scoring"))
    if jokers and v.melded_joker_bonus is not None:
        lines.append(
            Line(
                jokers * v.melded_joker_bonus,
                counted(
                    "{n} joker credited to you as first melder, {bonus} each",
                    "{n} jokers credited to you as first melder, {bonus} each",
                    n=jokers,
                    bonus=v.melded_joker_bonus,
                ),
                src,
                "melded_joker_bonus",
            )
        )
    if not p.went_out:
        said = partial(against_you if hand.went_out else nobody_out_against_you, p, costs)
        lines.append(
            Line(-rack, said, source_of(v, "rack" if hand.went_out else _pool(v)), "scoring")
        )
    return lines


def _result(
    hand: HandRecord,
    winner: str | None,
    lines: dict[str, tuple[Line, ...]],
    *,
    racks: dict[str, int],
    melded: dict[str, int] | None = None,
    opened: dict[str, bool] | None = None,
) -> HandResult:
    """The result with players in seat order; a score is the sum of its lines."""
    ordered = {name: lines[name] for name in hand.names}
    scores = {name: sum(line.points for line in ls) for name, ls in ordered.items()}
    return HandResult(
        winner, scores, ordered, melded=melded or {}, racks=racks, opened=opened or {}
    )
