"""The leaderboard against the nights of tests/web/history_fixture.py (every hand's
arithmetic is there) and a fourth night added here to part players on the win rate."""

from datetime import date

import pytest
from hands import rack, went_out
from web.history_fixture import fill

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store import stats
from scorekeeper.store.db import connect
from scorekeeper.store.hands import record_hand
from scorekeeper.store.leaderboard import leaderboard, leaders
from scorekeeper.store.nights import create_night
from scorekeeper.store.series import create_series, get_series


@pytest.fixture
def db(db_path):
    """The three hand-computed nights, their caches brought up to date."""
    fill(db_path)
    with connect(db_path) as db:
        stats.refresh(db)
        yield db


def lines(db, **filters):
    """Each line as (rank, name, hands, hands won, points, series, series won)."""
    return [
        (x.rank, x.name, x.hands, x.hands_won, x.points, x.series, x.series_won)
        for x in leaderboard(db, stats.Filters(**filters))
    ]


def test_all_time_ana_and_bo_share_first_place(db):
    # Ana: 1 of 2 Rummikub hands (42), 0 of 1 Tile Rummy (-37), 1 of 1 Romanian (170);
    # Bo: 1 of 2 (-17), 1 of 1 (537), 0 of 1 (10); Cy: 0 of 2 (-25), 0 of 1 (-200).
    # Ana and Bo: 2 hands won of 4 each, so they share first place, in name order.
    assert lines(db) == [
        (1, "Ana", 4, 2, 175, 3, 2),
        (1, "Bo", 4, 2, 530, 3, 1),
        (3, "Cy", 3, 0, -225, 2, 0),
    ]
    found = leaderboard(db, stats.Filters())
    assert [x.name for x in leaders(found)] == ["Ana", "Bo"]
    assert found[0].win_rate == 0.5 and found[0].average == 43.75


def test_a_period_and_a_variant_count_only_their_hands(db):
    # Only the Romanian night: Ana won its one hand; Bo and Cy share second place.
    assert lines(db, since=date(2025, 11, 8), until=date(2025, 11, 30)) == [
        (1, "Ana", 1, 1, 170, 1, 1),
        (2, "Bo", 1, 0, 10, 1, 0),
        (2, "Cy", 1, 0, -200, 1, 0),
    ]
    assert lines(db, variant="tile-rummy") == [
        (1, "Bo", 1, 1, 537, 1, 1),
        (2, "Ana", 1, 0, -37, 1, 0),
    ]
    assert lines(db, since=date(2026, 1, 1)) == []


def test_the_win_rate_parts_players_level_on_hands_won(db_path, db):
    # A fourth night: Cy wins both hands of a series with Bo. Cy has 2 won of 5 (40%),
    # Ana 2 of 4 (50%), Bo 2 of 6 (33%): three players level on hands won.
    night = create_night(db, date(2025, 12, 5), None, None)
    series = get_series(
        db,
        create_series(db, night, None, preset("rummikub"), ["Bo", "Cy"], SeriesEnd("hands", 2), 0),
    )
    for _ in range(2):
        record_hand(db, series, {"players": [rack("Bo", "r5"), went_out("Cy")]})
    stats.refresh(db)
    assert [line[:4] for line in lines(db)] == [
        (1, "Ana", 4, 2),
        (2, "Cy", 5, 2),
        (3, "Bo", 6, 2),
    ]


def test_a_series_of_no_hands_is_not_counted_as_played(db):
    night = create_night(db, date(2025, 12, 6), None, None)
    create_series(db, night, None, preset("rummikub"), ["Ana", "Dan"], SeriesEnd("hands", 2), 0)
    stats.refresh(db)
    assert [line[1] for line in lines(db)] == ["Ana", "Bo", "Cy"]
    assert lines(db)[0][5] == 3


def test_the_leaderboard_is_one_query_however_many_players(db):
    night = create_night(db, date(2025, 12, 7), None, None)
    names = [f"Player {i}" for i in range(40)]
    for first in range(0, 40, 4):
        series = get_series(
            db,
            create_series(
                db,
                night,
                None,
                preset("rummikub"),
                names[first : first + 4],
                SeriesEnd("hands", 1),
                0,
            ),
        )
        four = names[first : first + 4]
        record_hand(
            db,
            series,
            {
                "players": [went_out(four[0]), *(rack(n, "r5") for n in four[1:2])]
                + [rack(n, "b6") for n in four[2:]]
            },
        )
    stats.refresh(db)
    statements = []
    db.conn.set_trace_callback(statements.append)
    found = leaderboard(db, stats.Filters())
    db.conn.set_trace_callback(None)
    assert len(found) == 43
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 1
