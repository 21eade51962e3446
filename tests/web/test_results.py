"""One truth for a hand's score: the engine scores a hand when it is saved or fixed, and every
page, the API, history, statistics and export read what was stored then."""

import json
from dataclasses import replace

from scorekeeper.engine import HandResult, Line, preset, read_hand, score_hand
from scorekeeper.store.stats import hand_facts
from scorekeeper.web.shell.db import get_db

from .steps import rows, start_series, tally

NAMES = ["A", "B", "C", "D"]
HAND = {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"}


def stored_result(app) -> HandResult:
    (hand,) = rows(app, "hands")
    return HandResult.from_record(json.loads(hand["result"]))


def test_saving_a_hand_stores_the_whole_result_the_engine_gives(app, client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, HAND))
    (hand,) = rows(app, "hands")
    engine = score_hand(read_hand(json.loads(hand["record"]), preset("rummikub"), NAMES))
    assert stored_result(app) == engine
    assert json.loads(hand["scores"]) == engine.scores == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert hand["winner"] == engine.winner == "A"


def test_fixing_a_hand_stores_its_new_result(app, client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, HAND))
    (hand,) = rows(app, "hands")
    client.post(
        f"/series/{series_id}/hands/{hand['id']}/edit", data=tally(NAMES, {**HAND, "B": "r5 r6"})
    )
    assert stored_result(app).scores == {"A": 30, "B": -11, "C": -16, "D": -3}
    assert [line.points for line in stored_result(app).breakdown["B"]] == [-11]


def overwrite_result(app, result: HandResult) -> None:
    """Put another result in the hand's place, as if it had been stored so."""
    with app.app_context():
        db = get_db()
        (hand,) = db["hands"].rows
        db["hands"].update(
            hand["id"],
            {
                "result": json.dumps(result.to_record()),
                "scores": json.dumps(result.scores),
                "winner": result.winner,
            },
        )


def test_every_page_shows_the_stored_result_and_none_scores_the_hand_again(app, client):
    series_id = start_series(client)
    client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, HAND), follow_redirects=True)
    stored = stored_result(app)
    # Numbers the engine would never give for this record: only a page reading the
    # stored result can show them.
    kept = replace(
        stored,
        winner="C",
        scores={"A": -7, "B": -1, "C": 9, "D": -1},
        breakdown={**stored.breakdown, "C": (Line(9, "Kept as stored", "here", "racks"),)},
    )
    overwrite_result(app, kept)
    (hand,) = rows(app, "hands")
    series_page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert '<td class="num">+9</td>' in series_page and "+24" not in series_page
    hand_page = client.get(f"/series/{series_id}/hands/{hand['id']}").get_data(as_text=True)
    assert "Kept as stored" in hand_page
    api = client.get(f"/api/series/{series_id}").get_json()
    assert api["totals"] == kept.scores and api["hands"][0]["winner"] == "C"
    viewer = client.get(f"/series/{series_id}/view").get_data(as_text=True)
    assert "+9" in viewer and "+24" not in viewer
    night = client.get("/history/nights/1").get_data(as_text=True)
    assert "+9" in night and "+24" not in night
    sheet = client.get(f"/export/series/{series_id}.csv").get_data(as_text=True)
    assert ",C,9,9,yes" in sheet
    document = client.get(f"/export/series/{series_id}.json").get_json()
    assert document["nights"][0]["series"][0]["hands"][0]["scores"] == kept.scores


def test_statistics_take_who_opened_from_the_stored_result():
    variant = preset("romanian")
    record = read_hand(
        {
            "players": [
                {"name": "Ana", "went_out": True, "melded_tiles": "r2 r3 r4 k5 k6 k7"},
                {"name": "Bo", "melded_tiles": "b9 y9 r9", "rack": "r13"},
            ]
        },
        variant,
    )
    result = score_hand(record)
    assert result.opened == {"Ana": True, "Bo": True}
    facts = hand_facts(record, result)
    assert facts["Bo"]["never_opened"] == 0
    assert facts["Bo"]["score"] == result.scores["Bo"]
    # The result decides: a record read differently later does not change the figure.
    facts = hand_facts(record, replace(result, opened={"Ana": True, "Bo": False}))
    assert facts["Bo"]["never_opened"] == 1 and facts["Ana"]["never_opened"] == 0


def test_a_hand_scored_by_the_racks_alone_counts_no_opening():
    record = read_hand(
        {"players": [{"name": "Ana", "went_out": True}, {"name": "Bo", "rack": "r5"}]},
        preset("rummikub"),
    )
    facts = hand_facts(record, score_hand(record))
    assert facts["Ana"]["never_opened"] is None and facts["Bo"]["never_opened"] is None
