"""The files of deploy/ agree: both Caddyfiles are read by Caddy as they are shipped, and pass
requests to the port the systemd unit serves on; only the LAN one signs its own certificate."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from .conftest import CADDY, ROOT

DEPLOY = ROOT / "deploy"


def adapted(caddyfile: Path, home: Path) -> dict:
    """The Caddyfile as Caddy reads it (its JSON config), or the test fails with Caddy's
    complaint."""
    done = subprocess.run(
        [CADDY or "caddy", "adapt", "--config", str(caddyfile), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("name", "issuer"), [("Caddyfile.lan", "internal"), ("Caddyfile.public", None)]
)
def test_each_caddyfile_passes_requests_to_the_units_port(tools, tmp_path, name, issuer):
    unit = (DEPLOY / "scorekeeper.service").read_text(encoding="utf-8")
    (port,) = re.findall(
        r"^ExecStart=.* serve --host 127\.0\.0\.1 --port (\d+)$", unit, re.MULTILINE
    )
    config = json.dumps(adapted(DEPLOY / name, tmp_path))
    assert re.findall(r'"dial": "([^"]+)"', config) == [f"127.0.0.1:{port}"]
    assert ('"module": "internal"' in config) is (issuer == "internal")
