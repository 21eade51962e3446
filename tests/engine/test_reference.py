"""The rule reference: every parameter explained, cited, and rulings marked as rulings."""

import ast
import inspect
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import scoring
from scorekeeper.engine.errors import InvalidVariant
from scorekeeper.engine.reference import (
    GROUPS,
    NOT_RULES,
    RULES,
    Rule,
    compare,
    describe,
    reference,
    rule_for_param,
)
from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.variant_checks import STARTERS
from scorekeeper.engine.variants import (
    DIRECTIONS,
    FINISHES,
    OPENING_JOKERS,
    PRESETS,
    SERIES_ENDS,
    SERIES_WINNERS,
    TIME_UPS,
    Variant,
)
from scorekeeper.engine.words import Words, english

RULE_PARAMS = [f.name for f in fields(Variant) if f.name not in NOT_RULES]
ALL_PRESETS = list(PRESETS.values())
ids = [v.id for v in ALL_PRESETS]


def in_english(value):
    """A reference's value with the engine's words read in English (by name)."""
    if isinstance(value, dict):
        return {k: in_english(v) for k, v in value.items()}
    return english(value) if isinstance(value, Words) else value


def described(variant):
    """The reference of a variant, its words in English."""
    return [in_english(e) for e in describe(variant)]


def compared(a, b):
    """Two variants compared, their words in English."""
    return [in_english(row) for row in compare(a, b)]


def entry(variant, param):
    [found] = [e for e in described(variant) if e["param"] == param]
    return found


def titled(variant, title):
    [found] = [e for e in described(variant) if e["title"] == title]
    return found


def scoring_line_params():
    """Every `param` a breakdown line of scoring.py carries (the 4th argument of Line)."""
    tree = ast.parse(inspect.getsource(scoring))
    params = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Line":
            last = node.args[3] if len(node.args) > 3 else None
            assert isinstance(last, ast.Constant), ast.unparse(node)
            params.add(last.value)
    return params


# --- Every parameter has a rule ----------------------------------------------


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=ids)
def test_every_preset_has_a_rule_for_every_parameter(variant):
    params = [r.param for r in reference(variant) if r.param is not None]
    assert sorted(params) == sorted(RULE_PARAMS)


def test_no_rule_for_the_variants_name_fields():
    assert not {r.param for r in RULES} & set(NOT_RULES)


def test_rules_that_hold_everywhere_are_included():
    general = {english(r.title) for r in RULES if r.param is None}
    assert {"The tiles", "What makes a set", "What makes a run"} <= general


def test_reference_is_grouped_in_the_stated_order():
    groups = [r.group for r in reference(PRESETS["romanian"])]
    assert sorted(groups, key=GROUPS.index) == groups
    assert list(dict.fromkeys(groups)) == list(GROUPS)


def test_reference_order_is_stable():
    assert reference(PRESETS["rummikub"]) == reference(PRESETS["rummy-meld"])


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        RULES[0].title = "changed"


# --- Words ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=ids)
def test_every_rule_explains_and_cites_every_preset(variant):
    for item in described(variant):
        assert set(item) == {"param", "group", "title", "text", "source", "ruling"}
        assert item["text"].strip() and item["text"][-1] in ".)"
        assert item["source"].strip()
        assert item["group"] in [english(g) for g in GROUPS]


# Integer parameters whose value the text must say, unless the rule does not
# apply in that variant.
NOT_APPLICABLE = {
    "ace_high_run": lambda v: not v.ace_high,
    "opening_joker_value": lambda v: v.opening_joker != "fixed",
}


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=ids)
def test_explain_says_the_numbers(variant):
    for param in RULE_PARAMS:
        value = getattr(variant, param)
        if isinstance(value, bool) or (param in NOT_APPLICABLE and NOT_APPLICABLE[param](variant)):
            continue
        numbers = value if isinstance(value, tuple) else (value,)
        text = entry(variant, param)["text"]
        for n in numbers:
            if n == 0 and text.startswith("No "):
                continue  # "No fixed bonus: ..."
            if isinstance(n, int):
                assert str(n) in text, (param, text)


