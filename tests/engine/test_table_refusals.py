"""Every kind of refusal of table mode and of a variant carries what it is about
as data: the field the scorer typed into, the player, which meld, the tile. A
page places the refusal from these alone, so rewording a message moves nothing."""

import pytest

from scorekeeper.engine import InvalidVariant, preset, variant_from_dict
from scorekeeper.engine.table import (
    AddTiles,
    InvalidAction,
    NewMeld,
    SwapJoker,
    Table,
    action_from_dict,
    actions_from_list,
    hand_record,
    replay,
)
from scorekeeper.engine.variants import RUMMY_CARDS
from scorekeeper.engine.words import english

ROMANIAN = preset("romanian")
RUMMY_MELD = preset("rummy-meld")
PLAYERS = ["Ana", "Bo", "Cici"]
CARDS_MELDED = RUMMY_CARDS.changed(
    id="cards-melded", name="Cards, melded", scoring="melded", pool_out="melded_minus_rack"
)

ANA_OPENS = NewMeld("Ana", ["r11 b11 k11", "y12 y13 y1"])  # 30 + 30
BO_OPENS = NewMeld("Bo", ["b6 b7 b8", "r10 b10 k10", "y2 y3 y4"])  # 15 + 30 + 15
ANA_JOKER_RUN = NewMeld("Ana", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"])  # meld 0 holds a joker
ANA_JOKER_SET = NewMeld("Ana", ["r7 b7 j", "r11 b11 k11", "y8 y9 y10"])
# Rummy Meld: the hand's first action says the first round is over.
MELD_ANA = NewMeld("Ana", ["r7 b7 j", "b1 b2 b3 b4 b5 b6"], first_round_over=True)
MELD_BO = NewMeld("Bo", ["y3 y4 y5 y6 y7 y8 y9 y10 y11"])
MELD_CICI = NewMeld("Cici", ["r1 r2 r3 r4 r5 r6 r7 r8 r9"])


def refused(*actions, variant=ROMANIAN):
    """The refusal of the last action, applied to the table of the ones before."""
    table = Table(variant, PLAYERS)
    for action in actions[:-1]:
        table = table.apply(action)
    with pytest.raises(InvalidAction) as caught:
        table.apply(actions[-1])
    return caught.value


def about(error):
    return {"field": error.field, "player": error.player, "meld": error.meld, "tile": error.tile}


def place(field, player=None, meld=None, tile=None):
    return {"field": field, "player": player, "meld": meld, "tile": tile}


# (what is refused, the actions, the variant, where it belongs)
ACTION_REFUSALS = [
    ("a player not of the hand", [NewMeld("Dan", ["r11 b11 k11"])], ROMANIAN, place("player")),
    (
        "adding before opening",
        [ANA_OPENS, AddTiles("Bo", 0, "y11")],
        ROMANIAN,
        place("player", "Bo"),
    ),
    (
        "swapping before opening",
        [ANA_JOKER_RUN, SwapJoker("Bo", 0, "k4", "r12 r13 j")],
        ROMANIAN,
        place("player", "Bo"),
    ),
    (
        "adding to another's meld in the opening turn",
        [BO_OPENS, ANA_OPENS, AddTiles("Ana", 0, "b9", same_turn=True)],
        ROMANIAN,
        place("same_turn", "Ana"),
    ),
    (
        "swapping another's joker in the opening turn",
        [
            NewMeld("Bo", ["k3 j k5", "r11 b11 k11", "y8 y9 y10"]),
            ANA_OPENS,
            SwapJoker("Ana", 0, "k4", "r12 r13 j", same_turn=True),
        ],
        ROMANIAN,
        place("same_turn", "Ana"),
    ),
    (
        "the same turn as another player's action",
        [BO_OPENS, AddTiles("Ana", 0, "b9", same_turn=True)],
        ROMANIAN,
        place("same_turn", "Ana"),
    ),
    (
        "the same turn as nothing",
        [NewMeld("Ana", ["r11 b11 k11"], same_turn=True)],
        ROMANIAN,
        place("same_turn", "Ana"),
    ),
    (
        "melding in the first round",
        [NewMeld("Ana", ["r11 b11 k11", "y1 y2 y3"])],
        RUMMY_MELD,
        place("first_round_over", "Ana"),
    ),
    ("no such meld", [ANA_OPENS, AddTiles("Ana", 7, "y11")], ROMANIAN, place("meld_index", "Ana")),
    (
        "a complete set has left the table",
        [ANA_OPENS, BO_OPENS, AddTiles("Ana", 3, "y10"), AddTiles("Bo", 3, "r10")],
        ROMANIAN,
        place("meld_index", "Bo"),
    ),
    (
        "a meld without a joker to swap",
        [ANA_OPENS, BO_OPENS, SwapJoker("Bo", 0, "r11", "r12 r13 j")],
        ROMANIAN,
        place("meld_index", "Bo"),
    ),
    (
        "an opening below the threshold",
        [NewMeld("Ana", ["b6 b7 b8", "r10 b10 k10"])],
        ROMANIAN,
        place("melds", "Ana"),
    ),
    (
        "an opening without a run",
        [NewMeld("Ana", ["r11 b11 k11", "r12 b12 k12"], first_round_over=True)],
        RUMMY_MELD,
        place("melds", "Ana"),
    ),
    (
        "a joker in the opening",
        [NewMeld("Ana", ["r11 b11 y11", "k11 j k13"])],
        CARDS_MELDED,
        place("melds", "Ana", 1, "j"),
    ),
    (
        "a bad tile in a new meld",
        [NewMeld("Ana", ["r11 b11 k11", "y12 x13 y1"])],
        ROMANIAN,
        place("melds", "Ana", 1, "x13"),
    ),
    (
        "an illegal new meld",
        [ANA_OPENS, NewMeld("Ana", ["b1 b2 b3", "y3 y4"])],
        ROMANIAN,
        place("melds", "Ana", 1),
    ),
    (
        "an empty new meld",
        [ANA_OPENS, NewMeld("Ana", ["b1 b2 b3", ""])],
        ROMANIAN,
        place("melds", "Ana", 1),
    ),
    (
        "a third copy in a new meld",
        [ANA_OPENS, NewMeld("Bo", ["r11 b11 y11", "r11 r12 r13"])],
        ROMANIAN,
        place("melds", "Bo", 1, "r11"),
    ),
    (
        "a third joker in a new meld",
        [
            NewMeld("Ana", ["k3 j k5", "r3 j r5", "r11 b11 k11"]),
            NewMeld("Bo", ["r12 b12 k12", "y3 j y5", "y8 y9 y10"]),
        ],
        ROMANIAN,
        place("melds", "Bo", 1, "j"),
    ),
    (
        "a bad tile added",
        [ANA_OPENS, AddTiles("Ana", 0, "x9")],
        ROMANIAN,
        place("tiles", "Ana", tile="x9"),
    ),
    ("no tiles added", [ANA_OPENS, AddTiles("Ana", 0, "")], ROMANIAN, place("tiles", "Ana")),
    (
        "tiles that do not extend the meld",
        [ANA_OPENS, BO_OPENS, AddTiles("Ana", 2, "b11")],
        ROMANIAN,
        place("tiles", "Ana"),
    ),
    (
        "a tile inside a run",
        [ANA_OPENS, NewMeld("Bo", ["b6 b7 j b9 b10", "r10 b10 k10"]), AddTiles("Ana", 2, "b7")],
        ROMANIAN,
        place("tiles", "Ana"),
    ),
    (
        "a third copy added",
        [
            NewMeld("Ana", ["b9 r9 k9", "y11 y12 y13", "r12 b12 k12"]),
            NewMeld("Cici", ["y9 b9 k9", "r1 r2 r3 r4 r5 r6 r7"]),
            BO_OPENS,
            AddTiles("Bo", 5, "b9"),
        ],
        ROMANIAN,
        place("tiles", "Bo", tile="b9"),
    ),
    (
        "a joker replaced by a joker",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "j", None)],
        ROMANIAN,
        place("tiles", "Bo", tile="j"),
    ),
    (
        "a run's joker replaced by two tiles",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4 k6", "r12 r13 j")],
        ROMANIAN,
        place("tiles", "Bo"),
    ),
    (
        "a run's joker replaced by another tile",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k6", "r12 r13 j")],
        ROMANIAN,
        place("tiles", "Bo", tile="k6"),
    ),
    (
        "a set's joker replaced by a colour it holds",
        [ANA_JOKER_SET, BO_OPENS, SwapJoker("Bo", 0, "r7 y7", "r12 r13 j")],
        ROMANIAN,
        place("tiles", "Bo", tile="r7"),
    ),
    (
        "a set's joker replaced by one colour twice",
        [ANA_JOKER_SET, BO_OPENS, SwapJoker("Bo", 0, "k7 k7", "r12 r13 j")],
        ROMANIAN,
        place("tiles", "Bo"),
    ),
    (
        "a set's joker taken by one missing colour of two",
        [ANA_JOKER_SET, BO_OPENS, SwapJoker("Bo", 0, "k7", "r12 r13 j")],
        ROMANIAN,
        place("tiles", "Bo"),
    ),
    (
        "a set's joker taken by two tiles where one takes it",
        [MELD_ANA, MELD_BO, SwapJoker("Bo", 0, "k7 y7", None)],
        RUMMY_MELD,
        place("tiles", "Bo"),
    ),
    (
        "a joker swapped before",
        [
            MELD_ANA,
            MELD_BO,
            SwapJoker("Bo", 0, "k7", None),
            AddTiles("Bo", 1, "j"),
            MELD_CICI,
            SwapJoker("Cici", 1, "b7", None),
        ],
        RUMMY_MELD,
        place("tiles", "Cici"),
    ),
    (
        "a swapped joker not melded at once",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4", None)],
        ROMANIAN,
        place("new_meld_tiles", "Bo"),
    ),
    (
        "a swapped joker melded with three rack tiles",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4", "j r12 r13 r1")],
        ROMANIAN,
        place("new_meld_tiles", "Bo"),
    ),
    (
        "a new meld without the swapped joker",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4", "r12 r13 r1")],
        ROMANIAN,
        place("new_meld_tiles", "Bo"),
    ),
    (
        "an illegal new meld with the joker",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4", "j r12 b2")],
        ROMANIAN,
        place("new_meld_tiles", "Bo"),
    ),
    (
        "a bad tile in the new meld with the joker",
        [ANA_JOKER_RUN, BO_OPENS, SwapJoker("Bo", 0, "k4", "j r12 q13")],
        ROMANIAN,
        place("new_meld_tiles", "Bo", tile="q13"),
    ),
    (
        "a third copy in the new meld with the joker",
        [
            ANA_JOKER_RUN,
            BO_OPENS,
            NewMeld("Cici", ["r2 r3 r4 r5 r6 r7 r8 r9 r10"]),
            SwapJoker("Bo", 0, "k4", "j r10 r11"),
        ],
        ROMANIAN,
        place("new_meld_tiles", "Bo", tile="r10"),
    ),
]


