"""The order of play: which way each preset is played, who deals and who plays first in each
hand, for a series listed in the order of play and for one stored in seat order."""

import json

import pytest

from scorekeeper.engine import PRESETS, InvalidSeries, variant_from_json
from scorekeeper.engine.play_order import (
    dealer,
    direction,
    drawn_words,
    next_player,
    order_words,
    starter,
    turn_words,
)
from scorekeeper.engine.reference import describe
from scorekeeper.engine.words import english

# Each preset: which way play goes and who plays first, with its source (RULES.md, "Playing
# the hand: order of play, who starts, the turn clock").
PRESET_ORDER = {
    # Rummikub official rules, Playing the Game: "Play passes to the left (clockwise)";
    # Set Up: the highest tile drawn goes first.
    "rummikub": ("clockwise", "highest_draw"),
    # Tile Rummy leaflet, Début de la partie: played clockwise; who plays first is a ruling.
    "tile-rummy": ("clockwise", "highest_draw"),
    "tile-rummy-5-10-15": ("clockwise", "highest_draw"),
    # Rummy with card-faced tiles, Before the Game Begins: highest number first, clockwise.
    "rummy-cards": ("clockwise", "highest_draw"),
    # Romanian tile rummy: "The whole game is played anticlockwise"; the player to the
    # dealer's right starts with 15 tiles.
    "romanian": ("anticlockwise", "after_dealer"),
    "romanian-100-plus-rack": ("anticlockwise", "after_dealer"),
    "romanian-45": ("anticlockwise", "after_dealer"),
    "romanian-discard-opening": ("anticlockwise", "after_dealer"),
    "romanian-joly-double": ("anticlockwise", "after_dealer"),
    # Rummy Meld tutorial: silent on both; rulings: clockwise, drawn as in Rummikub.
    "rummy-meld": ("clockwise", "highest_draw"),
    "rummy-meld-rack-empty": ("clockwise", "highest_draw"),
    "rummy-meld-discard-jolly": ("clockwise", "highest_draw"),
    "rummy-meld-minimum-points": ("clockwise", "highest_draw"),
}


def test_every_preset_says_which_way_play_goes_and_who_plays_first():
    assert {k: (direction(v), v.who_starts) for k, v in PRESETS.items()} == PRESET_ORDER


# Where each preset's direction and first player are cited from, or that it is a ruling.
CITED = [
    ("rummikub", "deal_direction", "Rummikub official rules, Playing the Game", None),
    ("rummikub", "who_starts", "Rummikub official rules, Set Up", "who starts the next hand"),
    ("rummy-cards", "deal_direction", "Rummy with card-faced tiles, Before the Game Begins", None),
    ("tile-rummy", "deal_direction", "Tile Rummy leaflet, Début de la partie (French text)", None),
    ("tile-rummy", "who_starts", None, "who plays first"),
    ("romanian", "deal_direction", "Romanian tile rummy, introduction", None),
    (
        "romanian",
        "who_starts",
        "Romanian tile rummy, Preparation and Distribution of Tiles",
        None,
    ),
    ("rummy-meld", "deal_direction", None, "which way play goes"),
    ("rummy-meld", "who_starts", None, "who plays first"),
]


@pytest.mark.parametrize(("variant", "param", "source", "ruling"), CITED)
def test_the_direction_and_the_first_player_cite_their_source_or_a_ruling(
    variant, param, source, ruling
):
    (entry,) = [e for e in describe(PRESETS[variant]) if e["param"] == param]
    cited = english(entry["source"])
    if source is not None:
        assert cited.startswith(source)
    if ruling is not None:
        assert f"Scorekeeper ruling: {ruling}" in cited
        assert entry["ruling"]
    else:
        assert not entry["ruling"]


# Five hands of a four-player Romanian series round one table: clockwise Ana, Bo, Cai, Dan.
# Listed in the order of play (anticlockwise, to the right) the list is Ana, Dan, Cai, Bo;
# stored by seat it is Ana, Bo, Cai, Dan. Ana deals first either way, the deal passes to the
# right and the player to the dealer's right starts (Romanian tile rummy, Preparation and
# Distribution of Tiles): the same people deal and start, whichever way the list was entered.
ROMANIAN_HANDS = [
    # (hand, dealer, starter)
    (1, "Ana", "Dan"),
    (2, "Dan", "Cai"),
    (3, "Cai", "Bo"),
    (4, "Bo", "Ana"),
    (5, "Ana", "Dan"),
]
# A three-player Rummikub series: clockwise Ana, Bo, Cai, the order of play and of the seats
# alike. Bo drew the highest tile; each later hand is started by the next player to the left.
RUMMIKUB_HANDS = [
    (1, "Bo", "Bo"),
    (2, "Cai", "Cai"),
    (3, "Ana", "Ana"),
    (4, "Bo", "Bo"),
    (5, "Cai", "Cai"),
]
SERIES = [
    ("romanian", ["Ana", "Dan", "Cai", "Bo"], "play", 0, ROMANIAN_HANDS),
    ("romanian", ["Ana", "Bo", "Cai", "Dan"], "seats", 0, ROMANIAN_HANDS),
    ("romanian-45", ["Ana", "Dan", "Cai", "Bo"], "play", 0, ROMANIAN_HANDS),
    ("rummikub", ["Ana", "Bo", "Cai"], "play", 1, RUMMIKUB_HANDS),
    ("rummikub", ["Ana", "Bo", "Cai"], "seats", 1, RUMMIKUB_HANDS),
    ("rummy-meld", ["Ana", "Bo", "Cai"], "play", 1, RUMMIKUB_HANDS),
]


