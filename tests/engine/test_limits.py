"""The engine's limits (engine/limits.py): drawn from the rules, so that no hand that could be
played is refused by one, and checked before any work that grows with the input."""

import tracemalloc

import pytest

from scorekeeper.engine import PRESETS, InvalidHand, parse_tiles, read_hand
from scorekeeper.engine.limits import MELD_TILES, RACK_TILES, SET_TILES, TABLE_MELDS
from scorekeeper.engine.tiles import TooManyTiles, all_tiles


def refusal(hand: dict) -> InvalidHand:
    with pytest.raises(InvalidHand) as refused:
        read_hand(hand)
    return refused.value


def test_a_whole_box_of_tiles_fits_on_a_rack_and_one_more_does_not():
    box = " ".join(str(t) for t in all_tiles() * 2) + " j j"
    assert len(parse_tiles(box, in_meld=False)) == SET_TILES == RACK_TILES
    with pytest.raises(TooManyTiles) as refused:
        parse_tiles(box + " r1", in_meld=False)
    assert str(refused.value) == "107 tiles written; a box of tiles holds only 106"
    assert (refused.value.most, refused.value.count) == (106, 107)


def test_no_preset_has_a_legal_meld_longer_than_the_meld_limit():
    """The longest run goes from 1 to 13; every preset's table is one box's melds."""
    run = " ".join(f"r{n}" for n in range(1, 14))
    for variant in PRESETS.values():
        assert len(parse_tiles(run, most=MELD_TILES)) == MELD_TILES
        assert variant.max_players <= 6
    assert TABLE_MELDS * 3 <= SET_TILES < (TABLE_MELDS + 1) * 3


def test_a_long_text_is_refused_before_it_is_split_into_tiles():
    text = "r5 " * 1_000_000
    tracemalloc.start()
    try:
        with pytest.raises(TooManyTiles) as refused:
            parse_tiles(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(refused.value) == "3000000 characters written; 106 tiles take at most 1696"
    assert refused.value.count is None
    assert peak < 1024 * 1024  # nothing the size of the text was made


def hand(rack="r5", melded=None, melds=None, players=2) -> dict:
    entries = [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": rack}]
    entries += [{"name": f"P{i}", "rack": "k9"} for i in range(players - 2)]
    if melded is not None:
        entries[0]["melded_tiles"] = melded
    data = {"variant": "romanian" if melded is not None else "rummikub", "players": entries}
    if melds is not None:
        data["melds"] = melds
    return data


@pytest.mark.parametrize(
    ("data", "message", "field"),
    [
        (
            hand(rack="r5 " * (RACK_TILES + 1)),
            "player Bo, rack: 107 tiles written; a box of tiles holds only 106",
            "rack",
        ),
        (
            hand(melded="r7 " * 600),
            "player Ana, melded_tiles: 1800 characters written; 106 tiles take at most 1696",
            "melded_tiles",
        ),
        (
            hand(melds=[{"tiles": "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 j", "by": "Ana"}]),
            "meld 1, tiles: 14 tiles written; a meld holds at most 13 (a run from 1 to 13)",
            "tiles",
        ),
        (
            hand(melds=[{"tiles": "r1 r2 r3", "by": "Ana"}] * 36),
            "melds: 36 melds: a table holds at most 35, since each meld has at least three of "
            "the 106 tiles in the box",
            "melds",
        ),
        (hand(players=5000), "players: Rummikub is played by 2 to 4 players, not 5000", "players"),
    ],
)
def test_each_part_of_a_hand_is_counted_before_it_is_read(data, message, field):
    refused = refusal(data)
    assert str(refused) == message
    assert refused.field == field


def test_many_places_of_one_tile_are_named_three_at_most():
    players = [
        {"name": "Ana", "went_out": True},
        *({"name": name, "rack": "b7"} for name in ("Bo", "Cai", "Dee")),
    ]
    data = {
        "variant": "rummikub",
        "players": players,
        "melds": [{"tiles": "b7 b8 b9", "by": "Ana"}, {"tiles": "b5 b6 b7", "by": "Ana"}],
    }
    assert str(refusal(data)) == (
        "meld 2, player Ana: 5 copies of b7 in this hand (Bo's rack, Cai's rack, Dee's rack, and "
        "2 other places); a box of tiles holds only two of each tile"
    )
