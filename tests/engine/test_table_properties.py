"""Properties of table mode, on random legal hands played with a real 106-tile set.

The generator builds each next action from the table as it stands and the
tiles not yet on it, choosing only legal ones; the engine must accept every
one, Howarth's count must equal the exact melded value of every player after
every action, and the logical table must always read as a hand.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import check_meld, opening_values, preset, read_hand
from scorekeeper.engine.errors import InvalidMeld
from scorekeeper.engine.melds import RUN, SET
from scorekeeper.engine.table import AddTiles, NewMeld, SwapJoker, Table, hand_record, replay
from scorekeeper.engine.tiles import COLOURS, Tile, joker_as

# Hundreds of generated cases: left out of the quick run (README, Test it).
pytestmark = pytest.mark.slow

VARIANTS = [preset("romanian"), preset("rummy-meld"), preset("romanian-45")]
NAMES = ["Ana", "Bo", "Cici", "Dan"]


def pool_of(table):
    """The numbered tiles not on the table yet (two of each in the set)."""
    pool = Counter({Tile(c, n): 2 for c in COLOURS for n in range(1, 14)})
    for meld in table.melds:
        for t in meld.tiles:
            if not t.joker:
                pool[Tile(t.colour, t.number)] -= 1
    return pool


def jokers_for(table):
    """How many jokers a player may still lay: those not seen yet, and those kept
    on a rack after a swap (the engine lets one pass through the discards)."""
    return 2 - len(table.jokers) + sum(j.holder is not None for j in table.jokers)


def number(rank):
    return (rank - 1) % 13 + 1


def candidate_melds(pool, v):
    """Every run of 3-5 and set of 3-4 the pool can make."""
    melds = []
    last = 14 if v.ace_high else 13
    for c in COLOURS:
        for start in range(1, last - 1):
            for length in (3, 4, 5):
                if start + length - 1 > last:
                    break
                tiles = [Tile(c, number(r)) for r in range(start, start + length)]
                if all(pool[t] >= 1 for t in tiles):
                    melds.append(tiles)
    for n in range(1, 14):
        have = [c for c in COLOURS if pool[Tile(c, n)]]
        for skip in [None, *have]:
            colours = [c for c in have if c != skip]
            if len(colours) >= 3:
                melds.append([Tile(c, n) for c in colours])
    return melds


def with_joker(tiles, position, v):
    """The meld with the tile at `position` played by a joker standing for it, if legal."""
    t = tiles[position]
    kind = RUN if len({x.colour for x in tiles}) == 1 else SET
    joker = joker_as(t.colour, t.number) if kind == RUN else joker_as(None, t.number)
    changed = [*tiles[:position], joker, *tiles[position + 1 :]]
    try:
        check_meld(changed, v)
    except InvalidMeld:
        return None
    return changed


def text(tiles):
    return " ".join(str(t) for t in tiles)


def draw_meld(data, pool, v, jokers):
    """One legal new meld from the pool, maybe with a joker; None when there is none."""
    melds = candidate_melds(pool, v)
    if not melds:
        return None
    tiles = data.draw(st.sampled_from(melds))
    if jokers and data.draw(st.integers(0, 3)) == 0:
        tiles = with_joker(tiles, data.draw(st.integers(0, len(tiles) - 1)), v) or tiles
    return tiles


def draw_opening(data, pool, table, player, v):
    """Up to three melds from the pool reaching the opening, with a run where needed."""
    left, melds, worth, jokers = Counter(pool), [], 0, jokers_for(table)
    for _ in range(3):
        tiles = draw_meld(data, left, v, jokers)
        if tiles is None:
            break
        jokers -= sum(t.joker for t in tiles)
        melds.append(tiles)
        left.subtract(t for t in tiles if not t.joker)
        worth += sum(opening_values(check_meld(tiles, v), v))
        if worth >= v.opening and (
            not v.opening_needs_run or any(check_meld(m, v).kind == RUN for m in melds)
        ):
            return [text(m) for m in melds]
    return None


def add_options(table, pool, player, v):
    """Every legal add of one tile (or a joker) at the end of a meld."""
    options = []
    for meld in table.melds:
        if meld.stacked:
            continue
        tiles = list(meld.tiles)
        if meld.kind == RUN:
            checked = check_meld(tiles, v)
            low, high = min(checked.ranks), max(checked.ranks)
            colour = next(t.colour for t in tiles if not t.joker)
            ends = [r for r in (low - 1, high + 1) if 1 <= r <= (14 if v.ace_high else 13)]
            extra = [Tile(colour, number(r)) for r in ends]
        else:
            n = next(t.number for t in tiles if not t.joker)
            extra = [Tile(c, n) for c in COLOURS]
        for t in extra:
            for tile in (
                t,
                joker_as(t.colour, t.number) if meld.kind == RUN else joker_as(None, t.number),
            ):
                if tile.joker and not jokers_for(table):
                    continue
                if not tile.joker and not pool[t]:
                    continue
                plain = [
                    joker_as(None, x.as_number) if x.joker and meld.kind == SET else x
                    for x in tiles
                ]
                try:
                    kind = check_meld([*plain, tile], v).kind
                except InvalidMeld:
                    continue
                if kind == meld.kind:
                    options.append((meld, tile))
    return options


def swap_options(table, pool, v):
    """Every joker that can be taken, with the tiles that replace it."""
    options = []
    swapped = {j.number: j.swapped for j in table.jokers}
    for meld in table.melds:
        jokers = [
            t
            for t, n in zip(meld.tiles, meld.jokers, strict=True)
            if n is not None and not (swapped[n] and v.source == "rummy-meld")
        ]
        if not jokers:
            continue
        if meld.kind == RUN:
            for j in jokers:
                t = Tile(j.as_colour, j.as_number)
                if pool[t]:
                    options.append((meld, [t]))
        else:
            n = jokers[0].as_number
            missing = [
                Tile(c, n)
                for c in COLOURS
                if c not in {t.colour for t in meld.tiles if not t.joker}
            ]
            if v.source == "romanian":
                if all(pool[t] for t in missing):
                    options.append((meld, missing))
            else:
                options.extend((meld, [t]) for t in missing if pool[t])
    return options


def joker_melds(pool, v):
    """Every new meld of a joker and two tiles from the pool."""
    found = []
    for tiles in candidate_melds(pool, v):
        if len(tiles) == 3:
            for i in range(3):
                changed = with_joker(tiles, i, v)
                if changed:
                    found.append(changed)
    return found


def next_action(data, table, turn, v):
    """A legal next action, or None when the drawn player has nothing to do."""
    player = data.draw(st.sampled_from(table.players))
    pool = pool_of(table)
    # The same turn as the last action can only be its player's.
    same = data.draw(st.booleans()) if turn[0] == player else False
    # Where nobody melds in the first round, the hand's first action says it is over.
    first = {"first_round_over": True} if not table.actions else {}
    turns = {"same_turn": same, **first}
    in_opening_turn = turn == (player, True) and same
    if not table.opened(player):
        melds = draw_opening(data, pool, table, player, v)
        return melds and NewMeld(player, melds, **turns)
    kind = data.draw(st.sampled_from(["new", "add", "add", "swap"]))
    if kind == "add":
        options = [
            (m, t)
            for m, t in add_options(table, pool, player, v)
            if not (in_opening_turn and m.owner != player)
        ]
        if options:
            meld, tile = data.draw(st.sampled_from(options))
            return AddTiles(player, meld.meld_index, str(tile), **turns)
    if kind == "swap":
        options = [
            (m, ts)
            for m, ts in swap_options(table, pool, v)
            if not (in_opening_turn and m.owner != player)
        ]
        if options:
            meld, tiles = data.draw(st.sampled_from(options))
            left = Counter(pool)
            left.subtract(tiles)
            keep = v.source == "rummy-meld" and data.draw(st.booleans())
            remelds = [] if keep else joker_melds(left, v)
            if keep or remelds:
                new = None if keep else text(data.draw(st.sampled_from(remelds)))
                return SwapJoker(player, meld.meld_index, text(tiles), new, **turns)
    tiles = draw_meld(data, pool, v, jokers_for(table))
    return tiles and NewMeld(player, [text(tiles)], **turns)


def check_table(table):
    for p in table.players:
        assert table.count(p) == table.exact_melded_value(p), (p, table.log)
    # Nobody went out, so each player still holds a tile (an empty rack is refused): one
    # each from what is left of the set. A table holding all but a few tiles of the set
    # leaves none for some rack, which no real hand can do; its record is not read then.
    left = sorted(pool_of(table).elements(), key=lambda t: t.key)
    if len(left) >= len(table.players):
        racks = {p: left[i].key for i, p in enumerate(table.players)}
        hand = read_hand(hand_record(table, racks))
        assert len(hand.melds) == len(table.melds)
    physical = Counter(t.key for m in table.melds for t in m.tiles)
    assert all(n <= 2 for n in physical.values())


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_howarth_count_always_equals_the_exact_melded_value(data):
    v = data.draw(st.sampled_from(VARIANTS))
    players = NAMES[: data.draw(st.integers(2, 4))]
    table = Table(v, players)
    turn = (None, False)
    for _ in range(data.draw(st.integers(1, 30))):
        action = next_action(data, table, turn, v)
        if not action:
            continue
        opening = isinstance(action, NewMeld) and not table.opened(action.player)
        table = table.apply(action)  # a legal action must be accepted
        if not action.same_turn:
            turn = (action.player, False)
        if opening:
            turn = (action.player, True)
        check_table(table)
    again = replay(v, players, table.actions_to_list())
    assert again.to_melds() == table.to_melds()
    assert [again.count(p) for p in players] == [table.count(p) for p in players]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_undo_gives_back_the_table_before_the_last_action(data):
    v = data.draw(st.sampled_from(VARIANTS))
    table = Table(v, NAMES[:3])
    turn = (None, False)
    tables = [table]
    for _ in range(data.draw(st.integers(1, 15))):
        action = next_action(data, table, turn, v)
        if not action:
            continue
        opening = isinstance(action, NewMeld) and not table.opened(action.player)
        table = table.apply(action)
        turn = (action.player, opening or (turn[1] and action.same_turn))
        tables.append(table)
    if len(tables) > 1:
        undone = table.undo()
        before = tables[-2]
        assert undone.to_melds() == before.to_melds()
        assert [undone.count(p) for p in undone.players] == [
            before.count(p) for p in before.players
        ]
        assert undone.log == before.log


def test_a_long_hand_replays_to_the_same_table():
    # How fast it replays is measured by bench/table_replay.py, not here.
    v = preset("romanian")
    players = ["Ana", "Bo"]
    actions = [
        NewMeld("Ana", ["r11 b11 k11", "y11 y12 y13"]),
        NewMeld("Bo", ["b2 b3 b4 b5 b6 b7 b8 b9 b10"]),
    ]
    table = replay(v, players, actions)
    # Ana and Bo take turns extending melds one tile at a time (laying a new
    # meld when they cannot) until the set runs out: about as long as a hand gets.
    while len(table.actions) < 100:
        player = "Bo" if table.actions[-1].player == "Ana" else "Ana"
        pool = pool_of(table)
        options = [(m, t) for m, t in add_options(table, pool, player, v) if not t.joker]
        melds = candidate_melds(pool, v)
        if options:
            meld, tile = options[0]
            action = AddTiles(player, meld.meld_index, str(tile))
        elif melds:
            action = NewMeld(player, [text(melds[0])])
        else:
            break
        table = table.apply(action)
    assert len(table.actions) > 70  # the set has 104 numbered tiles
    again = replay(v, players, table.actions_to_list())
    assert again.to_melds() == table.to_melds()
    assert all(again.count(p) == again.exact_melded_value(p) for p in players)
