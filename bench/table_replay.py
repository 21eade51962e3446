"""Benchmark: replay a long table-mode hand, as every view of the live table does.

    .venv/bin/python bench/table_replay.py [--repeat R]

The hand: two openings, then runs of every colour laid three tiles at a time and
extended one tile per action by the two players in turn, so that most actions
are additions to the other player's run (each one a Howarth split) until the
set's numbered tiles are nearly used up. The whole list is replayed from JSON
(every check, every split) R times; the median and the slowest are printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from scorekeeper.engine import preset
from scorekeeper.engine.table import AddTiles, NewMeld, replay

PLAYERS = ("Ana", "Bo")


def long_hand() -> list[dict]:
    """The actions of a long hand, as stored."""
    actions = [
        NewMeld("Ana", ["r11 b11 k11", "y11 y12 y13"]),
        NewMeld("Bo", ["b2 b3 b4 b5 b6 b7 b8 b9 b10"]),
    ]
    # r, k and y once more each, and the second copies of the blues and reds.
    for colour, last in (("r", 13), ("k", 13), ("y", 10), ("b", 13), ("r", 10)):
        owner = PLAYERS[len(actions) % 2]
        actions.append(NewMeld(owner, [f"{colour}1 {colour}2 {colour}3"]))
        index = sum(len(a.melds) for a in actions if isinstance(a, NewMeld)) - 1
        for n in range(4, last + 1):
            player = PLAYERS[(len(actions)) % 2]
            actions.append(AddTiles(player, index, f"{colour}{n}"))
    return [a.to_dict() for a in actions]


def main() -> None:
    """Replay the long hand and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    variant, data = preset("romanian"), long_hand()
    table = replay(variant, PLAYERS, data)
    assert all(table.count(p) == table.exact_melded_value(p) for p in PLAYERS)
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        replay(variant, PLAYERS, data)
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"{len(data)} actions, {args.repeat} replays: median {statistics.median(times):.1f} ms, "
        f"slowest {max(times):.1f} ms"
    )


if __name__ == "__main__":
    main()