@pytest.mark.parametrize(
    ("actions", "variant", "expected"),
    [case[1:] for case in ACTION_REFUSALS],
    ids=[case[0] for case in ACTION_REFUSALS],
)
def test_every_table_refusal_says_which_field_it_is_about(actions, variant, expected):
    error = refused(*actions, variant=variant)
    assert about(error) == expected
    assert error.action is None
    assert str(error) == english(error.detail)  # a live table's refusal shows the message alone


def test_a_replayed_refusal_keeps_its_place_and_adds_the_actions_number():
    data = [ANA_OPENS.to_dict(), BO_OPENS.to_dict(), AddTiles("Ana", 2, "x9").to_dict()]
    with pytest.raises(InvalidAction) as caught:
        replay(ROMANIAN, PLAYERS, data)
    error = caught.value
    assert (error.action, error.field, error.player, error.tile) == (2, "tiles", "Ana", "x9")
    assert str(error) == "action 3: " + english(error.detail)
    assert english(error.detail).startswith("Ana's added tiles: 'x9' is not a tile")


# (stored action data, the field at fault, which meld)
DATA_REFUSALS = [
    ({"player": "Ana"}, "action", None),
    ({"action": "add_tiles", "player": "Ana", "tiles": "b9"}, "meld_index", None),
    (
        {"action": "add_tiles", "player": "Ana", "meld_index": "2", "tiles": "b9"},
        "meld_index",
        None,
    ),
    ({"action": "new_meld", "player": "Ana", "melds": ["b1 b2 b3"], "by": "Bo"}, "by", None),
    ({"action": "new_meld", "player": " ", "melds": ["b1 b2 b3"]}, "player", None),
    ({"action": "new_meld", "player": "Ana", "melds": 7}, "melds", None),
    ({"action": "new_meld", "player": "Ana", "melds": []}, "melds", None),
    ({"action": "new_meld", "player": "Ana", "melds": ["b1 b2 b3", 7]}, "melds", 1),
    ({"action": "add_tiles", "player": "Ana", "meld_index": 0, "tiles": 9}, "tiles", None),
    (
        {
            "action": "swap_joker",
            "player": "Ana",
            "meld_index": 0,
            "tiles": "b9",
            "new_meld_tiles": 9,
        },
        "new_meld_tiles",
        None,
    ),
    (
        {"action": "add_tiles", "player": "Ana", "meld_index": 0, "tiles": "b9", "same_turn": 1},
        "same_turn",
        None,
    ),
    (
        {"action": "new_meld", "player": "Ana", "melds": ["b1 b2 b3"], "first_round_over": "y"},
        "first_round_over",
        None,
    ),
]


