"""Each series' standing kept with it (store.tallies) is what a fresh tally of its hands gives,
after every kind of change to its hands, and is kept by the change itself (never left NULL
for the next reader), with the series' change counter moving each time."""

from __future__ import annotations

import random
from datetime import date

import pytest
from hands import rack, went_out

from scorekeeper.engine import PRESETS, SeriesEnd
from scorekeeper.store import tallies
from scorekeeper.store.db import connect, migrate, write_lock
from scorekeeper.store.export import export_document
from scorekeeper.store.hands import (
    HandRefused,
    delete_hand,
    edit_hand,
    last_deleted,
    record_hand,
    restore_hand,
    series_hands,
)
from scorekeeper.store.importer import import_document
from scorekeeper.store.merge import merge_players
from scorekeeper.store.nights import create_night
from scorekeeper.store.players import find_player
from scorekeeper.store.series import create_series, series_of, standing

NAMES = ["Ana", "Bo", "Cy"]
TILES = ["r5", "k3 j", "b10 b11", "y1", "r13 k13", "b2"]


TARGET = SeriesEnd("target", 150)


def new_series(db, names=NAMES, end=TARGET):
    night = create_night(db, date(2025, 11, 20), None, None)
    return series_of(db, create_series(db, night, None, PRESETS["rummikub"], names, end, 1))


def hand(rng: random.Random, names=NAMES) -> dict:
    """A Rummikub hand: one player goes out, the others hold a few tiles."""
    out = rng.choice(names)
    return {"players": [went_out(n) if n == out else rack(n, rng.choice(TILES)) for n in names]}


def fresh(db, series):
    """The standing tallied anew from every stored hand, as before m016."""
    return tallies.tally_anew(
        db,
        series.variant,
        series.names,
        series.end,
        series.first_dealer,
        series.id,
        series.listing,
    )


def kept(db, series_id) -> dict:
    """The series' row of series_tallies as stored."""
    return next(db["series_tallies"].rows_where("series_id = ?", [series_id]))


def assert_kept_as_tallied(db, series) -> None:
    row = kept(db, series.id)
    assert row["played"] is not None, "the change left the standing for a reader to work out"
    assert standing(db, series) == fresh(db, series)
    assert row["finished"] == int(fresh(db, series).finished)


def saved(db, series, n=4, seed=1):
    rng = random.Random(seed)
    return [record_hand(db, series, hand(rng))["id"] for _ in range(n)]


def save(db, series):
    saved(db, series, 1, seed=9)


def fix(db, series):
    first = series_hands(db, series.id)[0]
    edit_hand(
        db,
        series,
        first["id"],
        {"players": [rack("Ana", "r13 k13"), went_out("Bo"), rack("Cy", "j")]},
    )


def delete(db, series):
    delete_hand(db, series_hands(db, series.id)[1]["id"])


def undo(db, series):
    delete(db, series)
    restore_hand(db, series, last_deleted(db, series.id)["id"])


@pytest.mark.parametrize("change", [save, fix, delete, undo], ids=lambda c: c.__name__)
def test_a_change_to_the_hands_keeps_the_standing_a_fresh_tally_gives(db, change):
    series = new_series(db)
    saved(db, series)
    before = tallies.changes(db, series.id)
    change(db, series)
    assert tallies.changes(db, series.id) > before
    assert_kept_as_tallied(db, series)


def test_the_hand_that_ends_the_series_is_kept_finished_and_the_next_refused(db):
    series = new_series(db, end=SeriesEnd("hands", 2))
    saved(db, series, 2)
    assert_kept_as_tallied(db, series)
    assert standing(db, series).finished and standing(db, series).dealer is None
    with pytest.raises(HandRefused, match="comes after the series ended"):
        save(db, series)
    assert standing(db, series).played == 2


def test_an_imported_series_comes_with_its_standing(db, tmp_path):
    series = new_series(db)
    saved(db, series, 5)
    delete(db, series)
    other = tmp_path / "other.db"
    migrate(other)
    with connect(other) as there:
        import_document(there, export_document(db))
        arrived = series_of(there, 1)
        assert_kept_as_tallied(there, arrived)
        assert standing(there, arrived) == standing(db, series)


def test_a_merge_of_players_keeps_the_standing_under_the_kept_name(db):
    series = new_series(db, names=["Anna", "Bo", "Cy"])
    rng = random.Random(3)
    for _ in range(3):
        record_hand(db, series, hand(rng, ["Anna", "Bo", "Cy"]))
    new_series(db, names=["Ana", "Dee"])
    with write_lock(db):
        merge_players(db, find_player(db, "Anna")["id"], find_player(db, "Ana")["id"], "now")
    merged = series_of(db, series.id)
    assert merged.names == ["Ana", "Bo", "Cy"]
    assert_kept_as_tallied(db, merged)
    assert "Anna" not in standing(db, merged).totals


def test_a_standing_left_null_is_worked_out_once_and_kept(db):
    series = new_series(db)
    saved(db, series, 3)
    db.execute("UPDATE series_tallies SET played = NULL WHERE series_id = ?", [series.id])
    assert standing(db, series) == fresh(db, series)
    assert kept(db, series.id)["played"] == 3


def test_a_reader_does_not_keep_a_standing_the_hands_changed_under(db):
    series = new_series(db)
    saved(db, series, 2)
    counted = tallies.changes(db, series.id)
    db.execute("UPDATE series_tallies SET played = NULL WHERE series_id = ?", [series.id])
    save(db, series)  # a hand saved between the reader's count and its keeping
    db.execute("UPDATE series_tallies SET played = NULL WHERE series_id = ?", [series.id])
    with db.atomic():
        db.execute(
            tallies.KEEP_IF_UNCHANGED,
            {
                "series_id": series.id,
                "played": 2,
                "totals": "[0, 0, 0]",
                "hands_won": "[0, 0, 0]",
                "finished": 0,
                "dealer": 0,
                "starter": 0,
                "changes": counted,
            },
        )
    assert kept(db, series.id)["played"] is None


@pytest.mark.parametrize("seed", range(4))
def test_any_sequence_of_saves_fixes_deletions_and_undos_keeps_a_true_standing(db, seed):
    rng = random.Random(seed)
    series = new_series(db, end=SeriesEnd("target", 400))
    for _ in range(30):
        live = series_hands(db, series.id)
        step = rng.choice(["save", "save", "fix", "delete", "undo"])
        try:
            if step == "save" or not live:
                record_hand(db, series, hand(rng))
            elif step == "fix":
                edit_hand(db, series, rng.choice(live)["id"], hand(rng))
            elif step == "delete":
                delete_hand(db, rng.choice(live)["id"])
            elif (gone := last_deleted(db, series.id)) is not None:
                restore_hand(db, series, gone["id"])
        except HandRefused:
            pass  # past the end: refused, nothing stored
        assert standing(db, series) == fresh(db, series), step
        assert kept(db, series.id)["played"] is not None, step
