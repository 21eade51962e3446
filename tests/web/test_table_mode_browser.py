"""Table mode on a phone in Debian's Chromium at 390x844: a whole Romanian hand of four
players with every control within reach, the source's example, a joker chain, and the
live table on another phone."""

import json

import pytest
from playwright.sync_api import expect

from scorekeeper import cli

from .browser import assert_fits_a_phone as fits_once
from .browser import start_series, tap_tiles

pytestmark = pytest.mark.browser

PHONE_HEIGHT = 844  # the phone the scorer holds: 390 x 844

# Where a control sits in the page (its label, for a box or a choice), from the top.
PLACE = """el => {
  const target = (el.type === "checkbox" || el.type === "radio") && el.closest("label")
    ? el.closest("label") : el;
  const r = target.getBoundingClientRect();
  return r.bottom + window.scrollY;
}"""


class Scorer:
    """The scorer's phone: every tap checks that the control was on the first screen, and
    every page drawn after an action is measured."""

    def __init__(self, page):
        self.page = page
        self.heights: list[int] = []
        self.lowest = 0.0  # the lowest bottom edge of a control tapped

    def reach(self, locator):
        """The control, after checking it lies on the first screen of the page."""
        expect(locator).to_be_visible()
        bottom = locator.evaluate(PLACE)
        assert bottom <= PHONE_HEIGHT, (locator, bottom)
        self.lowest = max(self.lowest, bottom)
        return locator

    def tap(self, locator):
        self.reach(locator).click()

    def measure(self):
        height = self.page.evaluate("document.documentElement.scrollHeight")
        self.heights.append(height)
        assert height <= 3 * PHONE_HEIGHT, (height, self.page.url)

    def tab(self, name):
        """Open an action's form with its tab at the top of the page."""
        tab = self.page.get_by_role("navigation", name="Record an action").get_by_role(
            "link", name=name
        )
        if tab.get_attribute("aria-current") != "true":
            self.tap(tab)
            expect(tab).to_have_attribute("aria-current", "true")

    def who(self, kind, player):
        self.tap(self.page.locator(f"input[name={kind}-player][value={player}]"))

    def lay(self, player, *melds, refused=False):
        self.tab("New meld")
        self.who("meld", player)
        self.reach(self.page.locator("#meld-melds-0")).fill(melds[0])
        if len(melds) > 1:
            self.tap(self.page.get_by_text("More melds in this opening"))
            for i, tiles in enumerate(melds[1:], start=1):
                self.reach(self.page.locator(f"#meld-melds-{i}")).fill(tiles)
        self.submit("Lay the meld", refused)

    def add(self, player, meld, tiles, refused=False):
        self.tab("Add tiles")
        self.who("add", player)
        self.reach(self.page.locator("#add-meld")).select_option(str(meld))
        self.reach(self.page.locator("#add-tiles")).fill(tiles)
        self.submit("Add the tiles", refused)

    def swap(self, player, meld, tiles, new_meld):
        self.tab("Swap a joker")
        self.who("swap", player)
        self.reach(self.page.locator("#swap-meld")).select_option(str(meld))
        self.reach(self.page.locator("#swap-tiles")).fill(tiles)
        self.reach(self.page.locator("#swap-new_meld_tiles")).fill(new_meld)
        self.submit("Swap the joker")

    def submit(self, button, refused=False):
        # The form posts and the page that answers is drawn: recorded, or refused.
        with self.page.expect_navigation():
            self.tap(self.page.get_by_role("button", name=button))
        self.page.wait_for_load_state("load")
        expect(self.page.locator("[role=alert]")).to_have_count(1 if refused else 0)
        self.measure()


def assert_fits_a_phone(page):
    """The page fits a phone, measured once it has its styles and scripts."""
    page.wait_for_load_state("load")
    fits_once(page)


def says(page, text):
    """The app's guidance after the last action holds this text."""
    expect(page.locator("#guidance p")).to_contain_text([text], use_inner_text=True)


def area(page, player):
    return page.get_by_role("region", name=f"{player}'s meld area")


