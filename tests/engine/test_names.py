"""Players' names as people write them: one key for one person, however the name is typed."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine import InvalidHand, InvalidSeries, SeriesEnd, preset, read_hand, score_hand
from scorekeeper.engine.names import isolated, lookalike, name_key, name_problem
from scorekeeper.engine.series import check_series_setup
from scorekeeper.engine.table import InvalidAction, NewMeld, Table, hand_record
from scorekeeper.engine.words import english

COMPOSED = "\u00c9lo\u00efse"  # É and ï as one code point each
DECOMPOSED = "E\u0301loi\u0308se"  # E and i followed by their combining accents

SAME_PLAYER = [
    ("Ștefan", "ștefan"),
    ("Ștefan", "ȘTEFAN"),
    ("Ștefan", "Ştefan"),  # S with a cedilla, as older keyboards type it
    ("ştefan", "ȘTEFAN"),
    ("Ştefan", "ŞTEFAN"),
    ("Ţuţu", "ȚUȚU"),
    ("S\u0326tefan", "Ștefan"),  # comma below written as a combining mark
    ("S\u0327tefan", "ștefan"),  # cedilla written as a combining mark
    (COMPOSED, DECOMPOSED),
    (COMPOSED, "éloïse"),
    (DECOMPOSED, "ÉLOÏSE"),
    ("ZSÓFIA", "Zsófia"),
    ("Zso\u0301fia", "zsÓfia"),
    ("Strauß", "STRAUSS"),
    ("Strauß", "Strauss"),
    ("İlker", "ilker"),
    ("İLKER", "ILKER"),
    ("  Ana   Maria ", "ana maria"),
    ("\uff21\uff4e\uff41", "Ana"),  # full-width letters, as some phone keyboards give them
    ("Ana\u00a0Maria", "Ana Maria"),  # a no-break space
]

OTHER_PLAYERS = [
    ("Ștefan", "Stefan"),  # the comma makes another name: merged only when the scorer says
    ("Éloïse", "Eloise"),
    ("Zsófia", "Zsofia"),
    ("I\u015f\u0131k", "Isik"),  # the dotless i is a letter of its own
    ("Ana Maria", "AnaMaria"),
]


@pytest.mark.parametrize(("one", "other"), SAME_PLAYER)
def test_names_of_the_same_player_have_one_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), OTHER_PLAYERS)
def test_names_of_other_players_keep_their_own_keys(one, other):
    assert name_key(one) != name_key(other)


def test_the_key_is_the_name_as_folded_and_composed():
    assert name_key("ŞTEFAN") == "ștefan"
    assert name_key(DECOMPOSED) == "éloïse" == unicodedata.normalize("NFC", "éloïse")
    assert name_key(" Ana  ") == "ana"


NAMES = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)


@given(NAMES)
def test_the_key_of_a_key_is_itself(name):
    assert name_key(name_key(name)) == name_key(name)


@given(NAMES)
def test_case_and_normal_form_never_change_the_key(name):
    key = name_key(name)
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        written = unicodedata.normalize(form, name)
        assert name_key(written) == key
        assert name_key(written.upper()) == name_key(name.upper())
        assert name_key(written.casefold()) == key


@given(st.text(st.sampled_from("aăâeéiîoóöőuúüűsștțşţzAĂÂEÉIÎOÓÖŐUÚÜŰSȘTȚŞŢZ "), max_size=20))
def test_the_letters_of_these_tables_match_in_any_case(name):
    assert name_key(name.upper()) == name_key(name.lower()) == name_key(name)


# --- The engine matches names by the key wherever a hand names a player --------------

RUMMIKUB = preset("rummikub")
ROMANIAN = preset("romanian")
SERIES = ["Ștefan", "Éloïse", "Zsófia"]


def test_a_hand_of_a_series_may_write_its_players_in_another_case_or_form():
    hand = {
        "players": [
            {"name": "ştefan", "went_out": True},
            {"name": DECOMPOSED, "rack": "r5"},
            {"name": "ZSÓFIA", "rack": "b7 k3"},
        ]
    }
    record = read_hand(hand, RUMMIKUB, SERIES)
    assert record.names == SERIES  # as the series spells them
    assert score_hand(record).scores == {"Ștefan": 15, "Éloïse": -5, "Zsófia": -10}


def test_a_hand_naming_someone_else_of_a_series_is_still_refused():
    hand = {
        "players": [
            {"name": "Stefan", "went_out": True},
            {"name": "Éloïse", "rack": "r5"},
            {"name": "Zsófia", "rack": "b7"},
        ]
    }
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand, RUMMIKUB, SERIES)
    assert caught.value.field == "players"
    assert "must be the series' players in seat order (Ștefan, Éloïse, and Zsófia)" in str(
        caught.value
    )


def test_one_player_written_twice_in_a_hand_is_refused():
    hand = {
        "variant": "rummikub",
        "players": [{"name": "Ştefan", "went_out": True}, {"name": "ȘTEFAN", "rack": "r5"}],
    }
    with pytest.raises(InvalidHand) as caught:
        read_hand(hand)
    assert (caught.value.player, caught.value.field) == ("ȘTEFAN", "name")
    assert english(caught.value.detail) == "the name appears twice in this hand"


def test_melds_name_who_laid_them_in_any_case_or_form():
    hand = {
        "players": [
            {"name": "Ștefan", "went_out": True},
            {"name": "Éloïse", "rack": "r5"},
            {"name": "Zsófia", "rack": "b7"},
        ],
        "melds": [
            {"tiles": "r10 b10 k10", "by": "ŞTEFAN"},
            {"tiles": "y1 y2 y3", "by": ["zsÓfia", DECOMPOSED, "éloïse"]},
        ],
    }
    record = read_hand(hand, ROMANIAN, SERIES)
    assert [tm.by for tm in record.melds] == [("Ștefan",) * 3, ("Zsófia", "Éloïse", "Éloïse")]


def test_a_series_cannot_seat_one_player_twice_however_written():
    with pytest.raises(InvalidSeries) as caught:
        check_series_setup(RUMMIKUB, ["Ștefan", "Zsófia", "ŞTEFAN"], SeriesEnd("hands", 4), 0)
    assert (caught.value.field, caught.value.seat) == ("players", 2)
    assert english(caught.value.detail) == "ŞTEFAN is seated twice"


def test_table_mode_finds_the_player_of_an_action_and_who_went_out_by_the_key():
    table = Table(ROMANIAN, SERIES).apply(NewMeld("ŞTEFAN", ["r11 b11 k11", "y12 y13 y1"]))
    assert table.opened("Ștefan")
    record = hand_record(table, {"ZSÓFIA": "b7", DECOMPOSED: "r5"}, went_out="ştefan")
    assert [(p["name"], p.get("went_out", False), p["rack"]) for p in record["players"]] == [
        ("Ștefan", True, ""),
        ("Éloïse", False, "r5"),
        ("Zsófia", False, "b7"),
    ]


def test_table_mode_refuses_one_player_seated_twice_however_written():
    with pytest.raises(InvalidAction) as caught:
        Table(ROMANIAN, ["Ștefan", "Ştefan", "Zsófia"])
    assert (caught.value.field, english(caught.value.detail)) == (
        "players",
        "two players have the same name",
    )


# Lookalikes (issue 23): names drawn alike on a phone are refused beside each other.
CYRILLIC_S = "\u0405tefan"  # Cyrillic capital dze, drawn as a Latin S
LOOKALIKES = [
    (CYRILLIC_S, "Stefan"),
    ("\u0218tef\u0430n", "Ștefan"),  # a Cyrillic a in a Romanian name
    ("J0hn", "John"),  # a zero for an O
    ("llona", "Ilona"),  # a small L for a capital I
    ("Carrnen", "Carmen"),  # r and n for an m
    ("\uff33tefan", "STEFAN"),  # full-width letters are the same key already, not lookalikes
]
DRAWN_APART = [
    ("Ștefan", "Stefan"),  # the comma below is seen: two people, merged only when told
    ("Ödön", "Odon"),
    ("Gergő", "Gergo"),
    ("Éloïse", "Eloise"),
    ("Zsófia", "Zsofia"),
    ("Rareș", "Rares"),
    ("Ana", "Ana Maria"),
]


@pytest.mark.parametrize(("name", "seated"), LOOKALIKES[:-1])
def test_a_name_drawn_like_another_players_is_a_lookalike(name, seated):
    assert lookalike(name, ["Bo", seated]) == seated
    with pytest.raises(InvalidSeries) as refused:
        check_series_setup(RUMMIKUB, [seated, "Bo", name], SeriesEnd("hands", 4), 0)
    assert refused.value.seat == 2
    assert english(refused.value.detail).startswith(
        f"{name} and {seated} look the same on a screen"
    )


def test_the_same_player_written_another_way_is_not_a_lookalike():
    assert lookalike(*LOOKALIKES[-1][:1], [LOOKALIKES[-1][1]]) is None


@pytest.mark.parametrize(("name", "other"), DRAWN_APART)
def test_names_told_apart_by_an_accent_are_two_players_side_by_side(name, other):
    assert lookalike(name, [other]) is None
    check_series_setup(RUMMIKUB, [name, other], SeriesEnd("hands", 4), 0)


@pytest.mark.parametrize(
    "hidden",
    ["\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2067", "\u200f", "\u3164"],
)
def test_a_name_with_an_invisible_character_is_refused(hidden):
    name = f"Ana{hidden}"
    assert "invisible characters" in english(name_problem(name))
    with pytest.raises(InvalidSeries) as refused:
        check_series_setup(RUMMIKUB, ["Ana", name], SeriesEnd("hands", 4), 0)
    assert refused.value.seat == 1
    with pytest.raises(InvalidHand):
        read_hand(
            {"players": [{"name": name, "went_out": True}, {"name": "Bo", "rack": "r5"}]}, RUMMIKUB
        )


def test_a_free_hand_refuses_two_lookalike_players():
    with pytest.raises(InvalidHand) as refused:
        read_hand(
            {"players": [{"name": "Stefan", "went_out": True}, {"name": CYRILLIC_S, "rack": "r5"}]},
            RUMMIKUB,
        )
    assert "and Stefan look the same" in str(refused.value)


def test_names_of_other_scripts_and_emoji_are_still_names():
    for name in ("Анна", "Δήμητρα", "דנה", "Ana 🙂", "❤\ufe0f Bo"):
        assert name_problem(name) is None, name


def test_an_isolated_name_keeps_its_direction_to_itself():
    assert isolated("דנה") == "\u2068דנה\u2069"


def test_a_refused_name_shows_where_its_invisible_characters_are():
    with pytest.raises(InvalidSeries) as refused:
        check_series_setup(preset("rummikub"), ["Ana", "Bo\u200b"], SeriesEnd("hands", 2))
    assert english(refused.value.detail) == (
        "a name cannot contain invisible characters (such as a zero-width space or a mark "
        "that changes the direction of the text): “Bo[U+200B]”"
    )
