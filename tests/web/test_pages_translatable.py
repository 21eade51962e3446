"""Every word a page shows that comes from templates/ or scorekeeper/web/ goes through the
catalogue: drawn with a catalogue that wraps every message in ⟦ ⟧, the main pages hold no
text outside the marks but names, numbers, tile codes and the engine's own words (which
the engine's message keys translate)."""

from __future__ import annotations

import json
import re
from gettext import NullTranslations
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from conftest import ROOT, app_settings
from flask_babel import get_babel

from scorekeeper import create_app
from scorekeeper.engine import PRESETS, InvalidHand, parse_tiles, read_hand
from scorekeeper.engine.checks import nobody_out_words
from scorekeeper.engine.hands import FINISH_WORDS
from scorekeeper.engine.notation import HOW_TO_WRITE
from scorekeeper.engine.opening_words import at_once_words, opening_needs, opening_verdict
from scorekeeper.engine.openings import best_opening, check
from scorekeeper.engine.play_order import (
    first_label_group_words,
    first_label_words,
    first_seat_words,
    order_words,
)
from scorekeeper.engine.reference import BY_PARAM, SERIES_END_WORDS, describe, key_facts
from scorekeeper.engine.series import winner_words
from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.table import replay
from scorekeeper.engine.table_actions import FIRST_ROUND_OVER, JOKER_MELD, SAME_TURN
from scorekeeper.engine.tile_codes import TileCode, in_letters
from scorekeeper.engine.tile_worth import tile_worths
from scorekeeper.engine.tiles import COLOUR_NAMES, SUIT_NAMES
from scorekeeper.engine.variant_words import CHOICE_WORDS
from scorekeeper.engine.words import Reading, english, say
from scorekeeper.store import hands, live_tables
from scorekeeper.store.db import connect
from scorekeeper.store.series import create_series, get_series, series_of, standing, turn_next
from scorekeeper.store.variants import custom_variants
from scorekeeper.web.series.forms import first_hints, order_hints
from scorekeeper.web.shell import language
from scorekeeper.web.shell.tile_letters import LETTERS

from .history_fixture import fill

OPEN, CLOSE = "⟦", "⟧"
CHECKED = "r1 r2 r3"
OPENED = "r10 r11 r12 b7"  # the rack whose best opening the pages find
ROMANIAN_OPENING = {
    "action": "new_meld",
    "player": "Ana",
    "melds": ["k10 k11 k12 k13", "b10 r10 y10"],
}
# What may stand outside the marks besides the engine's words and names: numbers, signs,
# punctuation, tile codes (r12, j, b1/low, j=r6), a joker's face and the series' own marks.
LEFT_OVER = re.compile(
    r"(?:[\s\d+\-\u2013·:;,.()#=/…%|→≠✓✗↕⌫&\"'“”?!*]|\b[rbkyojn]\d{0,2}\b"
    r"|\b[AJQK]\b|Scorekeeper)*"
)


def marked(text: str) -> str:
    """The message wrapped in the marks, its placeholders kept for the values."""
    return f"{OPEN}{text}{CLOSE}"


@pytest.fixture(scope="module")
def catalogues(tmp_path_factory) -> Path:
    """A French catalogue (the language only picks the file) of every message of the pages and
    the web layer, extracted afresh, each translated as itself in the marks."""
    catalog = Catalog(locale="fr")
    method_map = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, keywords=keywords
    ):
        catalog.add(
            message,
            tuple(marked(m) for m in message) if isinstance(message, tuple) else marked(message),
        )
    folder = tmp_path_factory.mktemp("catalogues")
    (folder / "fr" / "LC_MESSAGES").mkdir(parents=True)
    with open(folder / "fr" / "LC_MESSAGES" / "messages.mo", "wb") as out:
        write_mo(out, catalog)
    return folder


@pytest.fixture
def marked_client(tmp_path, catalogues):
    """A client reading the app in the marked catalogue, on the three nights of the history
    tests and a Romanian hand followed in table mode."""
    app = create_app(app_settings(tmp_path, BABEL_TRANSLATION_DIRECTORIES=str(catalogues)))
    forget_translations(app)
    ids = fill(app.config["DATABASE"])
    with connect(app.config["DATABASE"]) as db:
        ids["table"] = create_series(
            db,
            3,
            None,
            PRESETS["romanian"],
            ["Ana", "Bo", "Cy"],
            get_series(db, ids["romanian"]).end,
            0,
        )
        live_tables.store_actions(db, ids["table"], [ROMANIAN_OPENING])
    client = app.test_client()
    client.set_cookie("language", "fr")
    yield client, app, ids
    forget_translations(app)


