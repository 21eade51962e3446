"""Where each rule's value comes from in a variant: the section of its source
(sources/), the source's own ruling where it is silent, or a ruling of Scorekeeper's."""

from __future__ import annotations

from collections.abc import Callable

from ..sources import SOURCES, Ruling, scorekeeper_ruling
from ..variants import PRESETS, Variant
from ..words import words
from .model import Basis


def section(v: Variant, topic: str, param: str | None = None) -> Basis:
    """The source section of a topic; a variation's own section where the value
    differs from the source's main rules."""
    source = SOURCES[v.source]
    sections = source.sections
    if not sections:
        return Basis("scorekeeper", words("rules every variant shares"))
    main = PRESETS.get(source.main_preset or "")
    if param is not None and main is not None and getattr(v, param) != getattr(main, param):
        return Basis(v.source, sections["variation"])
    return Basis(v.source, sections.get(topic, sections["scoring"]))


def _topic(v: Variant, *topics: str) -> str:
    return SOURCES[v.source].topic(*topics)


def at(topic: str, param: str | None = None) -> Callable[[Variant], Basis]:
    return lambda v: section(v, topic, param)


def _with(basis: Basis, ruling: Ruling) -> Basis:
    return Basis(basis.source, basis.section, ruling.about, ruling.text)


def _ruled(ruling: Ruling) -> Basis:
    return Basis(None, None, ruling.about, ruling.text)


def _unless_ruled(v: Variant, topic: str, basis: Basis) -> Basis:
    """The source's ruling on the topic where it has one, else the basis."""
    found = SOURCES[v.source].rulings.get(topic)
    if found is None:
        return basis
    return _with(basis, found) if found.with_section else _ruled(found)


def values(param: str) -> Callable[[Variant], Basis]:
    return lambda v: _unless_ruled(v, "values", section(v, "values", param))


def ace_rack(v: Variant) -> Basis:
    rack = _unless_ruled(v, "values", section(v, "rack", "ace_rack"))
    return _unless_ruled(v, "ace_rack", rack)


def high_runs(v: Variant) -> Basis:
    return _unless_ruled(v, "high_runs", section(v, _topic(v, "high", "melds")))


def ace_high_run(v: Variant) -> Basis:
    return values("ace_high_run")(v) if v.ace_high else high_runs(v)


def joker_rack(v: Variant) -> Basis:
    return section(v, "joker_rack", "joker_rack")


def swapped_joker(v: Variant) -> Basis:
    return joker_rack(v) if v.swapped_joker_rack is None else section(v, "joker")


def max_jokers(v: Variant) -> Basis:
    return _unless_ruled(v, "max_jokers", section(v, "joker"))


def opening_joker(param: str) -> Callable[[Variant], Basis]:
    def basis(v: Variant) -> Basis:
        topic = _topic(v, "opening_joker", "opening")
        return _unless_ruled(v, "joker_in_meld", section(v, topic, param))

    return basis


def opening_discard(v: Variant) -> Basis:
    return _unless_ruled(v, "opening_discard", section(v, "opening", "opening_from_discard"))


def first_round(v: Variant) -> Basis:
    return section(v, _topic(v, "first_round", "opening"))


def melded_joker(v: Variant) -> Basis:
    return _unless_ruled(v, "joker_in_meld", section(v, "scoring", "melded_joker_bonus"))


def all_at_once(v: Variant) -> Basis:
    return section(v, _topic(v, "all_at_once", "scoring"))


def exposed_twin(v: Variant) -> Basis:
    basis = section(v, "scoring")
    if v.exposed_twin_bonus is None or v.never_opened_penalty is None:
        return basis
    return _with(basis, scorekeeper_ruling("exposed_twin"))


def left_table(v: Variant) -> Basis:
    if v.left_table_penalty is None:
        return section(v, "scoring")
    return _with(section(v, "left"), scorekeeper_ruling("left_table"))


def joker_double(v: Variant) -> Basis:
    if not v.joker_discard_doubles:
        return section(v, "going_out")
    return _with(
        section(v, "going_out", "joker_discard_doubles"), scorekeeper_ruling("joker_double")
    )


def pool_out(v: Variant) -> Basis:
    basis = section(v, "pool")
    if v.pool_out == "lowest_rack_wins":
        return _with(basis, scorekeeper_ruling("lowest_rack_tie"))
    return _unless_ruled(v, "pool_out", basis)


def series_winner(v: Variant) -> Basis:
    basis = section(v, "series")
    if v.series_winner == "most_hands":
        basis = _with(basis, scorekeeper_ruling("series_tie"))
    return _unless_ruled(v, "series", basis)


def series_ends(v: Variant) -> Basis:
    return _unless_ruled(v, "series", section(v, "series_end"))


def direction(v: Variant) -> Basis:
    return _unless_ruled(v, "direction", section(v, "direction", "deal_direction"))


def first_player(v: Variant) -> Basis:
    if "first_player" in SOURCES[v.source].rulings:
        return _unless_ruled(v, "first_player", section(v, "first_player"))
    basis = section(v, "first_player", "who_starts")
    if v.who_starts == "after_dealer":
        return basis
    # The source draws for the first hand only (RULES.md, "Playing the hand", rulings).
    return _with(basis, scorekeeper_ruling("deal"))


def players(v: Variant) -> Basis:
    return _unless_ruled(v, "players", section(v, "players"))


def clock(v: Variant) -> Basis:
    """The time per turn: the source's section on it, or Scorekeeper's ruling where the source
    times no turn (Romanian tile rummy)."""
    if "clock" in SOURCES[v.source].sections:
        return _unless_ruled(v, "clock", section(v, "clock"))
    return _ruled(scorekeeper_ruling("clock"))


def time_up(v: Variant) -> Basis:
    """What happens when the time runs out: the source's words, with its own ruling where it
    leaves the table something to settle."""
    if "clock" not in SOURCES[v.source].sections:
        return _ruled(scorekeeper_ruling("clock"))
    return _unless_ruled(v, "time_up", section(v, "clock"))
