"""The walk's English-word check (page_words.py) takes a word spelt alike in English and in
the language as the language's only where the glossary writes it in that language's column."""

from babel.messages.catalog import Catalog

from .page_words import english_only, glossary_words, own_words


def test_a_word_the_glossary_gives_french_is_french_even_where_copied():
    assert "introduction" in glossary_words("fr")
    assert "introduction" not in english_only("fr", ())
    # Romanian says "introducerea": the English word on a Romanian page is still English.
    assert "introduction" in english_only("ro", ())


def test_a_copied_english_word_the_glossary_does_not_give_stays_english():
    catalogue = Catalog(locale="fr")
    catalogue.add("introduction", "introduction")
    catalogue.add("Undo the hand", "Undo the hand")
    catalogue.add("The Play", "Déroulement du jeu")
    used = own_words(catalogue, glossary_words("fr"))
    assert "introduction" in used and {"déroulement", "du", "jeu"} <= used
    assert not {"undo", "hand"} & used
