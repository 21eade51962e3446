"""The variants pages: every preset in plain words, copy and edit, rename and delete."""

import json
import re
from datetime import date
from unittest.mock import ANY

import pytest
from playwright.sync_api import expect

from scorekeeper.engine import PRESETS, variant_from_json
from scorekeeper.engine.errors import InvalidVariant
from scorekeeper.engine.reference import BY_PARAM
from scorekeeper.engine.variant_checks import STARTERS
from scorekeeper.engine.variants import (
    DIRECTIONS,
    FINISHES,
    OPENING_JOKERS,
    POOL_OUT_RULES,
    ROMANIAN,
    RUMMIKUB,
    SCORINGS,
    SERIES_ENDS,
    SERIES_WINNERS,
    TIME_UPS,
)
from scorekeeper.engine.words import english
from scorekeeper.store.nights import create_night
from scorekeeper.store.variants import (
    create_custom,
    custom_variants,
    delete_custom,
    get_variant,
    rename_custom,
    variant_choices,
    variant_in_use,
)
from scorekeeper.web.forms.variants import (
    BONUS_PARTS,
    CHOICES,
    EMPTY,
    RULE_PARAMS,
    TICKED,
    VariantForm,
    form_data,
)
from scorekeeper.web.shell.db import get_db

from .browser import assert_fits_a_phone
from .steps import rows as stored_rows


def rows(app):
    """Every stored custom variant."""
    return stored_rows(app, "variants")


def copy_form(base, name, /, **typed):
    """What a browser posts from the copy form of base, with some boxes typed over."""
    data = {**form_data(base, name), **typed}
    posted = {}
    for key, value in data.items():
        if value is True:
            posted[key] = "y"
        elif value is False:
            continue  # an unticked box is not sent
        elif value is None:
            posted[key] = ""
        elif isinstance(value, tuple | list):
            posted[key] = list(value)
        else:
            posted[key] = str(value)
    return posted


def make_custom(app, name="Friday rules", base=ROMANIAN, **changes):
    """Store a custom variant and return its id."""
    with app.app_context():
        return create_custom(get_db(), base, name, changes)


def start_series_with(app, variant_id):
    """Store a night and a series played with this variant, as the series pages would."""
    with app.app_context():
        db = get_db()
        night_id = create_night(db, date(2025, 11, 22), None, None)
        variant = get_variant(db, variant_id)
        db["series"].insert(
            {
                "night_id": night_id,
                "variant_id": variant_id,
                "variant_rules": variant.to_json(),
                "end_kind": "hands",
                "end_value": 4,
                "first_dealer": 0,
                "created": "2025-11-22T20:00:00",
            }
        )


# --- The form knows every parameter ----------------------------------------------


def test_every_rule_parameter_has_a_box_labelled_with_its_rule_title():
    form_fields = set(VariantForm.__dict__) | {"all_at_once_bonus"}
    assert set(RULE_PARAMS) == set(BY_PARAM)
    assert set(RULE_PARAMS) <= form_fields


def test_every_choice_the_engine_knows_is_offered_and_no_other():
    engine = {
        "opening_joker": OPENING_JOKERS,
        "scoring": SCORINGS,
        "pool_out": POOL_OUT_RULES,
        "series_winner": SERIES_WINNERS,
        "deal_direction": DIRECTIONS,
        "who_starts": STARTERS,
        "time_up": TIME_UPS,
        "finishes": FINISHES,
        "series_ends": SERIES_ENDS,
        "max_jokers_per_meld": ("", "0", "1", "2"),
    }
    assert {param: set(CHOICES[param]) for param in engine} == {
        param: set(values) for param, values in engine.items()
    }


def test_every_yes_or_no_rule_says_what_ticking_it_means_and_every_optional_number_empty():
    kinds = {
        param: f.type for param, f in ROMANIAN.__dataclass_fields__.items() if param in RULE_PARAMS
    }
    assert set(TICKED) == {p for p, kind in kinds.items() if kind == "bool"}
    assert set(EMPTY) | {"max_jokers_per_meld"} == {
        p for p, kind in kinds.items() if kind == "int | None"
    }


# --- Store ----------------------------------------------------------------------


def test_choices_are_the_presets_in_order_then_custom_variants_by_name(app):
    make_custom(app, "zebra")
    make_custom(app, "Apple", base=RUMMIKUB)
    with app.app_context():
        assert variant_choices(get_db()) == [
            *((v.id, v.name) for v in PRESETS.values()),
            ("custom-apple", "Apple"),
            ("custom-zebra", "zebra"),
        ]


