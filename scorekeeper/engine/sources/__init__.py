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

from ..words import Words, say, words
from ._base import Ruling, Source

__all__ = ["SOURCES", "Ruling", "Source", "cite", "cited_again", "ruling", "scorekeeper_ruling"]


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
    # A heading stays as the source prints it (a reader looks it up in that text); a part
    # the app names, where the source has no heading, is words read in the page's language.
    return words("{source}, {section}", source=SOURCES[source_key].title, section=section)


# The parts the app names, by their English: a hand stored before they were words kept
# only that text, and reads in the page's language again through them.
_NAMED_PARTS: dict[str, Words] = {
    say(part, None): part
    for source in SOURCES.values()
    for part in source.sections.values()
    if isinstance(part, Words)
}


def cited_again(citation: object) -> object:
    """A stored citation, its section read again as the part the app names where it was
    kept as English text; any other citation as it is."""
    if not isinstance(citation, Words) or citation.template != "{source}, {section}":
        return citation
    section = citation.values.get("section")
    if isinstance(section, Words) or str(section) not in _NAMED_PARTS:
        return citation
    return words(
        "{source}, {section}", **{**citation.values, "section": _NAMED_PARTS[str(section)]}
    )


def ruling(about: Words | str) -> Words:
    """The citation of a Scorekeeper ruling where the sources are silent."""
    return words("{source}: {about}", source=SOURCES["scorekeeper"].title, about=about)


def scorekeeper_ruling(topic: str) -> Ruling:
    """One of the rulings that hold whatever the source (sources/scorekeeper.py)."""
    return SOURCES["scorekeeper"].rulings[topic]