@pytest.mark.parametrize(
    ("variant_id", "param", "says"),
    [
        ("rummikub", "opening", "at least 30"),
        ("romanian", "opening", "at least 50"),
        ("romanian-45", "opening", "at least 45"),
        ("rummy-meld", "opening", "at least 45"),
        ("romanian", "ace_high", "12-13-1 is a run; the ace then counts 10. 13-1-2 is not."),
        ("rummikub", "ace_high", "12-13-1 is not a run"),
        ("rummy-meld", "wrap", "13-1-2"),
        ("tile-rummy", "opening_joker", "counts 25"),
        ("tile-rummy-5-10-15", "opening_joker", "the tile it stands for"),
        ("rummy-cards", "opening_joker", "No joker in the opening"),
        ("rummy-cards", "max_jokers_per_meld", "At most 1 joker"),
        ("rummy-cards", "value_10_13", "J 11, Q 12, K 13"),
        ("tile-rummy-5-10-15", "ace_rack", "15"),
        ("romanian", "never_opened_penalty", "200, whatever is on your rack"),
        ("romanian-100-plus-rack", "never_opened_penalty", "100 plus your rack"),
        ("romanian", "exposed_twin_bonus", "-200 + 25 = -175"),
        ("romanian", "melded_joker_bonus", "+50"),
        ("romanian", "deal_direction", "right"),
        ("rummikub", "deal_direction", "left"),
        ("romanian", "who_starts", "the player after the dealer"),
        ("rummikub", "who_starts", "the highest plays first"),
        ("rummikub", "series_winner", "most hands"),
        ("rummy-meld", "swapped_joker_rack", "costs 0"),
        ("rummy-meld", "adjacent_jokers", "may not lie side by side"),
        ("rummy-meld-discard-jolly", "finishes", "only by discarding a joker"),
        ("rummy-meld-rack-empty", "finishes", "any way"),
        ("rummy-meld-minimum-points", "going_out_min_melded", "200"),
        ("rummy-meld", "left_table_penalty", "-150"),
        ("rummy-cards", "last_chance_round", "last-chance round"),
        (
            "tile-rummy",
            "all_at_once_bonus",
            "500 extra with no joker, 400 with 1 joker, 300 with 2",
        ),
        ("romanian", "all_at_once_bonus", "200 plus your melded tiles"),
        ("rummy-meld", "scoring", "also gets 200"),
        ("rummikub", "scoring", "Only racks count"),
    ],
)
def test_explain_in_plain_words(variant_id, param, says):
    assert says in english(rule_for_param(param).explain(PRESETS[variant_id]))


@pytest.mark.parametrize("variant_id", ["rummy-meld", "rummy-meld-minimum-points"])
def test_a_rummy_meld_jolly_counts_where_it_finally_lies(variant_id):
    # RULES.md, Words: the credited joker is Romanian only.
    said = english(rule_for_param("melded_joker_bonus").explain(PRESETS[variant_id]))
    assert "for the player who laid it where it finally lies" in said
    assert "first melded" not in said


def test_card_faced_tiles_speak_of_suits():
    assert "suits" in titled(PRESETS["rummy-cards"], "The tiles")["text"]
    assert "colour" in titled(PRESETS["rummikub"], "What makes a set")["text"]
    assert "suit" in titled(PRESETS["rummy-cards"], "What makes a set")["text"]


