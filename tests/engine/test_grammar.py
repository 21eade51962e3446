"""The small words before a name or a number, chosen by how it sounds (engine/grammar.py)."""

import pytest

from scorekeeper.engine.grammar import (
    french_elides,
    hungarian_article,
    hungarian_number_vowel,
    hungarian_vowel,
    spoken,
)
from scorekeeper.engine.words import Words, say


@pytest.mark.parametrize(
    ("text", "elides"),
    [
        ("Ana", True),
        ("Éloïse", True),
        ("Öcsi", True),
        ("Ilinca", True),
        ("Ugo", True),
        ("Hélène", True),  # a first name's h is mute: d'Hélène
        ("Yves", True),  # a y before a consonant is a vowel: d'Yves
        ("Yann", False),  # before a vowel it is a consonant: de Yann
        ("Bo", False),
        ("Ștefan", False),
        ("E\u0301loi\u0308se", True),  # the accents typed as combining marks
        ("«\u00a0Ana\u00a0»", False),  # de « Ana » keeps its quotation marks
        ("11", False),  # de 11, read "de onze": no elision before a number
        ("8", False),
        ("r7", False),  # a tile code is written as it is
        ("a", False),
        ("", False),
    ],
)
def test_french_elides_before_a_vowel_sound(text, elides):
    assert french_elides(text) is elides


@pytest.mark.parametrize(
    ("number", "vowel"),
    [
        (1, True),  # egy
        (2, False),  # kettő
        (3, False),  # három
        (5, True),  # öt
        (10, False),  # tíz
        (11, False),  # tizenegy
        (15, False),  # tizenöt
        (50, True),  # ötven
        (51, True),  # ötvenegy
        (100, False),  # száz
        (101, False),  # százegy
        (500, True),  # ötszáz
        (1000, True),  # ezer
        (1500, True),  # ezerötszáz
        (2000, False),  # kétezer
        (5000, True),  # ötezer
        (10_000, False),  # tízezer
        (50_000, True),  # ötvenezer
        (100_000, False),  # százezer
        (1_000_000, True),  # egymillió
        (0, False),  # nulla
        (-1, False),  # mínusz egy
    ],
)
def test_hungarian_reads_a_number_by_its_first_sound(number, vowel):
    assert hungarian_number_vowel(number) is vowel


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ana", "az Ana"),
        ("Öcsi", "az Öcsi"),
        ("Éloïse", "az Éloïse"),
        ("Bogdán", "a Bogdán"),
        ("Ștefan", "a Ștefan"),
        ("Hanna", "a Hanna"),
        ("3", "a 3"),
        ("5", "az 5"),
        ("1 000", "az 1 000"),
        ("r7", "az r7"),  # read "er hét"
        ("k5", "a k5"),  # read "ká öt"
        ("f2", "az f2"),  # read "ef kettő"
        ("r", "az r"),
        ("„Ana”", "az „Ana”"),
        ("O\u0308csi", "az O\u0308csi"),
        ("j=b5", "a j=b5"),
    ],
)
def test_hungarian_article_by_the_following_sound(text, said):
    assert hungarian_article(text) == said
    assert hungarian_vowel(text) is said.startswith("az ")


class Catalogue:
    """A catalogue of one language, from a dict (msgid to msgstr)."""

    def __init__(self, strings: dict[str, str]) -> None:
        self.strings = strings

    def gettext(self, message: str) -> str:
        return self.strings.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


FRENCH = Catalogue(
    {
        "{player} adds {tiles} to {owner}'s set.": "{player} ajoute {tiles} à la série {owner:de}.",
        "only {most}": "{most:Que} {most} ?",
        "unknown field {unknown!r}": "champ inconnu {unknown!r}",
    }
)
HUNGARIAN = Catalogue(
    {
        "hand {hand} comes after the series ended ({end})": (
            "{hand:a}. leosztás a parti vége után jön ({end})"
        ),
        "in {variant}": "{variant:A} változatban",
    }
)


@pytest.mark.parametrize(
    ("message", "catalogue", "said"),
    [
        (
            Words(
                "{player} adds {tiles} to {owner}'s set.",
                {"player": "Bo", "tiles": "r7", "owner": "Éloïse"},
            ),
            FRENCH,
            "Bo ajoute r7 à la série d'Éloïse.",
        ),
        (
            Words(
                "{player} adds {tiles} to {owner}'s set.",
                {"player": "Ana", "tiles": "r7", "owner": "Bo"},
            ),
            FRENCH,
            "Ana ajoute r7 à la série de Bo.",
        ),
        (Words("only {most}", {"most": "Ana"}), FRENCH, "Qu'Ana Ana ?"),
        (Words("unknown field {unknown!r}", {"unknown": "x"}), FRENCH, "champ inconnu 'x'"),
        (
            Words("hand {hand} comes after the series ended ({end})", {"hand": 5, "end": "10"}),
            HUNGARIAN,
            "az 5. leosztás a parti vége után jön (10)",
        ),
        (
            Words("hand {hand} comes after the series ended ({end})", {"hand": 3, "end": "10"}),
            HUNGARIAN,
            "a 3. leosztás a parti vége után jön (10)",
        ),
        (Words("in {variant}", {"variant": Words("Ana")}), HUNGARIAN, "Az Ana változatban"),
    ],
)
def test_a_catalogue_asks_for_the_grammar_in_the_placeholder(message, catalogue, said):
    assert say(message, catalogue) == said


def test_the_english_and_plain_placeholders_are_unchanged():
    message = Words(
        "{player} adds {tiles} to {owner}'s set.",
        {"player": "Ana", "tiles": "r7", "owner": "Éloïse"},
    )
    assert say(message, FRENCH.__class__({})) == "Ana adds r7 to Éloïse's set."
    assert f"{spoken({'n': 5})['n']:>3}" == "  5"
    assert str(spoken({"name": "Ana"})["name"]) == "Ana"
