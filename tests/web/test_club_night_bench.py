"""A short run of bench/club_night.py: two tables over two rounds, each with its scorer by
table code, four phones sending racks and pressing Done, and a TV; no request fails and
nothing is lost (its timings are not judged here: README, Development notes)."""

import subprocess
import sys
from pathlib import Path

import pytest

# A real server and thirteen clients for about half a minute: left out of the quick run.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_short_club_night_loses_nothing_and_nothing_fails():
    """It runs until 6 hands are saved (the second round seated after 4), whatever the
    machine's speed, within a bound that no working server comes near."""
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "club_night.py"),
            *("--tables", "2", "--hands", "2", "--hand-seconds", "0"),
            *("--stop-after", "6", "--seconds", "240"),
        ],
        capture_output=True,
        text=True,
        timeout=360,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "errors: 0, lost: 0, integrity_check: ok" in result.stdout
    saved = int(result.stdout.split(" hands saved")[0].rsplit(" ", 1)[1])
    seated = int(result.stdout.split(" rounds seated")[0].rsplit(" ", 1)[1])
    assert saved >= 6 and seated == 2, result.stdout
