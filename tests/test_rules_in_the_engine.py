"""Rule knowledge lives only in the engine: the pages, their scripts, the store and the web
layer ask it, and never decide a rule again.

- The tile pad's script (static/*.js) holds none of the tile notation: no colour letter, alias,
  joker token or card face as a literal, no character class of those letters, no map keyed by
  colour letter, and no highest tile number. It reads the engine's notation from the page
  (engine/notation.py, #tile-notation).
- No template branches on a rule of the variant (`{% if variant.finishes[0] == ... %}`), words
  a rule itself ("wins the series", "needed to open") or writes the notation again (how to
  write tiles, a card's faces): the view passes the engine's words.
- The player-count rule (`min_players` to `max_players`) is compared in one place only,
  `engine.variants.check_player_count` (and `variant_checks`, which holds a variant's own two
  numbers to their bounds).

Each check is first shown to catch the copy it is written against, so none passes by finding
nothing to look at.
"""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

from scorekeeper.engine import Variant
from scorekeeper.engine.notation import HOW_TO_WRITE, notation
from scorekeeper.engine.words import english

ROOT = Path(__file__).resolve().parent.parent
NOTATION = notation()

# --- The tile notation in scripts ------------------------------------------------------------

LETTERS = sorted(
    {*NOTATION["colours"], *NOTATION["aliases"], NOTATION["joker"], *NOTATION["faces"].values()}
)
_LETTER = "|".join(re.escape(letter) for letter in LETTERS)
_LOWER = "".join(letter for letter in LETTERS if letter.islower())
SCRIPT_COPIES = {
    "a notation letter as a string": re.compile(rf"""(["'])(?:{_LETTER})\1"""),
    "a character class of notation letters": re.compile(rf"\[\^?[{_LOWER}]{{2,}}\]"),
    "a map keyed by colour letter": re.compile(rf"[{{,]\s*(?:{'|'.join(NOTATION['colours'])})\s*:"),
    "the highest tile number": re.compile(rf"(?<![\w.]){NOTATION['numbers'][1]}(?![\w.])"),
}


def notation_copies(script: str) -> list[str]:
    """Each line of a script that writes the tile notation again, with what it writes."""
    found = []
    for number, line in enumerate(script.splitlines(), 1):
        if line.lstrip().startswith("//"):
            continue
        found.extend(
            f"line {number}: {kind}: {line.strip()}"
            for kind, pattern in SCRIPT_COPIES.items()
            if pattern.search(line)
        )
    return found


def test_a_script_that_writes_the_notation_again_is_caught():
    # The tile pad as it was before it read the engine's notation.
    script = """
      var COLOURS = [["r", WORDS.red], ["b", WORDS.blue], ["k", WORDS.black]];
      var SUITS = { r: WORDS.hearts, b: WORDS.clubs, k: WORDS.spades, y: WORDS.diamonds };
      for (var n = 1; n <= 13; n++) {
        var face = suits ? ({ 1: "A", 11: "J", 12: "Q", 13: "K" }[n] || String(n)) : String(n);
      }
      var m = /^[rbky]?(\\d+)/.exec(token);
      return token.charAt(0) === "j" ? costs.j : 0;
    """
    found = " ".join(notation_copies(script))
    for kind in SCRIPT_COPIES:
        assert kind in found
    assert len(notation_copies(script)) == 7


def test_no_script_writes_the_tile_notation():
    found = {
        path.name: notation_copies(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "static").glob("*.js"))
    }
    assert "tilepad.js" in found
    assert {name: lines for name, lines in found.items() if lines} == {}


# --- Rules in templates ----------------------------------------------------------------------

# The variant's fields a page may show or branch on: what it is called and where it comes from,
# and whether its tiles show card suits (how tiles are drawn, not a rule of play).
NOT_RULES = {"id", "name", "source", "based_on", "suits"}
RULE_FIELDS = sorted(f.name for f in fields(Variant) if f.name not in NOT_RULES)
_RULE_USE = re.compile(rf"\bvariant\.({'|'.join(RULE_FIELDS)})\b")
_TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
# Sentences of the rules the engine words (engine/opening_words.py, engine/reference/,
# engine/variants.py, engine/table_actions.py); a template holding one says a rule itself.
RULE_SENTENCES = (
    "go down in legal melds",
    "wins the series",
    "reaches the",
    "is under the",
    "An opening needs",
    "is played by",
    "joker stays on the rack",
    "may be used in the opening",
    "no run can be made",
    # ... and the notation said for people (engine/notation.py, HOW_TO_WRITE).
    "colour letter",
    "suit letter",
    "says where it lay",
)
_FACES = re.compile(rf"""\b\d+\s*:\s*(["'])(?:{"|".join(NOTATION["faces"].values())})\1""")


