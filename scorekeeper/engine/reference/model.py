"""What the rule reference is made of: the groups of rules, a rule, and where its
value comes from (a source's section, a Scorekeeper ruling, or the group's own)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..sources import cite as cite_source
from ..sources import ruling as ruling_citation
from ..variants import PRESETS, TABLE_RULES, Variant
from ..words import Words, english, joined_by, words

TILES = words("Tiles and values")
MELDS = words("Melds and jokers")
OPENING = words("Opening")
SCORING = words("Scoring a hand")
ENDING = words("Ending and closing")
SERIES = words("Series")
GROUPS = (TILES, MELDS, OPENING, SCORING, ENDING, SERIES)

# Variant fields that name the variant rather than set a rule, and the rules of
# table mode, which follow the source: the variant form does not offer them and a
# copy keeps them (table mode's refusals cite them).
NOT_RULES = ("id", "name", "source", "based_on", *TABLE_RULES)


@dataclass(frozen=True)
class Basis:
    """Where a value comes from: a source section, a Scorekeeper ruling, or both
    (the source gives the value and a ruling settles how it applies)."""

    source: str | None = None
    section: Words | str | None = None
    about: Words | str | None = None  # short label of the ruling, for sources.ruling()
    ruling: Words | str | None = None  # the ruling in plain words
    group: bool = False  # a custom variant's own value
    base_name: Words | str | None = None  # the preset the group changed it from

    def citation(self) -> Words | str:
        """The citation shown beside the rule."""
        if self.group:
            changed = (
                words(" (changed from {base_name})", base_name=self.base_name)
                if self.base_name
                else ""
            )
            return words("Your group's rule{changed}", changed=changed)
        parts = []
        if self.source is not None and self.section is not None:
            parts.append(cite_source(self.source, self.section))
        if self.about is not None:
            parts.append(ruling_citation(self.about))
        # Joined as words, so each citation is read in the page's language (a plain join
        # would leave them English).
        return joined_by("; ", parts)


@dataclass(frozen=True)
class Rule:
    """One rule of the reference. `param` is the Variant field it explains, or
    None for a rule that holds in every variant."""

    param: str | None
    title: Words | str
    group: Words | str
    words: Callable[[Variant], Words | str] = field(repr=False, compare=False)
    basis: Callable[[Variant], Basis] = field(repr=False, compare=False)

    @property
    def key(self) -> str:
        """A stable name for links and page anchors."""
        if self.param is not None:
            return self.param
        title = english(self.title).lower()
        return "".join(c if c.isalnum() else "-" for c in title).strip("-")

    def explain(self, variant: Variant) -> Words | str:
        """The rule's value in this variant, in plain words."""
        return self.words(variant)

    def cite(self, variant: Variant) -> Words | str:
        """Source and section of this variant's value, or the ruling behind it."""
        return settle(self, variant).citation()

    def ruling(self, variant: Variant) -> Words | str | None:
        """The ruling in plain words where the value is not simply a source's."""
        return settle(self, variant).ruling


RuleWords = Callable[[Variant], Words | str]
"""A rule's words for a variant."""


def rules_into(
    book: list[Rule],
) -> Callable[
    [str | None, Words | str, Words | str, Callable[[Variant], Basis]],
    Callable[[RuleWords], RuleWords],
]:
    """A decorator that adds the decorated function to `book` as the words of a rule."""

    def rule(
        param: str | None, title: Words | str, group: Words | str, basis: Callable[[Variant], Basis]
    ) -> Callable[[RuleWords], RuleWords]:
        def register(words: RuleWords) -> RuleWords:
            book.append(Rule(param, title, group, words, basis))
            return words

        return register

    return rule


# --- Custom variants ---------------------------------------------------------


def base_preset(variant: Variant) -> Variant | None:
    """The preset a custom variant was copied from, or None for a preset or an
    unknown base."""
    if not variant.custom:
        return None
    return PRESETS.get(variant.based_on or "")


def settle(rule: Rule, v: Variant) -> Basis:
    """Where the value comes from, a custom variant's own changes included."""
    if rule.param is None or not v.custom:
        return rule.basis(v)
    base = base_preset(v)
    if base is None:
        return _group_rule(None, rule)
    if getattr(v, rule.param) == getattr(base, rule.param):
        return rule.basis(base)
    return _group_rule(base, rule)


def _group_rule(base: Variant | None, rule: Rule) -> Basis:
    """A value the group set for itself: its own rule, not a source's or Scorekeeper's."""
    if base is None:
        return Basis(
            group=True, ruling=words("Set by your group; there is no preset to compare with.")
        )
    return Basis(
        group=True,
        base_name=base.name,
        ruling=words(
            "Changed by your group from {name}. In {name}: {explain}",
            name=base.name,
            explain=rule.explain(base),
        ),
    )