# --- Sources and rulings -----------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "param", "source"),
    [
        ("rummikub", "opening", "Rummikub official rules, Playing the Game"),
        ("rummikub", "joker_rack", "Rummikub official rules, Scoring"),
        ("tile-rummy", "opening_joker", "Tile Rummy leaflet, The Game"),
        ("tile-rummy", "joker_rack", "Tile Rummy leaflet, Counting the points"),
        ("tile-rummy-5-10-15", "value_2_9", "Tile Rummy leaflet, Variation"),
        ("tile-rummy-5-10-15", "opening_joker", "Tile Rummy leaflet, Variation"),
        ("romanian", "opening", "Romanian tile rummy, The Play"),
        ("romanian", "never_opened_penalty", "Romanian tile rummy, scoring section"),
        ("romanian-45", "opening", "Romanian tile rummy, variations"),
        ("romanian-100-plus-rack", "never_opened_penalty", "Romanian tile rummy, variations"),
        ("romanian-discard-opening", "opening_from_discard", "Romanian tile rummy, variations"),
        ("rummy-meld", "opening", "Rummy Meld tutorial, Initial Meld Requirements"),
        ("rummy-meld", "adjacent_jokers", "Rummy Meld tutorial, Jolly (Wildcard) Rules"),
        ("rummy-meld-discard-jolly", "finishes", "Rummy Meld tutorial, Closing the Game"),
        ("rummy-meld", "went_out_bonus", "Rummy Meld tutorial, Scoring & Bonuses"),
        ("rummy-cards", "opening_joker", "Rummy with card-faced tiles, The Joker"),
        ("rummy-cards", "scoring", "Rummy with card-faced tiles, Scoring"),
    ],
)
def test_values_cite_their_source_and_section(variant_id, param, source):
    item = entry(PRESETS[variant_id], param)
    assert item["source"] == source
    assert item["ruling"] is None


def test_the_other_presets_cite_their_own_source():
    for variant in ALL_PRESETS:
        title = english(SOURCES[variant.source].title)
        assert titled(variant, "The tiles")["source"].startswith(title)
        assert entry(variant, "scoring")["source"].startswith(title)


RULING = english(SOURCES["scorekeeper"].title)


@pytest.mark.parametrize(
    ("variant_id", "param", "says"),
    [
        ("romanian", "ace_rack", "costs 25"),
        ("romanian-45", "ace_rack", "costs 25"),
        ("rummy-meld", "ace_rack", "costs 5"),
        ("rummy-meld-rack-empty", "ace_rack", "costs 5"),
        ("rummikub", "pool_out", "tie for the lowest rack"),
        ("rummy-cards", "pool_out", "tie for the lowest rack"),
        ("rummy-cards", "max_jokers_per_meld", "groups and runs alike"),
        ("romanian", "exposed_twin_bonus", "add up"),
        ("romanian-100-plus-rack", "exposed_twin_bonus", "add up"),
        ("romanian-joly-double", "joker_discard_doubles", "whole hand score"),
        ("romanian-joly-double", "joker_discard_doubles", "the twin bonus all count twice"),
        ("rummy-meld", "melded_joker_bonus", "where it finally lies"),
        ("rummy-meld-discard-jolly", "melded_joker_bonus", "whoever supplied that tile"),
        ("rummikub", "series_winner", "share first place"),
    ],
)
def test_rulings_of_the_specification_are_marked(variant_id, param, says):
    item = entry(PRESETS[variant_id], param)
    assert item["ruling"] is not None and says in item["ruling"]
    assert f"{RULING}:" in item["source"]


@pytest.mark.parametrize(
    ("variant_id", "param"),
    [
        ("rummikub", "ace_rack"),
        ("tile-rummy-5-10-15", "ace_rack"),
        ("romanian", "ace_set"),
        ("romanian", "pool_out"),
        ("rummy-meld", "pool_out"),
        ("romanian", "joker_discard_doubles"),
        ("rummy-meld", "exposed_twin_bonus"),
    ],
)
def test_values_straight_from_a_source_are_no_rulings(variant_id, param):
    item = entry(PRESETS[variant_id], param)
    assert item["ruling"] is None
    assert RULING not in item["source"]


def test_a_ruling_with_no_source_cites_only_the_ruling():
    item = entry(PRESETS["romanian"], "ace_rack")
    assert item["source"] == f"{RULING}: an ace left on a rack"


