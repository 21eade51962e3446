"""The rule sources every preset comes from, and how a rule cites them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """A published rule text the presets follow."""

    key: str
    title: str
    about: str


SOURCES = {
    "rummikub": Source(
        "rummikub",
        "Rummikub official rules",
        "The rules sheet of the Rummikub box, with a worked four-hand score table.",
    ),
    "tile-rummy": Source(
        "tile-rummy",
        "Tile Rummy leaflet",
        "A bilingual (English and French) leaflet sold with tile rummy sets, "
        "with a 5-10-15 scoring variation.",
    ),
    "rummy-cards": Source(
        "rummy-cards",
        "Rummy with card-faced tiles",
        "The rules of a tile set printed with playing-card faces (A, 2-10, J, Q, K in four suits).",
    ),
    "romanian": Source(
        "romanian",
        "Romanian tile rummy",
        "A description of tile rummy as played in Romania, with Hilary Howarth's "
        "way of keeping melded points countable and the variations some players use.",
    ),
    "rummy-meld": Source(
        "rummy-meld",
        "Rummy Meld tutorial",
        "The rules of an online Rummy Meld game, played here with a physical set.",
    ),
    "scorekeeper": Source(
        "scorekeeper",
        "Scorekeeper ruling",
        "Where a source is silent or unclear, Scorekeeper decides and says so.",
    ),
}


def cite(source_key: str, section: str) -> str:
    """The citation shown beside a rule: source title and section."""
    return f"{SOURCES[source_key].title}, {section}"


def ruling(about: str) -> str:
    """The citation of a Scorekeeper ruling where the sources are silent."""
    return f"{SOURCES['scorekeeper'].title}: {about}"