def test_get_variant_finds_presets_and_custom_variants(app):
    variant_id = make_custom(app, "Friday rules", opening=60)
    with app.app_context():
        db = get_db()
        assert get_variant(db, "romanian") is ROMANIAN
        assert get_variant(db, variant_id) == ROMANIAN.changed(
            id="custom-friday-rules", name="Friday rules", based_on="romanian", opening=60
        )
        assert get_variant(db, "nothing") is None
        assert [v.id for v in custom_variants(db)] == ["custom-friday-rules"]


def test_a_copy_of_a_copy_is_based_on_the_preset(app):
    first = make_custom(app, "Friday rules", opening=60)
    with app.app_context():
        db = get_db()
        second = create_custom(db, get_variant(db, first), "Saturday rules", {"opening": 70})
        assert get_variant(db, second).based_on == "romanian"
        assert get_variant(db, second).opening == 70


def test_a_name_spelled_the_same_way_gets_a_numbered_id_and_never_a_preset_id(app):
    assert make_custom(app, "Friday!") == "custom-friday"
    assert make_custom(app, "Friday?") == "custom-friday-2"
    assert make_custom(app, "Rummikub house") == "custom-rummikub-house"
    assert make_custom(app, "Ελληνικά") == "custom-variant"


@pytest.mark.parametrize("name", ["friday rules", "  FRIDAY RULES ", "romanian tile rummy", "  "])
def test_names_are_unique_among_variants_whatever_the_case(app, name):
    make_custom(app, "Friday rules")
    with app.app_context(), pytest.raises(InvalidVariant):
        create_custom(get_db(), RUMMIKUB, name, {})
    assert len(rows(app)) == 1


def test_a_copy_cannot_change_its_id_or_name_through_the_changes(app):
    with app.app_context(), pytest.raises(InvalidVariant, match="id cannot be changed"):
        create_custom(get_db(), ROMANIAN, "Ours", {"id": "rummikub"})
    with app.app_context(), pytest.raises(InvalidVariant, match="no_such_rule"):
        create_custom(get_db(), ROMANIAN, "Ours", {"no_such_rule": 1})
    assert rows(app) == []


def test_renaming_and_deleting_only_work_on_custom_variants(app):
    with app.app_context():
        db = get_db()
        with pytest.raises(LookupError):
            rename_custom(db, "romanian", "Mine")
        with pytest.raises(LookupError):
            delete_custom(db, "romanian")
        assert variant_in_use(db, "romanian") == 0


# --- The index and a variant's page ----------------------------------------------


def test_the_index_lists_every_preset_as_a_card_to_its_page(client):
    response = client.get("/variants/")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert len(PRESETS) == 13
    for variant in PRESETS.values():
        name = english(variant.name)
        assert f'href="/variants/{variant.id}">\n    <span class="card-title">{name}</span>' in page
    assert "None yet." in page


def test_a_card_shows_the_source_and_the_key_numbers(client):
    page = client.get("/variants/").get_data(as_text=True)
    card = page[page.index('href="/variants/romanian"') : page.index('href="/variants/romanian-')]
    assert '<span class="card-detail">Romanian tile rummy</span>' in card
    assert (
        "<span>Opening 50</span><span>Melded tiles score</span>"
        "<span>Joker on a rack 25</span><span>12-13-1 is a run</span>"
    ) in card
    card = page[page.index('href="/variants/rummikub"') : page.index('href="/variants/tile-rummy"')]
    assert (
        "<span>Opening 30</span><span>Winner takes the racks</span>"
        "<span>Joker on a rack 30</span><span>No 12-13-1 runs</span>"
    ) in card


def test_a_preset_page_says_every_rule_in_plain_words_with_its_source_and_rulings(client):
    response = client.get("/variants/romanian")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<h1>Romanian tile rummy</h1>" in page
    for group in (
        "Tiles and values",
        "Melds and jokers",
        "Opening",
        "Scoring a hand",
        "Ending and closing",
        "Series",
    ):
        assert f"<h2>{group}</h2>" in page
    assert "Your first meld (the opening) must add up to at least 50." in page
    ace = page[page.index('id="ace_rack"') : page.index('id="joker_rack"')]
    assert "An ace left on your rack at the end costs 25." in ace
    assert "Scorekeeper ruling: an ace left on a rack" in ace
    assert (
        '<strong class="mark">Ruling</strong> The source gives the ace a value only inside a meld.'
    ) in ace
    opening = page[page.index('id="opening"') : page.index('id="opening_needs_run"')]
    assert "Romanian tile rummy, The Play" in opening
    assert "Ruling" not in opening
    assert 'href="/variants/romanian/copy">Copy and edit</a>' in page
    assert "Rename" not in page


