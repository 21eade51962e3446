"""The README keeps its promises: two set-up commands, CI runs the test one, commands documented."""

import re
from pathlib import Path

from scorekeeper.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def command_under(heading: str) -> str:
    """The one fenced command in a README section."""
    section = README.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```\n(.*?)\n```", section, re.DOTALL)
    return block.strip()


def test_the_run_command_installs_and_serves_the_app():
    assert command_under("Run it") == (
        "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/scorekeeper serve"
    )


def test_ci_runs_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command_under("Test it") in ci.splitlines()


def test_every_command_line_command_is_documented():
    commands = build_parser()._subparsers._group_actions[0].choices
    for name in commands:
        assert f"`scorekeeper {name}" in README, name
