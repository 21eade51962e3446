"""What a player reads on a page, checked for the words of issue 24: no English word left, no
"a(z)" (Hungarian), no "de" before a vowel (French), no unreplaced placeholder, and no word
broken across two lines.

The English words are those of the English messages in the sources that the language's own
catalogue never uses: a word the catalogue writes (in a message it translates) is the
language's too, so finding it on a page proves nothing. A translation copied letter for letter
counts only for the words the glossary writes in the language's column.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from conftest import ROOT

from scorekeeper.engine.sources import SOURCES
from scorekeeper.engine.variants import PRESETS

CATALOGUES = ROOT / "scorekeeper" / "translations"
# The keywords the catalogues are extracted with (docs: pybabel extract -k ...).
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "words": None, "counted": (1, 2)}
# An address (https://..., 192.0.2.2:5000/series/1?join=...): no words, written as it is.
ADDRESS = re.compile(r"\S*(?:://|/)\S*")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}|%[sd]\b")
WORD = re.compile(r"[^\W\d_]{2,}")
# A tile as the page writes it (r7, j=b8, r1/set): letters glued to digits are no word.
TILE = re.compile(r"\b[^\W\d_]{0,3}=?[^\W\d_]{0,3}\d+(?:/\w+)?\b")
# Names every language shows as they are: the app, the game, the Joly and the joker.
PROPER = {"joly", "rummikub", "joker", "scorekeeper"}
# A month or a day's name beside a day's number: "25 Nov", "Nov 25", "Wed 25".
DAY = re.compile(r"(?<=\d\s)[^\W\d_]+\b|\b[^\W\d_]+(?=\s\d)")
# "a(z)": the article a catalogue writes when it cannot know the name after it.
UNDECIDED_ARTICLE = re.compile(r"\b[Aa]\(z\)")
# "de Ana", "de Éloïse": French elides "de" before a vowel (d'Ana); an "h" may be either.
VOWELS = "AEIOUYÀÂÄÆÉÈÊËÎÏÔŒÖÙÛÜaeiouyàâäæéèêëîïôœöùûü"
DE_BEFORE_VOWEL = re.compile(rf"(?<![\w'\u2019])[Dd]e\s+(?=[{VOWELS}])")


def blank(pattern: re.Pattern[str], text: str) -> str:
    """The text with what the pattern finds turned to spaces, every other place kept."""
    return pattern.sub(lambda match: " " * len(match.group()), text)


def words_of(text: str) -> set[str]:
    plain = blank(TILE, blank(PLACEHOLDER, unicodedata.normalize("NFC", text)))
    return {w.lower() for w in WORD.findall(plain)}


@cache
def english_words() -> frozenset[str]:
    """The words of every English message the sources mark for the catalogues."""
    with (ROOT / "babel.cfg").open() as config:
        methods, options = parse_mapping_cfg(config)
    found: set[str] = set()
    for _, _, message, _, _ in extract_from_dir(ROOT, methods, options, keywords=KEYWORDS):
        for text in message if isinstance(message, tuple) else (message,):
            found |= words_of(text or "")
    return frozenset(found)


# The glossary's column of each language, by its heading there.
GLOSSARY_COLUMN = {"ro": "Română", "hu": "Magyar", "fr": "Français"}


@cache
def glossary_words(language: str) -> frozenset[str]:
    """The words docs/glossary.md's tables write in the language's column: the words its
    players say, ruled there, some spelt as in English (French "introduction", "source")."""
    found: set[str] = set()
    column = None
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            column = None
        elif GLOSSARY_COLUMN[language] in cells:
            column = cells.index(GLOSSARY_COLUMN[language])
        elif column is not None and column < len(cells):
            found |= words_of(cells[column])
    return frozenset(found)


def own_words(catalogue: Catalog, ruled: frozenset[str]) -> set[str]:
    """The words a catalogue writes as its language's: those of every message it translates,
    and of a translation copied letter for letter only the words the glossary rules (`ruled`)
    are the language's too: French "introduction" is French as well."""
    used: set[str] = set()
    for message in catalogue:
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        theirs = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in theirs:
            if text and text not in english:
                used |= words_of(text)
            elif text:
                used |= words_of(text) & ruled
    return used


@cache
def english_only(language: str, names: tuple[str, ...]) -> frozenset[str]:
    """English words the language's catalogue never writes. A translation that only copies
    its English (a preset's name left as it was) is no word of the language, unless the
    glossary writes that word in the language's column."""
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po)
    used = own_words(catalogue, glossary_words(language))
    own = set().union(*(words_of(name) for name in names))
    return frozenset(english_words() - used - PROPER - own)


def date_names(language: str) -> set[str]:
    """A language's names of months and days, whole and short, as Babel writes them."""
    locale = Locale.parse(language)
    found: set[str] = set()
    for table in (locale.months, locale.days):
        for context in table.values():
            for width in ("wide", "abbreviated"):
                found |= {name.rstrip(".") for name in context.get(width, {}).values()}
    return found


@cache
def english_dates(language: str) -> frozenset[str]:
    """English months and days ("Nov", "Wednesday") the language never writes, letter for
    letter: a Romanian chart says "25 nov.", never "25 Nov"."""
    return frozenset(date_names("en") - date_names(language))


def english(text: object) -> str:
    """An engine message's English: its template where it has one (`Words`), else its text."""
    return str(getattr(text, "template", text))