def test_unknown_variants_are_not_found(client):
    assert client.get("/variants/nothing").status_code == 404
    assert client.get("/variants/nothing/copy").status_code == 404
    assert client.post("/variants/nothing/rename", data={"name": "x"}).status_code == 404
    assert client.post("/variants/nothing/delete").status_code == 404
    assert client.post("/variants/romanian/rename", data={"name": "x"}).status_code == 404
    assert client.post("/variants/romanian/delete").status_code == 404
    assert "Page not found" in client.get("/variants/nothing").get_data(as_text=True)


# --- Copy and edit -----------------------------------------------------------------


def test_the_copy_form_is_prefilled_from_the_base_with_its_rules_as_hints(client):
    response = client.get("/variants/romanian/copy")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert (
        '<input autocomplete="off" id="name" maxlength="80" name="name" required type="text" '
        'value="Romanian tile rummy (house rules)">'
    ) in page
    assert '<label class="label" for="opening">Points needed to open</label>' in page
    assert (
        '<p class="hint" id="opening-hint">Your first meld (the opening) must add up to '
        "at least 50.</p>"
    ) in page
    assert re.search(r'<input [^>]*id="opening"[^>]*min="0"[^>]*value="50"', page)
    assert re.search(r'<input [^>]*checked id="ace_high"', page)
    assert re.search(r'<input [^>]*id="wrap" name="wrap" type="checkbox"', page)
    assert '<option selected value="melded">' in page
    assert re.search(r'id="all_at_once_bonus_2"[^>]*value="100"', page)
    assert re.search(r'id="never_opened_penalty"[^>]*value="200"', page)
    assert re.search(r'id="value_2_9"[^>]*placeholder="face value"[^>]*value="5"', page)
    # Romanian goes out by a discard, usually a plain one; that stays first.
    finishes = re.findall(r'name="finishes" type="checkbox" value="(\w+)"', page)
    assert finishes == ["discard", "joker_discard", "rack_empty"]
    assert re.search(
        r'checked id="finishes-0" name="finishes" type="checkbox" value="discard"', page
    )
    assert not re.search(r'checked id="finishes-2"', page)


def test_copying_keeps_the_bases_usual_choice_first(app, client):
    page = client.get("/variants/rummikub/copy").get_data(as_text=True)
    assert re.findall(r'name="series_ends" type="checkbox" value="(\w+)"', page) == [
        "rounds",
        "hands",
        "target",
    ]
    client.post("/variants/rummikub/copy", data=copy_form(RUMMIKUB, "Sunday"))
    assert json.loads(rows(app)[0]["rules"])["series_ends"] == ["rounds", "hands", "target"]