@pytest.mark.parametrize(("data", "field", "meld"), DATA_REFUSALS)
def test_bad_action_data_names_its_field(data, field, meld):
    with pytest.raises(InvalidAction) as caught:
        action_from_dict(data)
    assert (caught.value.field, caught.value.meld) == (field, meld)
    with pytest.raises(InvalidAction) as caught:
        actions_from_list([ANA_OPENS.to_dict(), data])
    assert (caught.value.action, caught.value.field, caught.value.meld) == (1, field, meld)


@pytest.mark.parametrize(
    ("variant", "players", "field"),
    [
        (preset("rummikub"), PLAYERS, "scoring"),
        (ROMANIAN, ["Ana", " "], "players"),
        (ROMANIAN, ["Ana", "ana"], "players"),
        (ROMANIAN, ["Ana", "Bo", "Cici", "Dan", "Eve"], "players"),
    ],
)
def test_a_table_that_cannot_be_set_up_names_what_is_wrong(variant, players, field):
    with pytest.raises(InvalidAction) as caught:
        Table(variant, players)
    assert caught.value.field == field


def test_the_end_of_a_hand_gone_out_by_a_stranger_names_who_went_out():
    table = Table(ROMANIAN, PLAYERS).apply(ANA_OPENS)
    with pytest.raises(InvalidAction) as caught:
        hand_record(table, {}, went_out="Dan")
    assert caught.value.field == "went_out"


