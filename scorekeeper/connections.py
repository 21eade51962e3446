"""Connections fair to every phone: waitress's server with a share per address.

Waitress keeps a fixed number of connections open (100 by default) and stops accepting
once they are all taken, whoever holds them: one laptop on the Wi-Fi opening 100 idle
connections made every later phone wait, the scorer's included (issue 23). A club night
of ten tables brings about a hundred phones, each of which may keep a few connections open.

So the server here accepts far more connections in total, and holds each address to a
small share of them. A connection is only a socket until its request has arrived whole
(waitress reads requests on its main loop and hands a worker thread only a complete one),
so what an address can take from the others is sockets, and the share bounds that. When an
address goes over its share, or the server over its total, the oldest idle connection of
the address holding the most is closed first: a phone whose idle connection is closed
simply opens another when it next asks for a page. Only where nothing can be closed is
the new connection itself turned away.
"""

from __future__ import annotations

import resource
from collections import Counter
from typing import Any

from waitress.server import TcpWSGIServer

# The most connections one address may hold at once. A phone's browser opens at most six
# to one server; a laptop with a few tabs, or the scorer's phone polling drafts while a
# page loads, stays well under this.
PER_ADDRESS = 24
# The most connections the server holds in all: a hundred phones at four each, twice over.
TOTAL = 800
# An idle connection (no request on it) is closed after this long anyway.
IDLE_SECONDS = 60


def room_for(total: int) -> None:
    """Let the process hold `total` sockets besides its files: raise the soft limit on open
    files up to the hard one where it is lower (often 1,024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = total + 64
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, ceiling), hard))


def idle(channel: Any) -> bool:
    """Whether a connection has no request being answered and nothing left to send (a
    request still arriving counts as idle: it holds no worker thread)."""
    return not channel.requests and not channel.total_outbufs_len


class FairServer(TcpWSGIServer):
    """Waitress's TCP server, holding each address to its share of the connections."""

    per_address = PER_ADDRESS
    total = TOTAL

    def handle_accept(self) -> None:
        """Accept as waitress does, then make room: an address over its share, or the server
        over its total, loses its oldest idle connection (or the new one, if none is idle)."""
        before = set(self.active_channels)
        super().handle_accept()
        new = [c for fileno, c in self.active_channels.items() if fileno not in before]
        if new:
            self.make_room(new[0])

    def open_channels(self) -> list[Any]:
        """The connections that are open and not already being closed."""
        return [c for c in self.active_channels.values() if not c.will_close]

    def make_room(self, new: Any) -> None:
        """Close connections until the new one's address and the server are within bounds."""
        channels = self.open_channels()
        held = Counter(host(c) for c in channels)
        if held[host(new)] > self.per_address:
            self.close_oldest_idle([c for c in channels if host(c) == host(new)], new)
        elif len(channels) > self.total:
            busiest = held.most_common(1)[0][0]
            self.close_oldest_idle([c for c in channels if host(c) == busiest], new)

    def close_oldest_idle(self, among: list[Any], new: Any) -> None:
        """Close the longest-idle connection among these (never the one just opened while
        an older one can go); where none is idle, close the new one."""
        waiting = sorted(
            (c for c in among if c is not new and idle(c)), key=lambda c: c.last_activity
        )
        victim = waiting[0] if waiting else new
        # Waitress closes it on the next turn of its loop, as it does a timed-out one.
        victim.will_close = True


def host(channel: Any) -> str:
    """The address a connection comes from."""
    addr = channel.addr
    return str(addr[0]) if isinstance(addr, tuple) else str(addr)


def fair_server(app: Any, host_name: str, port: int, **options: Any) -> FairServer:
    """A server for the app on host and port, fair to every address."""
    room_for(TOTAL)
    return FairServer(
        app,
        host=host_name,
        port=port,
        # Waitress's own ceiling stands a little above the total, so a burst is
        # accepted and trimmed by the share instead of left waiting in the queue.
        connection_limit=TOTAL + PER_ADDRESS,
        channel_timeout=IDLE_SECONDS,
        cleanup_interval=10,
        # select() cannot watch more than 1,024 sockets; poll() can.
        asyncore_use_poll=True,
        **options,
    )