def test_copy_and_edit_romanian_stores_a_custom_variant_and_opens_its_page(app, client):
    response = client.post(
        "/variants/romanian/copy", data=copy_form(ROMANIAN, "  Friday rules ", opening=60)
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/variants/custom-friday-rules"
    assert rows(app) == [
        {
            "id": "custom-friday-rules",
            "name": "Friday rules",
            "rules": ANY,
            "based_on": "romanian",
            "created": ANY,
        }
    ]
    rules = json.loads(rows(app)[0]["rules"])
    assert rules["opening"] == 60
    assert rules["based_on"] == "romanian"
    assert variant_from_json(rows(app)[0]["rules"]) == ROMANIAN.changed(
        id="custom-friday-rules", name="Friday rules", based_on="romanian", opening=60
    )

    page = client.get("/variants/custom-friday-rules").get_data(as_text=True)
    assert "Your variant is saved." in page
    assert "<h1>Friday rules</h1>" in page
    assert "Your group&#39;s variant, copied from Romanian tile rummy" in page
    opening = page[page.index('id="opening"') : page.index('id="opening_needs_run"')]
    assert "Your first meld (the opening) must add up to at least 60." in opening
    assert "Your group&#39;s rule (changed from Romanian tile rummy)" in opening
    assert '<strong class="mark">Your rule</strong>' in opening
    # What the group kept still cites the source.
    assert "Scorekeeper ruling: an ace left on a rack" in page

    index = client.get("/variants/").get_data(as_text=True)
    assert "None yet." not in index
    assert "<span>Opening 60</span>" in index


def test_a_copy_may_change_every_kind_of_box(app, client):
    typed = {
        "ace_high": False,
        "wrap": False,
        "scoring": "racks",
        "pool_out": "minus_rack",
        "max_jokers_per_meld": "1",
        "value_2_9": None,
        "all_at_once_bonus_0": None,
        "all_at_once_bonus_1": None,
        "all_at_once_bonus_2": None,
        "finishes": ["rack_empty"],
        "series_ends": ["target", "hands"],
        "deal_direction": "left",
        "who_starts": "highest_draw",
        "min_players": "3",
    }
    response = client.post("/variants/romanian/copy", data=copy_form(ROMANIAN, "Odd", **typed))
    assert response.status_code == 302
    variant = variant_from_json(rows(app)[0]["rules"])
    assert variant == ROMANIAN.changed(
        id="custom-odd",
        name="Odd",
        based_on="romanian",
        ace_high=False,
        scoring="racks",
        pool_out="minus_rack",
        max_jokers_per_meld=1,
        value_2_9=None,
        all_at_once_bonus=None,
        finishes=("rack_empty",),
        series_ends=("hands", "target"),
        deal_direction="left",
        who_starts="highest_draw",
        min_players=3,
    )


@pytest.mark.parametrize(
    ("typed", "field", "message"),
    [
        ({"opening": "-5"}, "opening", "Enter a whole number from 0 to 1000."),
        ({"opening": ""}, "opening", "Enter a whole number from 0 to 1000."),
        (
            {"opening_joker_value": "101"},
            "opening_joker_value",
            "Enter a whole number from 0 to 100.",
        ),
        ({"ace_high": False}, "wrap", "Runs that wrap (13-1-2) need high runs (12-13-1) too"),
        (
            {"scoring": "racks"},
            "pool_out",
            "“No winner: melded minus rack” (Pool runs out) and “Melded tiles minus rack” "
            "(How a hand is scored) go together: choose both or neither",
        ),
        (
            {"min_players": "5", "max_players": "3"},
            "max_players",
            "Players must be between 2 and 6",
        ),
        (
            {"finishes": []},
            "finishes",
            "How to go out: tick one or more of “Discard the last tile”, “Discard a joker as "
            "the last tile”, or “Empty the rack without a discard”",
        ),
        (
            {"all_at_once_bonus_1": ""},
            "all_at_once_bonus",
            "Whole hand down at once: give a whole number for each of no joker, 1 joker and "
            "2 jokers, or leave all three empty",
        ),
        (
            {"name": "Rummikub"},
            "name",
            "There is already a variant called Rummikub; choose another name.",
        ),
        ({"name": ""}, "name", "Give your variant a name."),
    ],
)
def test_a_refused_copy_shows_why_beside_the_field_keeps_what_was_typed_and_stores_nothing(
    app, client, typed, field, message
):
    # Start from a variant with wrap on, so switching high runs off is refused.
    base = ROMANIAN.changed(wrap=True)
    response = client.post("/variants/romanian/copy", data=copy_form(base, "Ours", **typed))
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert page.count('<p class="error"') == 1
    for name, value in typed.items():
        if isinstance(value, str) and name != "name":
            assert re.search(
                f'id="{name}"[^>]*value="{value}"|<option selected value="{value}"', page
            )
    assert re.search(r'<input [^>]*checked id="wrap"', page)
    # The group holding the refusal is open; the others stay folded.
    assert page.count('<details class="param-group" open>') == (0 if field == "name" else 1)
    assert rows(app) == []


# Every way a copy can be wrong: each rule given values no variant takes, so that every
# refusal of check_variant is met (the numbers, the choices, the ticks, the pairs of rules).
WRONG_VALUES = (-1, 1001, 7, "nonsense", (), ("nonsense",), (1,), None, True, False)
SNAKE_CASE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def every_variant_refusal():
    """Each distinct refusal of a variant with one rule made wrong: (message, field)."""
    refusals = set()
    bases = [ROMANIAN, RUMMIKUB, ROMANIAN.changed(wrap=True)]
    for base in bases:
        for param in [*RULE_PARAMS, "swap_meld_with", "split_melds", "source"]:
            for value in WRONG_VALUES:
                try:
                    base.changed(**{param: value})
                except InvalidVariant as error:
                    refusals.add((str(error), error.field))
                except TypeError:  # a value the dataclass cannot even hold
                    continue
    return refusals


def test_no_refusal_of_a_variant_names_a_parameter_as_the_code_spells_it():
    refusals = every_variant_refusal()
    # Every kind of refusal is met: each number, each choice, the ticks and the pairs.
    assert {
        "opening",
        "value_2_9",
        "went_out_bonus",
        "opening_joker_value",
        "max_jokers_per_meld",
        "all_at_once_bonus",
        "scoring",
        "pool_out",
        "finishes",
        "series_ends",
        "wrap",
        "swap_meld_with",
        "split_melds",
        "source",
        "min_players",
        "max_players",
    } <= {field for _, field in refusals}
    for message, _ in refusals:
        assert not SNAKE_CASE.search(message), message


@pytest.mark.slow
def test_every_refusal_the_copy_form_shows_is_in_the_players_words(client):
    base = ROMANIAN.changed(wrap=True)
    typed = [{"scoring": "racks"}]
    for param in RULE_PARAMS:
        for part in BONUS_PARTS if param == "all_at_once_bonus" else (param,):
            typed += [
                {part: value}
                for value in ("-1", "1001", "nonsense", "", None, False, ["nonsense"], [])
            ]
    shown = set()
    for number, boxes in enumerate(typed):
        # A name of its own each time: a copy the form takes must not refuse the next by name.
        page = client.post(
            "/variants/romanian/copy", data=copy_form(base, f"Ours {number}", **boxes)
        ).get_data(as_text=True)
        shown.update(re.findall(r'<p class="error" id="[^"]+">([^<]*)</p>', page))
    # The engine's refusals are among them, not only the boxes' own.
    assert any("go together" in message for message in shown)
    assert any(message.startswith("How to go out:") for message in shown)
    assert any(message.startswith("Whole hand down at once:") for message in shown)
    assert any(message.startswith("Runs that wrap") for message in shown)
    assert len(shown) >= 8
    for message in shown:
        assert not SNAKE_CASE.search(message), message


def test_the_engine_message_is_shown_for_a_refusal_the_form_does_not_catch(app, client):
    response = client.post(
        "/variants/romanian/copy", data=copy_form(ROMANIAN, "Ours", finishes=["nothing"])
    )
    assert "&#39;nothing&#39; is not a valid choice" in response.get_data(as_text=True)
    assert rows(app) == []


# --- Rename and delete -------------------------------------------------------------


def test_a_custom_variants_page_offers_rename_and_delete(app, client):
    variant_id = make_custom(app)
    page = client.get(f"/variants/{variant_id}").get_data(as_text=True)
    assert f'action="/variants/{variant_id}/rename"' in page
    assert 'name="name" required type="text" value="Friday rules">' in page
    assert f'action="/variants/{variant_id}/delete"' in page
    assert "Delete Friday rules" in page


def test_renaming_changes_the_name_everywhere_and_keeps_the_id(app, client):
    variant_id = make_custom(app)
    response = client.post(f"/variants/{variant_id}/rename", data={"name": " Saturday rules "})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/variants/{variant_id}"
    assert rows(app) == [
        {
            "id": "custom-friday-rules",
            "name": "Saturday rules",
            "rules": ANY,
            "based_on": "romanian",
            "created": ANY,
        }
    ]
    assert json.loads(rows(app)[0]["rules"])["name"] == "Saturday rules"
    page = client.get(f"/variants/{variant_id}").get_data(as_text=True)
    assert "Renamed." in page
    assert "<h1>Saturday rules</h1>" in page


def test_renaming_to_its_own_name_in_another_case_is_fine(app, client):
    variant_id = make_custom(app)
    client.post(f"/variants/{variant_id}/rename", data={"name": "FRIDAY RULES"})
    assert rows(app)[0]["name"] == "FRIDAY RULES"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("sunday", "There is already a variant called sunday; choose another name."),
        ("Rummy Meld", "There is already a variant called Rummy Meld; choose another name."),
        ("", "Give your variant a name."),
        ("x" * 81, "The name can be at most 80 characters."),
    ],
)
def test_a_refused_rename_says_why_keeps_what_was_typed_and_changes_nothing(
    app, client, typed, message
):
    variant_id = make_custom(app)
    make_custom(app, "Sunday")
    before = rows(app)
    response = client.post(f"/variants/{variant_id}/rename", data={"name": typed})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'<p class="error" id="name-error">{message}</p>' in page
    assert f'value="{typed}"' in page
    assert rows(app) == before


