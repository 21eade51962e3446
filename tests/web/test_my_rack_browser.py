"""My rack at a real table (390x844, Chromium): the scorer and three players on four phones.
Each player's phone opens the viewer link of the scorer's QR code (it carries the series'
join code), says which player they are, taps their rack in with the tile pad and sends it;
the scorer's open record-hand form fills with all three (each awaited up to 5 s), and the
scorer taps who went out and Save: at most 3 taps of the scorer's for the hand, and the hand
scored right. How long a rack takes to reach the scorer is measured by bench/my_rack.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import axe_playwright_python
import pytest
from conftest import PHONE, SCREENSHOTS
from playwright.sync_api import Page, expect

from scorekeeper.web.access import passcode

from .browser import assert_fits_a_phone, start_series
from .test_entry_browser import REFERENCE_SCORES, SEATS, Laptop, Taps

pytestmark = pytest.mark.browser

CODE = "tile rummy"
# The reference hand (Dee went out): each loser's rack as the tile pad's keys.
RACKS = {
    "Ana": ("Red 12", "Black (k)", "Black 3", "joker (j)"),
    "Bo": ("Blue (b)", "Blue 1", "Blue 2", "Yellow (y)", "Yellow 13", "Yellow 13"),
    "Cai": ("Black (k)", "Black 9"),
}
TYPED = {"Ana": "r12 k3 j", "Bo": "b1 b2 y13 y13", "Cai": "k9"}


@pytest.fixture
def table(chromium, tmp_path: Path) -> Iterator[tuple[Laptop, Page, dict[str, Page], str]]:
    """The laptop with a passcode, the scorer's phone on a new series, three players' phones,
    and the address of the QR code on the scorer's series page."""
    laptop = Laptop(tmp_path)
    passcode.set_passcode(Path(laptop.app.instance_path), CODE)
    contexts = []

    def new_phone() -> Page:
        context = chromium.new_context(viewport=PHONE, base_url=f"http://127.0.0.1:{laptop.port}")
        contexts.append(context)
        return context.new_page()

    scorer = new_phone()
    scorer.goto("/scorer")
    scorer.fill("#passcode", CODE)
    scorer.get_by_role("button", name="Become the scorer").click()
    expect(scorer.get_by_text("You are the scorer on this phone until")).to_be_visible()
    start_series(scorer, SEATS, "rummikub", "hands", 9)
    players = {name: new_phone() for name in RACKS}
    yield laptop, scorer, players, qr_link(scorer)
    for context in contexts:
        context.close()
    laptop.stop()


def qr_link(scorer: Page) -> str:
    """The address the QR code on the scorer's series page holds (the same as its link), on
    this machine: the page names the laptop by its network address, the test serves on
    loopback."""
    link = scorer.locator("section.join a.address")
    address = link.get_attribute("href") or ""
    expect(scorer.locator("section.join .qr")).to_have_attribute(
        "aria-label", f"QR code of {address}"
    )
    expect(link).to_have_text(re.compile(r"/series/1/view\?join=[A-Z2-9]{8}$"))
    parts = urlsplit(address)
    return f"{parts.path}?{parts.query}"


def join(page: Page, name: str, qr: str) -> None:
    """Scan the scorer's QR code, then say once which player this phone is."""
    page.goto(qr)
    expect(page).to_have_url(re.compile(r"/series/1/view$"))  # the code is kept, not shown
    page.get_by_role("link", name="Playing? Count your own rack on this phone").click()
    page.get_by_role("button", name=f"I'm {name}").click()
    expect(page.get_by_role("heading", name="My rack for hand 1")).to_be_visible()


def tap_rack(page: Page, keys) -> None:
    page.locator("#mine-rack + .pad-toggle").click()
    pad = page.locator(".tilepad:visible")
    for key in keys:
        pad.get_by_role("button", name=key, exact=True).click()


