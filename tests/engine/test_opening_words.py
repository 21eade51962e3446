"""What the engine says of a rack's best opening: the threshold reached or not, what the
variant asks of an opening, and the whole rack at once by the way of going out that lets
it (the best-opening page shows these sentences as they are)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import PRESETS, parse_tiles
from scorekeeper.engine.opening_words import at_once_words, opening_needs, opening_verdict
from scorekeeper.engine.openings import best_opening
from scorekeeper.engine.words import english

RUN_AND_SET = "r10 r11 r12 b10 k10 y10"  # no tile to spare: only emptying the rack lays it all


def opened(variant_id: str, rack: str):
    return best_opening(parse_tiles(rack, in_meld=False), PRESETS[variant_id])


@pytest.mark.parametrize(
    ("variant_id", "rack", "closing", "said"),
    [
        pytest.param(
            "rummy-meld-rack-empty",
            RUN_AND_SET,
            "rack_empty",
            "every tile on the rack can go down in legal melds that make an opening.",
            id="the rack emptied where discarding is the usual way",
        ),
        pytest.param(
            "rummy-meld-rack-empty",
            "r10 r11 r12 r13 b10 k10 y10 b2",
            "discard",
            "every tile but one, discarded last, can go down in legal melds that make an opening.",
            id="a discard, the usual way, first",
        ),
        pytest.param(
            "rummy-meld-discard-jolly",
            "r10 r11 r12 r13 b10 k10 y10 j",
            "joker_discard",
            "every tile but a joker, discarded last, can go down in legal melds that "
            "make an opening.",
            id="a joker discarded",
        ),
        pytest.param(
            "rummikub",
            "r9 r10 r11",
            "rack_empty",
            "every tile on the rack can go down in legal melds that make an opening.",
            id="Rummikub empties the rack",
        ),
        pytest.param(
            "romanian",
            "r2 r3 r4 b9",
            None,
            "every tile but one, discarded last, cannot go down in legal melds that "
            "make an opening.",
            id="a discard, a joker's included, is Romanian's one way",
        ),
        pytest.param(
            "rummy-meld-rack-empty",
            "r2 r3 r4 b9",
            None,
            "the whole rack cannot go down in legal melds that make an opening, whether "
            "by discarding the last tile or emptying the rack.",
            id="neither of two ways",
        ),
    ],
)
def test_the_whole_rack_at_once_is_said_by_the_way_that_lays_it(variant_id, rack, closing, said):
    opening = opened(variant_id, rack)
    assert opening.closing == closing
    assert opening.all_at_once is (closing is not None)
    assert english(at_once_words(opening, PRESETS[variant_id])) == said


@pytest.mark.parametrize(
    ("variant_id", "rack", "said"),
    [
        ("rummikub", "r10 r11 r12 b7", ("33 reaches the 30 needed.",)),
        ("tile-rummy", "y1 y2 j", ("28 is under the 30 needed.",)),
        (
            "rummy-meld",
            "r5 b5 k5 y5 r10 b10 k10",
            (
                "No opening can be laid from this rack: an opening needs a run here, and no run "
                "can be made.",
            ),
        ),
        ("rummy-meld", RUN_AND_SET, ("60 reaches the 45 needed.", "An opening needs a run here.")),
        ("romanian", "r5 b7 k9", ("No legal meld can be laid from this rack.",)),
        # The joker would make r5-r8 (26): card-faced Rummy leaves it out of the opening.
        (
            "rummy-cards",
            "r5 r6 r7 j",
            ("18 is under the 30 needed.", "No joker may be used in the opening here."),
        ),
    ],
)
def test_the_verdict_on_a_racks_best_opening(variant_id, rack, said):
    verdict = opening_verdict(opened(variant_id, rack), PRESETS[variant_id])
    assert tuple(map(english, verdict)) == said


def test_what_an_opening_needs():
    assert english(opening_needs(PRESETS["romanian"])) == "An opening needs 50."
    assert english(opening_needs(PRESETS["rummy-meld"])) == (
        "An opening needs 45, with a run among its melds."
    )
