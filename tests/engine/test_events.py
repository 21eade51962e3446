"""An event's set-up: what is refused, each refusal naming its field, and points per place."""

import gettext
import math
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.engine.events import (
    MAX_EVENT_PLAYERS,
    EventFormat,
    InvalidEvent,
    check_event_name,
    check_event_setup,
    check_place_points,
    default_place_points,
    read_place_points,
)
from scorekeeper.engine.seating import table_sizes
from scorekeeper.engine.series import SeriesEnd
from scorekeeper.engine.variants import PRESETS
from scorekeeper.engine.words import Reading, say

CATALOGUES = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"

RUMMIKUB = PRESETS["rummikub"]
ROMANIAN = PRESETS["romanian"]  # its series end after hands or at a target, never rounds
NIGHT = EventFormat(3, 4, SeriesEnd("hands", 4), "mix", "places", default_place_points())
PLAYERS = ["Ana", "Bo", "Cai", "Dan", "Eva", "Flo", "Gus", "Hal"]


def test_a_club_night_that_can_be_played_is_accepted():
    check_event_setup(RUMMIKUB, PLAYERS, NIGHT)
    check_event_setup(
        ROMANIAN, PLAYERS[:5], replace(NIGHT, table_size=2, end=SeriesEnd("target", 200))
    )
    check_event_setup(RUMMIKUB, [f"P{i}" for i in range(MAX_EVENT_PLAYERS)], NIGHT)


# (variant, players, the format's changes, the field refused, the refusal's English)
REFUSED = [
    (RUMMIKUB, ["Ana", "Bo", "ana"], {}, "players", "ana is on the roster twice"),
    (RUMMIKUB, ["Ana", " "], {}, "players", None),
    (RUMMIKUB, ["Ana"], {}, "players", "an event needs at least 2 players to seat a table, not 1"),
    (
        RUMMIKUB,
        [f"P{i}" for i in range(MAX_EVENT_PLAYERS + 1)],
        {},
        "players",
        "an event takes at most 200 players, not 201",
    ),
    (
        RUMMIKUB.changed(id="x", name="Pairs", max_players=2),
        PLAYERS[:7],
        {"table_size": 2},
        "players",
        "7 players cannot be seated at tables of 2 with exactly 2 players at each",
    ),
    (RUMMIKUB, PLAYERS, {"rounds": 0}, "rounds", None),
    (RUMMIKUB, PLAYERS, {"rounds": 21}, "rounds", None),
    (RUMMIKUB, PLAYERS, {"rounds": True}, "rounds", None),
    (RUMMIKUB, PLAYERS, {"table_size": 5}, "table_size", "a table seats 2, 3 or 4 players"),
    (RUMMIKUB, PLAYERS, {"table_size": "4"}, "table_size", None),
    (
        RUMMIKUB.changed(id="x", name="Threes", max_players=3),
        PLAYERS,
        {"table_size": 4},
        "table_size",
        "Threes is played by 2 to 3 players, so its tables cannot seat 4",
    ),
    (
        RUMMIKUB,
        PLAYERS,
        {"end": SeriesEnd("rounds", 2)},
        "round_end",
        "a round at a table ends after a number of hands or at a target score",
    ),
    (
        RUMMIKUB.changed(id="x", name="Quick", series_ends=("hands",)),
        PLAYERS,
        {"end": SeriesEnd("target", 100)},
        "round_end",
        "a Quick series ends after a number of hands, not at a target score",
    ),
    (RUMMIKUB, PLAYERS, {"seating": "swiss"}, "seating", None),
    (RUMMIKUB, PLAYERS, {"points": "sum"}, "points", None),
    (RUMMIKUB, PLAYERS, {"place_points": {4: (1, 2, 0, 0)}}, "place_points", None),
    (RUMMIKUB, PLAYERS, {"place_points": {4: (3, 2, 1)}}, "place_points", None),
    (RUMMIKUB, PLAYERS, {"place_points": {5: (4, 3, 2, 1, 0)}}, "place_points", None),
    (RUMMIKUB, PLAYERS, {"place_points": {2: (1, -1)}}, "place_points", None),
    (RUMMIKUB, PLAYERS, {"place_points": {2: (math.nan, 0)}}, "place_points", None),
]


@pytest.mark.parametrize(("variant", "players", "changes", "field", "said"), REFUSED)
def test_a_set_up_that_cannot_be_played_is_refused_naming_its_field(
    variant, players, changes, field, said
):
    with pytest.raises(InvalidEvent) as refused:
        check_event_setup(variant, players, replace(NIGHT, **changes))
    assert refused.value.field == field
    if said is not None:
        assert str(refused.value) == said


