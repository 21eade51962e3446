"""The record-hand form on a phone (390x844): an untouched form saves nothing, a hand sent
twice is stored once, a hand typed while the laptop cannot be reached is kept and stored
once when it is back, and the reference Rummikub hand goes in by tile pad in 17 taps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import axe_playwright_python
import pytest
from conftest import PHONE, SCREENSHOTS
from playwright.sync_api import Page, expect

from .browser import start_series
from .laptop import Laptop

pytestmark = pytest.mark.browser

SEATS = ("Ana", "Bo", "Cai", "Dee")


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Laptop]:
    served = Laptop(tmp_path)
    yield served
    served.stop()


@pytest.fixture
def phone(chromium, laptop: Laptop) -> Iterator[Page]:
    context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    yield page
    context.close()


def open_form(page: Page) -> None:
    page.get_by_role("link", name="Record hand 1").click()
    expect(page.get_by_role("heading", name="Record a hand")).to_be_visible()


def type_reference_hand(page: Page) -> None:
    page.locator("#went_out label", has_text="Dee").click()
    page.fill("#players-0-rack", "r12 k3 j")
    page.fill("#players-1-rack", "b1 b2 y13 y13")
    page.fill("#players-2-rack", "k9")


# Ana r12 k3 and a joker (30), Bo b1 b2 y13 y13, Cai k9: Dee takes what they hold.
REFERENCE_SCORES = {"Ana": -45, "Bo": -29, "Cai": -9, "Dee": 83}


def test_an_untouched_form_saves_nothing_and_lists_every_missing_entry(phone, laptop):
    open_form(phone)
    save = phone.get_by_role("button", name="Save hand")
    expect(save).to_be_in_viewport()  # Save is on screen without scrolling
    save.click()
    summary = phone.locator(".summary li, .problems li")
    expect(phone.get_by_text("Pick who went out").first).to_be_visible()
    for name in SEATS:
        expect(
            phone.locator(f"fieldset.player:has(legend:text-is('{name}')) .error")
        ).to_contain_text("Nothing is left on the rack")
    assert summary.count() >= 5 or phone.locator(".error").count() >= 5
    expect(phone.get_by_role("button", name="Save hand")).to_be_in_viewport()
    assert laptop.hands() == []


def test_a_double_tap_stores_one_hand(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    phone.get_by_role("button", name="Save hand").dblclick()
    # Both taps may answer on one page (saved, then already saved): either says so.
    expect(
        phone.get_by_text("Hand 1 saved.").or_(phone.get_by_text("already saved")).first
    ).to_be_visible()
    phone.goto("/series/1")
    expect(phone.get_by_role("link", name="Record hand 2")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_back_then_save_stores_nothing_new(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    phone.go_back()
    expect(phone.locator("#reach")).to_have_text(
        "The hand typed on this form before is saved already; this form is for the next one."
    )
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Pick who went out").first).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_a_hand_typed_while_the_laptop_is_away_is_kept_and_stored_once(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    laptop.stop()
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("#reach")).to_contain_text("The laptop cannot be reached")
    expect(phone.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13")
    laptop.start()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible(timeout=15000)
    assert laptop.hands() == [(1, REFERENCE_SCORES)]


def test_a_restarted_laptop_finds_the_typed_hand_still_on_the_form(phone, laptop):
    open_form(phone)
    type_reference_hand(phone)
    laptop.stop()
    laptop.start()
    phone.reload()
    expect(phone.locator("#reach")).to_contain_text("What you typed before is back")
    expect(phone.locator("#players-0-rack")).to_have_value("r12 k3 j")
    expect(phone.locator("#players-3-rack")).to_have_value("")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    # The next form starts empty: the kept copy went with the saved hand.
    phone.get_by_role("link", name="Record hand 2").click()
    expect(phone.locator("#players-0-rack")).to_have_value("")
    expect(phone.locator("#reach")).to_be_hidden()


class Taps:
    """Taps on a phone, counted, each checked to land on the screen as first shown:
    the page never scrolls and nothing tapped is below the fold."""

    def __init__(self, page: Page):
        self.page, self.count = page, 0

    def __call__(self, locator) -> None:
        box = locator.bounding_box()
        assert box is not None and box["y"] >= 0
        assert box["y"] + box["height"] <= PHONE["height"], "tapped below the fold"
        # Nothing (the docked pad, the bar) lies over it: a thumb reaches it as it is.
        assert locator.evaluate("""el => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return el === top || el.contains(top) || (el.control || null) === top;
        }""")
        assert self.page.evaluate("window.scrollY") == 0
        locator.click()
        self.count += 1


def key(page: Page, name: str):
    return page.locator(".tilepad:visible").get_by_role("button", name=name, exact=True)


def test_the_reference_hand_by_tile_pad_in_at_most_17_taps_without_scrolling(
    phone, laptop, screenshot
):
    open_form(phone)
    screenshot(phone, "hand-form-untouched")
    # Who went out and the four racks fit in about one and a half screens.
    height = phone.evaluate("document.documentElement.scrollHeight")
    print(f"Rummikub form: {height} px")
    assert height <= 1.5 * PHONE["height"]
    tap = Taps(phone)
    tap(phone.locator("#went_out label", has_text="Dee"))
    # Ana's rack is chosen for the pad at once; red is the colour to start with.
    expect(phone.locator("#players-0-rack + .pad-toggle")).to_have_attribute(
        "aria-expanded", "true"
    )
    for name in ("Red 12", "Black (k)", "Black 3", "joker (j)"):
        tap(key(phone, name))
    expect(phone.locator("#players-0-rack + .pad-toggle")).to_contain_text("45 points")
    tap(phone.locator("#players-1-rack + .pad-toggle"))
    for name in ("Blue (b)", "Blue 1", "Blue 2", "Yellow (y)", "Yellow 13", "Yellow 13"):
        tap(key(phone, name))
    tap(phone.locator("#players-2-rack + .pad-toggle"))
    for name in ("Black (k)", "Black 9"):
        tap(key(phone, name))
    expect(phone.locator("#players-1-rack")).to_have_value("b1 b2 y13 y13 ")
    expect(phone.locator("#live-total")).to_have_text("On the racks: 83")
    assert phone.evaluate("window.scrollY") == 0
    screenshot(phone, "hand-docked-pad")
    tap(phone.get_by_role("button", name="Save hand"))
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    assert tap.count <= 17
    print(f"reference Rummikub hand: {tap.count} taps")


def test_the_player_who_went_out_has_no_rack_and_points_are_folded_away(phone, laptop):
    open_form(phone)
    expect(phone.locator("#players-3-rack")).to_be_visible()
    expect(phone.locator("#players-0-rack_points")).to_be_hidden()
    phone.fill("#players-3-rack", "r5")
    phone.locator("#went_out label", has_text="Dee").click()
    expect(phone.locator("#players-3-rack")).to_be_hidden()
    expect(phone.locator("#players-3-rack")).to_be_disabled()
    phone.locator("#players-0").get_by_text("Type points instead").click()
    phone.fill("#players-0-rack_points", "45")
    phone.fill("#players-1-rack", "b1 b2 y13 y13")
    phone.fill("#players-2-rack", "k9")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, {"Ana": -45, "Bo": -29, "Cai": -9, "Dee": 83})]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_the_form_with_the_pad_open(chromium, laptop, scheme):
    # axe-core is injected as a script, which the page's Content-Security-Policy forbids.
    context = chromium.new_context(
        viewport=PHONE,
        base_url=f"http://127.0.0.1:{laptop.port}",
        bypass_csp=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "rummikub", "hands", 9)
    open_form(page)
    page.locator("#went_out label", has_text="Dee").click()
    for name in ("Red 12", "Black (k)", "Black 3"):
        key(page, name).click()
    expect(page.locator("#players-0-rack + .pad-toggle")).to_have_attribute("aria-expanded", "true")
    page.add_script_tag(path=str(Path(axe_playwright_python.__file__).parent / "axe.min.js"))
    found = page.evaluate(
        "async () => (await axe.run()).violations.map("
        "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )
    page.screenshot(path=str(SCREENSHOTS / f"hand-pad-{scheme}.png"))
    context.close()
    assert found == []


def test_a_romanian_hand_with_melds_by_tile_pad_on_at_most_three_screens(chromium, laptop):
    context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "romanian", "hands", 9)
    open_form(page)
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"Romanian form: {height} px")
    assert height <= 3 * PHONE["height"]
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1

    # Dee went out having laid b6 b7 b8; Ana laid r10 r11 r12 and holds k3; Bo holds
    # b1 b2, Cai k9 (each loser who laid nothing pays the Romanian 200).
    tap(page.locator("#went_out label", has_text="Dee"))
    for name in ("Black (k)", "Black 3"):
        tap(key(page, name))
    for field, keys in (
        ("players-0-melded_tiles", ("Red 10", "Red 11", "Red 12")),
        ("players-1-rack", ("Blue (b)", "Blue 1", "Blue 2")),
        ("players-2-rack", ("Black (k)", "Black 9")),
        ("players-3-melded_tiles", ("Blue (b)", "Blue 6", "Blue 7", "Blue 8")),
    ):
        tap(page.locator(f"#{field} + .pad-toggle"))
        for name in keys:
            tap(key(page, name))
    expect(page.locator("#players-0-melded_tiles")).to_have_value("r10 r11 r12 ")
    tap(page.get_by_role("button", name="Save hand"))
    expect(page.get_by_text("Hand 1 saved.")).to_be_visible()
    context.close()
    assert laptop.hands() == [(1, {"Ana": 25, "Bo": -200, "Cai": -200, "Dee": 115})]
    assert taps <= 20
    print(f"Romanian hand with melds: {taps} taps")
