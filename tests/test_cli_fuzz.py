"""Hostile input for every command: exit status 2 and one line on standard error,
never a traceback (README, "Command line"). Files nested 100,000 deep, numbers of
5,000 digits, lone surrogates, bad UTF-8, wrong types, empty files and folders
where files belong, and arguments of any text."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main

# Hundreds of generated cases: left out of the quick run (README, Test it).
pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

HAND = {
    "variant": "rummikub",
    "players": [{"name": "A", "went_out": True}, {"name": "B", "rack": "r12 k3 j"}],
}
SERIES = {
    "variant": "rummikub",
    "players": ["A", "B"],
    "end": {"hands": 2},
    "hands": [{"players": HAND["players"]}],
}

# Files no command can read, as bytes.
HOSTILE = {
    "deep list": b"[" * 100_000 + b"]" * 100_000,
    "deep object": b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
    "deep but parseable": b"[" * 500 + b"]" * 500,
    "a 5,000-digit number": b'{"variant": "rummikub", "players": ' + b"9" * 5000 + b"}",
    "a 5,000-digit rack count": json.dumps(
        {
            "variant": "rummikub",
            "players": [{"name": "A", "went_out": True}, {"name": "B", "rack_points": 10**4000}],
        }
    ).encode(),
    "a lone surrogate in a name": json.dumps(
        {
            "variant": "rummikub",
            "players": [{"name": "A\ud800", "went_out": True}, {"name": "B", "rack": "r1"}],
        }
    ).encode(),
    "a lone surrogate in a key": b'{"variant": "rummikub", "\\udc80": 1}',
    "bad UTF-8": b'{"variant": "rummikub\xff"}',
    "UTF-16": json.dumps(HAND).encode("utf-16"),
    "empty": b"",
    "only spaces": b"  \n\t ",
    "not JSON": b"variant: rummikub",
    "a list": b"[1, 2, 3]",
    "a string": b'"rummikub"',
    "null": b"null",
    "NaN": b'{"variant": "rummikub", "players": NaN}',
    "a newline in a field name": b'{"variant": "rummikub", "play\\ners": []}',
    "a huge field name": b'{"' + b"x" * 100_000 + b'": 1}',
    "a control character in a name": json.dumps(
        {
            "variant": "rummikub",
            "players": [{"name": "A\x07\n", "went_out": True}, {"name": "B", "rack": "r1"}],
        }
    ).encode(),
}

FILE_COMMANDS = ["score", "series", "import"]


def run(argv, stdin=b""):
    """Run the command line in this process with byte-level standard streams, as a
    terminal would have them: printing text that is no UTF-8 fails as it would there."""
    out, err = io.BytesIO(), io.BytesIO()
    streams = (sys.stdin, sys.stdout, sys.stderr)
    wrappers = (
        io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
    )
    sys.stdin, sys.stdout, sys.stderr = wrappers
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's usage errors
        status = exit_.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        for wrapper in wrappers:
            wrapper.flush()
            wrapper.detach()  # keep the bytes readable after the wrapper goes
    return status, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def assert_refused_in_one_line(status, stdout, stderr):
    assert status == 2, stderr
    # A command of the app says first which instance folder it uses; nothing else is printed.
    assert stdout == "" or (stdout.count("\n") == 1 and ": instance folder " in stdout), stdout
    assert stderr.count("\n") == 1 and stderr.endswith("\n"), stderr
    assert "Traceback" not in stderr
    assert len(stderr) <= 600


def assert_scored_or_refused(status, stdout, stderr):
    if status == 0:
        json.loads(stdout)
        assert stderr == ""
    else:
        assert_refused_in_one_line(status, stdout, stderr)


def argv_for(command, path, tmp_path):
    if command == "import":
        return ["import", "--database", str(tmp_path / "fuzz.db"), str(path)]
    return [command, str(path)]


@pytest.mark.parametrize("command", FILE_COMMANDS)
@pytest.mark.parametrize("content", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_file_is_one_line_and_status_2(tmp_path, command, content):
    path = tmp_path / "in.json"
    path.write_bytes(content)
    assert_refused_in_one_line(*run(argv_for(command, path, tmp_path)))


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_folder_or_a_missing_file_is_one_line_and_status_2(tmp_path, command):
    assert_refused_in_one_line(*run(argv_for(command, tmp_path, tmp_path)))
    assert_refused_in_one_line(*run(argv_for(command, tmp_path / "none.json", tmp_path)))


@pytest.mark.parametrize("command", FILE_COMMANDS)
@pytest.mark.parametrize(
    "content",
    [HOSTILE["deep list"], HOSTILE["bad UTF-8"], HOSTILE["a lone surrogate in a name"], b""],
)
def test_hostile_standard_input_is_one_line_and_status_2(tmp_path, command, content):
    argv = argv_for(command, "-", tmp_path)
    assert_refused_in_one_line(*run(argv, stdin=content))


# JSON values of every type, hostile ones among them, for any field.
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "\ud800",
            "r5 j",
            "j=b11",
            "b1/high",
            "rummikub",
            "romanian",
            "A",
            "B",
            "",
            "x" * 300,
            "r\uff15",
        ]
    ),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
PLAYER_FIELDS = [
    "name",
    "went_out",
    "finish",
    "all_at_once",
    "jokers_used",
    "rack",
    "rack_points",
    "rack_jokers",
    "swapped_jokers",
    "melded_points",
    "melded_tiles",
    "credited_jokers",
    "declared",
]


@st.composite
def hands(draw):
    """A hand near the format: real field names holding values of any type."""
    variant = draw(st.sampled_from(["rummikub", "tile-rummy", "romanian", "rummy-meld", 7]))
    players = draw(
        st.lists(st.dictionaries(st.sampled_from(PLAYER_FIELDS), VALUES, max_size=5), max_size=4)
    )
    hand = {"variant": variant, "players": players}
    if draw(st.booleans()):
        hand["melds"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {
                        "tiles": st.one_of(
                            st.sampled_from(["r5 r6 r7", "j b2 b3", "k1 r1 y1"]), VALUES
                        ),
                        "by": VALUES,
                    }
                ),
                max_size=3,
            )
        )
    return hand


def write(tmp_path, data):
    path = tmp_path / "fuzz.json"
    text = json.dumps(data, ensure_ascii=True)  # lone surrogates travel as \ud800 escapes
    path.write_text(text, encoding="ascii")
    return path


@FUZZ
@given(hand=hands())
def test_score_never_shows_a_traceback(tmp_path, hand):
    assert_scored_or_refused(*run(["score", str(write(tmp_path, hand))]))


@FUZZ
@given(
    hand=hands(),
    players=VALUES,
    end=VALUES,
    variant=st.sampled_from(["romanian", "rummikub", "rummy-meld"]),
)
def test_series_never_shows_a_traceback(tmp_path, hand, players, end, variant):
    series = {
        "variant": variant,
        "players": players,
        "end": end,
        "hands": [{"players": hand["players"]}],
    }
    assert_scored_or_refused(*run(["series", str(write(tmp_path, series))]))


@FUZZ
@given(document=VALUES, version=st.one_of(st.just(1), VALUES))
def test_import_never_shows_a_traceback(tmp_path, document, version):
    data = {
        "format": "scorekeeper-export",
        "version": version,
        "players": document,
        "nights": document,
        "variants": document,
    }
    status, stdout, stderr = run(
        ["import", "--database", str(tmp_path / "fuzz.db"), str(write(tmp_path, data))]
    )
    if status != 0:
        assert_refused_in_one_line(status, stdout, stderr)


TILE_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.sampled_from(
            ["r1", "b13", "j", "j=b1", "k12", "y7", "o3", "r\uff15", "\udcff", ",", " ", "b1/high"]
        ),
        max_size=16,
    ).map(" ".join),
)


@FUZZ
@given(
    run_text=TILE_TEXT,
    add=TILE_TEXT,
    variant=st.sampled_from(["romanian", "rummy-meld", "rummikub", "\udcff"]),
    ace=st.sampled_from([[], ["--ace", "low"], ["--ace", "high"], ["--ace", "x"]]),
)
def test_split_run_never_shows_a_traceback(run_text, add, variant, ace):
    assert_scored_or_refused(
        *run(["split-run", "--run", run_text, "--add", add, "--variant", variant, *ace])
    )


@FUZZ
@given(
    tiles=TILE_TEXT,
    variant=st.sampled_from(["romanian", "rummy-meld-rack-empty", "tile-rummy", "nope"]),
    command=st.sampled_from([("check", "--meld"), ("best-opening", "--rack")]),
)
def test_check_and_best_opening_never_show_a_traceback(tiles, variant, command):
    name, option = command
    assert_scored_or_refused(*run([name, "--variant", variant, option, tiles]))


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 20, b"\xff" * 4096])
@pytest.mark.parametrize("command", ["export", "backup", "import"])
def test_a_database_that_is_no_database_is_one_line_and_status_2(tmp_path, content, command):
    database = tmp_path / "scores.db"
    database.write_bytes(content)
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"format": "csv"}), encoding="utf-8")
    argv = {
        "export": ["export", "--database", str(database), "-"],
        "backup": ["backup", "--database", str(database), str(tmp_path / "copy.db")],
        "import": ["import", "--database", str(database), str(source)],
    }[command]
    status, stdout, stderr = run(argv)
    if content:  # an empty file is a new, empty database to SQLite
        assert_refused_in_one_line(status, stdout, stderr)
    for folder_argv in (
        ["export", "--database", str(tmp_path), "-"],
        ["backup", "--database", str(database), str(tmp_path)],
    ):
        assert_refused_in_one_line(*run(folder_argv))


@pytest.mark.parametrize(
    "stdin", [b"\xff\xfe\xfd\xfc\xfb\n", b"abc\xed\xa0\x80def\n", b"", b"ab\n"]
)
def test_a_passcode_that_is_no_text_is_one_line_and_status_2(tmp_path, stdin):
    assert_refused_in_one_line(*run(["passcode", "--instance", str(tmp_path)], stdin=stdin))
    assert not (tmp_path / "passcode").exists()


def test_the_installed_command_shows_no_traceback_on_hostile_files(tmp_path):
    # The real interpreter, streams and all, on the worst files, once per command.
    script = Path(sys.executable).parent / "scorekeeper"
    for name in ("deep list", "a 5,000-digit number", "a lone surrogate in a name", "bad UTF-8"):
        path = tmp_path / "in.json"
        path.write_bytes(HOSTILE[name])
        for command in FILE_COMMANDS:
            done = subprocess.run(
                [str(script), *argv_for(command, path, tmp_path)],
                capture_output=True,
                timeout=60,
                check=False,
            )
            stderr = done.stderr.decode("utf-8")
            assert done.returncode == 2, (name, command, stderr)
            assert done.stdout == b"" and stderr.count("\n") == 1, (name, command, stderr)
