"""An ace among melded tiles may say where it lay (`r1/low`): the record form asks for it
under rules where that changes the ace's value, so the meld checker reads tiles written so
too, through the same engine reading (engine/ace_places.py), in the page's letters."""

from __future__ import annotations

import pytest

from scorekeeper.engine import PRESETS
from scorekeeper.engine.ace_places import placed_tiles
from scorekeeper.engine.errors import InvalidHand, RuleError
from scorekeeper.engine.hands import read_hand

from .test_rules import by_id


def test_the_checker_takes_a_romanian_ace_written_as_the_record_form_asks(client):
    client.set_cookie("language", "ro")
    response = client.get("/rules/check?variant=romanian&tiles=g1/low+g2+g3")
    assert response.status_code == 200
    assert by_id(response, "verdict") == "✓ Formație validă: serie"


def test_a_place_the_meld_contradicts_is_refused_with_the_reason(client):
    response = client.get("/rules/check?variant=romanian&tiles=r1/high+r2+r3")
    assert by_id(response, "verdict") == "✗ Not a legal meld"
    assert by_id(response, "reason") == (
        "r1/high is marked as lying at the high end of a run, after the 13, but in this "
        "meld it lies at the low end of a run, before the 2."
    )


def _record_takes(token: str) -> bool:
    """Whether the record form's melded tiles take this token (with a place for an ace)."""
    hand = {
        "variant": "romanian",
        "players": [
            {"name": "A", "went_out": True, "melded_tiles": f"{token} r2 r3"},
            {"name": "B", "rack": "b5"},
        ],
    }
    try:
        read_hand(hand, PRESETS["romanian"], ["A", "B"])
    except InvalidHand as error:
        return error.field != "melded_tiles" or error.tile is None
    return True


# A bare `r1` is left out: the record form asks where a loose ace lay, which the meld the
# checker is given shows by itself.
@pytest.mark.parametrize(
    "token", ["r1/low", "R1/LOW", "r1/set", "r1/high", "r1/", "r1/middle", "x1/low", "r5", "r5/low"]
)
def test_the_checker_and_the_record_form_read_a_token_alike(token):
    try:
        placed_tiles(f"{token} r2 r3")
        checker_takes = True
    except RuleError:
        checker_takes = False
    assert checker_takes == _record_takes(token)