def test_a_ruling_on_a_sourced_value_cites_both():
    item = entry(PRESETS["rummikub"], "pool_out")
    assert item["source"] == (
        f"Rummikub official rules, Scoring (pool used up); {RULING}: a tie for the lowest rack"
    )
    assert entry(PRESETS["rummikub"], "series_winner")["source"] == (
        f"Rummikub official rules, Winning; {RULING}: a tie in the series"
    )


def test_cite_and_ruling_methods_match_describe():
    rule, romanian = rule_for_param("ace_rack"), PRESETS["romanian"]
    assert english(rule.cite(romanian)) == entry(romanian, "ace_rack")["source"]
    assert english(rule.ruling(romanian)) == entry(romanian, "ace_rack")["ruling"]
    assert rule.ruling(PRESETS["rummikub"]) is None


# --- Custom variants ---------------------------------------------------------


def our_romanian(**changes):
    return PRESETS["romanian"].changed(
        id="our-romanian", name="Our Romanian", based_on="romanian", **changes
    )


def test_a_custom_variant_says_its_changed_value_is_the_groups_rule():
    item = entry(our_romanian(opening=60), "opening")
    assert "at least 60" in item["text"]
    assert item["source"] == "Your group's rule (changed from Romanian tile rummy)"
    assert item["ruling"].startswith("Changed by your group from Romanian tile rummy")
    assert "at least 50" in item["ruling"]


def test_a_custom_variant_cites_the_base_for_what_it_kept():
    custom = our_romanian(opening=60)
    assert entry(custom, "joker_rack")["source"] == "Romanian tile rummy, scoring section"
    assert entry(custom, "ace_rack")["source"] == f"{RULING}: an ace left on a rack"
    changed = [e["param"] for e in described(custom) if e["source"].startswith("Your group")]
    assert changed == ["opening"]


def test_a_custom_variant_without_a_known_base_is_all_the_groups_rules():
    custom = Variant(id="ours", name="Ours", source="rummikub", opening=40)
    for item in described(custom):
        if item["param"] is None:
            assert item["source"].startswith("Rummikub official rules")
        else:
            assert item["source"] == "Your group's rule"


def test_a_custom_copy_with_the_presets_id_is_still_custom():
    custom = PRESETS["rummikub"].changed(based_on="rummikub", joker_rack=50)
    assert entry(custom, "joker_rack")["source"].startswith("Your group's rule")
    assert entry(custom, "opening")["source"] == "Rummikub official rules, Playing the Game"


def custom_variants():
    """Custom variants with any mix of values the engine accepts."""
    ints = st.integers(0, 1000)
    maybe = st.none() | ints
    return st.builds(
        dict,
        base=st.sampled_from(ids),
        suits=st.booleans(),
        value_2_9=maybe,
        value_10_13=maybe,
        ace_low_run=ints,
        ace_high_run=ints,
        ace_set=ints,
        ace_rack=ints,
        joker_rack=ints,
        swapped_joker_rack=maybe,
        ace_high=st.booleans(),
        wrap=st.booleans(),
        max_jokers_per_meld=st.sampled_from([None, 0, 1, 2]),
        joker_ratio_sets=st.booleans(),
        joker_ratio_runs=st.booleans(),
        adjacent_jokers=st.booleans(),
        opening=ints,
        opening_needs_run=st.booleans(),
        opening_joker=st.sampled_from(OPENING_JOKERS),
        opening_joker_value=st.integers(0, 100),
        went_out_bonus=ints,
        melded_joker_bonus=maybe,
        all_at_once_bonus=st.none() | st.tuples(ints, ints, ints),
        never_opened_penalty=maybe,
        never_opened_plus_rack=st.booleans(),
        exposed_twin_bonus=maybe,
        left_table_penalty=maybe,
        joker_discard_doubles=st.booleans(),
        finishes=st.lists(st.sampled_from(FINISHES), min_size=1, max_size=3, unique=True).map(
            tuple
        ),
        going_out_min_melded=maybe,
        last_chance_round=st.booleans(),
        series_winner=st.sampled_from(SERIES_WINNERS),
        deal_direction=st.sampled_from(DIRECTIONS),
        who_starts=st.sampled_from(STARTERS),
        series_ends=st.lists(st.sampled_from(SERIES_ENDS), min_size=1, max_size=3, unique=True).map(
            tuple
        ),
        min_players=st.integers(2, 6),
        max_players=st.integers(2, 6),
        turn_limit=st.none() | st.integers(1, 3600),
        time_up=st.sampled_from(TIME_UPS),
    )


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.filter_too_much])
@given(custom_variants())
def test_explain_and_cite_never_raise_for_a_custom_variant(changes):
    base = PRESETS[changes.pop("base")]
    try:
        custom = base.changed(id="ours", name="Ours", based_on=base.id, **changes)
    except InvalidVariant:
        assume(False)
    for item in described(custom):
        assert item["text"] and item["source"]
    compare(base, custom)