def test_the_refusals_say_what_to_do_in_whole_sentences():
    with pytest.raises(InvalidEvent) as refused:
        check_event_setup(RUMMIKUB, PLAYERS, replace(NIGHT, place_points={4: (1, 2, 0, 0)}))
    assert str(refused.value) == "at a table of 4, place 2 cannot earn more points than place 1"
    with pytest.raises(InvalidEvent) as refused:
        check_event_setup(RUMMIKUB, PLAYERS, replace(NIGHT, place_points={3: (2, 1)}))
    assert str(refused.value) == "a table of 3 needs points for 3 places, not 2"


@pytest.mark.parametrize(
    ("name", "refused"),
    [("Friday club", False), ("", True), (" ", True), ("x" * 80, False), ("x" * 81, True)],
)
def test_an_event_needs_a_name_of_at_most_80_characters(name, refused):
    if not refused:
        check_event_name(name)
        return
    with pytest.raises(InvalidEvent) as error:
        check_event_name(name)
    assert error.value.field == "name"


# (the JSON value, the points per place read)
READ = [
    (None, {2: (1, 0), 3: (2, 1, 0), 4: (3, 2, 1, 0)}),
    ({"4": [5, 3, 1, 0]}, {2: (1, 0), 3: (2, 1, 0), 4: (5, 3, 1, 0)}),
    ({"3": [2.5, 1, 0], "2": [2, 0]}, {2: (2, 0), 3: (2.5, 1, 0), 4: (3, 2, 1, 0)}),
    ({4: [50, 0, 0, 0]}, {2: (1, 0), 3: (2, 1, 0), 4: (50, 0, 0, 0)}),
]


@pytest.mark.parametrize(("value", "read"), READ)
def test_points_per_place_are_read_per_table_size_the_rest_default(value, read):
    assert read_place_points(value) == read


@pytest.mark.parametrize(
    "value",
    [
        [3, 2, 1, 0],
        {"5": [4, 3, 2, 1, 0]},
        {"four": [3, 2, 1, 0]},
        {"4": "3210"},
        {"4": [3, 2, 1, True]},
        {"4": [3, 2, 1, "0"]},
        {"4": [3, 2, 1, 0, 0]},
        {"2": [1001, 0]},
        {"2": [0, 1]},
    ],
)
def test_points_per_place_that_a_table_could_not_use_are_refused(value):
    with pytest.raises(InvalidEvent) as refused:
        read_place_points(value)
    assert refused.value.field == "place_points"


def read_in(language, message):
    """A refusal as a page in that language shows it (compiled catalogue, capital first)."""
    catalogue = gettext.translation("messages", CATALOGUES, [language])
    return say(message.as_sentence(), Reading(catalogue))


# (the refusal's words, then as Romanian, Hungarian and French players read them)
IN_EACH_LANGUAGE = [
    (
        lambda: check_place_points({4: (1, 2, 0, 0)}),
        "La o masă de 4 jucători, locul 2 nu poate primi mai multe puncte decât locul 1",
        "Egy 4 fős asztalnál a 2. helyezés nem kaphat több pontot, mint az 1. helyezés",
        "À une table de 4 joueurs, la place 2 ne peut pas rapporter plus de points que la place 1",
    ),
    (
        lambda: table_sizes(1, 4, 2, 4),
        "Un turneu are nevoie de cel puțin 2 jucători ca să se formeze o masă, nu de 1",
        "Egy asztalhoz legalább 2 játékos kell, nem 1",
        "Il faut au moins 2 joueurs pour former une table, pas 1",
    ),
    (
        lambda: table_sizes(7, 2, 2, 2),
        "Jucătorii (7) nu pot fi împărțiți la mese de 2 cu exact 2 jucători la fiecare masă",
        "7 játékost nem lehet 2 fős asztalokhoz ültetni úgy, hogy minden asztalnál pontosan 2 "
        "játékos üljön",
        "Impossible de placer 7 joueurs à des tables de 2 avec exactement 2 joueurs à chacune",
    ),
]


@pytest.mark.parametrize(("refusal", "ro", "hu", "fr"), IN_EACH_LANGUAGE)
def test_the_refusals_read_in_each_language(refusal, ro, hu, fr):
    with pytest.raises(InvalidEvent) as refused:
        refusal()
    said = {lang: read_in(lang, refused.value.detail) for lang in ("ro", "hu", "fr")}
    assert said == {"ro": ro, "hu": hu, "fr": fr}
