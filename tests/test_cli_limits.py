"""Every input the command line reads is bounded: a 100,000-tile rack is refused in little
memory, a file, standard input or a device is read only up to the command's limit, a named pipe
is refused without waiting for it, and a huge id or a full output device is one line and
status 2 (README, "Command line" and "Development notes")."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import app_settings

from scorekeeper import create_app
from scorekeeper.engine.limits import FILE_BYTES, HAND_BYTES, RACK_TILES, SET_TILES
from scorekeeper.store import import_limits
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document

SCRIPT = Path(sys.executable).parent / "scorekeeper"
MEGABYTE = 1024 * 1024
HUGE_RACK = " ".join(["r5"] * 100_000)


def hand(rack: str) -> dict:
    return {
        "variant": "rummikub",
        "players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": rack}],
    }


# Runs a command as a child of its own, so that the peak memory measured is that command's
# alone; the child may not grow past 1 GB, so a regression fails instead of filling the machine.
MEASURE = """
import json, resource, subprocess, sys
def cap():
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
done = subprocess.run(sys.argv[1:], capture_output=True, preexec_fn=cap, timeout=120)
print(json.dumps({"status": done.returncode, "stdout": done.stdout.decode(errors="replace"),
                  "stderr": done.stderr.decode(errors="replace"),
                  "peak_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def measured(*argv, stdin: bytes = b"") -> dict:
    """The command's status, output and peak resident memory in MB."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(SCRIPT), *map(str, argv)],
        input=stdin,
        capture_output=True,
        timeout=180,
        check=True,
    )
    result = json.loads(done.stdout)
    result["peak_mb"] = result.pop("peak_kb") / 1024
    return result


def refusal(result: dict) -> str:
    """The one line a refused command wrote on standard error."""
    assert result["status"] == 2, result
    assert "Traceback" not in result["stderr"]
    lines = result["stderr"].splitlines()
    assert len(lines) == 1, result["stderr"]
    return lines[0]


def test_a_rack_of_100000_tiles_is_refused_by_score_in_little_memory(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(HUGE_RACK)), encoding="utf-8")
    result = measured("score", path)
    assert refusal(result) == (
        f"scorekeeper score: {path}: player Bo, rack: 299999 characters "
        "written; 106 tiles take at most 1696"
    )
    assert result["peak_mb"] < 200


def test_a_rack_of_107_short_tiles_is_counted_before_any_is_read(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(" ".join(["r5"] * (RACK_TILES + 1)))), encoding="utf-8")
    result = measured("score", path)
    assert refusal(result).endswith(
        "player Bo, rack: 107 tiles written; a box of tiles holds only 106"
    )


def test_a_rack_of_100000_tiles_is_refused_by_import_in_little_memory(tmp_path, export_with):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export_with(HUGE_RACK)), encoding="utf-8")
    result = measured("import", "--database", tmp_path / "into.db", path)
    assert "player Bo, rack: 299999 characters written; 106 tiles take at most 1696" in refusal(
        result
    )
    assert result["peak_mb"] < 200


def test_the_same_rack_on_standard_input_is_refused_the_same_way():
    result = measured("score", "-", stdin=json.dumps(hand(HUGE_RACK)).encode())
    assert refusal(result).endswith("106 tiles take at most 1696")
    assert result["peak_mb"] < 200


def test_a_third_copy_is_named_once_per_place_never_once_per_copy(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(" ".join(["r5"] * SET_TILES))), encoding="utf-8")
    assert refusal(measured("score", path)) == (
        f"scorekeeper score: {path}: player Bo, rack: 106 copies of r5 in this hand (Bo's "
        "rack); a box of tiles holds only two of each tile"
    )


@pytest.mark.parametrize(("command", "most"), [("score", HAND_BYTES), ("series", FILE_BYTES)])
def test_a_file_past_the_commands_size_is_refused_unread(tmp_path, command, most):
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(most + 1)  # sparse: nothing to read, only its size
    assert refusal(measured(command, path)) == (
        f"scorekeeper {command}: {path}: larger than {most // MEGABYTE} MB, the most this "
        "command reads"
    )


# What each command reads at most: an import reads its file a night at a time, from a copy
# on disk when it comes from standard input or a device.
MOST = {"score": HAND_BYTES, "series": FILE_BYTES, "import": import_limits.MAX_BYTES}


@pytest.mark.slow
@pytest.mark.parametrize("command", ["score", "series", "import"])
def test_a_device_or_standard_input_without_end_is_read_only_up_to_the_limit(tmp_path, command):
    argv = [command] if command != "import" else [command, "--database", tmp_path / "x.db"]
    from_device = measured(*argv, "/dev/urandom")
    assert refusal(from_device).endswith(
        f"/dev/urandom: larger than {MOST[command] // MEGABYTE} MB, the most this command reads"
    )
    # Standard input as the device itself, as `< /dev/zero` gives it.
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [str(SCRIPT), *map(str, argv), "-"],
            stdin=zero,
            capture_output=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.decode().endswith(
        f"standard input: larger than {MOST[command] // MEGABYTE} MB, the most this command reads\n"
    )
    assert from_device["peak_mb"] < 200


@pytest.mark.parametrize("command", ["score", "series", "import"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, command):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    argv = [command] if command != "import" else [command, "--database", tmp_path / "x.db"]
    # Nobody ever writes to the pipe: a command that opened it to read would wait for ever.
    # The timeout only keeps the suite from hanging if it did; the assertions say what is right.
    done = subprocess.run(
        [str(SCRIPT), *map(str, argv), str(fifo)],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == (
        f"scorekeeper {command}: {fifo} is a named pipe, which may "
        "never end: give a file, or pipe it into standard input "
        "with -\n"
    )


def test_a_passcode_from_a_stream_without_end_reads_one_short_line(tmp_path):
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [str(SCRIPT), "passcode", "--instance", str(tmp_path)],
            stdin=zero,
            capture_output=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.decode().count("\n") == 1
    assert not (tmp_path / "passcode").exists()


@pytest.mark.parametrize("scope", ["--series", "--night"])
@pytest.mark.parametrize("number", ["999999999999999999999", "-999999999999999999999", str(2**63)])
def test_an_id_sqlite_cannot_hold_is_found_nowhere(tmp_path, scope, number):
    migrate(tmp_path / "s.db")
    done = subprocess.run(
        [
            str(SCRIPT),
            "export",
            "--database",
            str(tmp_path / "s.db"),
            scope,
            number,
            str(tmp_path / "out.json"),
        ],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    what = scope.removeprefix("--")
    assert done.stderr.decode() == f"scorekeeper export: there is no {what} {number}\n"
    assert not (tmp_path / "out.json").exists()


FULL = Path("/dev/full")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["score", "examples/rummikub-hand.json"],
            "scorekeeper score: cannot write the output (No space left on device)",
        ),
        (
            ["--lang", "fr", "score", "examples/rummikub-hand.json"],
            "scorekeeper score: impossible d'\u00e9crire la sortie (No space left on device)",
        ),
        (
            ["check", "--variant", "rummikub", "--meld", "r5 r6 r7"],
            "scorekeeper check: cannot write the output (No space left on device)",
        ),
        (
            ["export", "--database", "{db}", "-"],
            "scorekeeper export: cannot write the output (No space left on device)",
        ),
        (
            ["export", "--database", "{db}", "{full}"],
            "scorekeeper export: /dev/full: cannot write the file (No space left on device)",
        ),
    ],
)
def test_a_full_output_device_is_one_line_and_status_2(tmp_path, argv, line):
    database = tmp_path / "s.db"
    migrate(database)
    argv = [a.format(db=database, full=FULL) for a in argv]
    with FULL.open("wb") as full:
        done = subprocess.run(
            [str(SCRIPT), *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.decode() == line + "\n"


@pytest.fixture
def export_with(tmp_path):
    """An export file of one series with one hand, its loser's rack replaced by the one given."""
    app = create_app(app_settings(tmp_path / "source"))
    client = app.test_client()
    made = client.post(
        "/api/series", json={"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 3}}
    ).get_json()
    saved = client.post(f"/api/series/{made['id']}/hands", json={"players": hand("r5")["players"]})
    assert saved.status_code == 201

    def export(rack: str) -> dict:
        with connect(app.config["DATABASE"]) as db:
            document = export_document(db)
        record = document["nights"][0]["series"][0]["hands"][0]["record"]
        record["players"][1]["rack"] = rack
        return document

    return export