def forget_translations(app) -> None:
    """Flask-Babel keeps the catalogues it has read: no other catalogue may be read in these
    tests, and this one must not outlive them."""
    with app.app_context():
        get_babel(app).instance.domain_instance.cache.clear()


def on_page(text: object) -> str:
    """An engine message as these pages draw it: its words untranslated (the marked catalogue
    holds only the web layer's), its lists written as French writes them."""
    # The help lines and tile codes are written with this French page's tile letters.
    french = Reading(
        NullTranslations(), lists=lambda items, style: fr_list(items, style), letters=LETTERS["fr"]
    )
    return say(text, french)


def fr_list(items, style: str) -> str:
    return format_list(list(items), style=language.LIST_STYLES[style], locale="fr")


def engine_words(app, ids) -> list[str]:
    """Every text the engine gives these pages: variants, rules and sources, series ends,
    breakdown lines, winners and the table's words; longest first."""
    found: set[str] = {
        *COLOUR_NAMES.values(),
        *SUIT_NAMES.values(),
        *FINISH_WORDS.values(),
        *SERIES_END_WORDS.values(),
        SAME_TURN,
        FIRST_ROUND_OVER,
        JOKER_MELD,
    }
    found = {on_page(words) for words in found}
    found |= {on_page(words.as_sentence()) for words in SERIES_END_WORDS.values()}
    read: set[object] = {rule.title for rule in BY_PARAM.values()} | set(HOW_TO_WRITE.values())
    read |= {words for choices in CHOICE_WORDS.values() for words in choices.values()}
    read |= {source.title for source in SOURCES.values()}
    for variant in PRESETS.values():
        read |= {variant.name, nobody_out_words(variant), *key_facts(variant)}
        read |= {order_words(variant), first_seat_words(variant), first_label_words(variant)}
        read |= {FINISH_WORDS[finish].as_sentence() for finish in variant.finishes}
        for entry in describe(variant):
            read |= {entry[k] for k in ("group", "title", "text", "source", "ruling") if entry[k]}
    with connect(app.config["DATABASE"]) as db:
        # How the new-series form says to list the players, for every variant it offers.
        offered = [*PRESETS.values(), *custom_variants(db)]
        read |= {*order_hints(offered), *first_hints(offered)}
        read |= {first_label_group_words(True, True)}
        for row in db.query("SELECT id FROM series"):
            one = series_of(db, row["id"])
            read |= {one.end.describe(n) for n in range(2, 7)} | {one.title}
            read |= {turn_next(one, standing(db, one))} - {None}
            result = hands.tally(one, hands.sheet_hands(db, one.id))
            read |= {winner_words(result.winners), winner_words(result.winners, past=True)}
        for hand in db.query("SELECT * FROM hands"):
            read |= {
                part
                for lines in hands.hand_result(hand).breakdown.values()
                for line in lines
                for part in (line.rule, line.source)
            }
        table = replay(PRESETS["romanian"], ["Ana", "Bo", "Cy"], [ROMANIAN_OPENING])
        read |= {*table.guidance, *(line for lines in table.log for line in lines)}
        lying = [m for name in table.players for m in table.area(name)]
        read |= {m.kind for m in lying} | {m.text for m in lying}
        read |= {event.said for joker in table.jokers for event in joker.events}
    found |= {on_page(words) for words in read}
    # The switcher names each language in itself, in every language.
    found |= set(language.LANGUAGES.values())
    # The fixture's names, places and notes.
    found |= {
        "Ana",
        "Bo",
        "Cy",
        "Ana's kitchen",
        "Quick one",
        "Club",
        "Cy's first Romanian night",
        "A joker left on the rack costs 30, even in the first hand.",
        "everyone",
    }
    # What the meld checker says of the meld the pages check, as a sentence.
    note = on_page(check(parse_tiles(CHECKED), PRESETS["rummikub"]).note)
    found.add(f"{note[:1].upper()}{note[1:]}.")
    # What each tile of that meld counts and why, each a sentence (engine/tile_worth.py).
    meld = check(parse_tiles(CHECKED), PRESETS["rummikub"]).meld
    assert meld is not None
    for worth in tile_worths(meld, PRESETS["rummikub"]):
        found |= {on_page(why.as_sentence()) + "." for why in worth.why}
    # What the engine says of that meld's threshold and of the rack's best opening.
    rummikub = PRESETS["rummikub"]
    opening = best_opening(parse_tiles(OPENED, in_meld=False), rummikub)
    found |= {
        on_page(opening_needs(rummikub)),
        *map(english, opening_verdict(opening, rummikub)),
        on_page(at_once_words(opening, rummikub)),
    }
    # The tiles as they lie, as this French page writes them: in the French letters.
    found |= {in_letters(code, LETTERS["fr"]) for code in read if isinstance(code, TileCode)}
    return sorted((w for w in found if w), key=len, reverse=True)


