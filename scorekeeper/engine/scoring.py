"""Scoring a hand: each player's score, the winner, and a breakdown that says why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from .hands import FINISH_WORDS, HandRecord, PlayerHand, melded_by_player
from .melds import rack_value
from .names import isolated
from .sources import SOURCES, cite, ruling, scorekeeper_ruling
from .tiles import Tile, format_tiles
from .variants import Variant
from .words import Words, and_list, as_record, counted, from_record, words


class Line:
    """One line of a player's breakdown: points, the rule in plain words, its
    source, and the variant parameter behind it (for the rule reference).

    The words may be given as a function that writes them (`partial(...)`): they are
    written the first time they are read. A series' totals and an import's check use
    only the points, and writing every tile of a rack into words was a good part of
    scoring a hand. A line is not changed once made."""

    __slots__ = ("_rule", "param", "points", "source")

    def __init__(self, points: int, rule: str | Callable[[], str], source: str, param: str):
        self.points = points
        self._rule = rule
        self.source = source
        self.param = param

    @property
    def rule(self) -> str:
        """The rule in plain words."""
        if not isinstance(self._rule, str):
            self._rule = self._rule()
        return self._rule

    def _fields(self) -> tuple[int, str, str, str]:
        return (self.points, self.rule, self.source, self.param)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Line(points={self.points!r}, rule={self.rule!r}, source={self.source!r}, "
            f"param={self.param!r})"
        )

    def to_dict(self) -> dict[str, Any]:
        """The line as the command line and the API print it."""
        return {"points": self.points, "rule": self.rule, "source": self.source}

    def to_record(self) -> dict[str, Any]:
        """The line as it is stored, with the parameter behind it, and its words as data
        (`said`) so that a page can read a stored line in its reader's language."""
        said = {
            k: as_record(getattr(self, k))
            for k in ("rule", "source")
            if isinstance(getattr(self, k), Words)
        }
        return {**self.to_dict(), "param": self.param, **({"said": said} if said else {})}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Line:
        """The line as `to_record` stored it (a line stored before its words were kept as
        data reads in English)."""
        said = data.get("said") or {}
        rule, source = (
            from_record(said[k]) if k in said else str(data[k]) for k in ("rule", "source")
        )
        return cls(int(data["points"]), rule, source, str(data["param"]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class HandResult:
    """A scored hand."""

    winner: str | None
    scores: dict[str, int]
    breakdown: dict[str, tuple[Line, ...]] = field(default_factory=dict)
    melded: dict[str, int] = field(default_factory=dict)
    racks: dict[str, int] = field(default_factory=dict)
    # Whether each player opened, where the hand says so: every player of a hand
    # scored by melded value (what decides the never-opened penalty); empty when
    # the racks decide the score, as such a hand does not record who laid what.
    opened: dict[str, bool] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The result as `scorekeeper score` prints it."""
        return {
            "winner": self.winner,
            "scores": dict(self.scores),
            "breakdown": {
                n: [line.to_dict() for line in lines] for n, lines in self.breakdown.items()
            },
        }

    def to_record(self) -> dict[str, Any]:
        """Everything the result says, as JSON-safe data to store with the hand;
        `from_record` gives the same result back."""
        return {
            "winner": self.winner,
            "scores": dict(self.scores),
            "breakdown": {
                n: [line.to_record() for line in lines] for n, lines in self.breakdown.items()
            },
            "melded": dict(self.melded),
            "racks": dict(self.racks),
            "opened": dict(self.opened),
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> HandResult:
        """The result as `to_record` stored it."""
        winner = data["winner"]
        return cls(
            winner=None if winner is None else str(winner),
            scores={str(n): int(s) for n, s in data["scores"].items()},
            breakdown={
                str(n): tuple(Line.from_record(line) for line in lines)
                for n, lines in data["breakdown"].items()
            },
            melded={str(n): int(s) for n, s in data.get("melded", {}).items()},
            racks={str(n): int(s) for n, s in data.get("racks", {}).items()},
            opened={str(n): bool(o) for n, o in data.get("opened", {}).items()},
        )


def source_of(v: Variant, topic: str) -> str:
    """The citation of a breakdown line: the source's section for the topic, else
    the section of the racks (sources/ holds each source's sections)."""
    return _cited(v.source, topic)


@lru_cache(maxsize=512)
def _cited(source_key: str, topic: str) -> str:
    # Every line of every hand cites its source: worked out once per source and topic.
    source = SOURCES[source_key]
    return cite(source_key, source.sections.get(topic, source.sections.get("rack", "scoring")))


def _pool(v: Variant) -> str:
    return SOURCES[v.source].topic("pool_scoring", "pool")


def rack_points(p: PlayerHand, v: Variant, costs: list[int] | None = None) -> int:
    """What the tiles left on a player's rack cost under the variant (`costs`: each
    tile's cost, when already worked out)."""
    if p.rack is None:
        plain = p.rack_jokers - p.swapped_jokers
        return (p.rack_points or 0) + plain * v.joker_rack + p.swapped_jokers * v.rack_swapped_joker
    return sum(_tile_costs(p, v) if costs is None else costs)


# The words of the lines that name every tile are written only when read (see Line): a
# series' totals and an import's check never read them.


def _against_you(p: PlayerHand, costs: list[int] | None) -> Words:
    return words("{rack} count against you", rack=_rack_words(p, costs))


def _nobody_out_against_you(p: PlayerHand, costs: list[int] | None) -> Words:
    return words("Nobody went out. {rack} count against you", rack=_rack_words(p, costs))


def _out_against_you(player: str, p: PlayerHand, costs: list[int] | None) -> Words:
    return words(
        "{player} went out. {rack} count against you", player=player, rack=_rack_words(p, costs)
    )


def _sum_of_racks(taken: dict[str, int]) -> Words:
    # Each name isolated: a right-to-left name would otherwise take the points after it.
    listed = ", ".join(f"{isolated(name)} {points}" for name, points in taken.items())
    return words("Went out: the sum of the other racks ({taken})", taken=listed)


def _put_on_table(tiles: list[Tile]) -> Words:
    return words("Tiles you put on the table ({tiles})", tiles=format_tiles(tiles))


def _rack_words(p: PlayerHand, costs: list[int] | None) -> Words:
    """The rack in words, with what each tile costs."""
    if p.rack is not None:
        if not p.rack:
            return words("Nothing left on your rack")
        shown = " + ".join(str(c) for c in costs or ())
        return words(
            "Tiles left on your rack ({tiles}: {costs})", tiles=format_tiles(p.rack), costs=shown
        )
    if p.rack_jokers:
        return counted(
            "Tiles left on your rack ({points} points and {n} joker)",
            "Tiles left on your rack ({points} points and {n} jokers)",
            points=p.rack_points or 0,
            n=p.rack_jokers,
        )
    return words("Tiles left on your rack ({points} points)", points=p.rack_points or 0)


def _tile_costs(p: PlayerHand, v: Variant) -> list[int]:
    costs, swapped = [], p.swapped_jokers
    for tile in p.rack or ():
        is_swapped = tile.joker and swapped > 0
        swapped -= is_swapped
        costs.append(rack_value(tile, v, swapped=is_swapped))
    return costs


def _racks(hand: HandRecord) -> tuple[dict[str, int], dict[str, list[int] | None]]:
    """Each player's rack value, and each tile's cost where the rack is given as tiles:
    worked out once per hand, for the scores and for the words that explain them."""
    v = hand.variant
    costs = {p.name: _tile_costs(p, v) if p.rack is not None else None for p in hand.players}
    return {p.name: rack_points(p, v, costs[p.name]) for p in hand.players}, costs


def score_hand(hand: HandRecord) -> HandResult:
    """Score a checked hand under its variant."""
    if hand.variant.scoring == "melded":
        return _score_melded(hand)
    return _score_racks(hand)


# --- Racks: the winner takes what the others hold ---------------------------


def _score_racks(hand: HandRecord) -> HandResult:
    v = hand.variant
    racks, costs = _racks(hand)
    out = hand.went_out
    if out is not None:
        return _went_out_racks(hand, out, racks, costs)
    if v.pool_out == "lowest_rack_wins":
        return _lowest_rack_wins(hand, racks)
    lines: dict[str, tuple[Line, ...]] = {
        p.name: (
            Line(
                -racks[p.name],
                partial(_nobody_out_against_you, p, costs[p.name]),
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
        said = partial(_out_against_you, out.name, p, costs[p.name])
        lines[p.name] = (Line(-racks[p.name], said, source_of(v, "rack"), "scoring"),)
    taken = {p.name: racks[p.name] for p in others}
    won = [
        Line(sum(taken.values()), partial(_sum_of_racks, taken), source_of(v, "rack"), "scoring")
    ]
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
    racks, costs = _racks(hand)
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
                words("Went out by {how}", how=_finish_words(p.finish)),
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


def _never_opened(v: Variant, rack: int, src: str) -> Line:
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
        lines.append(Line(melded, partial(_put_on_table, tiles), src, "scoring"))
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
        said = partial(_against_you if hand.went_out else _nobody_out_against_you, p, costs)
        lines.append(
            Line(-rack, said, source_of(v, "rack" if hand.went_out else _pool(v)), "scoring")
        )
    return lines


def _finish_words(finish: str | None) -> str:
    return FINISH_WORDS.get(finish or "", words("going out"))


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
