"""A scored hand kept as data: who opened, the stored record and its round trip,
and standings tallied from stored results without scoring again."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    PRESETS,
    HandResult,
    InvalidSeries,
    Line,
    read_hand,
    read_series,
    score_hand,
    score_series,
    tally_series,
)
from scorekeeper.engine.words import english

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ["Ana", "Bo", "Cici"]


def a_hand(variant_id, went_out=0, racks=("b3", "r5 k7", "j y13"), melded=(0, 40, 0)):
    """A hand of any preset: the player at `went_out` (or nobody) goes out; under
    melded-value scoring each player also says what they put on the table."""
    v = PRESETS[variant_id]
    players = []
    for i, name in enumerate(NAMES):
        player: dict = {"name": name, "rack": racks[i] if i != went_out else ""}
        if i == went_out:
            player["went_out"] = True
            player["finish"] = v.finishes[0]
        if v.scoring == "melded":
            low = v.going_out_min_melded or 0 if i == went_out else 0
            player["melded_points"] = max(melded[i], low)
        players.append(player)
    return {"variant": variant_id, "players": players}


def round_trip(result: HandResult) -> HandResult:
    """Through the stored record and JSON text, as the database keeps it."""
    return HandResult.from_record(json.loads(json.dumps(result.to_record())))


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
@pytest.mark.parametrize("went_out", [0, 2, None])
def test_every_presets_result_comes_back_from_its_record_unchanged(variant_id, went_out):
    result = score_hand(read_hand(a_hand(variant_id, went_out)))
    back = round_trip(result)
    assert back == result
    assert list(back.scores) == NAMES  # seat order survives
    assert back.to_dict() == result.to_dict()


@FAST
@given(
    st.sampled_from(sorted(PRESETS)),
    st.one_of(st.none(), st.integers(0, 2)),
    st.lists(st.sampled_from(["r1", "b9", "k12", "y13", "j"]), min_size=1, max_size=3, unique=True),
    st.lists(st.integers(0, 300), min_size=3, max_size=3),
)
def test_any_result_comes_back_from_its_record_unchanged(variant_id, went_out, rack, melded):
    racks = (" ".join(rack), "r5 k7", "y2")
    result = score_hand(read_hand(a_hand(variant_id, went_out, racks, melded)))
    assert round_trip(result) == result


def test_the_record_keeps_every_line_with_its_parameter():
    # Romanian: Ana goes out (100); Bo put 40 down and holds r5 k7 (5 + 5 = 10): 30;
    # Cici never opened: -200.
    result = score_hand(read_hand(a_hand("romanian")))
    record = result.to_record()
    assert record["scores"] == {"Ana": 100, "Bo": 30, "Cici": -200}
    assert record["opened"] == {"Ana": True, "Bo": True, "Cici": False}
    [line] = record["breakdown"]["Cici"]
    said = line.pop("said")
    assert line == {
        "points": -200,
        "rule": "Never opened: a fixed penalty, whatever is on the rack",
        "source": english(result.breakdown["Cici"][0].source),
        "param": "never_opened_penalty",
    }
    # The line's words are kept as data too, so a page reads a stored line in its language.
    assert said["rule"] == {
        "template": "Never opened: a fixed penalty, whatever is on the rack",
        "values": {},
    }
    assert said["source"] == {
        "template": "{source}, {section}",
        "values": {
            "source": {"template": "Romanian tile rummy", "values": {}},
            # The source prints no heading here: the part is named in the reader's language.
            "section": {"template": "scoring section", "values": {}},
        },
    }
    assert record["racks"] == {"Ana": 0, "Bo": 10, "Cici": 35}  # joker 25 + y13 10


def test_what_the_command_line_prints_is_unchanged():
    result = score_hand(read_hand(a_hand("rummikub")))
    assert result.to_dict() == {
        "winner": "Ana",
        "scores": {"Ana": 55, "Bo": -12, "Cici": -43},  # r5 k7 = 12; joker 30 + 13 = 43
        "breakdown": {
            n: [line.to_dict() for line in lines] for n, lines in result.breakdown.items()
        },
    }
    assert set(result.to_dict()) == {"winner", "scores", "breakdown"}
    assert all(
        set(line) == {"points", "rule", "source"}
        for lines in result.to_dict()["breakdown"].values()
        for line in lines
    )


def test_a_line_comes_back_with_its_parameter():
    line = Line(-25, "Never opened", "Source, section", "never_opened_penalty")
    assert Line.from_record(json.loads(json.dumps(line.to_record()))) == line


def test_a_line_whose_words_are_written_later_is_the_same_line():
    written = []

    def words():
        written.append(1)
        return "Tiles left on your rack (r5 k7: 5 + 7) count against you"

    later = Line(-12, words, "Source, section", "scoring")
    assert not written  # nothing is written until someone reads it
    now = Line(
        -12,
        "Tiles left on your rack (r5 k7: 5 + 7) count against you",
        "Source, section",
        "scoring",
    )
    assert later == now and hash(later) == hash(now) and repr(later) == repr(now)
    assert (
        later.to_record()
        == now.to_record()
        == {
            "points": -12,
            "rule": "Tiles left on your rack (r5 k7: 5 + 7) count against you",
            "source": "Source, section",
            "param": "scoring",
        }
    )
    assert later.rule == now.rule and written == [1]  # written once, then kept
    assert later != Line(-12, "Something else", "Source, section", "scoring")


# --- Who opened -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "melded", "opened"),
    [
        # Ana went out: she opened whatever she counted. Bo 40 down; Cici nothing.
        ("romanian", (0, 40, 0), {"Ana": True, "Bo": True, "Cici": False}),
        ("rummy-meld", (0, 40, 0), {"Ana": True, "Bo": True, "Cici": False}),
        ("rummy-meld", (0, 0, 12), {"Ana": True, "Bo": False, "Cici": True}),
    ],
)
def test_the_result_says_who_opened_under_melded_scoring(variant_id, melded, opened):
    result = score_hand(read_hand(a_hand(variant_id, melded=melded)))
    assert result.opened == opened


def test_a_credited_joker_alone_counts_as_having_opened():
    data = a_hand("romanian", melded=(0, 0, 0))
    data["players"][1]["credited_jokers"] = 1
    data["players"][1]["rack"] = "r5"
    assert score_hand(read_hand(data)).opened == {"Ana": True, "Bo": True, "Cici": False}


@pytest.mark.parametrize("variant_id", ["rummikub", "tile-rummy", "rummy-cards"])
def test_a_hand_scored_by_racks_does_not_claim_who_opened(variant_id):
    assert score_hand(read_hand(a_hand(variant_id))).opened == {}


# --- Standings from stored results --------------------------------------------------


def _series(variant_id, end, hands):
    data = {
        "variant": variant_id,
        "players": NAMES,
        "end": end,
        "hands": [{"players": h["players"]} for h in hands],
    }
    return read_series(data)


@pytest.mark.parametrize("variant_id", sorted(PRESETS))
def test_tallying_stored_results_gives_the_same_standings_as_scoring(variant_id):
    hands = [a_hand(variant_id, 0), a_hand(variant_id, 1), a_hand(variant_id, None)]
    v, names, end, records = _series(variant_id, {"hands": 3}, hands)
    scored = score_series(v, names, end, records)
    stored = [round_trip(score_hand(r)) for r in records]
    assert tally_series(v, names, end, stored) == scored


def test_tallying_refuses_a_hand_after_the_end():
    hands = [a_hand("rummikub")] * 3
    v, names, end, records = _series("rummikub", {"hands": 2}, hands)
    results = [score_hand(r) for r in records]
    with pytest.raises(InvalidSeries, match=r"hand 3 comes after the series ended \(2 hands\)"):
        tally_series(v, names, end, results)


def test_a_hand_after_the_end_is_refused_before_its_players_are_checked():
    # The third hand both comes after the end and seats other players: the end is named.
    v, names, end, records = _series("rummikub", {"hands": 2}, [a_hand("rummikub")] * 2)
    other = read_hand(
        {
            "variant": "rummikub",
            "players": [
                {"name": "Bo", "went_out": True, "rack": ""},
                {"name": "Ana", "rack": "r1"},
                {"name": "Cici", "rack": "r2"},
            ],
        }
    )
    with pytest.raises(InvalidSeries, match="hand 3 comes after the series ended"):
        score_series(v, names, end, [*records, other])
    with pytest.raises(InvalidSeries, match="hand 2: its players must be the series' players"):
        score_series(v, names, end, [records[0], other])