class Words(HTMLParser):
    """The text a person reads or hears: text outside scripts and styles, and the attributes
    that are words (titles, labels, placeholders, a button's value, the page's description)."""

    SPOKEN = frozenset({"title", "aria-label", "placeholder", "alt"})

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        values = dict(attrs)
        self.found += [v for k, v in attrs if k in self.SPOKEN and v]
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.found.append(values["value"])
        if tag == "meta" and values.get("name") == "description":
            self.found.append(values.get("content") or "")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.found.append(data)


def unmarked(html: str) -> list[str]:
    """The page's words outside the marks (a mark may hold another, around a link)."""
    svg_free = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)  # the QR code, the charts' axes
    while True:
        stripped = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", svg_free)
        if stripped == svg_free:
            break
        svg_free = stripped
    parser = Words()
    parser.feed(svg_free)
    return parser.found


# Dates and times are drawn in the page's language's format by their own filters (`day`,
# `when`, `short_date`), addresses are the computer's: values, not messages.
VALUES = re.compile(
    r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} "
    r"(?:January|February|March|April|May|June|July|August|September|October"
    r"|November|December) \d{4}|\d{1,2} [A-Z][a-z]{2} \d\d:\d\d [A-Z+\-\d]+"
    r"|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} "
    r"[a-zéû]+ \d{4}|\d{1,2} [a-zéû]{3,5}\.? \d\d:\d\d [A-Z+\-\d]+"
    r"|\d{1,2} [a-zéû]{3,5}\.? \d{4}"
    r"|https?://\S+"
)


def leftovers(html: str, allowed: list[str]) -> list[str]:
    """The words outside the marks that are neither the engine's, a name, nor a number."""
    left = []
    for found in unmarked(html):
        text = VALUES.sub(" ", found)
        for words in allowed:
            text = text.replace(words, " ")
        if not LEFT_OVER.fullmatch(text):
            left.append(text.strip())
    return left


def pages(ids) -> list[str]:
    """The main pages: home, a series, record hand, a hand's breakdown, rules, players, a
    player, history and a night's results, variants and one variant, table mode, the viewer."""
    romanian = ids["romanian"]
    return [
        "/",
        f"/series/{romanian}",
        f"/series/{ids['table']}/hands/new",
        f"/series/{ids['rummikub']}/hands/1",
        f"/series/{romanian}/rules",
        "/rules/",
        "/players/",
        f"/players/{ids['players']['Ana']}",
        "/history",
        "/history/nights/3",
        "/variants/",
        "/variants/romanian",
        f"/series/{ids['table']}/table",
        f"/series/{romanian}/view",
        f"/series/{ids['tile-rummy']}/view",
        f"/rules/check?tiles={CHECKED.replace(' ', '+')}&variant=rummikub",
        f"/rules/best-opening?rack={OPENED.replace(' ', '+')}&variant=rummikub",
        "/nights/1",
    ]


def forms(ids) -> list[str]:
    """The other forms and pages: a new night and series, the end and clearing of a table-mode
    hand, copying a variant, comparing two, the import, the print sheet and the error page."""
    return [
        "/nights/new",
        "/nights/1/series/new",
        f"/series/{ids['table']}/table/end",
        f"/series/{ids['table']}/table/clear",
        "/variants/romanian/copy",
        "/rules/compare?a=rummikub&b=romanian",
        "/import",
        f"/history/series/{ids['rummikub']}/print",
        f"/series/{ids['table']}/table?do=add",
        f"/series/{ids['table']}/table?do=swap",
    ]


