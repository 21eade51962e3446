"""A rack counted on the player's own phone: read and checked as one player's part of a hand."""

import pytest

from scorekeeper.engine import InvalidHand, preset
from scorekeeper.engine.drafts import MOST_TILES, draft_fields, read_draft
from scorekeeper.engine.words import english

RUMMIKUB, ROMANIAN, RUMMY_MELD = preset("rummikub"), preset("romanian"), preset("rummy-meld")


def test_a_rack_is_kept_as_sent():
    assert read_draft({"rack": "r12 k3 j"}, RUMMIKUB, "Ana") == {"rack": "r12 k3 j"}


def test_melded_tiles_are_part_of_a_draft_only_where_melded_value_is_scored():
    assert draft_fields(RUMMIKUB) == ("rack", "rack_points", "rack_jokers")
    assert "melded_tiles" in draft_fields(ROMANIAN)
    assert "swapped_jokers" in draft_fields(RUMMY_MELD)
    kept = read_draft({"rack": "k3", "melded_tiles": "r10 r11 r12"}, ROMANIAN, "Ana")
    assert kept == {"rack": "k3", "melded_tiles": "r10 r11 r12"}


@pytest.mark.parametrize(
    ("draft", "field", "message"),
    [
        ({"rack": ""}, "rack", "nothing is left on the rack"),
        ({}, "rack", "send what is left on the rack"),
        ({"rack": "r99"}, "rack", "'r99' is not a tile"),
        ({"rack": "r1 r1 r1"}, "rack", "3 copies of r1 in this hand"),
        ({"rack": "j j j"}, "rack", "3 jokers in this hand"),
        ({"rack": "r1", "rack_points": 5}, "rack", "as tiles or as rack points, not both"),
        (
            {"rack": "r1", "melded_tiles": "r2 r3 r4"},
            "melded_tiles",
            "Rummikub scores only the racks",
        ),
        ({"rack": "r1", "went_out": True}, "went_out", "'went_out' is not part of a rack"),
        (
            {"rack": "r1 " * (MOST_TILES + 1)},
            "rack",
            "107 tiles written; a box of tiles holds only 106",
        ),
    ],
)
def test_a_draft_that_cannot_be_part_of_a_hand_is_refused_naming_its_field(draft, field, message):
    with pytest.raises(InvalidHand) as refused:
        read_draft(draft, RUMMIKUB, "Ana")
    assert refused.value.player == "Ana"
    assert refused.value.field == field
    assert message in english(refused.value.detail)


def test_every_problem_of_a_draft_is_given_at_once():
    with pytest.raises(InvalidHand) as refused:
        read_draft(
            {"rack": "r1 r1 r1", "melded_points": 10, "melded_tiles": "r5 r6 r7"}, ROMANIAN, "Bo"
        )
    assert [(p.player, p.field) for p in refused.value.problems] == [
        ("Bo", "rack"),
        ("Bo", "melded_tiles"),
    ]
