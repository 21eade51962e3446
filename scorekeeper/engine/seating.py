"""Seating an event's round: how many tables of what size, and who sits at which.

Round one is always drawn at random. Later rounds follow the event's seating: "random" again,
"standings" (strongest together: table 1 gets the top of the standings, as Swiss-style events
pair players of like scores), or "mix" (players meet as many new opponents as possible: the
fewest repeat meetings, each pair that has already sat at one table counted as often as it
has). Every choice is drawn from the `rng` handed in, so a round is the same for the same rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from .errors import InvalidEvent
from .event_format import EventFormat
from .variants import Variant
from .words import counted, words

Meetings = Mapping[frozenset[str], int]  # how often each pair has sat at one table

# How many times "mix" draws a fresh greedy seating and improves it by swaps, at most, and how
# many passes of swaps each try makes. The tries stop early once nobody meets anyone again, or
# when MIX_WORK steps (a table or a swap weighed) are spent: 200 players who have all met
# seat in well under a second, a club night's 8 to 40 players in a few milliseconds.
MIX_TRIES = 24
MIX_PASSES = 30
MIX_WORK = 200_000


def table_sizes(count: int, table_size: int, min_players: int, max_players: int) -> list[int]:
    """The sizes of a round's tables for `count` players, biggest first.

    As few tables as tables of `table_size` allow, the players spread evenly (no two tables
    differ by more than one), so when the count does not divide, some tables seat one fewer
    (tables of 4 with some of 3; of 3 with some of 2). Tables of 2 take an odd player as one
    table of 3. Never fewer than `min_players` at a table nor more than `max_players`; a round
    that cannot be seated so is refused (InvalidEvent, field "players")."""
    if table_size < 2:
        raise InvalidEvent(words("a table seats 2, 3 or 4 players"), field="table_size")
    if count < min_players:
        raise InvalidEvent(
            counted(
                "an event needs at least {n} player to seat a table, not {count}",
                "an event needs at least {n} players to seat a table, not {count}",
                n=min_players,
                count=count,
            ),
            field="players",
        )
    # Tables of 2 seat an odd player at one table of 3; bigger tables leave seats empty.
    tables = max(1, count // 2) if table_size == 2 else -(-count // table_size)
    small, extra = divmod(count, tables)
    sizes = [small + 1] * extra + [small] * (tables - extra)
    if sizes[-1] < min_players or sizes[0] > max_players:
        exactly = min_players == max_players
        raise InvalidEvent(
            words(
                "{count} players cannot be seated at tables of {size} "
                "with exactly {most} players at each",
                count=count,
                size=table_size,
                most=max_players,
            )
            if exactly
            else words(
                "{count} players cannot be seated at tables of {size} "
                "with {least} to {most} players at each",
                count=count,
                size=table_size,
                least=min_players,
                most=max_players,
            ),
            field="players",
        )
    return sizes


def meetings_of(rounds: Sequence[Sequence[Sequence[str]]]) -> dict[frozenset[str], int]:
    """How often each pair of players has sat at one table, over the rounds given (each a
    list of tables, each a list of players)."""
    met: dict[frozenset[str], int] = {}
    for tables in rounds:
        for table in tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met


def repeat_meetings(tables: Sequence[Sequence[str]], met: Meetings) -> int:
    """How many pairs at these tables have sat together before, each counted as often as it
    has (a pair meeting a third time counts 2)."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def seat_round(
    players: Sequence[str],
    round_number: int,
    fmt: EventFormat,
    variant: Variant,
    met: Meetings,
    ranking: Sequence[str],
    rng: random.Random,
) -> list[list[str]]:
    """The tables of a round (table 1 first), each in order of play (seat 1 plays first).

    Round 1 is drawn at random whatever the event's seating; `ranking` is the current
    standings' order (best first), for "standings"; `met`, who has met whom, for "mix"."""
    sizes = table_sizes(len(players), fmt.table_size, variant.min_players, variant.max_players)
    if round_number <= 1 or fmt.seating == "random":
        order = list(players)
        rng.shuffle(order)
        return _cut(order, sizes)
    if fmt.seating == "standings":
        tables = _cut(_by_standings(players, ranking), sizes)
    else:
        tables = _mixed(players, sizes, met, rng)
    # Who plays first at a table is drawn, not given by the standings.
    for table in tables:
        rng.shuffle(table)
    return tables