def test_the_main_pages_have_no_word_outside_the_catalogue(marked_client):
    client, app, ids = marked_client
    allowed = engine_words(app, ids)
    left = {}
    for address in pages(ids):
        page = client.get(address)
        assert page.status_code == 200, address
        html = page.get_data(as_text=True)
        assert html.count(OPEN) > 5, address
        left[address] = leftovers(html, allowed)
    assert left == {address: [] for address in pages(ids)}


def test_the_other_forms_and_the_error_page_have_no_word_outside_the_catalogue(marked_client):
    client, app, ids = marked_client
    allowed = engine_words(app, ids)
    left = {}
    for address in forms(ids):
        page = client.get(address)
        assert page.status_code == 200, address
        left[address] = leftovers(page.get_data(as_text=True), allowed)
    missing = client.get("/series/999")
    assert missing.status_code == 404
    left["/series/999"] = leftovers(missing.get_data(as_text=True), allowed)
    assert left == {address: [] for address in [*forms(ids), "/series/999"]}


def test_a_refused_hand_and_its_page_keep_every_word_in_the_catalogue(marked_client):
    client, app, ids = marked_client
    page = client.post(f"/series/{ids['table']}/hands/new", data={"save": "1"})
    assert page.status_code == 422
    # The engine's refusals of that empty hand are its own words.
    names = ["Ana", "Bo", "Cy"]
    with pytest.raises(InvalidHand) as refused:
        read_hand({"players": [{"name": n} for n in names]}, PRESETS["romanian"], names)
    said = [english(p.detail.as_sentence()) for p in refused.value.problems]
    html = page.get_data(as_text=True)
    assert all(words in html for words in said)
    assert leftovers(html, [*said, *engine_words(app, ids)]) == []


def test_a_csv_header_and_a_won_hand_are_in_the_pages_language(marked_client):
    client, _app, _ids = marked_client
    lines = client.get("/export/nights/1.csv").get_data().decode("utf-8-sig").splitlines()
    assert lines[0] == ",".join(
        marked(w)
        for w in (
            "date",
            "place",
            "series",
            "variant",
            "hand",
            "seat",
            "player",
            "score",
            "total",
            "won",
        )
    )
    assert lines[1].startswith(f"2025-10-03,Ana's kitchen,{marked('Series 1')},Rummikub,1,1,")
    assert lines[1].endswith(f",45,45,{marked('yes')}")


def script_words(client, address: str) -> dict:
    """The words a page gives its scripts."""
    html = client.get(address).get_data(as_text=True)
    block = re.search(r'<div id="script-words" data-words="([^"]*)" hidden>', html)
    assert block is not None, address
    return json.loads(unescape(block.group(1)))


def test_the_scripts_words_come_from_the_catalogue(marked_client):
    client, _app, ids = marked_client
    words = script_words(client, f"/series/{ids['table']}/hands/new")
    assert words["tile_pad"] == marked("Tile pad")
    assert words["points"]["one"] == marked("{points} point")
    assert words["points"]["other"] == marked("{points} points")
    assert words["typed_back"].startswith(OPEN) and words["typed_back"].endswith(CLOSE)
    assert script_words(client, "/nights/1/series/new") == {"seat": marked("Seat {number}")}
    viewer = script_words(client, f"/series/{ids['romanian']}/view")
    assert viewer["standings_lost"] == marked(
        "The laptop cannot be reached: these standings may be out of date."
    )


def test_the_api_answers_in_the_requests_language(marked_client):
    client, _app, _ids = marked_client
    answer = client.get("/api/series/999")
    assert answer.status_code == 404
    assert answer.get_json() == {"error": marked("there is no series 999")}


def test_what_a_saved_change_says_is_in_the_catalogue(marked_client):
    client, app, ids = marked_client
    page = client.post(
        "/nights/new", data={"date": "2025-12-01", "place": "Club"}, follow_redirects=True
    )
    html = page.get_data(as_text=True)
    assert marked("Game night started.") in html
    assert leftovers(html, engine_words(app, ids)) == []
