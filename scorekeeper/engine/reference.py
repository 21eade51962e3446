"""The rule reference: every rule a variant decides, in plain words, with its source.

One `Rule` per rule parameter of `Variant` (and a few rules that hold in every
variant). A rule says its value in a variant (`explain`), where that value comes
from (`cite`: a source and section, or a Scorekeeper ruling where the sources are
silent or unclear, see ../shared/RULES.md) and, for rulings, the ruling itself in
plain words. A custom variant cites its base preset for what it kept and "your
group's rule" for what it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .sources import SOURCES, Ruling, scorekeeper_ruling
from .sources import cite as cite_source
from .sources import ruling as ruling_citation
from .variants import PRESETS, TABLE_RULES, Variant

TILES = "Tiles and values"
MELDS = "Melds and jokers"
OPENING = "Opening"
SCORING = "Scoring a hand"
ENDING = "Ending and closing"
SERIES = "Series"
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
    section: str | None = None
    about: str | None = None  # short label of the ruling, for sources.ruling()
    ruling: str | None = None  # the ruling in plain words
    group: bool = False  # a custom variant's own value
    base_name: str | None = None  # the preset the group changed it from

    def citation(self) -> str:
        """The citation shown beside the rule."""
        if self.group:
            changed = f" (changed from {self.base_name})" if self.base_name else ""
            return f"Your group's rule{changed}"
        parts = []
        if self.source is not None and self.section is not None:
            parts.append(cite_source(self.source, self.section))
        if self.about is not None:
            parts.append(ruling_citation(self.about))
        return "; ".join(parts)


@dataclass(frozen=True)
class Rule:
    """One rule of the reference. `param` is the Variant field it explains, or
    None for a rule that holds in every variant."""

    param: str | None
    title: str
    group: str
    words: Callable[[Variant], str] = field(repr=False, compare=False)
    basis: Callable[[Variant], Basis] = field(repr=False, compare=False)

    @property
    def key(self) -> str:
        """A stable name for links and page anchors."""
        if self.param is not None:
            return self.param
        return "".join(c if c.isalnum() else "-" for c in self.title.lower()).strip("-")

    def explain(self, variant: Variant) -> str:
        """The rule's value in this variant, in plain words."""
        return self.words(variant)

    def cite(self, variant: Variant) -> str:
        """Source and section of this variant's value, or the ruling behind it."""
        return _settle(self, variant).citation()

    def ruling(self, variant: Variant) -> str | None:
        """The ruling in plain words where the value is not simply a source's."""
        return _settle(self, variant).ruling


_RULES: list[Rule] = []


def _rule(param: str | None, title: str, group: str,
          basis: Callable[[Variant], Basis]) -> Callable:
    """Register the decorated function as the words of a rule."""
    def register(words: Callable[[Variant], str]) -> Callable[[Variant], str]:
        _RULES.append(Rule(param, title, group, words, basis))
        return words
    return register


# --- Where values come from --------------------------------------------------


def _section(v: Variant, topic: str, param: str | None = None) -> Basis:
    """The source section of a topic; a variation's own section where the value
    differs from the source's main rules."""
    source = SOURCES[v.source]
    sections = source.sections
    if not sections:
        return Basis("scorekeeper", "rules every variant shares")
    main = PRESETS.get(source.main_preset or "")
    if param is not None and main is not None and getattr(v, param) != getattr(main, param):
        return Basis(v.source, sections["variation"])
    return Basis(v.source, sections.get(topic, sections["scoring"]))


def _topic(v: Variant, *topics: str) -> str:
    return SOURCES[v.source].topic(*topics)


def _at(topic: str, param: str | None = None) -> Callable[[Variant], Basis]:
    return lambda v: _section(v, topic, param)


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


def _values(param: str) -> Callable[[Variant], Basis]:
    return lambda v: _unless_ruled(v, "values", _section(v, "values", param))


