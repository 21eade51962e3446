"""A club night on phones at 390x844 (issue 27): the organiser starts a 10-player, 2-round
night behind the passcode and it is seated; three table scorers, each on a phone of their own,
enter their table's code and record their table's hand; a player's phone shows where they sit;
the standings page gives the right points; the big screen follows by itself; and round 2 is
seated once every table finished."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE
from playwright.sync_api import Browser, Page, expect

from .browser import assert_fits_a_phone
from .laptop import Laptop
from .steps import PASSCODE, set_scorer_passcode

pytestmark = pytest.mark.browser

TEN = ["Ana", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]
# Each table's hand: seat 1 goes out, the others keep these racks (Rummikub: seat 1 scores
# their sum, each other player minus their own). Table 1 seats four players, 2 and 3 three.
RACKS = {1: ["r5", "b10 k6", "y3"], 2: ["r5", "b5"], 3: ["k9", "r2"]}


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Laptop]:
    served = Laptop(tmp_path)
    set_scorer_passcode(served.app)
    yield served
    served.stop()


def phone(chromium: Browser, laptop: Laptop, scheme: str = "light") -> Page:
    """A phone of its own (its own cookies), on the laptop's app."""
    context = chromium.new_context(
        viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}", color_scheme=scheme
    )
    return context.new_page()


def organise(page: Page) -> None:
    """Become the organiser with the passcode and start the night from the home page."""
    page.goto("/scorer")
    page.get_by_label("Passcode").fill(PASSCODE)
    page.get_by_role("button", name="Become the scorer").click()
    page.goto("/")
    page.get_by_role("link", name="New event: several tables, over rounds").click()
    page.get_by_role("textbox", name="Name").fill("Friday club night")
    page.get_by_role("textbox", name="Players").fill("\n".join(TEN))
    page.get_by_role("spinbutton", name="Rounds").fill("2")
    page.get_by_role("spinbutton", name="How many hands (or the target score)").fill("1")
    page.get_by_role("button", name="Start the event and seat round 1").click()
    expect(page.get_by_role("heading", name="Tables of round 1")).to_be_visible()


def seated(page: Page) -> dict[int, tuple[list[str], str, str]]:
    """Each table's players in order of play, its code and its series' address, as the
    organiser's page shows them."""
    found = {}
    for number in (1, 2, 3):
        card = page.locator(".event-table", has=page.locator(f"#table-{number}"))
        players = card.locator(".event-seats li").all_inner_texts()
        code = re.sub(r"^.*: ", "", card.locator(".event-code").inner_text()).replace(" ", "")
        found[number] = (players, code, card.locator("h3 a").get_attribute("href") or "")
    return found


def score_table(page: Page, players: list[str], code: str, racks: list[str]) -> None:
    """Enter the table's code on this phone, then record the table's hand on it."""
    page.goto(f"/table-code?code={code}")
    page.get_by_role("button", name="Score this table").click()
    page.get_by_role("link", name="Record hand 1").click()
    page.check(f"input[name=went_out][value={players[0]}]")
    for seat, rack in enumerate(racks, 1):
        page.fill(f"#players-{seat}-rack", rack)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("[role=status]").first).to_contain_text(
        f"Hand 1 saved. {players[0]} won the hand", use_inner_text=True
    )


def test_a_ten_player_night_of_two_rounds_on_phones(chromium, laptop, screenshot):
    organiser = phone(chromium, laptop)
    organise(organiser)
    expect(organiser.locator(".event-table")).to_have_count(3)
    expect(organiser.get_by_role("status").filter(has_text="still playing")).to_have_text(
        "Tables 1, 2, and 3 are still playing. The next round can be seated once every table "
        "has finished."
    )
    assert_fits_a_phone(organiser)
    screenshot(organiser, "club-night-organiser")
    tables = seated(organiser)
    assert [len(players) for players, _, _ in tables.values()] == [4, 3, 3]

    # A player's phone: one tap on a name shows where they sit.
    ida = phone(chromium, laptop)
    ida.goto("/events/1/follow")
    ida.get_by_role("button", name="Ida", exact=True).click()
    table, seat = next(
        (number, players.index("Ida") + 1)
        for number, (players, _, _) in tables.items()
        if "Ida" in players
    )
    expect(ida.locator(".event-seat")).to_have_text(f"Round 1: table {table}, seat {seat}.")
    assert_fits_a_phone(ida)
    screenshot(ida, "club-night-follow")

    # The TV in the room follows the tables by itself.
    tv = phone(chromium, laptop, scheme="dark")
    tv.goto("/events/1/screen")
    progress = tv.locator(".event-screen-progress")
    expect(progress).to_have_text("Round 1 of 2: 0 of 3 tables finished.")

    # Three table scorers, each on a phone of their own, record their table's hand.
    scorers = [phone(chromium, laptop) for _ in tables]
    for scorer, (number, (players, code, _)) in zip(scorers, tables.items(), strict=True):
        score_table(scorer, players, code, RACKS[number])
    expect(progress).to_have_text("Round 1 of 2: 3 of 3 tables finished.")
    screenshot(tv, "club-night-big-screen")
    # A table's code scores its own table only: the next table's form is refused.
    first_scorer = scorers[0]
    first_scorer.goto(tables[2][2] + "/hands/new")
    expect(first_scorer.get_by_label("Passcode")).to_be_visible()

    # The standings: each table's places give 3/2/1/0 (of four) or 2/1/0 (of three).
    organiser.goto("/events/1/standings")
    rows = organiser.locator(".event-standings tbody tr")
    expect(rows).to_have_count(10)
    first, second, third = (tables[n][0] for n in (1, 2, 3))
    # Table 1: seat 1 +24 (3 points), y3 -3 (2), r5 -5 (1), b10 k6 -16 (0).
    # Table 2: seat 1 +10 (2), then r5 and b5 tied at -5: (1 + 0) / 2 = 0.5 each.
    # Table 3: seat 1 +11 (2), r2 -2 (1), k9 -9 (0).
    expected = {
        first[0]: ("3", "24"),
        first[3]: ("2", "-3"),
        first[1]: ("1", "-5"),
        first[2]: ("0", "-16"),
        second[0]: ("2", "10"),
        second[1]: ("0.5", "-5"),
        second[2]: ("0.5", "-5"),
        third[0]: ("2", "11"),
        third[2]: ("1", "-2"),
        third[1]: ("0", "-9"),
    }
    shown = {}
    for row in rows.all():
        cells = row.locator("td").all_inner_texts()
        shown[cells[1]] = (cells[2], cells[3])
    assert shown == expected
    expect(rows.first.locator("td").nth(1)).to_have_text(first[0])
    assert_fits_a_phone(organiser)
    screenshot(organiser, "club-night-standings")

    # Every table has finished: the organiser seats round 2.
    organiser.goto("/events/1")
    organiser.get_by_role("button", name="Seat the next round").click()
    expect(organiser.get_by_role("heading", name="Tables of round 2")).to_be_visible()
    # The round in play's three tables, and round 1's listed apart below them.
    expect(organiser.locator('[aria-labelledby="tables"] .event-table')).to_have_count(3)
    expect(organiser.locator(".event-table")).to_have_count(6)
    screenshot(organiser, "club-night-round-2")
    ida.reload()
    expect(ida.locator(".event-seat")).to_have_text(re.compile(r"^Round 2: table \d, seat \d\.$"))
    expect(progress).to_have_text("Round 2 of 2: 0 of 3 tables finished.")
    for page in (organiser, ida, tv, *scorers):
        page.context.close()
