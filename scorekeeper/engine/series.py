"""A series: hands played under one variant until the agreed end; totals and winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn

from .errors import InvalidHand, InvalidSeries, InvalidVariant
from .hands import HandRecord, read_hand, read_variant
from .names import lookalike_problem, name_key, name_problem, shown_name, tidy_name
from .results import HandResult
from .scoring import score_hand
from .variants import SERIES_ENDS, Variant, check_player_count
from .words import Words, and_list, counted, or_list, words


@dataclass(frozen=True)
class SeriesEnd:
    """When the series ends: after a number of hands or rounds, or at a target score."""

    kind: str
    value: int

    def __post_init__(self) -> None:
        if self.kind not in SERIES_ENDS:
            shown = self.kind if isinstance(self.kind, str) else "that"
            raise InvalidSeries(
                words(
                    "a series ends after hands, rounds or at a target, not {shown!r}",
                    shown=shown[:40],
                ),
                field="end",
            )
        if (
            isinstance(self.value, bool)
            or not isinstance(self.value, int)
            or not (1 <= self.value <= END_MOST)
        ):
            raise InvalidSeries(
                words(
                    "the series end ({kind}) must be a whole number from 1 to 100000",
                    kind=self.kind,
                ),
                field="end",
            )

    def hands_for(self, players: int) -> int | None:
        """How many hands the series lasts, when that is fixed in advance."""
        if self.kind == "hands":
            return self.value
        if self.kind == "rounds":
            # A round is as many hands as there are players (Rummikub official rules, Set Up).
            return self.value * players
        return None

    def describe(self, players: int) -> Words:
        """The end in words."""
        if self.kind == "target":
            return words("first to {value} points", value=self.value)
        if self.kind == "rounds":
            return counted(
                "{n} round ({hands} hands)",
                "{n} rounds ({hands} hands)",
                n=self.value,
                hands=self.hands_for(players),
            )
        return counted("{n} hand", "{n} hands", n=self.value)

    def to_dict(self) -> dict[str, int]:
        """The end as the series file writes it."""
        return {self.kind: self.value}


def read_end(data: Any) -> SeriesEnd:
    """Read `{"hands": N}`, `{"rounds": N}` or `{"target": N}`."""
    if not isinstance(data, dict) or len(data) != 1:
        raise InvalidSeries(
            words('the end must be {"hands": N}, {"rounds": N} or {"target": N}'), field="end"
        )
    ((kind, value),) = data.items()
    return SeriesEnd(kind, value)


@dataclass(frozen=True)
class Standing:
    """One player's place in the series."""

    name: str
    total: int
    hands_won: int
    rank: int


