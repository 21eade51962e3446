"""Every message a page or the command line can show is in each language's catalogue, and no
translation loses or invents a placeholder.

The messages are extracted from the sources here, in-process, with the same mapping
(babel.cfg) and keywords as the catalogues' own extraction: gettext's and Flask-Babel's, and
the engine's `words` and `counted` (engine/words.py).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from scorekeeper.engine.grammar import SPECS

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "scorekeeper" / "translations"
LANGUAGES = ("ro", "hu", "fr")
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "words": None, "counted": (1, 2)}
# A placeholder: Python's "%(name)s" or "%s", or a brace field "{name}" / "{name!r}" (a doubled
# brace is a brace, not a placeholder).
PLACEHOLDER = re.compile(r"%\([^)]+\)[sd]|%[sd]|(?<!\{)\{[^{}]*\}(?!\})")
GRAMMAR_SPEC = re.compile(r":(?i:" + "|".join(SPECS) + r")\}$")


@cache
def extracted() -> dict[str, int]:
    """Every msgid in the sources (a plural message by its singular), with a line it is on."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    found: dict[str, int] = {}
    for _, line, message, _, _ in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault(msgid, line)
    return found


@cache
def catalogue(language: str):
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    """The placeholders of a text, a grammar spec left out: a translation's `{player:de}`
    ("d'Ana", engine/grammar.py) is the message's `{player}`."""
    return {GRAMMAR_SPEC.sub("}", found) for found in PLACEHOLDER.findall(text)}


def test_the_sources_hold_the_engines_words_and_the_pages_words():
    found = extracted()
    # One of each kind: a refusal, a breakdown line with plurals, a rule's words, a page's.
    assert "{tiles}: a meld needs at least 3 tiles" in found
    assert "{n} joker credited to you as first melder, {bonus} each" in found
    assert "106 tiles: {faces}, two of each, plus two jokers." in found
    assert "Language" in found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    entries = catalogue(language)
    missing = []
    for msgid in extracted():
        entry = entries.get(msgid)
        strings = entry.string if entry is not None else ""
        if (
            entry is None
            or entry.fuzzy
            or not all(strings if isinstance(strings, tuple) else (strings,))
        ):
            missing.append(msgid)
    assert not missing, f"{len(missing)} messages lack a {language} translation:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_changes_the_placeholders(language):
    wrong = []
    for entry in catalogue(language):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(placeholders(i) for i in ids))
        for string in strings:
            # A plural form may leave out the count ("un joker"), never add a placeholder.
            has = placeholders(string)
            if string and (has - wanted or (len(ids) == 1 and has != wanted)):
                wrong.append(f"{ids[0]!r}: {string!r}")
    assert not wrong, f"{language} translations with other placeholders:\n" + "\n".join(wrong)


def test_the_placeholder_check_finds_a_changed_placeholder():
    assert placeholders("{tiles}: a meld needs at least 3 tiles") == {"{tiles}"}
    assert placeholders("{piese}: prea puține") == {"{piese}"}
    assert placeholders("%(name)s wins, {{literal}}") == {"%(name)s"}
    # A grammar spec is the same placeholder; another name or spec is not.
    assert placeholders("la série {tiles:de} {player:De}") == {"{tiles}", "{player}"}
    assert placeholders("{player:x}") == {"{player:x}"}


MARKS = {"words": 1, "counted": 2, "gettext": 1, "lazy_gettext": 1, "ngettext": 2, "_": 1}


def test_the_extractor_finds_every_marked_message_in_the_code():
    """A message marked inside another call's arguments can be missed by the extractor, and
    would then stay English on every page: each marked text must be among those extracted."""
    missed = []
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in MARKS
            ):
                continue
            for text in node.args[: MARKS[node.func.id]]:
                if (
                    isinstance(text, ast.Constant)
                    and isinstance(text.value, str)
                    and text.value not in extracted()
                    and text.value not in plurals()
                ):
                    missed.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text.value[:60]}")
    assert missed == []


@cache
def plurals() -> set[str]:
    """The plural forms of the extracted messages (a message is known by its singular)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    return {
        message[1]
        for _, _, message, _, _ in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS
        )
        if isinstance(message, tuple)
    }
