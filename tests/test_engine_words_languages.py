"""Every message the engine makes, read in Romanian, Hungarian and French, with names that
start with a vowel and with a consonant: no English left, no placeholder unfilled, and each
name standing in its sentence as the language needs ("d'Éloïse", "az Ana", "az 5.", no "lui
Ana").

The messages are every msgid marked in scorekeeper/engine with `words` or `counted`
(extracted in-process, as the catalogues' own extraction does); each is read from the .po
file as it is now (compiled in memory), so the test needs no build step.
"""

from __future__ import annotations

import io
import re
from functools import cache
from itertools import cycle

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from test_catalogues import CATALOGUES, ROOT

from scorekeeper.engine.words import Words, english, say

LANGUAGES = ("ro", "hu", "fr")
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")

# The samples: names, numbers and tiles starting with a vowel sound, then with a consonant.
# Hungarian reads 1 "egy", 5 "öt", 50 "ötven" (az 1., az 5., az 50.); 3, 10 and 100 "három",
# "tíz", "száz" (a 3., a 10., a 100.).
VOWEL = {
    "names": ("Ana", "Éloïse", "Öcsi", "Ilinca"),
    "numbers": (1, 5, 50),
    "tiles": ("r7", "b5 b6 b7", "k13", "j=y1"),
}
CONSONANT = {
    "names": ("Bo", "Ștefan", "Bogdán"),
    "numbers": (3, 10, 100),
    "tiles": ("k5", "r10 r11 r12", "y3", "b1"),
}
SAMPLES = {"vowel": VOWEL, "consonant": CONSONANT}
NAMES = set(VOWEL["names"] + CONSONANT["names"])

# What each placeholder holds, by its name in the English messages (every other one holds
# a name or other words, and gets a name).
NUMBER_FIELDS = (
    "n count most least fewest number hand hands limit length low high meld_index "
    "to_meld seat swapped on_rack used amount swap_meld_with min_players max_players "
    "max_jokers_per_meld points bonus p b b2 penalty melded lowest value needed "
    "opening twelve none two taken going_out_min_melded never_opened_penalty "
    "left_table_penalty melded_joker_bonus went_out_bonus opening_joker_value "
    "value_2_9 value_10_13 ace_low_run ace_high_run ace_set ace_rack joker_rack "
    "swapped_joker_rack rack_swapped_joker rack costs total neighbour meld size place better"
)
NUMBERS = frozenset(NUMBER_FIELDS.split())
TILES = frozenset(
    ["tiles", "tile", "t", "wanted", "stands", "joker", "inside", "gap", "token", "shown", "key"]
)
LETTERS = {"colour": ("r", "b", "k", "y")}
# Words that are not English although the English messages use them.
NOT_ENGLISH = {"joly", "rummikub", "joker", "jokers"}


@cache
def engine_messages() -> list[str | tuple[str, str]]:
    """Every message marked in the engine: a msgid, or a (singular, plural) pair."""
    keywords = {"words": None, "counted": (1, 2)}
    found: dict[str | tuple[str, str], None] = {}
    for _, _, message, _, _ in extract_from_dir(
        str(ROOT / "scorekeeper" / "engine"), [("**.py", "python")], {}, keywords=keywords
    ):
        if message:
            found.setdefault(message, None)
    return list(found)


@cache
def translations(language: str) -> Translations:
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Translations(compiled)


def message(msgid: str | tuple[str, str], run: str) -> Words:
    """The message with a sample for each of its placeholders."""
    singular, plural = msgid if isinstance(msgid, tuple) else (msgid, None)
    samples = SAMPLES[run]
    names, numbers, tiles = (cycle(samples[kind]) for kind in ("names", "numbers", "tiles"))
    values: dict[str, object] = {}
    for field in FIELD.findall(singular + (plural or "")):
        if field in values:
            continue
        if field in NUMBERS:
            values[field] = next(numbers)
        elif field in TILES:
            values[field] = next(tiles)
        elif field in LETTERS:
            values[field] = LETTERS[field][0]
        else:
            values[field] = next(names)
    if plural is None:
        return Words(singular, values)
    counter = next((f for f in values if f in NUMBERS), "n")
    values.setdefault(counter, next(numbers))
    return Words(singular, values, plural, counter)


def english_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+", FIELD.sub(" ", text))}


@cache
def english_only(language: str) -> frozenset[str]:
    """Words of the engine's English messages that the language's catalogue never uses."""
    english: set[str] = set()
    for msgid in engine_messages():
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            english |= english_words(text)
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po, locale=language)
    used: set[str] = set()
    for entry in catalogue:
        for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            used |= english_words(text or "")
    samples = {w.lower() for w in NAMES} | {"r", "b", "k", "y", "j"}
    return frozenset(english - used - samples - NOT_ENGLISH)