def test_deleting_an_unused_custom_variant(app, client):
    variant_id = make_custom(app)
    response = client.post(f"/variants/{variant_id}/delete")
    assert response.status_code == 302
    assert response.headers["Location"] == "/variants/"
    assert rows(app) == []
    assert "Friday rules is deleted." in client.get("/variants/").get_data(as_text=True)
    assert client.get(f"/variants/{variant_id}").status_code == 404


def test_a_variant_a_series_is_played_with_cannot_be_deleted(app, client):
    variant_id = make_custom(app)
    start_series_with(app, variant_id)
    page = client.get(f"/variants/{variant_id}").get_data(as_text=True)
    assert "Played in 1 series, so it cannot be deleted." in page
    assert f'action="/variants/{variant_id}/delete"' not in page

    response = client.post(f"/variants/{variant_id}/delete")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/variants/{variant_id}"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert (
        '<p class="flash flash-error" role="status">Friday rules cannot be deleted: '
        "1 series is played with it."
    ) in page
    assert len(rows(app)) == 1
    with app.app_context():
        assert variant_in_use(get_db(), variant_id) == 1


def test_a_renamed_variant_leaves_its_series_frozen_copy_alone(app, client):
    variant_id = make_custom(app)
    start_series_with(app, variant_id)
    client.post(f"/variants/{variant_id}/rename", data={"name": "Saturday rules"})
    with app.app_context():
        series = next(get_db()["series"].rows)
    assert json.loads(series["variant_rules"])["name"] == "Friday rules"


