"""Serve the score pad to every phone on the network with waitress."""

from __future__ import annotations

import errno
import getpass
import socket
from collections.abc import Callable
from pathlib import Path

from . import create_app
from .connections import fair_server
from .store.db import DatabaseFault
from .web.access import address, passcode, proxies
from .web.shell import request_log


def ask_twice(prompt: str, ask: Callable[[str], str] = getpass.getpass) -> str:
    """Ask for the first passcode, then for it again until both agree: a typo would lock
    the scorer out. Nothing typed declines at once."""
    while True:
        typed = ask(prompt)
        if not typed.strip() or ask("The same passcode again: ") == typed:
            return typed
        print("The two passcodes differ; type it again.", flush=True)


class CannotServe(Exception):
    """The server cannot start; the message says why and what to do, in one line."""


def try_port(host: str, port: int) -> None:
    """Bind a socket of our own first: waitress leaves its sockets open when binding fails."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))


# Waitress keeps what a request has sent in one buffer until this many bytes have passed
# through it, and only then starts a new one: with its default of 16 MB, each streamed
# export of everything held up to 16 MB, and each worker thread kept that much of the
# process's memory once it had sent one (issue 15: 475 MB). 1 MB per answer at the most.
OUTPUT_BUFFER = 1024 * 1024
THREADS = 8


def listen(app, host: str, port: int, behind: int = 0):
    """Take the port before saying anything, so a port in use is one line, not a traceback.
    Behind `behind` proxies, waitress leaves their X-Forwarded headers for the app to weigh
    (access/proxies.py); otherwise it drops them, as the app would ignore them."""
    try:
        try_port(host, port)
        return fair_server(
            app,
            host,
            port,
            threads=THREADS,
            outbuf_high_watermark=OUTPUT_BUFFER,
            clear_untrusted_proxy_headers=not behind,
        )
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise CannotServe(
                f"port {port} is in use (is Scorekeeper already running?): stop "
                f"the other program or choose another port with --port"
            ) from None
        if error.errno == errno.EACCES:
            raise CannotServe(
                f"port {port} needs administrator rights: choose one above 1023 with --port"
            ) from None
        raise CannotServe(
            f"cannot listen on {host} port {port} ({error.strerror}): check --host and --port"
        ) from None


def announce(app, host: str, port: int) -> None:
    """Say which address phones open, with its QR code: behind a proxy, the public one."""
    behind, names = proxies.proxy_count(app.config), proxies.public_names(app.config)
    if behind and not address.is_loopback(host):
        print(
            f"Careful: PROXY_COUNT is {behind} but the app listens on {host or 'every address'}: "
            f"a phone reaching it without the proxy could claim any address. Serve with "
            f"--host 127.0.0.1 behind the proxy.",
            flush=True,
        )
    if behind and not names:
        print(
            f"Scorekeeper is running behind a reverse proxy, which reaches it at "
            f"{address.host_url(host, port)}. Phones open the proxy's address.",
            flush=True,
        )
        return
    if behind:
        url = f"https://{names[0]}"
        print(f"Scorekeeper is running behind the proxy. Open {url} on any phone.", flush=True)
    else:
        url = address.served_url(host, port)
        print(f"Scorekeeper is running. Open {url} on any phone on this network.", flush=True)
    address.print_qr(url)


def main(host: str = "0.0.0.0", port: int = 8000, instance: Path | None = None) -> None:
    """Start the app, say which address phones should open, and serve until stopped."""
    try:
        app = create_app(instance=instance)
    except (DatabaseFault, proxies.BadProxySetting) as error:
        raise CannotServe(str(error)) from None
    server = listen(request_log.logged(app), host, port, proxies.proxy_count(app.config))
    print(f"Instance folder (database, secret key, passcode): {app.instance_path}", flush=True)
    passcode.ask_on_first_start(Path(app.instance_path), ask=ask_twice)
    address.serving_on(app, host)
    announce(app, host, port)
    if passcode.stored_hash(Path(app.instance_path)) is None:
        print(
            "No scorer passcode: every phone can change scores. Set one with "
            "`scorekeeper passcode`.",
            flush=True,
        )
    else:
        print("Only a phone that enters the scorer passcode can change scores.", flush=True)
    request_log.log_to_stderr()
    server.run()
