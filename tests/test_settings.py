"""Every setting the code reads is documented in the README's Settings table, with its
environment variable, and the table lists nothing the code does not read."""

import re
from pathlib import Path

from scorekeeper import instance

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

# A setting read (config["X"], config.get("X"), settings.get("X")) or given a default
# (app.config.from_mapping(X=...)).
READ = re.compile(r'(?:config|settings)(?:\[|\.get\()\s*"([A-Z][A-Z0-9_]+)"')
DEFAULTS = re.compile(r"config\.from_mapping\((.*?)\n    \)", re.DOTALL)


def settings_read() -> set[str]:
    """The names of the settings the package reads or gives a default, from its source."""
    found: set[str] = set()
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        found |= set(READ.findall(source))
        for call in DEFAULTS.findall(source):
            found |= set(re.findall(r"^\s*([A-Z][A-Z0-9_]+)=", call, re.MULTILINE))
    return found


def settings_table() -> dict[str, str]:
    """The README's Settings table: each setting's name and its environment variable."""
    section = README.split("## Settings\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \| `([A-Z0-9_]+)` \|", section, re.MULTILINE)
    return dict(rows)


def test_the_settings_are_found_in_the_source():
    assert {
        "DATABASE",
        "SECRET_KEY",
        "MAX_CONTENT_LENGTH",
        "VIEWER_POLL_SECONDS",
        "ALLOWED_HOSTS",
    } <= settings_read()


def test_every_setting_the_code_reads_is_in_the_readme_and_no_other():
    assert sorted(settings_table()) == sorted(settings_read())


def test_each_setting_is_given_with_its_environment_variable():
    table = settings_table()
    assert table == {name: f"{instance.PREFIX}{name}" for name in table}


def test_the_instance_folders_own_variable_is_documented():
    assert f"`{instance.ENVIRONMENT}`" in README.split("## Settings\n", 1)[1]