def _ace_rack(v: Variant) -> Basis:
    rack = _unless_ruled(v, "values", _section(v, "rack", "ace_rack"))
    return _unless_ruled(v, "ace_rack", rack)


def _high_runs(v: Variant) -> Basis:
    return _unless_ruled(v, "high_runs", _section(v, _topic(v, "high", "melds")))


def _ace_high_run(v: Variant) -> Basis:
    return _values("ace_high_run")(v) if v.ace_high else _high_runs(v)


def _joker_rack(v: Variant) -> Basis:
    return _section(v, "joker_rack", "joker_rack")


def _swapped_joker(v: Variant) -> Basis:
    return _joker_rack(v) if v.swapped_joker_rack is None else _section(v, "joker")


def _max_jokers(v: Variant) -> Basis:
    return _unless_ruled(v, "max_jokers", _section(v, "joker"))


def _opening_joker(param: str) -> Callable[[Variant], Basis]:
    def basis(v: Variant) -> Basis:
        topic = _topic(v, "opening_joker", "opening")
        return _unless_ruled(v, "joker_in_meld", _section(v, topic, param))
    return basis


def _opening_discard(v: Variant) -> Basis:
    return _unless_ruled(v, "opening_discard", _section(v, "opening", "opening_from_discard"))


def _first_round(v: Variant) -> Basis:
    return _section(v, _topic(v, "first_round", "opening"))


def _melded_joker(v: Variant) -> Basis:
    return _unless_ruled(v, "joker_in_meld", _section(v, "scoring", "melded_joker_bonus"))


def _all_at_once(v: Variant) -> Basis:
    return _section(v, _topic(v, "all_at_once", "scoring"))


def _exposed_twin(v: Variant) -> Basis:
    basis = _section(v, "scoring")
    if v.exposed_twin_bonus is None or v.never_opened_penalty is None:
        return basis
    return _with(basis, scorekeeper_ruling("exposed_twin"))


def _left_table(v: Variant) -> Basis:
    if v.left_table_penalty is None:
        return _section(v, "scoring")
    return _with(_section(v, "left"), scorekeeper_ruling("left_table"))


def _joker_double(v: Variant) -> Basis:
    if not v.joker_discard_doubles:
        return _section(v, "going_out")
    return _with(_section(v, "going_out", "joker_discard_doubles"),
                 scorekeeper_ruling("joker_double"))


def _pool_out(v: Variant) -> Basis:
    basis = _section(v, "pool")
    if v.pool_out == "lowest_rack_wins":
        return _with(basis, scorekeeper_ruling("lowest_rack_tie"))
    return _unless_ruled(v, "pool_out", basis)


def _series_winner(v: Variant) -> Basis:
    basis = _section(v, "series")
    if v.series_winner == "most_hands":
        basis = _with(basis, scorekeeper_ruling("series_tie"))
    return _unless_ruled(v, "series", basis)


def _series_ends(v: Variant) -> Basis:
    return _unless_ruled(v, "series", _section(v, "series_end"))


def _deal(v: Variant) -> Basis:
    if "deal" in SOURCES[v.source].sections:
        return _section(v, "deal")
    return _ruled(scorekeeper_ruling("deal"))


def _players(v: Variant) -> Basis:
    return _unless_ruled(v, "players", _section(v, "players"))


# --- Words -------------------------------------------------------------------


def _colour(v: Variant) -> str:
    return "suit" if v.suits else "colour"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _twelve(v: Variant) -> int:
    return 12 if v.value_10_13 is None else v.value_10_13


# Tiles and values

@_rule(None, "The tiles", TILES, _at("tiles"))
def _tiles(v: Variant) -> str:
    faces = "A, 2-10, J, Q and K in four suits" if v.suits else "1 to 13 in four colours"
    return f"106 tiles: {faces}, two of each, plus two jokers."


