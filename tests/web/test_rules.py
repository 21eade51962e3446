"""Settling disputes: a series' own rules, two variants compared, the meld checker and the
best opening, as the Flask test client sees them."""

import html
import json
import re

import pytest

from scorekeeper.engine import PRESETS
from scorekeeper.engine.reference import BY_PARAM, compare
from scorekeeper.store.variants import create_custom
from scorekeeper.web.shell.db import get_db

from .steps import page_text as text
from .steps import start_series, tally

ROMANIAN_SEATS = ("Ana", "Bo", "Cici")


def by_id(response, element_id: str) -> str:
    """The words of the element with this id (elements without nested same tags)."""
    page = response.get_data(as_text=True)
    found = re.search(rf'<(\w+)[^>]*\bid="{element_id}"[^>]*>(.*?)</\1>', page, flags=re.S)
    assert found, f"no element #{element_id}"
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(2)))).strip()


def links(response) -> list[str]:
    """Every link's address on the page."""
    return [
        html.unescape(h)
        for h in re.findall(r'<a [^>]*href="([^"]+)"', response.get_data(as_text=True))
    ]


def romanian_series(client) -> int:
    return start_series(
        client, seats=ROMANIAN_SEATS, variant="romanian", end_kind="hands", end_value=6
    )


# --- The rule reference of a series ------------------------------------------------


def test_the_series_page_reaches_its_rules_in_one_tap(client):
    series_id = romanian_series(client)
    page = client.get(f"/series/{series_id}")
    assert links(page).count(f"/series/{series_id}/rules") == 2  # the variant's name, "Rules"
    assert f"/rules/check?series={series_id}" in links(page)
    assert f"/rules/best-opening?series={series_id}" in links(page)


def test_a_series_rules_are_every_rule_with_its_value_source_and_section(client):
    series_id = romanian_series(client)
    response = client.get(f"/series/{series_id}/rules")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for param in BY_PARAM:
        assert f'id="{param}"' in page, param
    assert by_id(response, "opening").startswith("Points needed to open")
    assert "Your first meld (the opening) must add up to at least 50." in by_id(response, "opening")
    assert "Romanian tile rummy, The Play" in by_id(response, "opening")
    # A ruling of RULES.md (the ace left on a rack) is marked as a ruling.
    ace = by_id(response, "ace_rack")
    assert "Ruling The source gives the ace a value only inside a meld." in ace
    assert "Scorekeeper ruling: an ace left on a rack" in ace
    # A value straight from the source is no ruling.
    assert "Ruling" not in by_id(response, "value_2_9")


def test_a_series_shows_its_frozen_rules_not_the_variant_as_it_is_now(app, client):
    with app.app_context():
        db = get_db()
        variant_id = create_custom(db, PRESETS["romanian"], "Friday rules", {"opening": 60})
    series_id = start_series(
        client, seats=ROMANIAN_SEATS, variant=variant_id, end_kind="hands", end_value=6
    )
    with app.app_context():  # the group's variant changed since the series started
        db = get_db()
        rules = json.loads(db["variants"].get(variant_id)["rules"])
        db["variants"].update(variant_id, {"rules": json.dumps({**rules, "opening": 75})})
    assert "must add up to at least 75" in text(client.get(f"/variants/{variant_id}"))
    series_rules = text(client.get(f"/series/{series_id}/rules"))
    assert "Your first meld (the opening) must add up to at least 60." in series_rules
    assert "at least 75" not in series_rules
    checked = client.get(
        f"/rules/best-opening?series={series_id}&variant=series&rack=r10+r11+r12+r13+b10+k10"
    )
    assert by_id(checked, "threshold") == "60"


def test_every_breakdown_line_links_to_its_rule_on_the_series_rules(client):
    series_id = romanian_series(client)
    form = {
        "went_out": "Ana",
        "finish": "discard",
        "save": "Save hand",
        "players-0-melded_tiles": "b6 b7 b8 r1/set k1/set y1/set",
        "players-1-rack": "r12 k1",
        "players-1-melded_points": "15",
        "players-1-exposed_twin": "y",
        "players-2-rack": "j y3",
        "players-2-melded_tiles": "y11 y12",
        "players-2-credited_jokers": "1",
    }
    assert client.post(f"/series/{series_id}/hands/new", data=form).status_code == 302
    hand = client.get(f"/series/{series_id}/hands/1")
    page = hand.get_data(as_text=True)
    lines = re.findall(r'<a class="source" href="([^"]+)">', page)
    assert len(lines) == page.count('<span class="points num">') >= 8
    rules_page = client.get(f"/series/{series_id}/rules").get_data(as_text=True)
    for link in lines:
        address, anchor = link.split("#")
        assert address == f"/series/{series_id}/rules"
        assert f'id="{anchor}"' in rules_page, anchor


