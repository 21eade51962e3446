"""The statistics of the history and player pages, against nights worked out by hand (see
tests/web/history_fixture.py for every hand's arithmetic)."""

from datetime import date

import pytest
from web.history_fixture import fill

from scorekeeper.store import stats
from scorekeeper.store.db import connect
from scorekeeper.store.hands import edit_hand, series_hands
from scorekeeper.store.series import get_series


@pytest.fixture
def nights(db_path):
    """The three hand-computed nights in the database; their ids."""
    return fill(db_path)


@pytest.fixture
def db(db_path, nights):
    """The filled database, its caches brought up to date."""
    with connect(db_path) as db:
        stats.refresh(db)
        yield db


def figures(db, nights, name, **filters):
    """A player's figures per variant id (None: all variants together)."""
    found = stats.player_figures(db, nights["players"][name], stats.Filters(**filters))
    return {
        f["variant_id"]: {
            k: f[k]
            for k in (
                "hands",
                "hands_won",
                "win_rate",
                "average",
                "best",
                "all_at_once",
                "joker_caught",
                "never_opened",
                "series",
                "series_won",
            )
        }
        for f in found
    }


def test_anas_figures_per_variant_and_in_all(db, nights):
    assert figures(db, nights, "Ana") == {
        # Rummikub: +45 and -3; won hand 1 of 2; won the series on the tie-break.
        "rummikub": {
            "hands": 2,
            "hands_won": 1,
            "win_rate": 0.5,
            "average": 21.0,  # 42 / 2
            "best": 45,
            "all_at_once": 0,
            "joker_caught": 0,
            "never_opened": None,
            "series": 1,
            "series_won": 1,
        },
        # Tile Rummy: -37 with a joker on the rack.
        "tile-rummy": {
            "hands": 1,
            "hands_won": 0,
            "win_rate": 0.0,
            "average": -37.0,
            "best": -37,
            "all_at_once": 0,
            "joker_caught": 1,
            "never_opened": None,
            "series": 1,
            "series_won": 0,
        },
        # Romanian: 100 + 70 melded = +170; she opened.
        "romanian": {
            "hands": 1,
            "hands_won": 1,
            "win_rate": 1.0,
            "average": 170.0,
            "best": 170,
            "all_at_once": 0,
            "joker_caught": 0,
            "never_opened": 0,
            "series": 1,
            "series_won": 1,
        },
        # All: 45 - 3 - 37 + 170 = 175 over 4 hands = 43.75; 2 of 4 won; 2 of 3 series.
        None: {
            "hands": 4,
            "hands_won": 2,
            "win_rate": 0.5,
            "average": 43.75,
            "best": 170,
            "all_at_once": 0,
            "joker_caught": 1,
            "never_opened": 0,
            "series": 3,
            "series_won": 2,
        },
    }


def test_bo_went_out_all_at_once_and_was_caught_with_a_joker(db, nights):
    everything = figures(db, nights, "Bo")[None]
    # Bo: -35 (joker on the rack) + 18 + 537 + 10 = 530 over 4 hands = 132.5.
    assert everything == {
        "hands": 4,
        "hands_won": 2,
        "win_rate": 0.5,
        "average": 132.5,
        "best": 537,
        "all_at_once": 1,
        "joker_caught": 1,
        "never_opened": 0,
        "series": 3,
        "series_won": 1,
    }


def test_cy_never_opened_once(db, nights):
    assert figures(db, nights, "Cy")[None] == {
        # -10 - 15 - 200 = -225 over 3 hands = -75; best -10.
        "hands": 3,
        "hands_won": 0,
        "win_rate": 0.0,
        "average": -75.0,
        "best": -10,
        "all_at_once": 0,
        "joker_caught": 0,
        "never_opened": 1,
        "series": 2,
        "series_won": 0,
    }


def test_a_period_counts_only_its_nights(db, nights):
    # From November: the Tile Rummy and Romanian nights; -37 + 170 = 133 over 2 hands.
    assert figures(db, nights, "Ana", since=date(2025, 11, 1))[None]["average"] == 66.5
    assert set(figures(db, nights, "Ana", until=date(2025, 10, 31))) == {"rummikub"}


def test_a_variant_filter_counts_only_that_variant(db, nights):
    assert set(figures(db, nights, "Ana", variant="romanian")) == {"romanian"}


def test_head_to_head(db, nights):
    rivals = stats.head_to_head(db, nights["players"]["Ana"], stats.Filters())
    assert [
        (
            r["name"],
            r["hands"],
            r["hands_won"],
            r["hands_lost"],
            r["series"],
            r["series_won"],
            r["series_lost"],
        )
        for r in rivals
    ] == [
        # With Bo: 4 hands, Ana won 2 (N1 hand 1, N3), Bo 2 (N1 hand 2, N2);
        # 3 series, Ana won N1 and N3, Bo N2.
        ("Bo", 4, 2, 2, 3, 2, 1),
        # With Cy: 3 hands, Ana won 2, Cy none; 2 series, both Ana's.
        ("Cy", 3, 2, 0, 2, 2, 0),
    ]


def test_results_by_night_for_the_chart(db, nights):
    by_night = stats.results_by_night(db, nights["players"]["Ana"], stats.Filters())
    assert [(n["date"], n["total"], n["won"], n["hands"]) for n in by_night] == [
        ("2025-10-03", 42, 1, 2),
        ("2025-11-07", -37, 0, 1),
        ("2025-11-21", 170, 1, 1),
    ]


def test_an_edit_changes_the_figures(db, nights):
    series = get_series(db, nights["tile-rummy"])
    (hand,) = series_hands(db, series.id)
    # Ana's rack now r12 alone: Bo 500 + 12 = 512, Ana -12, no joker caught.
    edit_hand(
        db,
        series,
        hand["id"],
        {
            "players": [
                {"name": "Ana", "rack": "r12"},
                {"name": "Bo", "went_out": True, "all_at_once": True, "jokers_used": 0},
            ]
        },
    )
    stats.refresh(db)
    assert figures(db, nights, "Ana")["tile-rummy"]["joker_caught"] == 0
    assert figures(db, nights, "Bo")[None]["best"] == 512
