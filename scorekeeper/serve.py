"""Serve the score pad to every phone on the network with waitress."""

from __future__ import annotations

from pathlib import Path

from waitress import serve

from . import create_app
from .web import address, passcode, request_log

EVERY_INTERFACE = ("0.0.0.0", "::", "")


def main(host: str = "0.0.0.0", port: int = 8000, instance: Path | None = None) -> None:
    """Start the app, say which address phones should open, and serve until stopped."""
    app = create_app(instance=instance)
    print(f"Instance folder (database, secret key, passcode): {app.instance_path}", flush=True)
    passcode.ask_on_first_start(Path(app.instance_path))
    if host in EVERY_INTERFACE:
        url = address.lan_url(port)
    else:
        url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    print(f"Scorekeeper is running. Open {url} on any phone on this network.", flush=True)
    address.print_qr(url)
    if passcode.stored_hash(Path(app.instance_path)) is None:
        print("No scorer passcode: every phone can change scores. Set one with "
              "`scorekeeper passcode`.", flush=True)
    else:
        print("Only a phone that enters the scorer passcode can change scores.", flush=True)
    request_log.log_to_stderr()
    serve(request_log.logged(app), host=host, port=port, threads=8)