def kept_titles() -> list[str]:
    """The rule sources' own titles, which may stay as printed in a citation; except a
    title that is also a preset's name (the Romanian preset's), which a player reads as
    the name of the rules they play."""
    presets = {english(preset.name) for preset in PRESETS.values()}
    titles = {english(source.title) for source in SOURCES.values()} - presets
    return sorted(titles, key=len, reverse=True)


# Everything a player reads or hears on the page as it is drawn, each with where it stands:
# text, button values, menu choices, the title, and the names given to screen readers.
# Commands and code (kbd, code, samp) and text marked as another language are left out.
READ = """() => {
  const page = document.documentElement.lang;
  const left = el => el.closest("code, kbd, samp, script, style, template")
    || (el.closest("[lang]") && el.closest("[lang]").lang !== page);
  const where = el => {
    const id = el.id ? "#" + el.id : "";
    const cls = el.classList && el.classList.length ? "." + [...el.classList].join(".") : "";
    return el.tagName.toLowerCase() + id + cls;
  };
  const found = [["title", document.title]];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || left(el) || !el.checkVisibility()) continue;
    found.push([where(el), node.data]);
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (left(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
      const value = el.getAttribute(name);
      if (value && value.trim()) found.push([where(el) + "[" + name + "]", value]);
    }
    if (el.matches("input[type=submit], input[type=button]") && el.value)
      found.push([where(el) + "[value]", el.value]);
    if (el.matches("select option")) found.push([where(el), el.textContent]);
  }
  return found;
}"""

# Every word drawn on more than one line (a name cut "Bogda/n"): the boxes of its letters,
# Range.getClientRects, stand on different lines. Text no one sees is not measured (hidden,
# or clipped to a point for screen readers), nor an address, which may break anywhere.
BROKEN = """() => {
  const unseen = el => {
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return true;
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.clipPath !== "none" || style.clip !== "auto") return true;
    }
    return false;
  };
  // The box of one letter (the widest, where a letter gives more than one).
  const top = (node, at) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    const boxes = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    return boxes.sort((a, b) => b.width - a.width)[0];
  };
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || el.closest("svg, script, style") || !el.checkVisibility()
        || unseen(el)) continue;
    // A word's first and last letters on different lines: it was cut. A soft hyphen is a
    // break the catalogue chose (a hyphen is drawn there), so each part is measured alone.
    for (const match of node.data.matchAll(/[\\p{L}\\p{M}\\p{N}\\u00AD]{2,}/gu)) {
      const token = node.data.slice(0, match.index).split(/\\s/).pop()
        + node.data.slice(match.index).split(/\\s/)[0];
      if (/[\\/?=@]/.test(token)) continue;
      let at = match.index;
      for (const part of match[0].split("\\u00AD")) {
        if (part.length > 1) {
          const first = top(node, at), last = top(node, at + part.length - 1);
          const lines = first && last ? Math.abs(first.top - last.top) : 0;
          if (lines > Math.min(first.height, last.height) / 2)
            broken.push([part, el.textContent.trim().slice(0, 60)]);
        }
        at += part.length + 1;
      }
    }
  }
  return broken;
}"""

# The main navigation's links on one row (issue 24: no navigation wraps at 360-430 px).
NAVIGATION_ROWS = """() => new Set([...document.querySelectorAll("header nav a")]
  .filter(a => a.checkVisibility()).map(a => Math.round(a.getBoundingClientRect().top))).size"""

OPEN_ALL = """() => [...document.querySelectorAll("details:not([open])")].map(d => {
  d.open = true; return d; })"""


def context(text: str, start: int, end: int) -> str:
    return " ".join(text[max(0, start - 30) : end + 30].split())


def findings(page, language: str, names: tuple[str, ...]) -> list[str]:
    """What is wrong with the words of the page as drawn, each said with where it is; the
    folded parts (details) are opened to be read, then folded again."""
    problems = [
        f"broken over two lines: {word!r} in «{where}»"
        + (" (a player's name)" if word in names else "")
        for word, where in page.evaluate(BROKEN)
    ]
    rows = page.evaluate(NAVIGATION_ROWS)
    if rows > 1:
        problems.append(f"the navigation wraps onto {rows} rows")
    opened = page.evaluate_handle(OPEN_ALL)
    read = page.evaluate(READ)
    page.evaluate("opened => opened.forEach(d => { d.open = false; })", opened)
    english = english_only(language, names)
    dates = english_dates(language) - set(names)
    titles = kept_titles()
    reported: set[str] = set()
    for where, raw in read:
        text = unicodedata.normalize("NFC", raw)
        for title in titles:
            text = text.replace(title, " " * len(title))
        for match in PLACEHOLDER.finditer(text):
            said = context(text, *match.span())
            problems.append(f"placeholder {match.group()!r} in {where}: «{said}»")
        if language == "hu":
            for match in UNDECIDED_ARTICLE.finditer(text):
                problems.append(f"a(z) in {where}: «{context(text, *match.span())}»")
        if language == "fr":
            for match in DE_BEFORE_VOWEL.finditer(text):
                problems.append(f"de + vowel in {where}: «{context(text, *match.span())}»")
        for match in DAY.finditer(text):
            if match.group() in dates:
                said = context(text, *match.span())
                problems.append(f"English date {match.group()!r} in {where}: «{said}»")
        plain = blank(TILE, blank(ADDRESS, blank(PLACEHOLDER, text)))
        for match in WORD.finditer(plain):
            word = match.group().lower()
            if word in english and word not in reported:
                reported.add(word)
                problems.append(f"English {word!r} in {where}: «{context(text, *match.span())}»")
    return list(dict.fromkeys(problems))  # once each, in the order met
