"""The rule sources every preset comes from, one module per source, and how a
rule cites them.

Each module of this package (except those starting with "_") holds one
`SOURCE`: its title, what it is, the section each topic sits in and its
rulings. Adding a source is adding one module; adding a preset of a source
touches only the variant data (`variants.py`).

The topics a source may name a section for (a missing topic falls back as the
code citing it says, usually to "scoring" or "rack"):

- the tiles and melds: tiles, melds, joker, values, high (runs after the 13);
- the opening: opening, opening_joker, first_round, all_at_once;
- the end of a hand: rack, joker_rack, scoring, going_out, pool, pool_scoring
  (the breakdown of a hand the pool ended), bonus (the breakdown's all-at-once
  bonus), left (leaving mid-hand), variation (the source's variations);
- the series: series, series_end, deal, players;
- table mode: add, swap, turn (the turn of a player's opening), split.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..words import Words, words
from ._base import Ruling, Source

__all__ = ["SOURCES", "Ruling", "Source", "cite", "ruling", "scorekeeper_ruling"]


def _found() -> dict[str, Source]:
    found = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if not module.startswith("_"):
            source = importlib.import_module(f"{__name__}.{module}").SOURCE
            found[source.key] = source
    return found


SOURCES: dict[str, Source] = _found()


def cite(source_key: str, section: Words | str) -> Words:
    """The citation shown beside a rule: source title and section."""
    # The section is named as the source prints it, so it stays in the source's language.
    return words("{source}, {section}", source=SOURCES[source_key].title, section=section)


def ruling(about: Words | str) -> Words:
    """The citation of a Scorekeeper ruling where the sources are silent."""
    return words("{source}: {about}", source=SOURCES["scorekeeper"].title, about=about)


def scorekeeper_ruling(topic: str) -> Ruling:
    """One of the rulings that hold whatever the source (sources/scorekeeper.py)."""
    return SOURCES["scorekeeper"].rulings[topic]