# A whole hand of four, as it went at the table: the melds count from 0, as laid.
def test_a_whole_romanian_hand_of_four_at_the_phone_with_every_control_in_reach(
    chromium, live_server, screenshot, capsys, tmp_path
):
    context = chromium.new_context(
        viewport={"width": 390, "height": PHONE_HEIGHT}, base_url=live_server
    )
    page = context.new_page()
    page.goto("/")
    start_series(page, ["Ana", "Bo", "Cici", "Dan"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    expect(page.locator("#guidance h2")).to_have_text(
        "Nothing on the table yet", use_inner_text=True
    )
    # The box's heading is never smaller than the text under it.
    sizes = page.evaluate("""() => ['#guidance h2', '#guidance p'].map(
        s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))""")
    assert sizes[0] >= sizes[1]
    scorer = Scorer(page)
    scorer.measure()
    # Nobody ticks a turn box: every action is a later turn of its player.
    scorer.lay("Ana", "r11 b11 k11", "y12 y13 y1")
    says(page, "Ana opened with 60")
    scorer.lay("Bo", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")
    scorer.lay("Cici", "k3 j k5", "r12 b12 k12", "y8 y9 y10")
    # Dan's opening is short of 50; the scorer adds the red 10 he forgot and lays it again.
    scorer.lay("Dan", "r2 r3 r4 r5 r6 r7 r8 r9", refused=True)
    expect(page.locator("#meld-melds-0-error")).to_contain_text(
        "Dan's opening counts 40", use_inner_text=True
    )
    scorer.reach(page.locator("#meld-melds-0")).fill("r2 r3 r4 r5 r6 r7 r8 r9 r10")
    scorer.submit("Lay the meld")
    says(page, "Dan opened with 50")
    scorer.add("Ana", 2, "b9 b10")
    says(page, "Ana takes b7 b8 b9 into their stack; Bo's run shows b6 ... b10.")
    scorer.add("Bo", 4, "y5 y6")
    scorer.add("Cici", 2, "b11")
    says(page, "Cici takes b10 into their stack; Bo's run shows b6 ... b11.")
    scorer.swap("Dan", 5, "k4", "r12 r13 j")
    says(page, "Dan melds the joker in a new run r12 r13 j=r1; it still counts for Cici.")
    scorer.add("Ana", 7, "y11")
    scorer.lay("Bo", "k6 k7 k8")
    scorer.add("Cici", 8, "r11")
    says(page, "Cici takes r8 r9 into their stack; Dan's run shows r2 r3 r4 r5 r6 r7 ... r10 r11.")
    scorer.add("Dan", 7, "y12")
    scorer.lay("Ana", "b1 b2 b3")
    scorer.add("Bo", 10, "k9")
    scorer.lay("Cici", "r5 b5 y5")
    scorer.add("Dan", 12, "k5")
    says(
        page,
        "Set of 5s complete: Cici stacks 3 tiles (r5 b5 y5) and Dan stacks 1 tile (k5); "
        "the set leaves the table.",
    )
    scorer.add("Ana", 11, "b4")
    scorer.add("Bo", 10, "k10")
    scorer.add("Cici", 7, "y13")
    scorer.lay("Dan", "k11 k12 k13")
    # A slip: the black ace went to Bo's run; undo, right beside what the app said.
    scorer.add("Ana", 10, "k1", refused=True)
    scorer.add("Ana", 13, "k1")
    says(page, "Ana takes k13 into their stack; Dan's run shows k11 k12 ... k1.")
    with page.expect_navigation():
        scorer.tap(page.get_by_role("button", name="Undo action 21"))
    expect(page.locator(".flash").first).to_contain_text(
        "Action 21 taken back", use_inner_text=True
    )
    scorer.measure()
    scorer.add("Ana", 13, "k1")
    expect(page.locator("#guidance h2")).to_have_text("After action 21", use_inner_text=True)
    assert not page.locator("text=A later turn").count()
    expect(area(page, "Ana").locator("summary")).to_contain_text("count 115", use_inner_text=True)
    expect(area(page, "Cici").locator("summary")).to_contain_text("count 155", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-21-actions")
    dark = chromium.new_context(
        viewport={"width": 390, "height": PHONE_HEIGHT}, base_url=live_server, color_scheme="dark"
    )
    dark_page = dark.new_page()
    dark_page.goto(page.url)
    expect(dark_page.locator("#guidance h2")).to_have_text("After action 21", use_inner_text=True)
    screenshot(dark_page, "table-21-actions-dark")
    dark.close()

    # End of hand: Bo went out; the preview shows what will be saved, then Save.
    scorer.tap(
        page.get_by_role("navigation", name="Record an action").get_by_role(
            "link", name="End of hand"
        )
    )
    page.check("input[name=went_out][value=Bo]")
    page.fill("#players-0-rack", "r7")
    page.fill("#players-2-rack", "k2")
    page.fill("#players-3-rack", "b2")
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    page.get_by_role("button", name="Preview the scores").click()
    expect(page.locator(".preview")).to_contain_text("Bo +200", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-end-preview")
    scorer.tap(page.get_by_role("button", name="Save hand"))
    expect(page.locator("h1")).to_have_text("Hand 1", use_inner_text=True)

    shown = page.locator(".breakdown h2 .num").all_inner_texts()
    exported = page.request.get(page.url + "/hand.json").json()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(exported))
    capsys.readouterr()
    assert cli.main(["score", str(path)]) == 0
    scored = json.loads(capsys.readouterr().out)["scores"]
    assert scored == {"Ana": 110, "Bo": 200, "Cici": 150, "Dan": 115}
    assert shown == [f"{scored[n]:+d}" for n in ("Ana", "Bo", "Cici", "Dan")]
    print(
        f"table page heights: max {max(scorer.heights)} px over {len(scorer.heights)} pages; "
        f"lowest control tapped ends at {scorer.lowest:.0f} px"
    )
    context.close()


def test_the_sources_example_a_takes_7_8_9_and_bs_run_shows_6_to_10(browser_page, screenshot):
    page = browser_page
    start_series(page, ["A", "B", "C"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    expect(page.locator("#guidance h2")).to_have_text(
        "Nothing on the table yet", use_inner_text=True
    )
    page.wait_for_load_state()
    assert_fits_a_phone(page)
    screenshot(page, "table-empty")
    scorer = Scorer(page)
    scorer.lay("A", "r11 b11 k11", "y12 y13 y1")
    scorer.lay("B", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")

    # A taps B's run on the table, then the tiles blue 9 and blue 10 on the tile pad.
    area(page, "B").get_by_role("link", name="meld 3 · run").click()
    expect(page.locator("#add-meld")).to_have_value("2")
    page.locator("#add input[name=add-player][value=A]").check()
    tap_tiles(page, "add-tiles", ["Blue (b)", "Blue 9", "Blue 10"])
    expect(page.locator("#add-tiles")).to_have_value("b9 b10 ")
    page.get_by_role("button", name="Add the tiles").click()

    expect(page.locator("#guidance p")).to_have_text(
        [
            "A adds b9 b10 to B's run.",
            "A takes b7 b8 b9 into their stack; B's run shows b6 ... b10.",
        ],
        use_inner_text=True,
    )
    b_run = area(page, "B").locator(".meld").first
    expect(b_run.locator(".tile-n, .gap")).to_have_text(["6", "…", "10"], use_inner_text=True)
    expect(b_run.locator(".tile-c")).to_have_text(["blue", "blue"], use_inner_text=True)
    a_stack = area(page, "A").locator(".stack")
    expect(a_stack.locator(".tile-n")).to_have_text(["7", "8", "9"], use_inner_text=True)
    expect(area(page, "A").locator("summary")).to_contain_text("count 75", use_inner_text=True)
    expect(area(page, "B").locator("summary")).to_contain_text("count 60", use_inner_text=True)
    # Each player's area folds away with a tap on its name.
    area(page, "A").locator("summary").click()
    expect(a_stack).to_be_hidden()
    area(page, "A").locator("summary").click()
    assert_fits_a_phone(page)
    screenshot(page, "table-source-example")

    # A refused action: C has not opened; the message names the rule and its source.
    scorer.add("C", 0, "y11", refused=True)
    expect(page.locator("#add-player-error")).to_have_text(
        "C has not opened yet: tiles can be added to the table only after opening "
        "(Romanian tile rummy, The Play)",
        use_inner_text=True,
    )
    expect(page.locator("#add-tiles")).to_have_value("y11")
    assert_fits_a_phone(page)
    screenshot(page, "table-refused")

    # Clearing asks first, and the cleared table can be brought back.
    page.get_by_role("link", name="Clear the table…").click()
    expect(page.locator("h1")).to_have_text("Clear the table of hand 1?", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "table-clear-asks")
    page.get_by_role("button", name="Yes, clear the table").click()
    expect(page.locator("#guidance h2")).to_have_text("The table was cleared", use_inner_text=True)
    scorer.tap(page.get_by_role("button", name="Bring the table back"))
    expect(page.locator("#guidance h2")).to_have_text("After action 3", use_inner_text=True)
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)
    screenshot(page, "table-back-360")


def test_a_joly_chain_and_the_50_goes_to_its_first_melder(browser_page, screenshot):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 4)
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    scorer = Scorer(page)
    scorer.lay("Ana", "k3 j k5", "r11 b11 k11", "y8 y9 y10")
    scorer.lay("Bo", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")

    # Bo takes the Joly with the black 4 and melds it at once with red 12 and 13.
    area(page, "Ana").get_by_role("link", name="Swap the joker in meld 1").click()
    expect(page.locator("#swap-meld")).to_have_value("0")
    page.locator("#swap input[name=swap-player][value=Bo]").check()
    page.locator("#swap-tiles").fill("k4")
    page.locator("#swap-new_meld_tiles").fill("r12 r13 j")
    page.get_by_role("button", name="Swap the joker").click()
    says(page, "Bo melds the joker in a new run r12 r13 j=r1; it still counts for Ana.")

    scorer.lay("Cici", "r2 r3 r4 r5 r6 r7 r8 r9 r10")
    scorer.swap("Cici", 6, "r1", "j k9 y9")
    says(page, "Cici melds the joker in a new set j=9 k9 y9; it still counts for Ana.")
    upside = area(page, "Bo").locator(".tile-upside")
    expect(upside.locator(".tile-n, .tile-c, .tile-for")).to_have_text(
        ["1", "red", "↕ Cici"], use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "table-joker-chain")

    page.get_by_role("link", name="End of hand").click()
    page.check("input[name=went_out][value=Ana]")
    page.fill("#players-1-rack", "k1")
    page.fill("#players-2-rack", "b2")
    page.get_by_role("button", name="Preview the scores").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("h1")).to_have_text("Hand 1", use_inner_text=True)
    # Ana 100 + 60 melded + the Joly's 50; Bo 85 - 25; Cici 70 - 5.
    expect(page.locator(".breakdown h2 .num")).to_have_text(
        ["+210", "+60", "+65"], use_inner_text=True
    )
    jokers = page.locator(".joker-history")
    expect(jokers).to_contain_text(
        "swapped by Cici for r1 out of meld 7, melded in meld 9", use_inner_text=True
    )
    assert_fits_a_phone(page)
    screenshot(page, "table-hand-page")

    # The scorer fixes the table: Bo's opening run was y2 to y5, not y2 to y4.
    page.get_by_role("link", name="Fix the table: melds, who laid them, jokers").click()
    page.fill("#actions-1-melds", "b6 b7 b8\nr10 b10 k10\ny2 y3 y4 y5")
    assert_fits_a_phone(page)
    screenshot(page, "table-fix")
    page.get_by_role("button", name="Check and save the table").click()
    expect(page.locator(".breakdown h2 .num")).to_have_text(
        ["+210", "+65", "+65"], use_inner_text=True
    )
    expect(page.locator(".audit")).to_contain_text("Edited", use_inner_text=True)


@pytest.mark.parametrize("script", [True, False], ids=["with script", "without script"])
def test_another_phone_sees_each_action_on_the_viewer_within_5_seconds(
    browser_page, chromium, live_server, screenshot, script
):
    page = browser_page
    start_series(page, ["Ana", "Bo", "Cici"], "romanian", "hands", 4)
    series_page = page.url
    page.get_by_role("link", name="Play hand 1 in table mode").click()
    watcher = chromium.new_context(
        viewport={"width": 390, "height": PHONE_HEIGHT},
        base_url=live_server,
        java_script_enabled=script,
        color_scheme="dark" if script else "light",
    )
    viewer = watcher.new_page()
    viewer.goto(series_page.replace(live_server, "") + "/view")
    expect(viewer.locator("#live")).not_to_contain_text("on the table", use_inner_text=True)
    scorer = Scorer(page)
    scorer.lay("Ana", "k3 j k5", "r11 b11 k11", "y8 y9 y10")
    table = viewer.get_by_role("region", name="Hand 1 on the table")
    expect(table).to_contain_text(
        "After action 1: Ana opened with 65", use_inner_text=True, timeout=5000
    )
    scorer.lay("Bo", "b6 b7 b8", "r10 b10 k10", "y2 y3 y4")
    scorer.swap("Bo", 0, "k4", "r12 r13 j")
    expect(table).to_contain_text(
        "Bo melds the joker in a new run r12 r13 j=r1", use_inner_text=True, timeout=5000
    )
    expect(viewer.get_by_role("region", name="Bo's meld area")).to_contain_text(
        "count 85", use_inner_text=True
    )
    # Read-only: nothing on the viewer records or fixes anything.
    expect(viewer.locator("#live form, #live a.meld-link")).to_have_count(0)
    assert_fits_a_phone(viewer)
    screenshot(viewer, "viewer-live-table" + ("-dark" if script else "-noscript"))
    watcher.close()