def test_delete_needs_the_csrf_token(csrf_app):
    with csrf_app.app_context():
        create_custom(get_db(), ROMANIAN, "Friday rules", {})
    client = csrf_app.test_client()
    response = client.post("/variants/custom-friday-rules/delete")
    assert response.status_code == 400
    page = client.get("/variants/custom-friday-rules").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/variants/custom-friday-rules/delete", data={"csrf_token": token})
    assert response.status_code == 302
    with csrf_app.app_context():
        assert get_db()["variants"].count == 0


# --- On a phone ---------------------------------------------------------------------


@pytest.mark.browser
def test_variants_on_a_phone(browser_page, screenshot):
    page = browser_page
    page.get_by_role("link", name="Variants").click()
    page.wait_for_url("**/variants/")
    expect(page.locator(".cards .card-title")).to_have_count(13)
    assert_fits_a_phone(page)
    screenshot(page, "variants")

    page.get_by_role("link", name=re.compile("^Romanian tile rummy")).click()
    page.wait_for_url("**/variants/romanian")
    expect(page.locator("#ace_rack .mark")).to_have_text("Ruling", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "variant-romanian")

    page.get_by_role("link", name="Copy and edit").click()
    page.wait_for_url("**/variants/romanian/copy")
    assert_fits_a_phone(page)
    screenshot(page, "variant-copy")
    page.get_by_label("Name").fill("Friday rules")
    page.locator("summary", has_text="Opening").click()
    page.get_by_label("Points needed to open").fill("-5")
    page.get_by_role("button", name="Save my variant").click()
    expect(page.locator("#opening-error")).to_have_text(
        "Enter a whole number from 0 to 1000.", use_inner_text=True
    )
    expect(page.get_by_label("Points needed to open")).to_have_value("-5")
    page.locator("summary", has_text="Melds and jokers").click()
    assert_fits_a_phone(page)
    screenshot(page, "variant-copy-refused")

    page.get_by_label("Points needed to open").fill("60")
    page.get_by_role("button", name="Save my variant").click()
    page.wait_for_url("**/variants/custom-friday-rules")
    expect(page.locator("[role=status]")).to_have_text(
        "Your variant is saved.", use_inner_text=True
    )
    expect(page.locator("#opening")).to_contain_text("at least 60", use_inner_text=True)
    assert_fits_a_phone(page)
    screenshot(page, "variant-custom")

    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 360, "height": 740})
    assert_fits_a_phone(page)
    screenshot(page, "variant-custom-dark-360")
    page.goto("/variants/romanian/copy")
    for summary in page.locator("summary").all():
        summary.click()
    assert_fits_a_phone(page)
    screenshot(page, "variant-copy-open-360")
