"""Where an installation keeps what it must not lose: the database, the secret key, the passcode
and config.py. Loads no Flask, so the command line's archive commands find the database too.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

# The folder holding the package: a checkout of the repository, or site-packages once installed.
CHECKOUT = Path(__file__).resolve().parent.parent
# Names the instance folder; every setting of config.py may also come from SCOREKEEPER_<NAME>.
ENVIRONMENT = "SCOREKEEPER_INSTANCE"
PREFIX = "SCOREKEEPER_"


def in_checkout() -> bool:
    """Whether the package runs from a checkout of the repository (an editable install)."""
    # An installed package sits in site-packages, where no project file lies beside it.
    return (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "templates").is_dir()


def instance_folder(chosen: str | Path | None = None) -> Path:
    """The instance folder: the one chosen (--instance), else SCOREKEEPER_INSTANCE, else
    instance/ in a checkout, else the user's data folder, which upgrading the package never
    touches (e.g. ~/.local/share/scorekeeper on Linux)."""
    if chosen:
        return Path(chosen).expanduser().resolve()
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT]).expanduser().resolve()
    if in_checkout():
        return CHECKOUT / "instance"
    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def environment_settings() -> dict[str, Any]:
    """The settings given as SCOREKEEPER_<NAME> environment variables, read as JSON where they
    are JSON (numbers, true, false) and as text otherwise, as Flask's prefixed settings are."""
    found: dict[str, Any] = {}
    for key, text in os.environ.items():
        name = key.removeprefix(PREFIX)
        if key == ENVIRONMENT or name == key or not name.isupper():
            continue
        try:
            found[name] = json.loads(text)
        except json.JSONDecodeError:
            found[name] = text
    return found