@pytest.mark.parametrize(("variant", "names", "listing", "first", "hands"), SERIES)
def test_who_deals_and_who_plays_first_across_five_hands(variant, names, listing, first, hands):
    v = PRESETS[variant]
    played = [
        (
            hand,
            names[dealer(v, len(names), first, hand - 1, listing)],
            names[starter(v, len(names), first, hand - 1, listing)],
        )
        for hand, _, _ in hands
    ]
    assert played == hands


# A series stored before the order of play (listed by seat, clockwise) keeps exactly the
# dealers it had: the deal passing to the left was the next seat, to the right the one before.
# (variant, players, first dealer, hands played, dealer)
STORED_DEALERS = [
    ("rummikub", 4, 0, 0, 0),
    ("rummikub", 4, 0, 1, 1),
    ("rummikub", 4, 0, 3, 3),
    ("rummikub", 4, 0, 4, 0),
    ("rummikub", 3, 2, 1, 0),
    ("tile-rummy", 2, 1, 1, 0),
    ("rummy-meld", 4, 1, 2, 3),
    ("romanian", 4, 0, 1, 3),
    ("romanian", 4, 0, 2, 2),
    ("romanian", 4, 0, 4, 0),
    ("romanian", 3, 2, 1, 1),
    ("romanian-joly-double", 3, 0, 1, 2),
]


@pytest.mark.parametrize(("variant", "players", "first", "played", "seat"), STORED_DEALERS)
def test_a_series_stored_by_seat_keeps_the_dealers_it_had(variant, players, first, played, seat):
    assert dealer(PRESETS[variant], players, first, played, "seats") == seat


@pytest.mark.parametrize(
    ("variant", "listing", "seat", "after"),
    [
        ("rummikub", "play", 0, 1),
        ("rummikub", "play", 3, 0),
        ("rummikub", "seats", 3, 0),
        ("romanian", "play", 3, 0),
        ("romanian", "seats", 0, 3),  # to the right of the first seat: the last one
        ("romanian", "seats", 2, 1),
    ],
)
def test_the_next_player_follows_the_order_of_play(variant, listing, seat, after):
    assert next_player(PRESETS[variant], 4, seat, listing) == after


def test_a_list_entered_any_other_way_is_refused():
    with pytest.raises(InvalidSeries) as refused:
        dealer(PRESETS["romanian"], 4, 0, 1, "round")
    assert refused.value.field == "listing"


def test_a_variant_stored_before_who_starts_existed_takes_its_presets():
    for stored_as in ("romanian", "rummikub"):
        data = PRESETS[stored_as].to_dict()
        del data["who_starts"]
        assert variant_from_json(json.dumps(data)).who_starts == PRESET_ORDER[stored_as][1]
    copy = PRESETS["romanian"].changed(id="custom-ours", name="Ours", based_on="romanian")
    data = copy.to_dict()
    del data["who_starts"]
    assert variant_from_json(json.dumps(data)).who_starts == "after_dealer"


def test_the_form_and_the_pages_say_it_in_words():
    romanian, rummikub = PRESETS["romanian"], PRESETS["rummikub"]
    assert english(order_words(romanian)) == (
        "Romanian tile rummy is played anticlockwise: list the players in the order they take "
        "turns, going round to the right."
    )
    assert "clockwise: list the players" in english(order_words(rummikub))
    assert "going round to the left" in english(order_words(rummikub))
    assert english(drawn_words(romanian, "Bo")) == "Drawn at random: Bo deals the first hand."
    assert english(drawn_words(rummikub, "Bo")) == "Drawn at random: Bo plays first."
    assert english(turn_words(romanian, 3, "Ana", "Dan")) == "Hand 3: Ana deals, Dan plays first."
    assert english(turn_words(rummikub, 3, "Bo", "Bo")) == "Hand 3: Bo plays first."
