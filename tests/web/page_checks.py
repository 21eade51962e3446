"""What the browser tests measure of a page as a phone draws it: how far its layout moves
while it loads (Chromium's layout-shift entries) and what axe-core finds wrong with it.

A page's scripts arrive after its first paint on a slow phone on the table's Wi-Fi; here they
are held back until the page has painted, so whatever a script moves is measured every time,
however fast the laptop answers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import axe_playwright_python
from conftest import app_settings
from flask import Flask
from playwright.sync_api import Page, Route
from werkzeug.serving import make_server

from scorekeeper import create_app

from .steps import start_series, tally

AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"

# Every layout-shift entry of the document, from its start (buffered), kept on the page.
SHIFTS = """
window.layoutShifts = [];
new PerformanceObserver(list => window.layoutShifts.push(...list.getEntries()))
  .observe({type: "layout-shift", buffered: true});
"""

PAINTED = "() => performance.getEntriesByName('first-contentful-paint').length > 0"

# Settled: loaded, and every element of the page where it was for ten frames running.
SETTLED = """() => {
  if (document.readyState !== "complete") { return false; }
  const now = [...document.querySelectorAll("body *")].map(el => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round).join(",");
  }).join(";");
  window.settling = now === window.settlingLast ? (window.settling || 0) + 1 : 0;
  window.settlingLast = now;
  return window.settling >= 10;
}"""

# The layout shift as Chromium scores it: every shift but those right after the user's input.
LAYOUT_SHIFT = """() => window.layoutShifts
  .filter(entry => !entry.hadRecentInput)
  .reduce((sum, entry) => sum + entry.value, 0)"""


def watch_layout_shifts(context) -> None:
    """Have every page of the browser context keep its layout-shift entries."""
    context.add_init_script(SHIFTS)


def open_scripts_late(page: Page, address: str) -> None:
    """Open a page with its scripts held back until it has painted, then let them run and
    wait until nothing on it moves any more."""
    scripts_late(page, lambda: page.goto(address, wait_until="commit"))


def scripts_late(page: Page, navigate: Callable[[], object]) -> None:
    """Go to the next page (a link, a form sent) with its scripts held back until it has
    painted, then let them run and wait until nothing on it moves any more."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        # Only the scripts themselves: the record-hand form asks whether the laptop answers
        # with a HEAD of its own script before it sends.
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    page.route("**/static/*.js*", hold)
    navigate()
    page.wait_for_function(PAINTED)
    for route in held:
        route.continue_()
    page.unroute("**/static/*.js*")
    settle(page)


def settle(page: Page) -> None:
    """Wait until the page is loaded and nothing on it has moved for ten frames."""
    page.evaluate("() => { window.settling = 0; window.settlingLast = null; }")
    page.wait_for_function(SETTLED, polling="raf")


def layout_shift(page: Page) -> float:
    """The page's cumulative layout shift so far (its shifts after input left out)."""
    return page.evaluate(LAYOUT_SHIFT)


def axe(page: Page) -> list[str]:
    """What axe-core finds wrong with the page, one line per rule with its elements. Its rule
    that an accessible name holds the words shown (WCAG 2.5.3, still marked experimental) is
    run too. The context must bypass the page's Content-Security-Policy to inject it."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run({rules: {"label-content-name-mismatch": {enabled: true}}}))
          .violations.map(v => v.id + ": " + v.nodes.map(n => n.target.join(" ")).join(", "))"""
    )


# A Rummikub series with its first hand saved, a Romanian one whose hand is being followed
# in table mode (Ana has opened) and one of card-faced tiles (its pad shows suits): every page
# a night's players reach has something to show.
RUMMIKUB, ROMANIAN, CARDS = 1, 2, 3
SEATS = ("Ana", "Bo", "Cai", "Dee")
# And a club night of ten players at three tables (issue 27), its first table's hand saved.
EVENT = 1
EVENT_PLAYERS = ("Ana", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo")


@contextmanager
def a_night_served(folder: Path) -> Iterator[tuple[str, Flask]]:
    """Serve the app on a night of three series (RUMMIKUB, ROMANIAN, CARDS) and a club night
    (EVENT); give its address and the app."""
    app = create_app(app_settings(folder))
    client = app.test_client()
    assert start_series(client, seats=SEATS, end_kind="hands", end_value=9) == RUMMIKUB
    hand = {"Ana": "went_out", "Bo": "r5", "Cai": "b10 k6", "Dee": "y3"}
    client.post(f"/series/{RUMMIKUB}/hands/new", data=tally(SEATS, hand))
    romanian = start_series(client, variant="romanian", seats=SEATS, end_kind="hands", end_value=4)
    assert romanian == ROMANIAN
    opens = {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y12 y13 y1", "seen": "0"}
    answer = client.post(
        f"/series/{ROMANIAN}/table/meld", data={f"meld-{k}": v for k, v in opens.items()}
    )
    assert answer.status_code == 302
    cards = start_series(client, variant="rummy-cards", seats=SEATS, end_kind="hands", end_value=4)
    assert cards == CARDS
    a_club_night(app, client)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", app
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def a_club_night(app: Flask, client) -> None:
    """Start the club night EVENT and save a hand at its first table."""
    from datetime import date

    from scorekeeper.store.events import tables_of
    from scorekeeper.web.shell.db import get_db

    form = {
        "name": "Friday club night",
        "day": date.today().isoformat(),
        "variant": "rummikub",
        "players": "\n".join(EVENT_PLAYERS),
        "rounds": "2",
        "table_size": "4",
        "end_kind": "hands",
        "end_value": "2",
        "seating": "mix",
        "points": "places",
        "points_4": "3 2 1 0",
        "points_3": "2 1 0",
        "points_2": "1 0",
    }
    assert client.post("/events/new", data=form).status_code == 302
    with app.app_context():
        first = tables_of(get_db(), EVENT, 1)[0]
    hand = dict(zip(first.players, ("went_out", "r5", "b10 k6", "y3"), strict=True))
    client.post(f"/series/{first.series_id}/hands/new", data=tally(first.players, hand))