@dataclass(frozen=True)
class SeriesResult:
    """Where a series stands after its hands."""

    hands: tuple[HandResult, ...]
    totals: dict[str, int]
    games_won: dict[str, int]
    finished: bool
    winners: list[str]
    standings: tuple[Standing, ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as `scorekeeper series` prints it."""
        return {
            "totals": dict(self.totals),
            "games_won": dict(self.games_won),
            "finished": self.finished,
            "winners": list(self.winners),
            "hands": [{"winner": h.winner, "scores": dict(h.scores)} for h in self.hands],
        }


def _ranking_key(v: Variant, total: int, won: int) -> tuple[int, ...]:
    # Rummikub: most hands won, then the highest total (Rummikub official rules, Winning).
    if v.series_winner == "most_hands":
        return (won, total)
    return (total,)


def rank_players(
    v: Variant, names: list[str], totals: dict[str, int], won: dict[str, int]
) -> tuple[Standing, ...]:
    """Standings, best first; players level on the variant's rule share a rank."""
    keys = {n: _ranking_key(v, totals[n], won[n]) for n in names}
    ordered = sorted(names, key=lambda n: keys[n], reverse=True)
    standings, rank = [], 0
    for i, name in enumerate(ordered):
        if i == 0 or keys[name] != keys[ordered[i - 1]]:
            rank = i + 1
        standings.append(Standing(name, totals[name], won[name], rank))
    return tuple(standings)


def is_finished(end: SeriesEnd, players: int, hands_played: int, totals: dict[str, int]) -> bool:
    """Whether the agreed end has been reached."""
    fixed = end.hands_for(players)
    if fixed is not None:
        return hands_played >= fixed
    return any(t >= end.value for t in totals.values())


def score_series(
    v: Variant, names: list[str], end: SeriesEnd, hands: list[HandRecord]
) -> SeriesResult:
    """Score every hand in order, then tally; refuse a hand played after the series ended."""
    seated = next((i for i, hand in enumerate(hands) if hand.names != list(names)), len(hands))
    result = tally_series(v, names, end, [score_hand(hand) for hand in hands[:seated]])
    if seated < len(hands):
        if result.finished:
            after_the_end(end, names, seated)
        raise InvalidSeries(
            words(
                "hand {hand}: its players must be the series' players in seat order",
                hand=seated + 1,
            )
        )
    return result


def tally_series(
    v: Variant, names: list[str], end: SeriesEnd, results: list[HandResult]
) -> SeriesResult:
    """Totals, hands won and standings from hands already scored, in order;
    refuse a hand played after the series ended."""
    totals = {n: 0 for n in names}
    won = {n: 0 for n in names}
    for i, result in enumerate(results):
        if is_finished(end, len(names), i, totals):
            after_the_end(end, names, i)
        for n in names:
            totals[n] += result.scores[n]
        if result.winner is not None:
            won[result.winner] += 1
    finished = is_finished(end, len(names), len(results), totals)
    standings = rank_players(v, list(names), totals, won)
    winners = [s.name for s in standings if s.rank == 1] if finished else []
    return SeriesResult(tuple(results), totals, won, finished, winners, standings)


def after_the_end(end: SeriesEnd, names: list[str], index: int) -> NoReturn:
    raise InvalidSeries(
        words(
            "hand {hand} comes after the series ended ({end})",
            hand=index + 1,
            end=end.describe(len(names)),
        )
    )


SERIES_FIELDS = {"variant", "players", "end", "hands"}
END_MOST = 100_000  # the most hands, rounds or points a series' end may name
# How each kind of end reads in a sentence ("Romanian tile rummy series end ...").
END_WORDS = {
    "hands": words("after a number of hands"),
    "rounds": words("after a number of rounds"),
    "target": words("at a target score"),
}


def read_players(value: Any) -> list[str]:
    """The players of a series in the order they take turns, names tidied, or InvalidSeries."""
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise InvalidSeries(
            words("the players must be a list of names in the order they take turns"),
            field="players",
        )
    return [tidy_name(n) for n in value]


def check_series_setup(v: Variant, names: list[str], end: SeriesEnd, first_dealer: Any = 0) -> None:
    """Refuse a series the variant cannot be played as: the players it allows
    (names usable, none twice, between its least and most players), the ends it
    allows (Romanian and Rummy Meld series have no rounds), and a first dealer
    who is one of the seats. The one place these rules are decided: the forms,
    the API, import and the command line all ask here."""
    seen: set[str] = set()
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise InvalidSeries(
                words("{problem}: “{name}”", problem=problem, name=shown_name(name[:NAME_SHOWN])),
                field="players",
                seat=seat,
            )
        if name_key(name) in seen:
            raise InvalidSeries(
                words("{name} is seated twice", name=name), field="players", seat=seat
            )
        # Two names drawn alike (a Cyrillic dze, U+0405, for a Latin "S") would be two players
        # nobody at the table can tell apart (UTS #39 skeletons, engine/names.py).
        if twin := lookalike_problem(name, names[:seat]):
            raise InvalidSeries(twin, field="players", seat=seat)
        seen.add(name_key(name))
    check_player_count(v, len(names), InvalidSeries)
    if end.kind not in v.series_ends:
        allowed = or_list([END_WORDS[e] for e in v.series_ends])
        raise InvalidSeries(
            words(
                "a {variant} series ends {allowed}, not {end}",
                variant=v.name,
                allowed=allowed,
                end=END_WORDS[end.kind],
            ),
            field="end",
        )
    if type(first_dealer) is not int or not 0 <= first_dealer < len(names):
        raise InvalidSeries(
            words("the first dealer must be one of the {count} players seated", count=len(names)),
            field="first_dealer",
        )


NAME_SHOWN = 40  # a refused name is shown at most this long


def read_series(data: Any) -> tuple[Variant, list[str], SeriesEnd, list[HandRecord]]:
    """Read a series file: variant, players, end and its hands, the set-up checked
    as the app checks a new series (`check_series_setup`)."""
    if not isinstance(data, dict):
        raise InvalidSeries(words("a series must be a JSON object"))
    unknown = sorted(str(k) for k in set(data) - SERIES_FIELDS)
    if unknown:
        raise InvalidSeries(
            words("unknown field '{unknown}' in the series", unknown=unknown[0][:NAME_SHOWN])
        )
    try:
        variant = read_variant(data.get("variant"))
    except InvalidVariant as error:
        raise InvalidSeries(words("the variant: {error}", error=error), field="variant") from None
    names = read_players(data.get("players"))
    end = read_end(data.get("end"))
    check_series_setup(variant, names, end)
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        raise InvalidSeries(words("the hands must be a list of hands"), field="hands")
    hands = []
    for i, raw in enumerate(raw_hands):
        if isinstance(raw, dict) and "variant" in raw:
            raise InvalidSeries(
                words('a hand in a series takes the series\' variant; leave out "variant"'),
                hand=i + 1,
                field="variant",
            )
        try:
            hands.append(read_hand(raw, variant, names))
        except InvalidHand as error:
            raise InvalidSeries(
                error.detail,
                hand=i + 1,
                player=error.player,
                seat=error.seat,
                field=error.field,
                tile=error.tile,
                meld=error.meld,
            ) from None
    return variant, names, end, hands


def winner_words(winners: list[str], *, past: bool = False) -> Words:
    """Who won the series, in words: "C wins", "A and B share the win"; with
    `past`, "C won", "A and B shared the win"."""
    if not winners:
        return words("nobody has won the series yet")
    names = and_list(winners)
    if len(winners) == 1:
        return words("{player} won", player=names) if past else words("{player} wins", player=names)
    if past:
        return words("{players} shared the win", players=names)
    return words("{players} share the win", players=names)
