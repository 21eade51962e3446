"""`scorekeeper check` and `scorekeeper best-opening` print JSON and refuse bad input."""

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    """Run the command line; give its status, standard output and standard error."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def test_check_prints_a_legal_high_run_under_romanian(capsys):
    status, out, err = run(capsys, "check", "--variant", "romanian", "--meld", "r12 r13 r1")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "legal": True,
        "kind": "run",
        "opening_value": 30,
        "end_value": 30,
        "reason": None,
    }


def test_check_prints_why_two_jokers_make_no_romanian_set(capsys):
    status, out, _ = run(capsys, "check", "--variant", "romanian", "--meld", "r5 b5 j j")
    assert status == 0
    assert json.loads(out) == {
        "legal": False,
        "kind": None,
        "opening_value": 0,
        "end_value": 0,
        "reason": "not a set: a set must hold at least twice as many numbered tiles as jokers",
    }


def test_check_under_rummikub_gives_no_end_value(capsys):
    _, out, _ = run(capsys, "check", "--variant", "rummikub", "--meld", "r10,r11,r12")
    assert json.loads(out) == {
        "legal": True,
        "kind": "run",
        "opening_value": 33,
        "end_value": 0,
        "reason": None,
    }


def test_best_opening_prints_the_melds(capsys):
    # One r1 in the set of aces (75), the other high in 12-13-1 (30): 105.
    status, out, err = run(
        capsys, "best-opening", "--variant", "romanian", "--rack", "r1 r1 r2 r3 r12 r13 b1 k1"
    )
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "value": 105,
        "melds": [["r1", "b1", "k1"], ["r12", "r13", "r1"]],
        "opens": True,
        "all_at_once": False,
    }


def test_best_opening_writes_what_a_joker_stands_for(capsys):
    _, out, _ = run(capsys, "best-opening", "--variant", "tile-rummy", "--rack", "Y1 Y2 J")
    assert json.loads(out) == {
        "value": 28,
        "melds": [["y1", "y2", "j=y3"]],
        "opens": False,
        "all_at_once": False,
    }


FIFTEEN = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b1 b2"


def test_best_opening_takes_a_fifteen_tile_rack(capsys):
    status, out, _ = run(capsys, "best-opening", "--variant", "romanian", "--rack", FIFTEEN)
    assert status == 0
    assert json.loads(out)["opens"] is True


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--variant", "nope", "--meld", "r1 r2 r3"], "unknown variant 'nope'"),
        (["check", "--variant", "romanian", "--meld", "r1 x2 r3"], "'x2' is not a tile"),
        (["check", "--variant", "romanian", "--meld", "r14 r12 r13"], "numbers go from 1 to 13"),
        (
            ["check", "--variant", "romanian", "--meld", "j j j r1"],
            "3 jokers: a box of tiles holds only two",
        ),
        (["best-opening", "--variant", "nope", "--rack", "r1"], "unknown variant 'nope'"),
        (
            ["best-opening", "--variant", "romanian", "--rack", FIFTEEN + " b3"],
            "16 tiles: a rack holds at most 15",
        ),
        (
            ["best-opening", "--variant", "romanian", "--rack", "j j j r1"],
            "3 jokers: a box of tiles holds only two",
        ),
        (
            ["best-opening", "--variant", "romanian", "--rack", "b7 b7 b7"],
            "3 copies of b7: a box of tiles holds only two",
        ),
        (
            ["best-opening", "--variant", "romanian", "--rack", "j=b11 b12 b13"],
            "a joker on a rack stands for nothing",
        ),
        (["best-opening", "--variant", "romanian"], "required: --rack"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_the_other_commands_still_work(capsys):
    status, out, _ = run(capsys, "score", str(ROOT / "examples" / "rummikub-hand.json"))
    assert status == 0 and json.loads(out)["winner"] == "C"
    status, out, _ = run(capsys, "split-run", "--run", "b6 b7 b8", "--add", "b9 b10")
    assert status == 0 and json.loads(out)["remains"] == ["b6", "b10"]
