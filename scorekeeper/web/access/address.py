"""The address other phones open to join, and its QR code."""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from flask import Flask, current_app, request

from . import proxies

LOOPBACK = "127.0.0.1"
# Any private address will do: a UDP connect only picks the outgoing interface and
# sends nothing, so this address is never contacted.
PROBE_ADDRESS = ("10.254.254.254", 1)


def lan_ip() -> str:
    """Return this machine's IPv4 address on the local network, or 127.0.0.1 if it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE_ADDRESS)
            return probe.getsockname()[0]
    except OSError:
        return LOOPBACK


def lan_url(port: int) -> str:
    """Return the address phones on this network open to reach a server on this port."""
    return f"http://{lan_ip()}:{port}"


def is_loopback(host: str) -> bool:
    """Tell whether a host name or address only reaches this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


EVERY_INTERFACE = ("0.0.0.0", "::", "")
SERVED_ON = "scorekeeper.served_on"  # where app.extensions keeps the address served on


def host_url(host: str, port: int) -> str:
    """The address of a server listening on this host and port (an IPv6 host in brackets)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def served_url(host: str, port: int) -> str:
    """The address phones open for a server listening on this host and port."""
    return lan_url(port) if host in EVERY_INTERFACE else host_url(host, port)


def serving_on(app: Flask, host: str) -> None:
    """Remember the address the server listens on: pages then share only an address it
    answers on."""
    app.extensions[SERVED_ON] = host


def join_url(page_url: str, server_port: int, served_on: str | None = None) -> str:
    """Return the address to share, given the address this page was opened on and the one
    the server listens on (None when unknown, as under tests)."""
    parts = urlsplit(page_url)
    port = parts.port or server_port
    if served_on is not None and served_on not in EVERY_INTERFACE:
        # Listening on one address only: the network's address would not answer.
        return host_url(served_on, port)
    if is_loopback(parts.hostname or ""):
        return lan_url(port)
    return f"{parts.scheme}://{parts.netloc}"


def page_join_url() -> str:
    """The address to share, for the page being drawn: behind a proxy, the public one."""
    if proxies.proxy_count(current_app.config):
        return proxies.join_address(request.host_url, proxies.public_names(current_app.config))
    return join_url(
        request.host_url, int(request.environ["SERVER_PORT"]), current_app.extensions.get(SERVED_ON)
    )


def behind_proxy() -> bool:
    """For every template, macros included: whether the pages speak of a club's machine
    behind a proxy or of a laptop on the Wi-Fi."""
    return proxies.behind_proxy(current_app.config)


# The home page and every series page show one; the same address always gives the same
# code, and drawing it cost most of a short series page.
@lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """Return a QR code of the address as SVG to put inside a page."""
    # No fixed size: the stylesheet sizes it to the screen.
    return segno.make_qr(url).svg_inline(scale=1, border=2, omitsize=True, svgclass="qr-code")


def print_qr(url: str) -> None:
    """Print a QR code of the address in the terminal, two rows of modules per line."""
    segno.make_qr(url).terminal(compact=True)
