"""French puts a space before a colon, a semicolon, a question mark and an exclamation mark
("Non : les tuiles…"); the catalogue writes it as a no-break space (U+00A0, or the narrow
U+202F) so the mark never starts a line on a narrow phone. A plain space is kept where a
translation already has one (it reads the same).

Not a word's punctuation, and so left alone: a placeholder's own colon (`{player:de}`), a
time (20:00), an address, a quoted JSON key, and a mark that follows another mark or starts
the text."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

CATALOGUES = Path(__file__).resolve().parent.parent / "scorekeeper" / "translations"
# A brace field or a %-placeholder stands for a word: "%(name)s:" needs its space too.
PLACEHOLDER = re.compile(r"%\([^)]+\)[sd]|%[sd]|\{[^{}]*\}")
ADDRESS = re.compile(r"\b(?:https?|mailto|sms):\S*")
TIME = re.compile(r"\d:\d")
# A key of the JSON a file must hold, quoted as the file has it.
JSON_KEY = re.compile(r'"\w+":')
# A mark glued to the word before it (a letter, a digit, a closing bracket or quote).
GLUED = re.compile(r"[\w)\]»'\u2019\"]([:;?!])")


def glued_marks(text: str) -> list[str]:
    """Each place in a French text where a high mark sticks to the word before it."""
    plain = TIME.sub("0h0", ADDRESS.sub("", JSON_KEY.sub("", PLACEHOLDER.sub("X", text))))
    return [plain[max(0, m.start() - 12) : m.end() + 1] for m in GLUED.finditer(plain)]


def french_texts() -> list[tuple[str, str]]:
    with (CATALOGUES / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    texts = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts.extend((ids[0], text) for text in strings if text)
    return texts


def test_every_french_high_mark_has_its_space_before_it():
    glued = {msgid: glued_marks(text) for msgid, text in french_texts() if glued_marks(text)}
    assert glued == {}


def test_the_check_finds_a_glued_mark_and_spares_times_addresses_and_placeholders():
    assert glued_marks("Non: les tuiles") == ["Non: "]
    assert glued_marks("Prêt ?") == [] and glued_marks("Prêt\u00a0?") == []
    assert glued_marks("Ouvert dès 20:00 à http://192.168.1.5:5000/join?x=1") == []
    assert glued_marks("{player:de} et %(name)s\u00a0: fini") == []
    assert glued_marks("%(name)s: fini") == ["X: "]
    assert glued_marks('il n\'a pas de "format": "{format}"') == []


def test_the_best_opening_page_says_yes_or_no_with_the_french_space(client):
    """The page's "No: the tiles…" is one message, so French writes "Non : les tuiles…"."""
    client.set_cookie("language", "fr")
    page = client.get("/rules/best-opening?rack=r10+r11+r12+b1&variant=rummikub")
    text = page.get_data(as_text=True)
    said = re.search(r'<p id="all-at-once">(.*?)</p>', text, re.S)
    assert said is not None
    assert said.group(1).startswith("Non\u00a0: ")
    client.set_cookie("language", "en")
    text = client.get("/rules/best-opening?rack=r10+r11+r12&variant=rummikub").get_data(
        as_text=True
    )
    assert re.search(r'<p id="all-at-once">Yes: \w', text)