@_rule("suits", "Colours or card suits", TILES, _at("tiles"))
def _suits(v: Variant) -> str:
    if v.suits:
        return ("The tiles show card faces in four suits. On the tile pad: k spades, "
                "r hearts, b clubs, y diamonds.")
    return ("The tiles show numbers in four colours. On the tile pad: r red, b blue, "
            "k black, y yellow (o for sets with orange).")


@_rule("value_2_9", "What a 2 to 9 is worth", TILES, _values("value_2_9"))
def _value_2_9(v: Variant) -> str:
    if v.value_2_9 is None:
        return "Face value: a 7 counts 7."
    return f"Every 2 to 9 counts {v.value_2_9}."


@_rule("value_10_13", "What a 10 to 13 is worth", TILES, _values("value_10_13"))
def _value_10_13(v: Variant) -> str:
    if v.value_10_13 is None:
        if v.suits:
            return "Face value: a 10 counts 10, J 11, Q 12, K 13."
        return "Face value: a 10 counts 10, a 13 counts 13."
    faces = "10, J, Q and K" if v.suits else "10 to 13"
    return f"Every {faces} counts {v.value_10_13}."


@_rule("ace_low_run", "Ace in 1-2-3", TILES, _values("ace_low_run"))
def _ace_low_run(v: Variant) -> str:
    run = "A-2-3" if v.suits else "1-2-3"
    return f"An ace at the start of a run ({run}) counts {v.ace_low_run}."


@_rule("ace_high_run", "Ace in 12-13-1", TILES, _ace_high_run)
def _ace_high_run_words(v: Variant) -> str:
    if not v.ace_high:
        return "Never comes up: 12-13-1 is not a run here."
    return f"An ace after the 13 (12-13-1) counts {v.ace_high_run}."


@_rule("ace_set", "Ace in a set of aces", TILES, _values("ace_set"))
def _ace_set(v: Variant) -> str:
    return f"Each ace in a set of aces counts {v.ace_set}."


@_rule("ace_rack", "Ace left on a rack", TILES, _ace_rack)
def _ace_rack_words(v: Variant) -> str:
    return f"An ace left on your rack at the end costs {v.ace_rack}."


@_rule("joker_rack", "Joker left on a rack", TILES, _joker_rack)
def _joker_rack_words(v: Variant) -> str:
    return f"A joker left on your rack at the end costs {v.joker_rack}."


@_rule("swapped_joker_rack", "Swapped joker left on a rack", TILES, _swapped_joker)
def _swapped_joker_words(v: Variant) -> str:
    if v.swapped_joker_rack is None:
        return (f"No exception: a joker you took from the table by a swap costs "
                f"{v.joker_rack} on your rack, like any joker.")
    return (f"A joker you took from the table by putting the real tile in its place costs "
            f"{v.swapped_joker_rack} on your rack; any other joker costs {v.joker_rack}.")


# Melds and jokers

@_rule(None, "What makes a set", MELDS, _at("melds"))
def _set(v: Variant) -> str:
    c = _colour(v)
    return (f"A set is 3 or 4 tiles of one number, each a different {c}: "
            f"no {c} twice in one set.")


@_rule(None, "What makes a run", MELDS, _at("melds"))
def _run(v: Variant) -> str:
    return (f"A run is 3 or more tiles of one {_colour(v)} with numbers in a row, "
            "such as 4-5-6-7.")


@_rule(None, "What a joker does", MELDS, _at("joker"))
def _joker(v: Variant) -> str:
    return ("A joker stands in for any one tile a set or run needs, and takes that "
            f"tile's number and {_colour(v)}.")


@_rule("ace_high", "Runs after the 13", MELDS, _high_runs)
def _ace_high(v: Variant) -> str:
    if not v.ace_high:
        return "The ace is low only (1-2-3). 12-13-1 is not a run."
    after = "13-1-2 is a run too." if v.wrap else "13-1-2 is not."
    return f"12-13-1 is a run; the ace then counts {v.ace_high_run}. {after}"