def test_the_rules_of_an_unknown_series_are_not_found(client):
    assert client.get("/series/9/rules").status_code == 404
    assert client.get("/rules/check?series=9").status_code == 404


# --- Comparing two variants ----------------------------------------------------------


def test_two_presets_side_by_side_with_every_difference_marked_in_words(client):
    response = client.get("/rules/compare?a=rummikub&b=romanian")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    differing = sum(row["differs"] for row in compare(PRESETS["rummikub"], PRESETS["romanian"]))
    assert page.count("≠ Differs") == differing > 10
    assert by_id(response, "summary") == (
        f"Rummikub and Romanian tile rummy: {differing} rules differ, each marked “Differs”."
    )
    words = text(response)
    assert (
        "Points needed to open ≠ Differs Rummikub Your first meld (the opening) must add "
        "up to at least 30."
    ) in words
    assert "Romanian tile rummy Your first meld (the opening) must add up to at least 50." in words
    # A rule that reads the same in both is shown but not marked.
    assert "When a hand ends Rummikub" in words


def test_only_the_differences_when_asked(client):
    response = client.get("/rules/compare?a=rummikub&b=romanian&only=differences")
    words = text(response)
    assert "When a hand ends" not in words
    assert "Points needed to open ≠ Differs" in words
    assert 'name="only" value="differences" checked' in response.get_data(as_text=True)


def test_a_variant_compared_with_itself_differs_nowhere(client):
    response = client.get("/rules/compare?a=romanian&b=romanian")
    assert "≠ Differs" not in response.get_data(as_text=True)
    assert by_id(response, "summary").endswith("no rule differs.")


def test_a_custom_variant_and_a_series_rules_can_be_compared(app, client):
    with app.app_context():
        variant_id = create_custom(get_db(), PRESETS["romanian"], "Friday rules", {"opening": 60})
    series_id = romanian_series(client)
    response = client.get(
        f"/rules/compare?series={series_id}&a=series&b={variant_id}&only=differences"
    )
    words = text(response)
    assert "Romanian tile rummy and Friday rules: 1 rule differs" in words
    assert "Your rule Changed by your group from Romanian tile rummy." in words
    # Opened from the series, its own rules come first in both menus' choices.
    page = client.get(f"/rules/compare?series={series_id}").get_data(as_text=True)
    assert '<option selected value="series">This series: Romanian tile rummy</option>' in page
    assert '<option selected value="rummikub">Rummikub</option>' in page  # another to compare


def test_comparing_an_unknown_variant_says_which(client):
    response = client.get("/rules/compare?a=nope&b=romanian")
    assert response.status_code == 422
    assert "There is no variant called 'nope': choose one from the list." in text(response)
    assert "Differs" not in text(response)


# --- The meld checker ----------------------------------------------------------------


def test_the_meld_checker_opened_from_a_series_uses_its_rules(client):
    series_id = romanian_series(client)
    page = client.get(f"/rules/check?series={series_id}").get_data(as_text=True)
    assert '<option selected value="series">This series: Romanian tile rummy</option>' in page
    assert f'<input type="hidden" name="series" value="{series_id}">' in page
    assert 'data-tiles="1"' in page and "tilepad.js" in page


def test_a_high_run_is_legal_under_the_series_rules(client):
    series_id = romanian_series(client)
    response = client.get(f"/rules/check?series={series_id}&variant=series&tiles=r12+r13+r1")
    assert response.status_code == 200
    assert by_id(response, "verdict") == "✓ Legal run"
    assert by_id(response, "opening-value") == "30"
    assert by_id(response, "end-value") == "30"
    assert "red 12, red 13, red 1" in text(response)
    assert 'value="r12 r13 r1"' in response.get_data(as_text=True)  # ready for the next tile


def test_the_same_high_run_is_illegal_under_rummikub_with_the_reason(client):
    response = client.get("/rules/check?variant=rummikub&tiles=r12+r13+r1")
    assert by_id(response, "verdict") == "✗ Not a legal meld"
    assert by_id(response, "reason") == (
        "Not a run: the ace is only low here: 12-13-1 is not a run."
    )


