"""The address other phones open to join, and its QR code."""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urlsplit

import segno

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


def join_url(page_url: str, server_port: int) -> str:
    """Return the address to share, given the address this page was opened on."""
    parts = urlsplit(page_url)
    if is_loopback(parts.hostname or ""):
        return lan_url(parts.port or server_port)
    return f"{parts.scheme}://{parts.netloc}"


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
