"""What a rule source is, as the app tells it: its title, where each rule sits in
it, and the rulings Scorekeeper adds where it is silent or unclear."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..words import Words


@dataclass(frozen=True)
class Ruling:
    """A Scorekeeper ruling: a short label (shown after "Scorekeeper ruling: ")
    and the ruling in plain words. `with_section`: the source still gives the
    value and the ruling only settles how it applies, so both are cited."""

    about: Words | str
    text: Words | str
    with_section: bool = False


@dataclass(frozen=True)
class Source:
    """A published rule text the presets follow.

    `sections` names the section each topic sits in, in words read in the page's
    language: a heading the source prints (`words("The Play")`, its English being the
    heading as printed), or, where the source has no heading, the part of it
    (`words("scoring section")`); the topics are listed in `sources/__init__.py`.
    `rulings` holds, by topic, what Scorekeeper decides where this source is silent or unclear;
    `main_preset` is the preset of its main rules when its variations are
    presets of their own (a value that differs comes from the "variation" section).
    """

    key: str
    title: Words
    about: Words
    sections: Mapping[str, Words] = field(default_factory=dict)
    rulings: Mapping[str, Ruling] = field(default_factory=dict)
    main_preset: str | None = None

    def topic(self, *topics: str) -> str:
        """The first of these topics the source has a section for, else the last."""
        return next((t for t in topics if t in self.sections), topics[-1])