def test_three_players_send_their_racks_and_the_scorer_taps_three_times(table):
    laptop, scorer, players, qr = table
    for name, page in players.items():
        join(page, name, qr)
        tap_rack(page, RACKS[name])
        expect(page.locator("#mine-rack")).to_have_value(TYPED[name] + " ")
    players["Ana"].screenshot(path=str(SCREENSHOTS / "my-rack-light.png"))
    players["Ana"].emulate_media(color_scheme="dark")
    players["Ana"].screenshot(path=str(SCREENSHOTS / "my-rack-dark.png"))
    assert_fits_a_phone(players["Bo"])

    tap = Taps(scorer)
    tap(scorer.get_by_role("link", name="Record hand 1"))
    expect(scorer.locator("#counting")).to_have_text(
        "Still counting: Ana, Bo, Cai. No phone counting: Dee."
    )

    for page in players.values():
        page.get_by_role("button", name="Send my rack").click()
    for seat, name in enumerate(RACKS):
        expect(scorer.locator(f"#players-{seat}-rack")).to_have_value(TYPED[name], timeout=5000)
    for page in players.values():
        expect(page.locator("#rack-sent")).to_have_text(
            "Sent to the scorer. You can change it until hand 1 is saved."
        )
    expect(scorer.locator(".sent-by[data-seat='1']")).to_have_text(
        "sent from the phone that joined as Bo"
    )
    # Dee has no phone and nothing typed until the scorer says Dee went out.
    expect(scorer.locator("#counting")).to_have_text(
        "No phone counting: Dee. Sent from phones that joined: Ana, Bo, Cai."
    )
    expect(scorer.locator("#players-1-rack + .pad-toggle")).to_contain_text("29 points")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-with-racks-light.png"))
    scorer.emulate_media(color_scheme="dark")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-with-racks-dark.png"))
    scorer.emulate_media(color_scheme="light")
    assert laptop.hands() == []  # nothing is a hand until the scorer saves

    tap(scorer.locator("#went_out label", has_text="Dee"))
    expect(scorer.locator("#counting")).to_have_text("Every phone has sent its rack.")
    tap(scorer.get_by_role("button", name="Save hand"))
    expect(scorer.get_by_text("Hand 1 saved.")).to_be_visible()
    assert laptop.hands() == [(1, REFERENCE_SCORES)]
    assert tap.count <= 3
    print(f"scorer's taps with My rack: {tap.count}")
    # Each player's phone moves on to the next hand by itself.
    expect(players["Bo"].get_by_role("heading", name="My rack for hand 2")).to_be_visible(
        timeout=10000
    )
    expect(players["Bo"].get_by_text("Hand 1: you scored -29.")).to_be_visible()


def test_a_box_the_scorer_changed_is_kept_and_a_newer_rack_offered_beside_it(table):
    _laptop, scorer, players, qr = table
    ana = players["Ana"]
    join(ana, "Ana", qr)
    scorer.get_by_role("link", name="Record hand 1").click()
    scorer.fill("#players-0-rack", "r12 k3")
    tap_rack(ana, RACKS["Ana"])
    ana.get_by_role("button", name="Send my rack").click()
    offer = scorer.locator(".new-rack[data-seat='0']")
    expect(offer).to_contain_text("The phone that joined as Ana sent a new rack: r12 k3 j")
    # The box is the scorer's: kept, and never marked as the phone's.
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 k3")
    expect(scorer.locator(".sent-by[data-seat='0']")).to_have_text("changed by the scorer")
    offer.get_by_role("button", name="Use it").click()
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 k3 j")
    expect(scorer.locator(".sent-by[data-seat='0']")).to_have_text(
        "sent from the phone that joined as Ana"
    )
    expect(offer).to_be_hidden()
    # Changed again by the scorer, then a later rack from the phone: offered, not taken.
    scorer.fill("#players-0-rack", "r12")
    expect(scorer.locator(".sent-by[data-seat='0']")).to_have_text("changed by the scorer")
    expect(offer).to_be_hidden()  # nothing newer came from the phone yet
    ana.fill("#mine-rack", "r7")
    ana.get_by_role("button", name="Send my rack").click()
    expect(offer).to_contain_text("The phone that joined as Ana sent a new rack: r7")
    expect(scorer.locator("#players-0-rack")).to_have_value("r12")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-newer-rack-light.png"))
    scorer.emulate_media(color_scheme="dark")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-newer-rack-dark.png"))
    assert_fits_a_phone(scorer)


