"""The command line: scores, series and split-run as JSON; bad input is exit 2 and one line."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hands import rack, went_out

from scorekeeper.cli import main

HAND = {
    "variant": "rummikub",
    "players": [
        {"name": "A", "went_out": True, "rack": ""},
        {"name": "B", "rack": "r12 k3 j"},  # 12 + 3 + 30 = 45
        {"name": "C", "rack": "b1 b2"},
    ],  # 1 + 2 = 3; A takes 48
}


# The source's four-hand table (per-hand racks worked out in tests/engine/test_scoring.py).
SERIES = {
    "variant": "rummikub",
    "players": ["A", "B", "C", "D"],
    "end": {"rounds": 1},
    "hands": [
        {"players": [went_out("A"), rack("B", "r5"), rack("C", "b10 b6"), rack("D", "k3")]},
        {"players": [rack("A", "y6"), rack("B", "r11"), went_out("C"), rack("D", "k2 k3")]},
        {"players": [rack("A", "j r2"), rack("B", "b13"), rack("C", "y2"), went_out("D")]},
        {"players": [rack("A", "k10"), rack("B", "r12 r13"), went_out("C"), rack("D", "b1 b2 b3")]},
    ],
}


def write(tmp_path, data, name="in.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_score_prints_winner_scores_and_breakdown(tmp_path, capsys):
    status, stdout, stderr = run(capsys, "score", write(tmp_path, HAND))
    assert (status, stderr) == (0, "")
    printed = json.loads(stdout)
    assert set(printed) == {"winner", "scores", "breakdown"}
    assert printed["winner"] == "A"
    assert printed["scores"] == {"A": 48, "B": -45, "C": -3}
    for name, lines in printed["breakdown"].items():
        assert sum(line["points"] for line in lines) == printed["scores"][name]
        for line in lines:
            assert set(line) == {"points", "rule", "source"}
            assert line["rule"] and line["source"]


def test_score_reads_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(HAND)))
    status, stdout, _ = run(capsys, "score", "-")
    assert status == 0
    assert json.loads(stdout)["scores"] == {"A": 48, "B": -45, "C": -3}


def test_series_prints_totals_hands_won_and_winners(tmp_path, capsys):
    status, stdout, stderr = run(capsys, "series", write(tmp_path, SERIES))
    assert (status, stderr) == (0, "")
    assert json.loads(stdout) == {
        "totals": {"A": -24, "B": -54, "C": 45, "D": 33},
        "games_won": {"A": 1, "B": 0, "C": 2, "D": 1},
        "finished": True,
        "winners": ["C"],
        "hands": [
            {"winner": "A", "scores": {"A": 24, "B": -5, "C": -16, "D": -3}},
            {"winner": "C", "scores": {"A": -6, "B": -11, "C": 22, "D": -5}},
            {"winner": "D", "scores": {"A": -32, "B": -13, "C": -2, "D": 47}},
            {"winner": "C", "scores": {"A": -10, "B": -25, "C": 41, "D": -6}},
        ],
    }


def test_series_reads_standard_input(capsys, monkeypatch):
    unfinished = SERIES | {"hands": SERIES["hands"][:1]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(unfinished)))
    status, stdout, _ = run(capsys, "series", "-")
    assert status == 0
    printed = json.loads(stdout)
    assert (printed["finished"], printed["winners"]) == (False, [])


@pytest.mark.parametrize(
    ("argv", "printed"),
    [
        (
            ["--run", "b6 b7 b8", "--add", "b9 b10"],
            {"take": ["b7", "b8", "b9"], "remains": ["b6", "b10"], "owed": 0},
        ),
        (
            ["--run", "b6 b7 b8", "--add", "b9 b10", "--variant", "romanian"],
            {"take": ["b7", "b8", "b9"], "remains": ["b6", "b10"], "owed": 0},
        ),
        (
            ["--run", "b6 b10", "--add", "b11", "--variant", "rummy-meld"],
            {"take": ["b10"], "remains": ["b6", "b11"], "owed": 0},
        ),
        # b9 is 5; the middle b10 b11 holds only 10s: nothing taken, 5 owed.
        (
            ["--run", "b10 b11 b12", "--add", "b9"],
            {"take": [], "remains": ["b9", "b10", "b11", "b12"], "owed": 5},
        ),
    ],
)
def test_split_run_prints_take_remains_and_owed(capsys, argv, printed):
    status, stdout, stderr = run(capsys, "split-run", *argv)
    assert (status, stderr) == (0, "")
    assert json.loads(stdout) == printed


BAD_HANDS = [
    # (hand or file text, fragments the one line must hold)
    pytest.param("{not json", ["in.json", "not valid JSON", "line 1"], id="not JSON"),
    pytest.param("[]", ["in.json", "JSON object"], id="not an object"),
    pytest.param(
        HAND | {"variant": "poker"}, ["in.json", "unknown variant 'poker'"], id="unknown variant"
    ),
    pytest.param(
        HAND | {"players": [went_out("A"), rack("B", "r12 x3")]},
        ["in.json", "player B", "x3"],
        id="a bad tile",
    ),
    pytest.param(
        HAND | {"players": [went_out("A"), rack("B", "b7 b7"), rack("C", "b7")]},
        ["in.json", "b7", "B", "C"],
        id="three copies",
    ),
    pytest.param(
        HAND | {"players": [went_out("A"), rack("B", "j j"), rack("C", "j")]},
        ["in.json", "jokers", "B", "C"],
        id="three jokers",
    ),
    pytest.param(
        HAND | {"players": [went_out("A"), went_out("B")]},
        ["in.json", "A", "B", "went out"],
        id="two went out",
    ),
    pytest.param(
        HAND | {"players": [went_out("A") | {"rack": "r5"}, rack("B", "r3")]},
        ["in.json", "A", "r5"],
        id="went out with tiles left",
    ),
    pytest.param(
        HAND | {"melds": [{"tiles": "r5 r6 r8", "by": "A"}]},
        ["in.json", "A", "r5 r6 r8", "r7 missing"],
        id="an illegal meld",
    ),
    pytest.param(
        {
            "variant": "rummy-meld",
            "players": [went_out("A") | {"finish": "rack_empty"}, rack("B", "r3")],
            "melds": [{"tiles": "r4 r5 r6", "by": "A"}],
        },
        ["in.json", "A", "emptying the rack"],
        id="a forbidden closing",
    ),
    pytest.param(
        HAND | {"players": [went_out("A"), rack("B", "r3") | {"swapped_jokers": None}]},
        ["in.json", "B", "swapped_jokers"],
        id="a null count",
    ),
    pytest.param(HAND | {"table": []}, ["in.json", "unknown field 'table'"], id="unknown field"),
]


@pytest.mark.parametrize(("data", "fragments"), BAD_HANDS)
def test_a_bad_hand_is_exit_2_and_one_line_naming_the_problem(tmp_path, capsys, data, fragments):
    status, stdout, stderr = run(capsys, "score", write(tmp_path, data))
    assert status == 2
    assert stdout == ""
    assert stderr.count("\n") == 1 and stderr.endswith("\n")
    assert "Traceback" not in stderr
    for fragment in fragments:
        assert fragment in stderr


def one_line_error(capsys, argv):
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse usage errors
        status = exit_.code
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err
    return captured.err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["score", "/no/such/hand.json"], "/no/such/hand.json"),
        (["series", "/no/such/series.json"], "/no/such/series.json"),
        (["split-run", "--run", "b6 b10", "--add", "b8"], "b8 is inside the run"),
        (["split-run", "--run", "b6 b7 b8", "--add", "b10"], "without a gap"),
        (["split-run", "--run", "b6 b7 x8", "--add", "b9"], "x8"),
        (
            ["split-run", "--run", "b6 b7 b8", "--add", "b9", "--variant", "rummikub"],
            "scores only the racks",
        ),
        (
            ["split-run", "--run", "b6 b7 b8", "--add", "b9", "--variant", "nope"],
            "unknown variant 'nope'",
        ),
        (["split-run", "--run", "b6 b7 b8"], "--add"),
        (["score"], "hand"),
        ([], "COMMAND"),
        (["deal"], "deal"),
    ],
)
def test_bad_arguments_are_exit_2_and_one_line(capsys, argv, fragment):
    assert fragment in one_line_error(capsys, argv)


def test_a_directory_or_a_binary_file_is_one_line(tmp_path, capsys):
    assert str(tmp_path) in one_line_error(capsys, ["score", str(tmp_path)])
    binary = tmp_path / "hand.json"
    binary.write_bytes(b"\xff\xfe\x00{")
    assert "hand.json" in one_line_error(capsys, ["score", str(binary)])


@pytest.mark.parametrize(
    ("series", "fragments"),
    [
        (SERIES | {"end": {"hands": 3}}, ["in.json", "hand 4 comes after the series ended"]),
        (SERIES | {"end": {"laps": 3}}, ["in.json", "laps"]),
        (
            SERIES
            | {
                "hands": [
                    {"players": [went_out("A"), rack("B", "q1"), rack("C", "r1"), rack("D", "r2")]}
                ]
            },
            ["in.json", "hand 1", "player B", "q1"],
        ),
        (SERIES | {"players": ["A", "B"]}, ["in.json", "hand 1"]),
    ],
)
def test_a_bad_series_is_exit_2_and_one_line(tmp_path, capsys, series, fragments):
    stderr = one_line_error(capsys, ["series", write(tmp_path, series)])
    for fragment in fragments:
        assert fragment in stderr


def test_the_installed_console_script(tmp_path):
    script = Path(sys.executable).parent / "scorekeeper"
    hand_file = write(tmp_path, HAND)
    done = subprocess.run(
        [str(script), "score", hand_file], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"] == {"A": 48, "B": -45, "C": -3}
    bad = subprocess.run(
        [str(script), "score", "-"],
        input='{"variant": "rummikub", "players": [{"name": "A", "rack": "r5 zz"}, {"name": "B"}]}',
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1
    assert "standard input" in bad.stderr and "player A" in bad.stderr and "zz" in bad.stderr


def test_split_run_asks_at_which_end_an_ace_lies_when_it_could_be_either(capsys):
    stderr = one_line_error(capsys, ["split-run", "--run", "b2 b13", "--add", "b1"])
    assert "b1 could lie before the b2 or after the b13: say which end" in stderr
    for ace, printed in (
        ("high", {"take": ["b13"], "remains": ["b2", "b1"], "owed": 0}),
        ("low", {"take": ["b2"], "remains": ["b1", "b13"], "owed": 0}),
    ):
        status, stdout, _ = run(capsys, "split-run", "--run", "b2 b13", "--add", "b1", "--ace", ace)
        assert status == 0
        assert json.loads(stdout) == printed


@pytest.mark.parametrize(
    ("players", "end", "fragment"),
    [
        (["A", "B"], {"rounds": 1}, "not after a number of rounds"),
        (["A"], {"hands": 2}, "not 1"),
        (["A", "B", "C", "D", "E", "F", "G"], {"hands": 2}, "not 7"),
        (["Stefan", "\u0405tefan"], {"hands": 2}, "and Stefan look the same on a screen"),
        (["Ana", "Ana\u200b"], {"hands": 2}, "cannot contain invisible characters"),
    ],
)
def test_series_refuses_a_set_up_the_app_refuses(tmp_path, capsys, players, end, fragment):
    series = {"variant": "romanian", "players": players, "end": end, "hands": []}
    assert fragment in one_line_error(capsys, ["series", write(tmp_path, series)])