VOWEL_START = "aeiouàâäéèêëîïôöùûüœæáíóőúű"
FRENCH_ELISION = re.compile(rf"\b(?:de|que|le|la) +[{VOWEL_START}]", re.IGNORECASE)
# Hungarian: "a" before a vowel sound, "az" before a consonant, the samples read aloud.
HUNGARIAN_ARTICLE = re.compile(
    r"(?<![\w-])(?:(?i:a) +[aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ]\w|a +(?:1|5|50)\b"
    r"|(?i:az) +(?:Bo|Ștefan|Bogdán|3|10|100)\b)"
)
# French: a participle or adjective agreeing with a player it cannot know: after a verb ("Ana
# est sorti"), opening a line shown for a player ("Sorti d'un coup", "Pris avec un joker"), or
# saying what the player is ("crédité à vous comme premier"). Say it with *faire rami*, a noun
# or "en premier" instead (docs/glossary.md).
AGREEING = r"(?:sorti|parti|arrivé|resté|bloqué|assis|pris|crédité|premier|seul|gagnant|dernier)"
SUBJECT = r"(?:\b[A-ZÀ-Ý]\w*|\{\w+\}|%\(\w+\)s|\bvous)"
FRENCH_PARTICIPLE = re.compile(
    rf"{SUBJECT} (?:est|sont|soit|êtes|a été|ont été) (?i:{AGREEING})\b|sorti\(e\)"
    rf"|^(?i:{AGREEING})(?=$|\s*:|,| (?:en|d'|de|avec|par|à|au|sans)\b)"
    rf"|(?i:\b(?:vous|te) comme {AGREEING}\b|\bcrédités? à vous\b)"
)
ROMANIAN_GENITIVE = re.compile(r"\blui +(?:" + "|".join(sorted(NAMES)) + r")\b")


def problems(text: str, english: str, language: str) -> list[str]:
    """What is wrong with one message as read in `language` (`english`: as read in English)."""
    found = []
    leftover = sorted(english_words(text) & english_only(language))
    if leftover:
        found.append(f"English {leftover}")
    if FIELD.search(text) or text.count("{") + text.count("}") > english.count("{") + english.count(
        "}"
    ):
        found.append("a placeholder or brace left")
    if "a(z)" in text.lower():
        found.append('"a(z)"')
    if language == "fr" and FRENCH_ELISION.search(text):
        found.append(f"no elision: {FRENCH_ELISION.search(text).group()!r}")  # type: ignore[union-attr]
    if language == "fr" and FRENCH_PARTICIPLE.search(text):
        found.append("a participle that agrees with the player")
    if language == "hu" and HUNGARIAN_ARTICLE.search(text):
        found.append(f"wrong article: {HUNGARIAN_ARTICLE.search(text).group()!r}")  # type: ignore[union-attr]
    if language == "ro" and ROMANIAN_GENITIVE.search(text):
        found.append(f"a name after lui: {ROMANIAN_GENITIVE.search(text).group()!r}")  # type: ignore[union-attr]
    return found


def test_every_engine_message_is_sampled():
    messages = engine_messages()
    assert len(messages) > 500
    assert "{player} adds {tiles} to {owner}'s set." in messages
    rendered = message("{player} adds {tiles} to {owner}'s set.", "vowel")
    assert english(rendered) == "Ana adds r7 to Éloïse's set."


@pytest.mark.parametrize("run", SAMPLES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_message_reads_right_in_the_language(language, run):
    wrong = []
    for msgid in engine_messages():
        words = message(msgid, run)
        english = say(words, None)
        text = say(words, translations(language))
        for problem in problems(text, english, language):
            wrong.append(f"{problem}: {text!r}  <- {english!r}")
    assert not wrong, f"{len(wrong)} engine messages read wrong in {language}:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("text", "language", "wrong"),
    [
        ("Ana ajoute r7 à la série de Éloïse.", "fr", True),
        ("Ana ajoute r7 à la série d'Éloïse.", "fr", False),
        ("la série de Bo", "fr", False),
        ("Ana est sorti(e). r7, à votre débit", "fr", True),
        ("Ana a fait rami. r7, à votre débit", "fr", False),
        ("Sorti en défaussant la dernière tuile", "fr", True),
        ("A fait rami en défaussant la dernière tuile", "fr", False),
        ("Sorti d'un coup", "fr", True),
        ("Pris avec un joker", "fr", True),
        ("1 joker crédité à vous comme premier à l'avoir posé, 10 chacun", "fr", True),
        ("1 joker qui vous revient pour l'avoir posé en premier, 10 par joker", "fr", False),
        ("Premier tour et ouverture", "fr", False),
        ("un as resté sur un chevalet", "fr", False),
        ("Vissza a(z) 3. leosztás asztalához", "hu", True),
        ("Vissza a 5. leosztás asztalához", "hu", True),
        ("Vissza az 5. leosztás asztalához", "hu", False),
        ("az Bogdán sora", "hu", True),
        ("a Bogdán sora", "hu", False),
        ("Az nyeri a partit, aki…: A 1, a 2-10", "hu", False),
        ("tabla lui Ana", "ro", True),
        ("tabla: Ana", "ro", False),
        ("Ana a ieșit. rack count against you", "ro", True),
        ("Ana: {tiles}", "ro", True),
    ],
)
def test_the_checks_find_what_reads_wrong(text, language, wrong):
    assert bool(problems(text, text.replace("{tiles}", "r7"), language)) is wrong


def test_no_french_page_message_agrees_with_a_player_it_cannot_know():
    """The page's own words too ("Sorti d'un coup" and "Pris avec un joker" on a player's page,
    for Ana as for Éloïse)."""
    with (CATALOGUES / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    wrong = [
        text
        for entry in catalogue
        for text in (entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if text and FRENCH_PARTICIPLE.search(text)
    ]
    assert wrong == []
