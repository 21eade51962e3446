"""Serve the score pad to every phone on the network with waitress."""

from __future__ import annotations

import getpass
from collections.abc import Callable
from pathlib import Path

from waitress import serve

from . import create_app
from .web import address, passcode, request_log


def ask_twice(prompt: str, ask: Callable[[str], str] = getpass.getpass) -> str:
    """Ask for the first passcode, then for it again until both agree: a typo would lock
    the scorer out. Nothing typed declines at once."""
    while True:
        typed = ask(prompt)
        if not typed.strip() or ask("The same passcode again: ") == typed:
            return typed
        print("The two passcodes differ; type it again.", flush=True)


def main(host: str = "0.0.0.0", port: int = 8000, instance: Path | None = None) -> None:
    """Start the app, say which address phones should open, and serve until stopped."""
    app = create_app(instance=instance)
    print(f"Instance folder (database, secret key, passcode): {app.instance_path}", flush=True)
    passcode.ask_on_first_start(Path(app.instance_path), ask=ask_twice)
    address.serving_on(app, host)
    url = address.served_url(host, port)
    print(f"Scorekeeper is running. Open {url} on any phone on this network.", flush=True)
    address.print_qr(url)
    if passcode.stored_hash(Path(app.instance_path)) is None:
        print("No scorer passcode: every phone can change scores. Set one with "
              "`scorekeeper passcode`.", flush=True)
    else:
        print("Only a phone that enters the scorer passcode can change scores.", flush=True)
    request_log.log_to_stderr()
    serve(request_log.logged(app), host=host, port=port, threads=8)
