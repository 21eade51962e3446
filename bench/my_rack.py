"""How long a rack sent from a player's phone takes to reach the scorer's open form.

    .venv/bin/python bench/my_rack.py [--runs 3]

Starts the real server (waitress) with a scorer passcode and drives Debian's Chromium
(/usr/bin/chromium) through Playwright: the scorer's phone opens the record-hand form of a
new series, three players' phones say which player they are and type their racks, then all
three tap Send. Each time is read from the browsers' own clocks (one machine, one clock): from
a player's Send to the moment the rack is in its box on the scorer's form. Prints each run's
three times and how long until all three were there. The scorer's form asks for the racks
every second, so about a second is expected.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from table_load import PASSCODE, Server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
RACKS = {"Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}
SEATS = [*RACKS, "Dee"]
# The moment each box of the scorer's form is filled, by the page's own clock.
WATCH_THE_BOXES = """() => { window.arrived = {};
    document.querySelector("form.tally").addEventListener("input", e => {
        if (e.target.value) { window.arrived[e.target.name] = Date.now(); } }); }"""


def new_series(port: int) -> int:
    """Start a Rummikub series of the four seats through the API; its id."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    connection.request(
        "POST",
        "/api/series",
        body=json.dumps({"variant": "rummikub", "players": SEATS, "end": {"hands": 9}}),
        headers={"Authorization": f"Bearer {PASSCODE}", "Content-Type": "application/json"},
    )
    response = connection.getresponse()
    body = json.loads(response.read())
    connection.close()
    if response.status != 201:
        raise RuntimeError(f"new series answered {response.status}: {body}")
    return int(body["id"])


def one_run(browser, base_url: str, port: int) -> tuple[list[float], float]:
    """Each player's Send-to-screen time in seconds, and the time until all three were in."""
    from playwright.sync_api import expect

    series_id = new_series(port)
    contexts = [browser.new_context(viewport=PHONE, base_url=base_url) for _ in range(4)]
    try:
        scorer, *phones = (context.new_page() for context in contexts)
        scorer.goto("/scorer")
        scorer.fill("#passcode", PASSCODE)
        scorer.get_by_role("button", name="Become the scorer").click()
        expect(scorer.get_by_text("You are the scorer on this phone until")).to_be_visible()
        for page, (name, rack) in zip(phones, RACKS.items(), strict=True):
            page.goto(f"/series/{series_id}/my-rack")
            page.get_by_role("button", name=f"I'm {name}").click()
            page.fill("#mine-rack", rack)
        scorer.goto(f"/series/{series_id}/hands/new")
        scorer.evaluate(WATCH_THE_BOXES)
        sent = []
        for page in phones:
            sent.append(page.evaluate("Date.now()"))
            page.get_by_role("button", name="Send my rack").click()
        for seat, rack in enumerate(RACKS.values()):
            expect(scorer.locator(f"#players-{seat}-rack")).to_have_value(rack, timeout=30_000)
        arrived = scorer.evaluate("window.arrived")
    finally:
        for context in contexts:
            context.close()
    times = [arrived[f"players-{seat}-rack"] for seat in range(len(RACKS))]
    waits = [(shown - sent_at) / 1000 for shown, sent_at in zip(times, sent, strict=True)]
    return waits, (max(times) - min(sent)) / 1000


def main(argv: list[str] | None = None) -> int:
    """Measure the runs and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print("Debian's chromium is not installed: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
                )
                runs = [
                    one_run(browser, f"http://127.0.0.1:{server.port}", server.port)
                    for _ in range(args.runs)
                ]
                browser.close()
        finally:
            server.kill()
    for number, (waits, together) in enumerate(runs, 1):
        print(
            f"run {number}: each rack on the scorer's form "
            f"{', '.join(f'{w:.2f}' for w in waits)} s after its Send; "
            f"all three within {together:.2f} s"
        )
    every = [w for waits, _ in runs for w in waits]
    print(
        f"over {len(runs)} runs: each rack {min(every):.2f}-{max(every):.2f} s, all three "
        f"within {min(t for _, t in runs):.2f}-{max(t for _, t in runs):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