def test_points_from_a_phone_show_on_the_scorers_form_and_refusals_beside_their_boxes(table):
    _laptop, scorer, players, qr = table
    cai = players["Cai"]
    join(cai, "Cai", qr)
    scorer.get_by_role("link", name="Record hand 1").click()
    expect(scorer.locator("#counting")).to_have_text(
        "Still counting: Cai. No phone counting: Ana, Bo, Dee."
    )
    tap_rack(cai, RACKS["Cai"])
    cai.get_by_role("button", name="Send my rack").click()
    expect(scorer.locator("#players-2-rack")).to_have_value("k9")
    # Cai counts points instead: a refused number is said beside its box...
    cai.fill("#mine-rack", "")
    cai.get_by_text("Type points instead").click()
    cai.fill("#mine-rack_points", "5000")
    cai.get_by_role("button", name="Send my rack").click()
    expect(cai.locator("#mine-rack_points-error")).to_have_text(
        "Number must be between 0 and 1000."
    )
    expect(cai.locator("#mine-rack_points")).to_have_attribute("aria-invalid", "true")
    cai.screenshot(path=str(SCREENSHOTS / "my-rack-refused-light.png"))
    cai.fill("#mine-rack_points", "12")
    cai.get_by_role("button", name="Send my rack").click()
    expect(cai.locator("#mine-rack_points-error")).to_have_count(0)
    expect(cai.locator("#rack-sent")).to_have_text(
        "Sent to the scorer. You can change it until hand 1 is saved."
    )
    cai.emulate_media(color_scheme="dark")
    cai.screenshot(path=str(SCREENSHOTS / "my-rack-points-dark.png"))
    # ...and the scorer sees the points, with no tiles left over from the first rack.
    expect(scorer.locator("#players-2-rack_points")).to_be_visible()
    expect(scorer.locator("#players-2-rack_points")).to_have_value("12")
    expect(scorer.locator("#players-2-rack")).to_have_value("")
    expect(scorer.locator(".sent-by[data-seat='2']")).to_have_text(
        "sent from the phone that joined as Cai"
    )
    expect(scorer.locator("#counting")).to_have_text(
        "No phone counting: Ana, Bo, Dee. Sent from phones that joined: Cai."
    )
    scorer.locator("#players-2").scroll_into_view_if_needed()
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-points-light.png"))
    scorer.emulate_media(color_scheme="dark")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-points-dark.png"))


def test_a_refused_rack_says_why_on_the_players_phone(table):
    _laptop, _scorer, players, qr = table
    join(players["Cai"], "Cai", qr)
    tap_rack(players["Cai"], ("joker (j)", "joker (j)", "joker (j)"))
    players["Cai"].get_by_role("button", name="Send my rack").click()
    expect(players["Cai"].locator("#rack-sent")).to_contain_text("3 jokers in this hand")


