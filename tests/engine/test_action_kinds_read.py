"""A refused table action names its kind in each language's own words (issue 24): the JSON
code stays as the data writes it, and no article or ending is put on a code."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from scorekeeper.engine.table_actions import InvalidAction, action_from_dict
from scorekeeper.engine.words import say

CATALOGUES = Path(__file__).parents[2] / "scorekeeper" / "translations"

REFUSED = [
    ({"action": "add_tiles", "player": "Ana", "tiles": "b9"}, "meld_index"),
    ({"action": "new_meld", "player": "Ana", "melds": ["b1 b2 b3"], "by": "Bo"}, "by"),
    ({"action": "swap_joker", "player": "Bo", "meld_index": 0}, "tiles"),
]
SAID = {
    "hu": ["a hozzárakás lépéséhez", "ismeretlen mező az új kirakás", "a jokerkiváltás"],
    "fr": ["une action add_tiles (tuiles", "dans une action new_meld (nouvelles", "swap_joker"],
    "ro": ["o acțiune add_tiles (piese", "într-o acțiune new_meld (formații", "swap_joker"],
}


def refusal(data: dict) -> InvalidAction:
    with pytest.raises(InvalidAction) as refused:
        action_from_dict(data)
    return refused.value


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_refused_actions_kind_is_a_word_of_the_language(language):
    catalogue = gettext.translation("messages", CATALOGUES, languages=[language])
    for (data, field), said in zip(REFUSED, SAID[language], strict=True):
        text = say(refusal(data).words, catalogue)
        assert said in text and repr(field) in text
        assert data["action"] in text  # the code, as the data writes it
        assert "a(z)" not in text and "{" not in text


def test_the_apis_english_keeps_the_code():
    texts = [refusal(data).words.english for data, _ in REFUSED]
    assert texts == [
        "an add_tiles action needs 'meld_index'",
        "unknown field 'by' in a new_meld action",
        "a swap_joker action needs 'tiles'",
    ]