@_rule("wrap", "Runs round the corner (13-1-2)", MELDS, _high_runs)
def _wrap(v: Variant) -> str:
    if v.wrap:
        return "A run may go round the corner: 13-1-2 is a run."
    if v.ace_high:
        return "A run stops at the ace: 13-1-2 and 12-13-1-2 are not runs."
    return "No: 13-1-2 is not a run."


@_rule("max_jokers_per_meld", "Jokers in one meld", MELDS, _max_jokers)
def _max_jokers_words(v: Variant) -> str:
    n = v.max_jokers_per_meld
    if n == 0:
        return "No jokers in sets or runs at all."
    if n == 1:
        return "At most 1 joker in each set and each run."
    if v.joker_ratio_sets or v.joker_ratio_runs:
        return "No fixed number; see how many jokers a set and a run may hold."
    return "No limit: one set or run may hold both jokers."


@_rule("joker_ratio_sets", "Jokers in a set", MELDS, _at("joker"))
def _ratio_sets(v: Variant) -> str:
    if v.joker_ratio_sets:
        return ("A set needs at least 2 numbered tiles for each joker, "
                "so a set never holds both jokers.")
    if v.max_jokers_per_meld is not None and v.max_jokers_per_meld < 2:
        return f"No ratio rule; the limit of {v.max_jokers_per_meld} joker per meld applies."
    return "No ratio rule: a set may be one numbered tile and two jokers."


@_rule("joker_ratio_runs", "Jokers in a run", MELDS, _at("joker"))
def _ratio_runs(v: Variant) -> str:
    if v.joker_ratio_runs:
        return ("A run needs at least 2 numbered tiles for each joker, "
                "so both jokers fit only in a run of 6 or more.")
    if v.max_jokers_per_meld is not None and v.max_jokers_per_meld < 2:
        return f"No ratio rule; the limit of {v.max_jokers_per_meld} joker per meld applies."
    return "No ratio rule: a run may be one numbered tile and two jokers."


@_rule("adjacent_jokers", "Two jokers side by side", MELDS, _at("joker"))
def _adjacent(v: Variant) -> str:
    if v.adjacent_jokers:
        return "Two jokers may lie side by side in a run (5, joker, joker, 8)."
    return ("Two jokers may not lie side by side in a run: 5, joker, joker, 8 is refused; "
            "5, joker, 7, joker is fine.")


# Opening

@_rule(None, "Before you open", OPENING, _at("opening"))
def _before_opening(v: Variant) -> str:
    return ("Until you have opened, you may not add tiles to melds on the table "
            "or take a joker from the table.")


@_rule("opening", "Points needed to open", OPENING, _at("opening", "opening"))
def _opening(v: Variant) -> str:
    return f"Your first meld (the opening) must add up to at least {v.opening}."


@_rule("opening_needs_run", "A run in the opening", OPENING, _at("opening"))
def _opening_run(v: Variant) -> str:
    if v.opening_needs_run:
        return "Your opening needs a run in it; sets alone will not do."
    return "Your opening may be sets, runs or both."


@_rule("opening_joker", "Joker in the opening", OPENING, _opening_joker("opening_joker"))
def _opening_joker_words(v: Variant) -> str:
    if v.opening_joker == "fixed":
        return (f"In the opening a joker counts {v.opening_joker_value}, "
                "whatever tile it stands for.")
    if v.opening_joker == "not_allowed":
        return "No joker in the opening: open with numbered tiles only."
    return ("In the opening a joker counts the tile it stands for: "
            f"standing for a 12 it counts {_twelve(v)}.")


@_rule("opening_joker_value", "Fixed joker value in the opening", OPENING,
       _opening_joker("opening_joker_value"))
def _opening_joker_value(v: Variant) -> str:
    if v.opening_joker == "fixed":
        return f"A joker counts {v.opening_joker_value} toward the opening."
    if v.opening_joker == "not_allowed":
        return "Does not apply: no joker may be used in the opening."
    return "Does not apply: a joker counts the tile it stands for."


