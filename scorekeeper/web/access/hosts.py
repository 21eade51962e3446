"""Answer only requests addressed to this machine: a web page elsewhere cannot rebind a name to it.

A page a player opens could point a name it controls at this laptop's address (DNS
rebinding) and then read and post to the app as if it were that site. Its requests carry
its own name in Host, so only this machine's names and addresses, and any listed in
ALLOWED_HOSTS or PUBLIC_NAMES (the names a proxy in front answers to) in instance/config.py,
are answered.
"""

from __future__ import annotations

import contextlib
import socket
import time

from flask import current_app, request
from flask_babel import gettext

from ..shell.security import error_response
from . import address, proxies

# The machine's addresses can change (a laptop joins another Wi-Fi): looked up again this often.
REFRESH_SECONDS = 60
_known: tuple[float, frozenset[str]] = (0.0, frozenset())


def machine_hosts() -> frozenset[str]:
    """This machine's names and addresses, as a Host header may write them."""
    global _known
    looked, names = _known
    if time.monotonic() - looked < REFRESH_SECONDS and names:
        return names
    found = {"localhost", "127.0.0.1", "::1", address.lan_ip()}
    hostname = socket.gethostname()
    found |= {hostname, f"{hostname}.local", socket.getfqdn()}
    with contextlib.suppress(OSError):
        found |= {str(info[4][0]) for info in socket.getaddrinfo(hostname, None)}
    names = frozenset(n.lower() for n in found if n)
    _known = (time.monotonic(), names)
    return names


def host_name(host: str) -> str:
    """The name or address of a Host header, without its port, brackets or final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


def check_host():
    """Refuse a request whose Host names neither this machine nor a configured name."""
    name = host_name(request.host)
    listed = current_app.config.get("ALLOWED_HOSTS", ())
    # From the environment it comes as text: names apart by commas or spaces.
    if isinstance(listed, str):
        listed = listed.replace(",", " ").split()
    extra = {host_name(n) for n in [*listed, *proxies.public_names(current_app.config)]}
    if name in extra or name in machine_hosts():
        return None
    return error_response(
        gettext("Unknown address"),
        gettext(
            "This app answers only at this computer's own names and "
            "addresses. To use another name, list it in %(setting)s in "
            "%(file)s.",
            setting="ALLOWED_HOSTS",
            file="instance/config.py",
        ),
        400,
    )
