"""axe-core on every page a player, scorer or organiser reaches in a night (issue 25), at
390x844 in light and in dark: the record-hand form and table mode with the tile pad closed and
open, My rack, the rules' tools, history, export and import, variants, the passcode page, the
table code page and an error page. axe's rule that a control's name holds the words shown on
it is run too, and the names stay in the page's language (checked in French)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import PHONE
from playwright.sync_api import Page, expect

from .page_checks import CARDS, EVENT, ROMANIAN, RUMMIKUB, a_night_served, axe
from .steps import set_scorer_passcode

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "new night": "/nights/new",
    "night": "/nights/1",
    "new series": "/nights/1/series/new",
    "series": f"/series/{RUMMIKUB}",
    "earlier hands": f"/series/{RUMMIKUB}/hands",
    "record a hand": f"/series/{RUMMIKUB}/hands/new",
    "a hand": f"/series/{RUMMIKUB}/hands/1",
    "fix a hand": f"/series/{RUMMIKUB}/hands/1/edit",
    "table mode": f"/series/{ROMANIAN}/table",
    "end of a table-mode hand": f"/series/{ROMANIAN}/table/end",
    "clear the table": f"/series/{ROMANIAN}/table/clear",
    "record a Romanian hand": f"/series/{ROMANIAN}/hands/new",
    "viewer": f"/series/{RUMMIKUB}/view",
    "join: which player": f"/series/{RUMMIKUB}/my-rack",
    "rules": "/rules/",
    "series rules and rulings": f"/series/{RUMMIKUB}/rules",
    "compare rules": "/rules/compare",
    "best opening": "/rules/best-opening",
    "meld checker": "/rules/check",
    "history": "/history",
    "a night's history": "/history/nights/1",
    "players": "/players/",
    "a player's statistics": "/players/1",
    "merge players": "/players/merge",
    "print the sheet": f"/history/series/{RUMMIKUB}/print",
    "import": "/import",
    "variants": "/variants/",
    "a variant": "/variants/romanian",
    "copy a variant": "/variants/romanian/copy",
    "new event": "/events/new",
    "event": f"/events/{EVENT}",
    "event standings": f"/events/{EVENT}/standings",
    "follow a player": f"/events/{EVENT}/follow",
    "big screen": f"/events/{EVENT}/screen",
    "seating slips": f"/events/{EVENT}/print/slips",
    "score sheets": f"/events/{EVENT}/print/sheets",
    "score a table": "/table-code",
    "error page": "/series/9999",
}


@pytest.fixture(scope="module")
def night(tmp_path_factory) -> Iterator[tuple]:
    with a_night_served(tmp_path_factory.mktemp("axe")) as served:
        yield served


def phone(chromium, address: str, **options) -> Page:
    # axe-core is injected as a script, which the page's Content-Security-Policy forbids.
    context = chromium.new_context(viewport=PHONE, base_url=address, bypass_csp=True, **options)
    return context.new_page()


def open_pad(page: Page, toggle: str) -> None:
    page.locator(toggle).click()
    expect(page.locator(".tilepad:visible")).to_have_count(1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(chromium, night, scheme):
    address, _ = night
    page = phone(chromium, address, color_scheme=scheme)
    found = {}
    for name, path in PAGES.items():
        page.goto(path)
        found[name] = axe(page)
    page.goto(f"/series/{RUMMIKUB}/hands/new")
    open_pad(page, "#players-1-rack + .pad-toggle")
    found["record a hand, pad open"] = axe(page)
    page.goto(f"/series/{ROMANIAN}/hands/new")
    open_pad(page, "#players-0-melded_tiles + .pad-toggle")
    found["record a Romanian hand, pad open"] = axe(page)
    page.goto(f"/series/{CARDS}/hands/new")
    open_pad(page, "#players-2-rack + .pad-toggle")
    found["record a card-faced hand, pad open"] = axe(page)
    page.goto(f"/series/{ROMANIAN}/table")
    open_pad(page, ".pad-toggle >> nth=0")
    found["table mode, pad open"] = axe(page)
    page.goto(f"/series/{RUMMIKUB}/my-rack")
    page.get_by_role("button", name="I'm Bo").click()
    expect(page.get_by_role("heading", name="My rack for hand 2")).to_be_visible()
    found["my rack"] = axe(page)
    open_pad(page, "#mine-rack + .pad-toggle")
    found["my rack, pad open"] = axe(page)
    page.get_by_role("button", name="I'm not Bo").click()
    page.goto(f"/events/{EVENT}/follow")
    page.get_by_role("button", name="Ida", exact=True).click()
    expect(page.locator(".event-seat")).to_be_visible()
    found["follow a player, followed"] = axe(page)
    page.context.close()
    assert {name: problems for name, problems in found.items() if problems} == {}


def test_the_pads_names_are_in_the_pages_language(chromium, night):
    address, _ = night
    page = phone(chromium, address)
    page.context.add_cookies([{"name": "language", "value": "fr", "url": address}])
    page.goto(f"/series/{RUMMIKUB}/hands/new")
    rack = page.locator("#players-0-rack + .pad-toggle")
    expect(rack).to_have_accessible_name("Chevalet (Ana) : Ajouter des tuiles")
    rack.click()
    pad = page.locator(".tilepad:visible")
    for key, name in (
        ("Retour", "Retour : retirer la dernière tuile"),
        ("Effacer", "Effacer : retirer toutes les tuiles"),
        ("OK", "OK : fermer le pavé de tuiles"),
    ):
        expect(pad.get_by_role("button", name=name, exact=True)).to_have_text(key)
    pad.get_by_role("button", name="12 rouge", exact=True).click()
    expect(rack).to_have_accessible_name("Chevalet (Ana) : 12 12 points")
    assert axe(page) == []
    page.context.close()


def test_the_passcode_page_passes_too(chromium, night):
    # Last in the module: from here on the night asks for the scorer's passcode.
    address, app = night
    set_scorer_passcode(app)
    for scheme in ("light", "dark"):
        page = phone(chromium, address, color_scheme=scheme)
        page.goto("/scorer")
        expect(page.get_by_label("Passcode")).to_be_visible()
        assert axe(page) == []
        page.context.close()