# --- Variants ---------------------------------------------------------------------

# (the changed parameters, the field a refusal lands on)
VARIANT_REFUSALS = [
    ({"id": " "}, "id"),
    ({"name": ""}, "name"),
    ({"source": "the back of an envelope"}, "source"),
    *[
        ({name: -1}, name)
        for name in ("ace_low_run", "ace_high_run", "ace_set", "ace_rack", "joker_rack", "opening")
    ],
    *[
        ({name: 1001}, name)
        for name in (
            "value_2_9",
            "value_10_13",
            "swapped_joker_rack",
            "melded_joker_bonus",
            "never_opened_penalty",
            "exposed_twin_bonus",
            "left_table_penalty",
            "going_out_min_melded",
        )
    ],
    ({"max_jokers_per_meld": 3}, "max_jokers_per_meld"),
    ({"went_out_bonus": -5}, "went_out_bonus"),
    ({"opening_joker_value": 101}, "opening_joker_value"),
    ({"all_at_once_bonus": (100, 100)}, "all_at_once_bonus"),
    ({"scoring": "darts"}, "scoring"),
    ({"opening_joker": "wild"}, "opening_joker"),
    ({"pool_out": "share"}, "pool_out"),
    ({"pool_out": "minus_rack"}, "pool_out"),  # melded scoring needs melded_minus_rack
    ({"series_winner": "fewest"}, "series_winner"),
    ({"deal_direction": "up"}, "deal_direction"),
    ({"finishes": ()}, "finishes"),
    ({"series_ends": ("days",)}, "series_ends"),
    ({"ace_high": False, "wrap": True}, "wrap"),
    ({"min_players": 5, "max_players": 3}, "max_players"),
    ({"max_players": 7}, "max_players"),
    ({"min_players": 1}, "min_players"),
    ({"swap_meld_with": 1}, "swap_meld_with"),
    ({"split_melds": "sometimes"}, "split_melds"),
]


@pytest.mark.parametrize(("changes", "field"), VARIANT_REFUSALS)
def test_every_variant_refusal_names_its_parameter(changes, field):
    with pytest.raises(InvalidVariant) as caught:
        ROMANIAN.changed(**changes)
    assert caught.value.field == field
    assert str(caught.value) == english(caught.value.detail)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**ROMANIAN.to_dict(), "colour_blind": True}, "colour_blind"),
        ({k: v for k, v in ROMANIAN.to_dict().items() if k != "source"}, "source"),
    ],
)
def test_variant_data_names_the_field_at_fault(data, field):
    with pytest.raises(InvalidVariant) as caught:
        variant_from_dict(data)
    assert caught.value.field == field


def test_an_unknown_preset_names_the_id():
    with pytest.raises(InvalidVariant) as caught:
        preset("snap")
    assert caught.value.field == "id"