@_rule("opening_from_discard", "A discard in the opening", OPENING, _opening_discard)
def _opening_discard_words(v: Variant) -> str:
    if v.opening_from_discard:
        return ("You may take the previous player's discard (that one tile) "
                "if it goes straight into your opening.")
    return "Your opening comes only from tiles already on your rack."


@_rule("first_round_no_melds", "Melding in the first round", OPENING, _first_round)
def _first_round_words(v: Variant) -> str:
    if v.first_round_no_melds:
        return "Nobody melds in the first round: every player draws and discards once first."
    return "You may open on your very first turn if you can."


# Scoring a hand

@_rule("scoring", "How a hand is scored", SCORING, _at("scoring"))
def _scoring(v: Variant) -> str:
    if v.scoring == "melded":
        bonus = (f"; the player who went out also gets {v.went_out_bonus}"
                 if v.went_out_bonus else "")
        return ("Everyone scores the tiles they put on the table in the hand (in their own "
                f"melds and added to others') minus the tiles left on their rack{bonus}.")
    return ("Only racks count. Every other player scores minus what is left on their rack; "
            "the player who went out scores plus the sum of those racks.")


@_rule("went_out_bonus", "Bonus for going out", SCORING, _at("scoring"))
def _went_out(v: Variant) -> str:
    if v.went_out_bonus:
        return f"Going out earns {v.went_out_bonus} on top of the tiles you melded."
    if v.scoring == "racks":
        return "No fixed bonus: going out earns you the other players' racks."
    return "No bonus for going out: you score your melded tiles like everyone else."


@_rule("melded_joker_bonus", "Joker on the table at the end", SCORING, _melded_joker)
def _melded_joker_words(v: Variant) -> str:
    if v.melded_joker_bonus is not None:
        return (f"Each joker on the table scores +{v.melded_joker_bonus} for the player who "
                "first melded it, wherever it has moved since. Tiles that replaced it "
                "score for whoever supplied them.")
    if v.scoring == "racks":
        return "Jokers on the table score nothing at the end: only racks count here."
    return "A joker you melded counts the tile it stands for."


@_rule("all_at_once_bonus", "Whole hand down at once", SCORING, _all_at_once)
def _all_at_once_words(v: Variant) -> str:
    if v.all_at_once_bonus is None:
        return "No extra bonus for laying the whole hand down in one turn."
    none, one, two = v.all_at_once_bonus
    start = "If you had not opened and go out by laying your whole hand down in one turn"
    if none == one == two:
        total = (f" ({v.went_out_bonus + none} plus your melded tiles in all)"
                 if v.scoring == "melded" else "")
        return f"{start}, you get {none} extra{total}."
    return (f"{start}, you get {none} extra with no joker, {one} with 1 joker, "
            f"{two} with 2 jokers.")


@_rule("never_opened_penalty", "Never opened", SCORING, _at("scoring", "never_opened_penalty"))
def _never_opened(v: Variant) -> str:
    p = v.never_opened_penalty
    if p is None:
        if v.scoring == "racks":
            return "No extra penalty for never opening: your rack counts as usual."
        return "No extra penalty: a player who never opened scores minus their rack."
    if v.never_opened_plus_rack:
        return f"If you never melded a tile in the hand, you lose {p} plus your rack."
    return (f"If you never melded a tile in the hand, you lose {p}, "
            "whatever is on your rack.")


@_rule("never_opened_plus_rack", "Never opened: rack counted too", SCORING,
       _at("scoring", "never_opened_plus_rack"))
def _never_opened_rack(v: Variant) -> str:
    p = v.never_opened_penalty
    if p is None:
        return "Does not apply: there is no penalty for never opening."
    if v.never_opened_plus_rack:
        return f"Yes: never opening costs {p} plus the value of your rack."
    return f"No: never opening costs {p} flat; your rack is not added."


