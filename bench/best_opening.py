"""Benchmark: time the best-opening solver per rack, for every preset.

    .venv/bin/python bench/best_opening.py [--racks N] [--seed S] [--repeat R]

The racks are dealt from a real 106-tile set (two of each numbered tile, two
jokers), seeded: half 14 tiles, half 15 (the Romanian dealer's rack), and in
turn 0, 1 and 2 jokers, so a third hold each (more jokers than a fair deal
gives, and jokers are what makes the search work). Every preset solves the
same racks; each call to `best_opening` (melds, value and the all-at-once
check) is timed on its own, and the median and 99th percentile are printed.
On a busy machine, `--repeat 3` keeps each rack's fastest of three runs, which
takes out most pauses caused by other programs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scorekeeper.engine import PRESETS, parse_tiles
from scorekeeper.engine.openings import best_opening
from scorekeeper.engine.tiles import COLOURS

NUMBERED = [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2


def deal(rng: random.Random, size: int, jokers: int) -> list:
    """A rack of `size` tiles from a full set, holding exactly `jokers` jokers."""
    return parse_tiles(
        " ".join(rng.sample(NUMBERED, size - jokers) + ["j"] * jokers), in_meld=False
    )


def percentile(times: list[float], share: float) -> float:
    """The time below which `share` of the sorted times lie (nearest rank)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Deal the racks, then time the solver on each under every preset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racks", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="keep each rack's fastest run")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    racks = [deal(rng, 14 + i % 2, i % 3) for i in range(args.racks)]
    fastest = f", fastest of {args.repeat} runs" if args.repeat > 1 else ""
    print(
        f"{args.racks} racks of 14 and 15 tiles with 0-2 jokers, seed {args.seed}; "
        f"time per rack in ms{fastest}"
    )
    print(f"{'preset':28} {'median':>7} {'p99':>7} {'max':>7} {'opens':>6}")
    everything = []
    for variant in PRESETS.values():
        times = []
        opened = 0
        for rack in racks:
            runs = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                opening = best_opening(rack, variant)
                runs.append(time.perf_counter() - start)
            times.append(min(runs))
            opened += opening.opens
        everything.extend(times)
        print(
            f"{variant.id:28} {statistics.median(times) * 1000:7.2f} "
            f"{percentile(times, 0.99) * 1000:7.2f} {max(times) * 1000:7.2f} "
            f"{opened / len(racks):6.0%}"
        )
    print(
        f"{'all presets':28} {statistics.median(everything) * 1000:7.2f} "
        f"{percentile(everything, 0.99) * 1000:7.2f} {max(everything) * 1000:7.2f}"
    )


if __name__ == "__main__":
    main()
