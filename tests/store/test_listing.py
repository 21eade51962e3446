"""How a series' players were listed: "play" (the order they take turns) for every new
series, "seats" for every series stored before m017; an export carries it, and an export
written before it comes in as "seats", keeping the dealers it had."""

from __future__ import annotations

import json
from datetime import date

import pytest

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.export_format import check_document
from scorekeeper.store.export_refusals import BadExport
from scorekeeper.store.importer import import_document
from scorekeeper.store.migrations import migrations
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import (
    create_series,
    dealer_next,
    get_series,
    standing,
    starter_next,
)

ROUND_THE_TABLE = ["Ana", "Bo", "Cai", "Dan"]


def romanian(db, names, first=0, listing="play"):
    night = create_night(db, date(2026, 11, 20), None, None)
    return create_series(
        db, night, None, preset("romanian"), names, SeriesEnd("hands", 8), first, listing
    )


def test_a_new_series_lists_its_players_in_the_order_of_play(db):
    series = get_series(db, romanian(db, ["Ana", "Dan", "Cai", "Bo"]))
    assert series.listing == "play"
    assert [r["listing"] for r in db["series"].rows] == ["play"]
    tally = standing(db, series)
    # Ana deals the first hand; the player after her (to her right) starts.
    assert (dealer_next(series, tally), starter_next(series, tally)) == ("Ana", "Dan")
    assert db.execute("SELECT dealer, starter FROM series_tallies").fetchone() == (0, 1)


def test_m017_lists_every_series_stored_before_by_seat(tmp_path):
    path = tmp_path / "old.db"
    with connect(path) as db:
        migrations.apply(db, stop_before="m017_series_listing")
        night = db["nights"].insert({"date": "2025-10-03", "created": "2025-10-03T19:00"}).last_pk
        db["series"].insert(
            {
                "night_id": night,
                "variant_id": "romanian",
                "variant_rules": preset("romanian").to_json(),
                "end_kind": "hands",
                "end_value": 8,
                "first_dealer": 0,
                "created": "2025-10-03T19:00",
            }
        )
        for seat, name in enumerate(ROUND_THE_TABLE):
            player = db["players"].insert({"name": name, "name_key": name.lower()}).last_pk
            db["series_players"].insert({"series_id": 1, "seat": seat, "player_id": player})
    migrate(path)
    with connect(path) as db:
        assert [r["listing"] for r in db["series"].rows] == ["seats"]
        series = get_series(db, 1)
        tally = standing(db, series)
        # Clockwise seats: the deal passes to the right, so Ana's right is the last seat.
        assert (dealer_next(series, tally), starter_next(series, tally)) == ("Ana", "Dan")
        # A series started now is listed in the order of play.
        assert get_series(db, romanian(db, ["Ana", "Dan", "Cai", "Bo"])).listing == "play"


def exported(db) -> dict:
    romanian(db, ["Ana", "Dan", "Cai", "Bo"], 1, "play")
    romanian(db, ROUND_THE_TABLE, 1, "seats")
    return export_document(db)


def test_an_export_carries_each_series_listing_back(db, tmp_path):
    document = exported(db)
    assert [s["listing"] for n in document["nights"] for s in n["series"]] == ["play", "seats"]
    other = tmp_path / "other.db"
    migrate(other)
    with connect(other) as target:
        import_document(target, json.loads(json.dumps(document)))
        assert [r["listing"] for r in target["series"].rows] == ["play", "seats"]
        dealers = [
            dealer_next(s, standing(target, s)) for s in (get_series(target, i) for i in (1, 2))
        ]
        assert dealers == ["Dan", "Bo"]


def test_an_export_from_before_the_listing_imports_as_seats(db, tmp_path):
    document = exported(db)
    for night in document["nights"]:
        for series in night["series"]:
            del series["listing"]
    other = tmp_path / "other.db"
    migrate(other)
    with connect(other) as target:
        import_document(target, document)
        assert [r["listing"] for r in target["series"].rows] == ["seats", "seats"]


@pytest.mark.parametrize("listing", ["round", 3])
def test_an_export_with_another_listing_is_refused(db, listing):
    document = exported(db)
    document["nights"][0]["series"][0]["listing"] = listing
    with pytest.raises(BadExport, match="listing"):
        check_document(document)


def test_a_change_to_a_series_listing_makes_its_standing_stale(db):
    series_id = romanian(db, ["Ana", "Dan", "Cai", "Bo"])
    standing(db, get_series(db, series_id))
    before = db.execute("SELECT changes, played FROM series_tallies").fetchone()
    db.execute("UPDATE series SET listing = 'seats' WHERE id = ?", [series_id])
    after = db.execute("SELECT changes, played, starter FROM series_tallies").fetchone()
    assert before[1] == 0 and after == (before[0] + 1, None, None)
    series = get_series(db, series_id)
    # Read by seat now: Ana's right is the last in the list.
    assert starter_next(series, standing(db, series)) == "Bo"