@_rule("exposed_twin_bonus", "Twin of the turned-up tile", SCORING, _exposed_twin)
def _exposed_twin_words(v: Variant) -> str:
    b = v.exposed_twin_bonus
    if b is None:
        return "No bonus for holding the twin of a turned-up tile."
    text = (f"If you were dealt the twin of the tile turned up at the deal and say so "
            f"before your first turn, you score {b} extra.")
    p = v.never_opened_penalty
    if p is None:
        return text
    if v.never_opened_plus_rack:
        return f"{text} Never opened as well: -{p} minus your rack, plus {b}."
    return f"{text} Never opened as well: -{p} + {b} = {b - p}."


@_rule("left_table_penalty", "Leaving mid-hand", SCORING, _left_table)
def _left_table_words(v: Variant) -> str:
    if v.left_table_penalty is None:
        return "No fixed score for leaving during a hand in this variant."
    return (f"If you leave the table during a hand, you score -{v.left_table_penalty} "
            "for it, in place of anything else.")


@_rule("joker_discard_doubles", "Going out on a joker", SCORING, _joker_double)
def _joker_double_words(v: Variant) -> str:
    if v.joker_discard_doubles:
        return ("If you go out by discarding a joker as your last tile, "
                "your score for the hand is doubled.")
    return "Going out on a joker scores like any other way of going out."


# Ending and closing

@_rule(None, "When a hand ends", ENDING, _at("going_out"))
def _hand_ends(v: Variant) -> str:
    return ("A hand ends when someone goes out, or when the pool is empty "
            "and nobody can go out.")


@_rule("finishes", "How to go out", ENDING, _at("going_out"))
def _finishes(v: Variant) -> str:
    ways = set(v.finishes)
    if ways == {"rack_empty"}:
        return "You go out by playing every tile from your rack onto the table; no discard."
    if "rack_empty" in ways:
        return ("You go out by emptying your rack any way: melding, adding to melds "
                "or discarding the last tile.")
    if ways == {"joker_discard"}:
        return ("You go out only by discarding a joker as your last tile; "
                "with no joker left you cannot go out.")
    if ways == {"discard"}:
        return ("You go out by melding all your tiles but one and discarding the last; "
                "that last tile may not be a joker.")
    return ("You go out by melding all your tiles but one and discarding the last; "
            "it may be a joker.")


@_rule("going_out_min_melded", "Minimum on the table to go out", ENDING, _at("going_out"))
def _min_melded(v: Variant) -> str:
    if v.going_out_min_melded is None:
        return "No minimum: you may go out with any amount on the table."
    return (f"You may go out only with at least {v.going_out_min_melded} melded on the "
            "table; a hand that records going out with less is refused.")


@_rule("pool_out", "Pool runs out", ENDING, _pool_out)
def _pool_out_words(v: Variant) -> str:
    start = "If the pool is empty and nobody can go out"
    if v.pool_out == "lowest_rack_wins":
        return (f"{start}, the lowest rack wins the hand. Everyone else scores minus "
                "(own rack minus the lowest rack); the winner scores the sum of those.")
    if v.pool_out == "minus_rack":
        return f"{start}, nobody wins the hand: every player scores minus their own rack."
    extra = (f" Never opening still costs {v.never_opened_penalty}."
             if v.never_opened_penalty is not None else "")
    return (f"{start}, nobody wins the hand: everyone scores melded tiles minus rack, "
            f"with no bonus for going out.{extra}")


@_rule("last_chance_round", "Last-chance round", ENDING, _at("pool"))
def _last_chance(v: Variant) -> str:
    if v.last_chance_round:
        return ("When the pool is empty, play one last-chance round first: each player puts "
                "one rack tile face down, the tiles are mixed, and each takes one in turn. "
                "If someone goes out, score as usual; if not, the rule for an empty pool "
                "settles the hand.")
    return "No last-chance round."


# Series

@_rule(None, "Higher is better", SERIES, _at("scoring"))
def _higher(v: Variant) -> str:
    return "Scores are plus or minus, and the higher total is always the better one."


