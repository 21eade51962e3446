"""Benchmark: read and score 100,000 varied hands, print hands per second.

    .venv/bin/python bench/score_hands.py [--hands N] [--seed S]

Hands are dealt from a real 106-tile set for every preset in turn: some with a
player going out, some with the pool run out, some with melds on the table
(tile mode) and some in count mode. Building the hands is not timed; reading
(every check) and scoring them is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scorekeeper.engine import PRESETS, read_hand, score_hand
from scorekeeper.engine.tiles import COLOURS

NAMES = ["Ana", "Bo", "Cici", "Dan"]


def new_set(rng: random.Random) -> list[str]:
    """The 106 tiles of a physical set, shuffled."""
    tiles = [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2 + ["j", "j"]
    rng.shuffle(tiles)
    return tiles


def table_melds(rng: random.Random, pool: list[str], players: list[str]) -> list[dict]:
    """A few legal runs (2-9, so no ace questions) taken out of the pool."""
    melds = []
    for _ in range(rng.randint(0, 4)):
        colour, start = rng.choice(COLOURS), rng.randint(2, 6)
        length = rng.randint(3, 4)
        tiles = [f"{colour}{n}" for n in range(start, start + length)]
        if all(t in pool for t in tiles):
            for t in tiles:
                pool.remove(t)
            melds.append({"tiles": " ".join(tiles), "by": [rng.choice(players) for _ in tiles]})
    return melds


def make_hand(rng: random.Random, variant_id: str) -> dict:
    """One varied, legal hand under a preset."""
    variant = PRESETS[variant_id]
    count = rng.randint(2, 4)
    players = NAMES[:count]
    pool = new_set(rng)
    melds = table_melds(rng, pool, players) if variant.scoring == "melded" else []
    out = rng.choice([*players, None])
    if out and variant.finishes[0] == "joker_discard":
        pool.remove("j")  # the joker discarded to go out
    hand_players = []
    for name in players:
        entry: dict = {"name": name}
        if name == out:
            entry["went_out"] = True
            entry["finish"] = variant.finishes[0]
            if variant.going_out_min_melded:
                entry["melded_points"] = variant.going_out_min_melded
                melds = []
        elif rng.random() < 0.8:
            # A player who did not go out holds at least one tile (an empty rack is refused).
            rack = [pool.pop() for _ in range(rng.randint(1, 12))]
            entry["rack"] = " ".join(rack)
        else:
            entry["rack_points"] = rng.randint(1, 90)
        hand_players.append(entry)
    if variant.going_out_min_melded and out:
        for entry in hand_players:
            entry.setdefault("melded_points", 0)
    hand = {"variant": variant_id, "players": hand_players}
    if melds:
        hand["melds"] = melds
    return hand


def main() -> None:
    """Build the hands, then time reading and scoring them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ids = list(PRESETS)
    hands = [make_hand(rng, ids[i % len(ids)]) for i in range(args.hands)]
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        for hand in hands:
            score_hand(read_hand(hand))
        runs.append(time.perf_counter() - start)
    best = min(runs)
    print(
        f"{args.hands} hands over {len(ids)} presets: best of 3 runs {best:.2f} s, "
        f"{args.hands / best:,.0f} hands per second "
        f"(median run {statistics.median(runs):.2f} s)"
    )


if __name__ == "__main__":
    main()