# --- Comparing two variants --------------------------------------------------


def test_compare_marks_differences():
    rows = {(r["param"], r["title"]): r for r in compared(PRESETS["rummikub"], PRESETS["romanian"])}
    assert rows[("opening", "Points needed to open")]["differs"]
    assert rows[("ace_high", "Runs after the 13")]["differs"]
    assert not rows[(None, "The tiles")]["differs"]
    assert not rows[("opening_needs_run", "A run in the opening")]["differs"]


def test_compare_shows_both_sides():
    [row] = [
        r for r in compared(PRESETS["rummikub"], PRESETS["romanian"]) if r["param"] == "opening"
    ]
    assert "at least 30" in row["a"]["text"] and "at least 50" in row["b"]["text"]
    assert row["a"]["source"] == "Rummikub official rules, Playing the Game"
    assert row["b"]["source"] == "Romanian tile rummy, The Play"
    assert row["a"]["ruling"] is None


def test_a_variant_compared_with_itself_differs_nowhere():
    for variant in ALL_PRESETS:
        assert not any(r["differs"] for r in compared(variant, variant))


def test_compare_has_one_row_per_rule_in_reference_order():
    rows = compared(PRESETS["rummy-meld"], PRESETS["rummy-meld-discard-jolly"])
    assert [(r["param"], r["title"]) for r in rows] == [(r.param, english(r.title)) for r in RULES]
    assert [r["param"] for r in rows if r["differs"]] == ["finishes"]


# --- From a breakdown line to its rule ---------------------------------------


def test_breakdown_lines_and_the_reference_cite_the_same_sections():
    # A breakdown line links to its rule; both should name the same place.
    for variant in ALL_PRESETS:
        assert entry(variant, "scoring")["source"] == english(scoring.source_of(variant, "rack"))
        pool_section = english(scoring.source_of(variant, "pool")).split(" (")[0]
        assert entry(variant, "pool_out")["source"].startswith(pool_section)


def test_every_scoring_line_param_resolves_to_a_rule():
    params = scoring_line_params()
    assert {
        "scoring",
        "pool_out",
        "all_at_once_bonus",
        "went_out_bonus",
        "never_opened_penalty",
        "melded_joker_bonus",
        "exposed_twin_bonus",
        "left_table_penalty",
        "joker_discard_doubles",
    } <= params
    for param in params:
        rule = rule_for_param(param)
        assert isinstance(rule, Rule) and rule.param == param


def test_rule_for_param_refuses_an_unknown_parameter():
    with pytest.raises(KeyError, match="no rule for the parameter 'colour'"):
        rule_for_param("colour")
    with pytest.raises(KeyError):
        rule_for_param("id")


def test_rules_have_unique_keys_for_links():
    keys = [r.key for r in RULES]
    assert len(keys) == len(set(keys))
    assert rule_for_param("opening").key == "opening"
