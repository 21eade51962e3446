"""Rule knowledge the variant carries: whether table mode can follow it, when an
ace must say where it lay, and how a joker is taken from the table, read from the
variant's fields and never from the name of its source."""

import json

import pytest

from scorekeeper.engine import PRESETS, preset, variant_from_dict, variant_from_json
from scorekeeper.engine.table import AddTiles, InvalidAction, NewMeld, SwapJoker, Table
from scorekeeper.engine.variants import TABLE_RULES

ROMANIAN = preset("romanian")
RUMMY_MELD = preset("rummy-meld")
PLAYERS = ["Ana", "Bo", "Cici"]


@pytest.mark.parametrize(
    ("variant_id", "table_mode"),
    [
        ("rummikub", False),
        ("tile-rummy", False),
        ("tile-rummy-5-10-15", False),
        ("rummy-cards", False),
        ("romanian", True),
        ("romanian-joly-double", True),
        ("rummy-meld", True),
        ("rummy-meld-minimum-points", True),
    ],
)
def test_table_mode_follows_only_variants_that_score_melded_value(variant_id, table_mode):
    v = preset(variant_id)
    assert v.table_mode is table_mode
    if not table_mode:
        with pytest.raises(InvalidAction, match="scores only the racks"):
            Table(v, PLAYERS)


@pytest.mark.parametrize(
    ("variant_id", "matters"),
    [
        # Face values: an ace is 1 wherever it lies.
        ("rummikub", False),
        ("tile-rummy", False),
        ("rummy-cards", False),
        # 15 wherever it lies.
        ("tile-rummy-5-10-15", False),
        # 5 in a low run, 10 in a high run, 25 in a set.
        ("romanian", True),
        ("rummy-meld", True),
    ],
)
def test_an_ace_must_say_where_it_lay_only_where_its_value_depends_on_it(variant_id, matters):
    assert preset(variant_id).ace_place_matters is matters


def test_a_custom_variant_with_one_ace_value_needs_no_place():
    v = ROMANIAN.changed(
        id="custom-aces",
        name="Aces 10",
        ace_low_run=10,
        ace_high_run=10,
        ace_set=10,
        based_on="romanian",
    )
    assert not v.ace_place_matters


# (preset, melded with rack tiles, swapped again, whole set, splitting melds)
SWAP_RULES = {
    "rummikub": (2, True, True, "any"),
    "tile-rummy": (2, True, True, "without_joker"),
    "rummy-cards": (2, True, True, "without_joker"),
    "romanian": (2, True, True, "never"),
    "romanian-45": (2, True, True, "never"),
    "rummy-meld": (None, False, False, "never"),
    "rummy-meld-rack-empty": (None, False, False, "never"),
}


@pytest.mark.parametrize(("variant_id", "rules"), SWAP_RULES.items())
def test_every_preset_carries_the_table_rules_of_its_source(variant_id, rules):
    v = preset(variant_id)
    assert (v.swap_meld_with, v.swap_again, v.swap_whole_set, v.split_melds) == rules


def old_json(variant, **more):
    """The variant as it was stored before it had table-mode rules."""
    data = {k: v for k, v in variant.to_dict().items() if k not in TABLE_RULES}
    return {**data, **more}


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_a_preset_stored_before_the_table_rules_loads_as_the_preset(variant_id):
    v = preset(variant_id)
    assert variant_from_json(json.dumps(old_json(v))) == v


@pytest.mark.parametrize("base_id", ["romanian", "rummy-meld", "rummikub"])
def test_a_custom_variant_stored_before_the_table_rules_takes_them_from_its_base(base_id):
    base = preset(base_id)
    data = old_json(base, id="custom-ours", name="Ours", based_on=base_id, opening=60)
    v = variant_from_dict(data)
    assert v.custom and v.opening == 60
    assert [getattr(v, n) for n in TABLE_RULES] == [getattr(base, n) for n in TABLE_RULES]