def template_rules(template: str) -> list[str]:
    """Each place a template decides a rule: a tag that branches on a rule of the variant, or
    an expression that picks words by one, and each rule sentence written in it."""
    found = []
    for tag in _TAG.finditer(template):
        text = tag.group()
        branches = text.startswith("{%") or re.search(r"\sif\s", text)
        used = _RULE_USE.search(text)
        if branches and used:
            line = template.count("\n", 0, tag.start()) + 1
            found.append(f"line {line}: branches on variant.{used.group(1)}")
    for sentence in RULE_SENTENCES:
        if sentence in template:
            line = template.count("\n", 0, template.index(sentence)) + 1
            found.append(f"line {line}: says {sentence!r}")
    faces = _FACES.search(template)
    if faces:
        line = template.count("\n", 0, faces.start()) + 1
        found.append(f"line {line}: writes a card's faces")
    return found


def test_a_template_that_decides_a_rule_is_caught():
    # The best-opening and series pages as they were before they asked the engine.
    template = """
  {% set closing = variant.finishes[0] %}
    {%- if closing == "rack_empty" %}{{ _("every tile can go down in legal melds") }}
    {% if series.variant.series_winner == "most_hands" %}{{ _("Most wins the series.") }}{% endif %}
    {{ tiles_field(f, placeholder=(_("a") if series.variant.swap_meld_with is none else _("b"))) }}
    <dd>{{ variant.opening }}</dd> {{ variant.name }} {% if variant.suits %}{% endif %}
    <p>{{ _("A colour letter and a number (r red, b blue), j for a joker.") }}</p>
    {%- set face = ({1: "A", 11: "J", 12: "Q", 13: "K"}.get(n, n) if suits else n) -%}
    """
    assert template_rules(template) == [
        "line 2: branches on variant.finishes",
        "line 4: branches on variant.series_winner",
        "line 5: branches on variant.swap_meld_with",
        "line 3: says 'go down in legal melds'",
        "line 4: says 'wins the series'",
        "line 7: says 'colour letter'",
        "line 8: writes a card's faces",
    ]


def test_no_template_decides_a_rule():
    found = {
        str(path.relative_to(ROOT)): template_rules(path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "templates").rglob("*.html"))
    }
    assert "templates/rules/best_opening.html" in found
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_how_to_write_tiles_names_the_engines_letters():
    # The sentences are the engine's, beside its notation: each names every letter it reads.
    colours = english(HOW_TO_WRITE["colours"])
    for letter in (*NOTATION["colours"], *NOTATION["aliases"], NOTATION["joker"]):
        assert f"{letter} " in colours
        assert f"{letter} " in english(HOW_TO_WRITE["tiles"])
        assert f"{letter} " in english(HOW_TO_WRITE["melds"])
    for letter in (*NOTATION["colours"], NOTATION["joker"]):
        assert f"{letter} " in english(HOW_TO_WRITE["suits"])
    for place in NOTATION["ace_places"]:
        assert f"{NOTATION['ace_mark']}{place}" in english(HOW_TO_WRITE["aces"])


# --- The player-count rule -------------------------------------------------------------------

PLAYER_COUNT = {"min_players", "max_players"}
# Where a variant's player counts may be compared: the rule itself, and the check that holds
# a variant's own two numbers to the bounds every variant keeps.
DECIDED_IN = {"scorekeeper/engine/variants.py", "scorekeeper/engine/variant_checks.py"}


def _is_player_count(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in PLAYER_COUNT


def player_count_comparisons(source: str) -> list[int]:
    """The lines of a module that compare something with a variant's fewest or most players
    (comparing the two with each other, to word the rule, decides nothing)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(map(_is_player_count, parts)) and not all(map(_is_player_count, parts)):
                lines.append(node.lineno)
    return sorted(lines)


def test_a_second_player_count_check_is_caught():
    # The check as the API, hands and table mode each wrote it before they asked the engine.
    source = (
        "if not v.min_players <= len(names) <= v.max_players:\n    raise Refused()\n"
        "too_many = len(players) > series.variant.max_players\n"
        "one_count = v.min_players == v.max_players\n"
    )
    assert player_count_comparisons(source) == [1, 3]


def test_the_player_count_rule_is_decided_once():
    found = {}
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        lines = player_count_comparisons(path.read_text(encoding="utf-8"))
        if lines and name not in DECIDED_IN:
            found[name] = lines
    assert found == {}
    # The rule itself is check_player_count, beside the checks of a variant (variant_checks.py,
    # where it moved to keep variants.py under the size limit once the turn clock came in).
    checks = (ROOT / "scorekeeper/engine/variant_checks.py").read_text(encoding="utf-8")
    rule = next(
        node
        for node in ast.parse(checks).body
        if isinstance(node, ast.FunctionDef) and node.name == "check_player_count"
    )
    assert len(player_count_comparisons(ast.get_source_segment(checks, rule) or "")) == 1
    variants = (ROOT / "scorekeeper/engine/variants.py").read_text(encoding="utf-8")
    assert player_count_comparisons(variants) == []