def test_a_phone_without_the_code_takes_no_seat_and_the_scorer_frees_one_in_one_tap(
    table, screenshot
):
    _laptop, scorer, players, qr = table
    stranger = players["Cai"]
    stranger.goto("/series/1/my-rack")
    expect(stranger.get_by_label("Join code")).to_be_visible()
    expect(stranger.get_by_role("button", name="I'm Bo")).to_have_count(0)
    screenshot(stranger, "my-rack-join-code-light")
    assert_fits_a_phone(stranger)
    bo = players["Bo"]
    join(bo, "Bo", qr)
    said = bo.get_by_text(re.compile(r"On the scorer's list this phone is \w{4}\.")).inner_text()
    tag = re.search(r"this phone is (\w{4})\.", said).group(1)
    screenshot(bo, "my-rack-joined-light")
    bo.emulate_media(color_scheme="dark")
    screenshot(bo, "my-rack-joined-dark")

    scorer.reload()
    seats = scorer.locator("section[aria-labelledby=phones]")
    expect(seats.locator("ul.phones > li")).to_have_text(
        [
            re.compile(
                rf"^Bo: phone {tag}, since \d{{1,2}} \w+ \d{{1,2}}:\d\d \S+\s+"
                r"Hand Bo's seat to another phone$"
            )
        ],
        use_inner_text=True,
    )
    seats.scroll_into_view_if_needed()
    screenshot(scorer, "seats-list-light")
    scorer.emulate_media(color_scheme="dark")
    screenshot(scorer, "seats-list-dark")
    scorer.emulate_media(color_scheme="light")
    assert_fits_a_phone(scorer)
    seats.get_by_role("button", name="Hand Bo's seat to another phone").click()
    expect(scorer.get_by_text("Bo's seat is free")).to_be_visible()
    expect(seats.get_by_text("No phone counts for a player now.")).to_be_visible()
    bo.reload()
    expect(bo.get_by_role("heading", name="Which player are you?")).to_be_visible()
    expect(bo.get_by_role("button", name="I'm Bo")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_the_players_pages(chromium, tmp_path, scheme):
    laptop = Laptop(tmp_path)
    # axe-core is injected as a script, which the page's Content-Security-Policy forbids.
    context = chromium.new_context(
        viewport=PHONE,
        base_url=f"http://127.0.0.1:{laptop.port}",
        bypass_csp=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto("/")
    start_series(page, SEATS, "romanian", "hands", 9)
    page.goto("/series/1/my-rack")
    found = {"choose": axe(page)}
    assert_fits_a_phone(page)
    page.get_by_role("button", name="I'm Bo").click()
    page.locator("#mine-rack + .pad-toggle").click()
    page.locator(".tilepad:visible").get_by_role("button", name="Red 7", exact=True).click()
    found["rack"] = axe(page)
    assert_fits_a_phone(page)
    context.close()
    laptop.stop()
    assert found == {"choose": [], "rack": []}


def axe(page: Page) -> list[str]:
    """What axe-core finds wrong with the page, one line per rule and its elements."""
    page.add_script_tag(path=str(Path(axe_playwright_python.__file__).parent / "axe.min.js"))
    return page.evaluate(
        "async () => (await axe.run()).violations.map("
        "v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))"
    )


def test_the_scorers_french_form_says_who_sent_a_rack_in_french(table):
    # drafts.js marks the box with the page's own sentence, in the page's letters.
    laptop, scorer, players, qr = table
    ana = players["Ana"]
    join(ana, "Ana", qr)
    address = f"http://127.0.0.1:{laptop.port}"
    scorer.context.add_cookies([{"name": "language", "value": "fr", "url": address}])
    scorer.goto("/series/1/hands/new")
    tap_rack(ana, RACKS["Ana"])
    ana.get_by_role("button", name="Send my rack").click()
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 n3 *")
    expect(scorer.locator(".sent-by[data-seat='0']")).to_have_text(
        "envoyé par le téléphone qui a rejoint la partie comme Ana"
    )


def test_the_phones_earlier_rack_is_never_called_the_scorers_change(table):
    """The form read Ana's rack, her phone sent a newer one the form had not seen yet, and
    Save was refused: her box still holds the rack her phone sent first, which the scorer
    never touched. Neither the page nor its script calls it "changed by the scorer"."""
    _laptop, scorer, players, qr = table
    ana = players["Ana"]
    join(ana, "Ana", qr)
    tap_rack(ana, RACKS["Ana"])
    ana.get_by_role("button", name="Send my rack").click()
    scorer.get_by_role("link", name="Record hand 1").click()
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 k3 j")
    drafts = scorer.locator("form.tally").get_attribute("data-drafts") or ""
    # The form stops looking (the laptop away for a moment) while the phone sends again.
    scorer.route(f"**{drafts}", lambda route: route.abort())
    ana.fill("#mine-rack", "r7")
    with ana.expect_response(lambda response: response.request.method in ("POST", "PUT")):
        ana.get_by_role("button", name="Send my rack").click()
    scorer.locator("#went_out label", has_text="Dee").click()
    for seat, rack in ((1, "b1 b2"), (2, "k9")):
        scorer.fill(f"#players-{seat}-rack", rack)
    scorer.get_by_role("button", name="Save hand").click()
    expect(scorer.get_by_text("This hand was not saved.")).to_be_visible()
    mark = scorer.locator(".sent-by[data-seat='0']")
    expect(mark).to_have_text("the earlier rack from the phone that joined as Ana")
    # The laptop is back: the page's script reads the drafts again and keeps the same words.
    with scorer.expect_response(lambda response: response.url.endswith(drafts)):
        scorer.unroute(f"**{drafts}")
    expect(scorer.locator(".new-rack[data-seat='0']")).to_contain_text(
        "The phone that joined as Ana sent a new rack: r7"
    )
    expect(mark).to_have_text("the earlier rack from the phone that joined as Ana")
    expect(scorer.locator("#players-0-rack")).to_have_value("r12 k3 j")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-earlier-rack-light.png"))
    scorer.emulate_media(color_scheme="dark")
    scorer.screenshot(path=str(SCREENSHOTS / "hand-form-earlier-rack-dark.png"))
