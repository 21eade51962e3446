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
- the series: series, series_end, deal, players, direction (which way play goes),
  first_player (who plays first);
- playing a turn: clock (the time per turn and what happens when it runs out);
- table mode: add, swap, turn (the turn of a player's opening), split.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

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
    # Every section is words read in the page's language, a printed heading too: issue 24
    # asks for every name in the players' language, the source's own title only staying as
    # it is. The JSON and the API write the English, which is the heading as printed.
    return words("{source}, {section}", source=SOURCES[source_key].title, section=section)


def _parts(section: Words) -> Iterator[Words]:
    """A section and every section inside it ("The Play" in "The Play, options 5-7")."""
    yield section
    inner = section.values.get("section")
    if isinstance(inner, Words):
        yield from _parts(inner)


# Every section the sources name, by its English: a hand stored before sections were words
# kept only that text ("The Play", "scoring section"), and reads in the page's language again
# through this table, which is the sources' own sections and so never out of step with them.
_NAMED_PARTS: dict[str, Words] = {
    say(part, None): part
    for source in SOURCES.values()
    for section in source.sections.values()
    for part in _parts(section)
}


def _again(section: object) -> object:
    """A stored section as the words the app names it with: English text by the table above,
    a section with the app's remark ("{section} (pool used up)") with its heading read again."""
    if isinstance(section, Words):
        inner = section.values.get("section")
        if inner is None or isinstance(inner, Words):
            return section
        return Words(
            section.template,
            {**section.values, "section": _again(inner)},
            section.plural,
            section.counter,
            section.capital,
        )
    return _NAMED_PARTS.get(str(section), section)


def cited_again(citation: object) -> object:
    """A stored citation, its section read again as the words the app names it with where
    it was kept as English text; any other citation as it is."""
    if not isinstance(citation, Words) or citation.template != "{source}, {section}":
        return citation
    section = _again(citation.values.get("section"))
    if section is citation.values.get("section"):
        return citation
    return words("{source}, {section}", **{**citation.values, "section": section})


def ruling(about: Words | str) -> Words:
    """The citation of a Scorekeeper ruling where the sources are silent."""
    return words("{source}: {about}", source=SOURCES["scorekeeper"].title, about=about)


def scorekeeper_ruling(topic: str) -> Ruling:
    """One of the rulings that hold whatever the source (sources/scorekeeper.py)."""
    return SOURCES["scorekeeper"].rulings[topic]
