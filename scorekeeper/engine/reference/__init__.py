"""The rule reference: every rule a variant decides, in plain words, with its source.

One `Rule` per rule parameter of `Variant` (and a few rules that hold in every
variant). A rule says its value in a variant (`explain`), where that value comes
from (`cite`: a source and section, or a Scorekeeper ruling where the sources are
silent or unclear, see ../shared/RULES.md) and, for rulings, the ruling itself in
plain words. A custom variant cites its base preset for what it kept and "your
group's rule" for what it changed.
"""

from __future__ import annotations

from typing import Any

from ..variant_words import SERIES_END_WORDS
from ..variants import Variant
from ..words import Words, words
from . import ending_series, opening_scoring, tiles_melds
from .model import GROUPS, NOT_RULES, Basis, Rule, base_preset, settle

__all__ = [
    "BY_PARAM",
    "GROUPS",
    "NOT_RULES",
    "RULES",
    "SERIES_END_WORDS",
    "Basis",
    "Rule",
    "base_preset",
    "compare",
    "describe",
    "key_facts",
    "reference",
    "rule_for_param",
]

RULES: tuple[Rule, ...] = tuple(
    sorted(
        [*tiles_melds.RULES, *opening_scoring.RULES, *ending_series.RULES],
        key=lambda r: GROUPS.index(r.group),
    )
)
BY_PARAM: dict[str, Rule] = {r.param: r for r in RULES if r.param is not None}


def key_facts(variant: Variant) -> list[Words]:
    """The few rules that tell variants apart at a glance: the opening, what a hand scores,
    a joker left on a rack, and whether 12-13-1 is a run."""
    return [
        words("Opening {points}", points=variant.opening),
        words("Winner takes the racks")
        if variant.scoring == "racks"
        else words("Melded tiles score"),
        words("Joker on a rack {points}", points=variant.joker_rack),
        words("12-13-1 is a run") if variant.ace_high else words("No 12-13-1 runs"),
    ]


def reference(variant: Variant) -> list[Rule]:
    """Every rule of the variant, grouped as GROUPS, in a stable order."""
    return list(RULES)


def describe(variant: Variant) -> list[dict[str, Any]]:
    """The reference as plain data for templates and the JSON API."""
    return [_entry(rule, variant) for rule in reference(variant)]


def _entry(rule: Rule, variant: Variant) -> dict[str, Any]:
    basis = settle(rule, variant)
    return {
        "param": rule.param,
        "group": rule.group,
        "title": rule.title,
        "text": rule.explain(variant),
        "source": basis.citation(),
        "ruling": basis.ruling,
    }


def compare(a: Variant, b: Variant) -> list[dict[str, Any]]:
    """Two variants side by side, rule by rule, with `differs` where the rule
    reads differently or its value differs."""
    rows = []
    for rule in RULES:
        left, right = _entry(rule, a), _entry(rule, b)
        value_differs = rule.param is not None and getattr(a, rule.param) != getattr(b, rule.param)
        rows.append(
            {
                "param": rule.param,
                "group": rule.group,
                "title": rule.title,
                "a": {k: left[k] for k in ("text", "source", "ruling")},
                "b": {k: right[k] for k in ("text", "source", "ruling")},
                "differs": value_differs or left["text"] != right["text"],
            }
        )
    return rows


def rule_for_param(param: str) -> Rule:
    """The rule behind a variant parameter, e.g. the `param` of a breakdown line."""
    try:
        return BY_PARAM[param]
    except KeyError:
        raise KeyError(f"no rule for the parameter {param!r}") from None