@_rule("series_winner", "Who wins the series", SERIES, _series_winner)
def _series_winner_words(v: Variant) -> str:
    if v.series_winner == "most_hands":
        return ("Whoever won the most hands wins the series; a tie on hands goes to the "
                "higher total.")
    return "The highest total wins the series."


SERIES_END_WORDS = {
    "hands": "a number of hands",
    "rounds": "a number of rounds (a round is one hand per player)",
    "target": "a target score",
}


@_rule("series_ends", "When the series ends", SERIES, _series_ends)
def _series_ends_words(v: Variant) -> str:
    usual, *others = v.series_ends
    text = f"The group agrees up front: usually {SERIES_END_WORDS[usual]}"
    if others:
        text += "; or " + " or ".join(SERIES_END_WORDS[e] for e in others)
    return text + "."


@_rule("deal_direction", "Who deals next", SERIES, _deal)
def _deal_words(v: Variant) -> str:
    if v.deal_direction == "right":
        return "After each hand the deal moves one seat to the right (anticlockwise)."
    return "After each hand the deal moves one seat to the left (clockwise)."


@_rule("min_players", "Fewest players", SERIES, _players)
def _min_players(v: Variant) -> str:
    return f"At least {v.min_players} players (this variant takes {_players_range(v)})."


@_rule("max_players", "Most players", SERIES, _players)
def _max_players(v: Variant) -> str:
    return f"At most {v.max_players} players (this variant takes {_players_range(v)})."


def _players_range(v: Variant) -> str:
    if v.min_players == v.max_players:
        return _count(v.min_players, "player")
    return f"{v.min_players} to {v.max_players}"


RULES: tuple[Rule, ...] = tuple(sorted(_RULES, key=lambda r: GROUPS.index(r.group)))
BY_PARAM: dict[str, Rule] = {r.param: r for r in RULES if r.param is not None}


# --- Custom variants ---------------------------------------------------------


def base_preset(variant: Variant) -> Variant | None:
    """The preset a custom variant was copied from, or None for a preset or an
    unknown base."""
    if not variant.custom:
        return None
    return PRESETS.get(variant.based_on or "")


def _settle(rule: Rule, v: Variant) -> Basis:
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
        return Basis(group=True, ruling="Set by your group; there is no preset to compare with.")
    return Basis(group=True, base_name=base.name,
                 ruling=f"Changed by your group from {base.name}. "
                        f"In {base.name}: {rule.explain(base)}")


# --- Public ------------------------------------------------------------------


def reference(variant: Variant) -> list[Rule]:
    """Every rule of the variant, grouped as GROUPS, in a stable order."""
    return list(RULES)


def describe(variant: Variant) -> list[dict]:
    """The reference as plain data for templates and the JSON API."""
    return [_entry(rule, variant) for rule in reference(variant)]


def _entry(rule: Rule, variant: Variant) -> dict:
    basis = _settle(rule, variant)
    return {
        "param": rule.param,
        "group": rule.group,
        "title": rule.title,
        "text": rule.explain(variant),
        "source": basis.citation(),
        "ruling": basis.ruling,
    }


def compare(a: Variant, b: Variant) -> list[dict]:
    """Two variants side by side, rule by rule, with `differs` where the rule
    reads differently or its value differs."""
    rows = []
    for rule in RULES:
        left, right = _entry(rule, a), _entry(rule, b)
        value_differs = rule.param is not None and getattr(a, rule.param) != getattr(b, rule.param)
        rows.append({
            "param": rule.param,
            "group": rule.group,
            "title": rule.title,
            "a": {k: left[k] for k in ("text", "source", "ruling")},
            "b": {k: right[k] for k in ("text", "source", "ruling")},
            "differs": value_differs or left["text"] != right["text"],
        })
    return rows


def rule_for_param(param: str) -> Rule:
    """The rule behind a variant parameter, e.g. the `param` of a breakdown line."""
    try:
        return BY_PARAM[param]
    except KeyError:
        raise KeyError(f"no rule for the parameter {param!r}") from None