def test_two_jokers_make_no_romanian_set_and_it_says_why(client):
    response = client.get("/rules/check?variant=romanian&tiles=r5+b5+j+j")
    assert by_id(response, "verdict") == "✗ Not a legal meld"
    assert by_id(response, "reason") == (
        "Not a set: a set must hold at least twice as many numbered tiles as jokers."
    )


def test_a_meld_under_a_racks_variant_scores_nothing_at_the_end_and_says_so(client):
    response = client.get("/rules/check?variant=rummikub&tiles=r10,r11,r12")
    assert by_id(response, "opening-value") == "33"
    assert by_id(response, "end-value") == "0"
    assert "Melds score nothing at the end of the hand here" in text(response)


def test_card_faced_tiles_are_named_as_cards(client):
    response = client.get("/rules/check?variant=rummy-cards&tiles=k11+k12+k13")
    assert "J of spades, Q of spades, K of spades" in text(response)
    assert 'data-suits="1"' in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (
            "r5 x5 r7",
            "'x5' is not a tile: write a colour letter (r, b, k, y or o) and a number "
            "1-13, or j for a joker",
        ),
        ("r12 r13 r14", "'r14' is not a tile: numbers go from 1 to 13"),
        ("r5 r5 r5", "3 copies of r5: a box of tiles holds only two"),
        ("j j j r1", "3 jokers: a box of tiles holds only two"),
        ("", "Type or tap the tiles of the meld, e.g. r12 r13 r1."),
        (" , ", "Type or tap the tiles of the meld, e.g. r12 r13 r1."),
    ],
)
def test_bad_tiles_are_refused_naming_the_tile_and_kept(client, tiles, message):
    response = client.get("/rules/check", query_string={"variant": "romanian", "tiles": tiles})
    assert response.status_code == 422
    assert by_id(response, "tiles-error") == message
    assert "verdict" not in response.get_data(as_text=True)
    if tiles.strip(" ,"):
        assert f'value="{tiles}"' in response.get_data(as_text=True)


def test_an_unknown_variant_is_refused_by_name(client):
    response = client.get("/rules/check?variant=nope&tiles=r1+r2+r3")
    assert response.status_code == 422
    assert by_id(response, "variant-error") == (
        "There is no variant called 'nope': choose one from the list."
    )


# --- The best opening ------------------------------------------------------------------

ACES = "r1 r1 r2 r3 r12 r13 b1 k1"


def test_the_best_opening_of_a_rack_under_the_series_rules(client):
    series_id = romanian_series(client)
    response = client.get(
        "/rules/best-opening", query_string={"series": series_id, "variant": "series", "rack": ACES}
    )
    assert response.status_code == 200
    assert by_id(response, "verdict") == "✓ Opens"
    assert by_id(response, "opening-value") == "105"
    assert by_id(response, "threshold") == "50"
    assert by_id(response, "opens") == "105 reaches the 50 needed."
    words = text(response)
    assert "r1 b1 k1 75 Set: red 1, blue 1, black 1" in words
    assert "r12 r13 r1 30 Run: red 12, red 13, red 1" in words
    assert by_id(response, "all-at-once") == (
        "No: every tile but one, discarded last, cannot go down in legal melds that make "
        "an opening."
    )


def test_a_rack_short_of_the_threshold(client):
    response = client.get("/rules/best-opening?variant=tile-rummy&rack=y1+y2+j")
    assert by_id(response, "verdict") == "✗ Does not open"
    assert by_id(response, "opening-value") == "28"
    assert by_id(response, "opens") == "28 is under the 30 needed."
    assert "y1 y2 j=y3 28 Run: yellow 1, yellow 2, joker as yellow 3" in text(response)


def test_rummy_meld_without_a_run_lays_nothing_and_says_a_run_is_needed(client):
    response = client.get("/rules/best-opening?variant=rummy-meld&rack=r5+b5+k5+y5+r10+b10+k10")
    assert by_id(response, "verdict") == "✗ No opening"
    assert by_id(response, "opening-value") == "0"
    assert by_id(response, "opens") == (
        "No opening can be laid from this rack: an opening "
        "needs a run here, and no run can be made."
    )
    response = client.get("/rules/best-opening?variant=romanian&rack=r5+b7+k9")
    assert by_id(response, "opens") == "No legal meld can be laid from this rack."