def _cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Players in order, cut into tables of these sizes."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _by_standings(players: Sequence[str], ranking: Sequence[str]) -> list[str]:
    """The players in standings order; anyone not in the standings yet (a late player) after
    them, in the order given."""
    place = {name: i for i, name in enumerate(ranking)}
    unranked = len(place)
    return sorted(players, key=lambda name: place.get(name, unranked))


def _mixed(
    players: Sequence[str], sizes: Sequence[int], met: Meetings, rng: random.Random
) -> list[list[str]]:
    """Tables of these sizes with the fewest repeat meetings found: a greedy seating drawn
    from `rng`, then swaps of two players at different tables while a swap lowers the repeat
    meetings; the best of a few tries, as many as MIX_WORK steps allow (counted, not timed,
    so the same rng gives the same round on any machine)."""
    links = _links(players, met)
    work = _Work(MIX_WORK)
    best: list[list[str]] = []
    best_cost = 0
    for _ in range(MIX_TRIES):
        tables = _improved(_greedy(players, sizes, links, rng, work), links, work)
        cost = repeat_meetings(tables, met)
        if not best or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == 0 or work.left <= 0:
            break
    return best


class _Work:
    """The steps a mixed seating may still take (a table weighed, a swap weighed)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int) -> bool:
        """Take `steps`; whether there was work left to take them from."""
        had = self.left > 0
        self.left -= steps
        return had


Links = dict[str, dict[str, int]]  # each player's earlier meetings: whom, how often


def _links(players: Sequence[str], met: Meetings) -> Links:
    """Each player's meetings with the other players of this round, in the order given (no
    set's order, so the seating depends on the rng alone)."""
    here = set(players)
    links: Links = {name: {} for name in players}
    for pair, times in met.items():
        if times and pair <= here and len(pair) == 2:
            first, second = sorted(pair)
            links[first][second] = times
            links[second][first] = times
    return {name: dict(sorted(links[name].items())) for name in players}


def _greedy(
    players: Sequence[str], sizes: Sequence[int], links: Links, rng: random.Random, work: _Work
) -> list[list[str]]:
    """Players in a drawn order, each to the table (with a free seat) where they meet the
    fewest earlier opponents again, a tie drawn too. (Drawn rather than the most-met players
    first: the tries then start further apart, and reach the fewest more often.)"""
    order = list(players)
    rng.shuffle(order)
    tables: list[list[str]] = [[] for _ in sizes]
    # again[name][t]: how often `name` has met the players seated so far at table t.
    again = {name: [0] * len(sizes) for name in players}
    for name in order:
        work.spend(len(sizes))
        free = [t for t in range(len(sizes)) if len(tables[t]) < sizes[t]]
        choice = min(free, key=lambda t: (again[name][t], rng.random()))
        tables[choice].append(name)
        for other, times in links[name].items():
            again[other][choice] += times
    return tables


def _improved(tables: list[list[str]], links: Links, work: _Work) -> list[list[str]]:
    """The tables after swaps of two players at different tables, each swap lowering the
    repeat meetings most for a player who meets someone again, until none does (or after
    MIX_PASSES passes, or when the work runs out)."""
    where = {name: t for t, table in enumerate(tables) for name in table}
    # cost[name][t]: how often `name` has met the players now at table t.
    cost = {name: [0] * len(tables) for name in where}
    for name, seen in links.items():
        for other, times in seen.items():
            cost[name][where[other]] += times
    players = [name for table in tables for name in table]
    for _ in range(MIX_PASSES):
        swapped = False
        for p in players:
            a = where[p]
            if cost[p][a] == 0:
                continue
            if not work.spend(len(players)):
                return tables
            best, partner = 0, ""
            for q in players:
                b = where[q]
                if b == a:
                    continue
                twice = 2 * links[p].get(q, 0)
                change = cost[p][b] + cost[q][a] - twice - cost[p][a] - cost[q][b]
                if change < best:
                    best, partner = change, q
            if partner:
                _swap(p, partner, where, cost, links, tables)
                swapped = True
        if not swapped:
            break
    return tables


def _swap(
    p: str,
    q: str,
    where: dict[str, int],
    cost: dict[str, list[int]],
    links: Links,
    tables: list[list[str]],
) -> None:
    """Seat p at q's table and q at p's, keeping every player's cost per table right."""
    a, b = where[p], where[q]
    tables[a][tables[a].index(p)] = q
    tables[b][tables[b].index(q)] = p
    where[p], where[q] = b, a
    for other, times in links[p].items():
        cost[other][a] -= times
        cost[other][b] += times
    for other, times in links[q].items():
        cost[other][b] -= times
        cost[other][a] += times