def test_without_a_known_base_the_first_preset_of_its_source_decides():
    data = old_json(RUMMY_MELD, id="custom-lost", name="Lost", based_on="no-longer-here")
    v = variant_from_dict(data)
    assert (v.swap_meld_with, v.swap_again, v.swap_whole_set) == (None, False, False)


def test_stored_table_rules_are_kept_as_stored():
    data = {
        **ROMANIAN.to_dict(),
        "id": "custom-keep",
        "name": "Keep",
        "based_on": "romanian",
        "swap_meld_with": 3,
    }
    assert variant_from_dict(data).swap_meld_with == 3


def test_a_copy_keeps_its_bases_table_rules():
    v = RUMMY_MELD.changed(id="custom-copy", name="Copy", based_on="rummy-meld", opening=50)
    assert [getattr(v, n) for n in TABLE_RULES] == [getattr(RUMMY_MELD, n) for n in TABLE_RULES]


# The same Romanian table, its swap rules changed to Rummy Meld's: the fields decide.
KEEPS_THE_JOKER = ROMANIAN.changed(
    id="custom-keep-joker",
    name="Keep the joker",
    based_on="romanian",
    swap_meld_with=None,
    swap_again=False,
    swap_whole_set=False,
)
ANA = NewMeld("Ana", ["r7 b7 j", "r11 b11 k11", "y8 y9 y10"])  # 15 + 30 + 20 = 65
BO = NewMeld("Bo", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"])


def test_the_swap_rules_come_from_the_fields_not_the_source():
    swap = SwapJoker("Bo", 0, "k7", None)
    table = Table(KEEPS_THE_JOKER, PLAYERS).apply(ANA).apply(BO).apply(swap)
    assert table.swapped_jokers("Bo") == 1
    # Romanian: a set's joker goes only to every missing colour at once (k7 and y7).
    with pytest.raises(InvalidAction, match="with only k7 of the missing k7 and y7"):
        Table(ROMANIAN, PLAYERS).apply(ANA).apply(BO).apply(swap)


def test_a_swapped_joker_may_be_swapped_again_only_where_the_variant_says():
    again = ROMANIAN.changed(id="custom-once", name="Once", based_on="romanian", swap_again=False)
    actions = [ANA, BO, SwapJoker("Bo", 0, "k7 y7", "r12 r13 j")]
    table = Table(ROMANIAN, PLAYERS)
    for action in actions:
        table = table.apply(action)
    # The joker now stands for r1 in Bo's new run r12 r13 j (meld 6); Cici opens and takes it.
    cici = NewMeld("Cici", ["r2 r3 r4 r5 r6 r7 r8 r9 r10"])
    take = SwapJoker("Cici", 6, "r1", "j k9 y9")
    assert table.apply(cici).apply(take).jokers[0].events[-1].player == "Cici"
    once = Table(again, PLAYERS)
    for action in actions:
        once = once.apply(action)
    with pytest.raises(InvalidAction, match="cannot be swapped again") as caught:
        once.apply(cici).apply(take)
    assert caught.value.field == "tiles"


def test_splitting_refusals_follow_the_field():
    bo = NewMeld("Bo", ["b6 b7 j b9 b10", "r10 b10 k10"])
    ana = NewMeld("Ana", ["r11 b11 k11", "y12 y13 y1"])
    add = AddTiles("Ana", 2, "b7")
    with_joker = ROMANIAN.changed(
        id="custom-split", name="Split", based_on="romanian", split_melds="without_joker"
    )
    message = str(_refusal(with_joker, ana, bo, add))
    assert "a meld holding a joker may not be split or rearranged" in message
    message = str(_refusal(ROMANIAN, ana, bo, add))
    assert "melds are never split or rearranged" in message


def _refusal(variant, *actions):
    table = Table(variant, PLAYERS)
    for action in actions[:-1]:
        table = table.apply(action)
    with pytest.raises(InvalidAction) as caught:
        table.apply(actions[-1])
    return caught.value