def test_the_whole_rack_at_once(client):
    rack = "r1 r2 r3 r4 b5 k5 y5 r10 b10 k10 r11 r12 r13 y7"
    response = client.get("/rules/best-opening", query_string={"variant": "romanian", "rack": rack})
    assert by_id(response, "all-at-once").startswith(
        "Yes: every tile but one, discarded last, can go down"
    )
    response = client.get("/rules/best-opening", query_string={"variant": "rummikub", "rack": rack})
    assert by_id(response, "all-at-once").startswith("No: every tile on the rack cannot")


def test_the_whole_rack_at_once_by_the_way_of_going_out_that_lays_it(client):
    # Rummy Meld, rack empty: discarding is the usual way out, but this rack has no tile to
    # spare; emptying the rack lays it all (r10-r12 and the 10s: 60, with a run).
    response = client.get(
        "/rules/best-opening",
        query_string={"variant": "rummy-meld-rack-empty", "rack": "r10 r11 r12 b10 k10 y10"},
    )
    assert by_id(response, "all-at-once") == (
        "Yes: every tile on the rack can go down in legal melds that make an opening."
    )
    assert by_id(response, "opens") == "60 reaches the 45 needed. An opening needs a run here."
    response = client.get(
        "/rules/best-opening",
        query_string={"variant": "rummy-meld-rack-empty", "rack": "r2 r3 r4 b9"},
    )
    assert by_id(response, "all-at-once") == (
        "No: the whole rack cannot go down in legal melds that make an opening, whether by "
        "discarding the last tile or emptying the rack."
    )


def test_the_tile_pad_reads_the_engines_notation_in_the_pages_language(client):
    client.set_cookie("language", "fr")
    page = client.get("/rules/check").get_data(as_text=True)
    found = re.search(r'id="tile-notation" data-notation="([^"]*)"', page)
    assert found
    notation = json.loads(html.unescape(found.group(1)))
    assert notation["colours"] == ["r", "b", "k", "y"]
    assert notation["aliases"] == {"o": "y"}
    assert notation["joker"] == "j"
    assert notation["numbers"] == [1, 13]
    assert notation["names"]["r"] == "Rouge"
    assert notation["suits"]["r"] == "Cœur"


def test_fifteen_tiles_with_jokers_are_taken(client):
    rack = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 j j"
    response = client.get("/rules/best-opening", query_string={"variant": "romanian", "rack": rack})
    assert response.status_code == 200
    assert by_id(response, "verdict") == "✓ Opens"


@pytest.mark.parametrize(
    ("rack", "message"),
    [
        (
            "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b1 b2 b3",
            "16 tiles: a rack holds at most 15",
        ),
        ("j=b11 b12 b13", "'j=b11': a joker on a rack stands for nothing; write j"),
        ("b7 b7 b7", "3 copies of b7: a box of tiles holds only two"),
        (
            "r1 r2 q3",
            "'q3' is not a tile: write a colour letter (r, b, k, y or o) and a number "
            "1-13, or j for a joker",
        ),
        ("", "Type or tap the tiles on the rack, e.g. r1 r2 r3 j."),
        ("   ", "Type or tap the tiles on the rack, e.g. r1 r2 r3 j."),
    ],
)
def test_a_bad_rack_is_refused_naming_what_is_wrong(client, rack, message):
    response = client.get("/rules/best-opening", query_string={"variant": "romanian", "rack": rack})
    assert response.status_code == 422
    assert by_id(response, "rack-error") == message
    assert "verdict" not in response.get_data(as_text=True)


# --- Navigation -----------------------------------------------------------------------


def test_rules_are_in_the_navigation_of_every_page(client):
    home = client.get("/")
    assert "/rules/" in links(home)
    hub = client.get("/rules/")
    assert {"/rules/check", "/rules/best-opening", "/rules/compare", "/variants/"} <= set(
        links(hub)
    )


def test_a_hand_page_still_scores_what_it_links(client):
    # The hand page's links go to the series' rules, and the hand is scored as before.
    series_id = start_series(client)
    client.post(
        f"/series/{series_id}/hands/new",
        data=tally(["A", "B", "C", "D"], {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}),
    )
    page = client.get(f"/series/{series_id}/hands/1")
    assert f"/series/{series_id}/rules#scoring" in links(page)
    assert "+24" in text(page)
