"""Behind a reverse proxy (Caddy on a club's always-on machine): which forwarded headers to
believe, and the public name phones open.

A proxy in front passes on the phone's address, the scheme it used (https) and the name it
asked for, in X-Forwarded-For, -Proto and -Host. Any phone can send those headers too, so
they are believed from exactly as many proxies as PROXY_COUNT says sit in front, and by
default (0) not at all: the address is then the connection's own. With the count right,
the request log and the passcode guessing limits (guesses.py) see each phone's own address,
and an answer to a request that came over HTTPS marks its cookies Secure (shell/cookies.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from werkzeug.middleware.proxy_fix import ProxyFix

WSGIApp = Any


class BadProxySetting(ValueError):
    """PROXY_COUNT is not a whole number of proxies."""


def proxy_count(config: Mapping[str, Any]) -> int:
    """How many reverse proxies sit in front of the app (PROXY_COUNT, 0 by default)."""
    value = config.get("PROXY_COUNT", 0)
    # From the environment a number comes as a number, but config.py may hold text.
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadProxySetting(
            f"PROXY_COUNT must be the number of reverse proxies in front of the app "
            f"(0 or more), not {value!r}"
        )
    return value


def public_names(config: Mapping[str, Any]) -> list[str]:
    """The names phones open the app by through the proxy (PUBLIC_NAMES), in lower case."""
    listed = config.get("PUBLIC_NAMES", ())
    # From the environment it comes as text: names apart by commas or spaces.
    if isinstance(listed, str):
        listed = listed.replace(",", " ").split()
    return [name.strip().lower().rstrip(".") for name in listed if name.strip()]


def behind_proxy(config: Mapping[str, Any]) -> bool:
    """Whether the app runs on a club's machine behind a proxy rather than on a laptop over
    the Wi-Fi: the pages then speak of Scorekeeper, not of the laptop, and of any phone, not
    of the same Wi-Fi."""
    return proxy_count(config) > 0 or bool(public_names(config))


def trusting(wsgi_app: WSGIApp, count: int) -> WSGIApp:
    """The app, believing the forwarded address, scheme and name from `count` proxies."""
    if count == 0:
        return wsgi_app
    # Each proxy adds one address to X-Forwarded-For: the one `count` places from the end
    # is the phone's; whatever lies before it, the phone itself could have written.
    return ProxyFix(wsgi_app, x_for=count, x_proto=count, x_host=count)


def join_address(page_url: str, names: list[str]) -> str:
    """The address to share behind a proxy: the page's own when it was opened by a public name
    (or none is set), else the first public name over https."""
    parts = urlsplit(page_url)
    # A name may carry the proxy's port (scores.home.arpa:8443): compare the names alone.
    if not names or parts.hostname in {urlsplit(f"//{name}").hostname for name in names}:
        return f"{parts.scheme}://{parts.netloc}"
    return f"https://{names[0]}"
