"""The README keeps its promises: two set-up commands, CI runs the test one, commands documented."""

import re
from fnmatch import fnmatch
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


def test_every_file_in_deploy_is_in_the_readme_and_every_one_it_names_is_there():
    shipped = sorted(path.name for path in (ROOT / "deploy").iterdir())
    named = set(re.findall(r"deploy/([\w.*-]*[\w*])", README))
    assert [name for name in shipped if not any(fnmatch(name, one) for one in named)] == []
    assert [one for one in named if not any(fnmatch(name, one) for name in shipped)] == []


def test_the_units_settings_are_the_ones_the_settings_table_documents():
    unit = (ROOT / "deploy" / "scorekeeper.service").read_text(encoding="utf-8")
    settings = README.split("## Settings\n", 1)[1]
    for name in re.findall(r"^Environment=SCOREKEEPER_([A-Z_]+)=", unit, re.MULTILINE):
        assert name == "INSTANCE" or f"| `{name}` |" in settings, name
    assert "--host 127.0.0.1" in unit  # behind the proxy, reached by Caddy alone


def test_the_print_pages_are_said_to_take_as_many_a4_pages_as_their_sheets_need():
    # A score sheet is never split (static/events.css), so a round of long sheets takes
    # several pages (tests/web/test_event_layout_browser.py counts them): no "one sheet a round".
    said = " ".join(README.split())
    assert "one A4 sheet per round" not in said
    assert "a table's sheet is never split across two pages" in said
    assert "thirty hands a round, a page per table" in said
