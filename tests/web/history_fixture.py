"""Three game nights whose figures the statistics tests work out by hand.

Night 1, 2025-10-03, Rummikub, Ana, Bo, Cy, 2 hands:
  hand 1: Ana goes out; Bo holds r5 j (5 + 30 = 35), Cy b10 (10): Ana +45, Bo -35, Cy -10.
          (First typed with Cy holding b11, then edited.)
  hand 2: Bo goes out; Ana holds k3 (3), Cy y7 y8 (15): Bo +18, Ana -3, Cy -15.
          (A wrongly typed hand before it was deleted: it must count nowhere.)
  totals Ana 42, Bo -17, Cy -25; hands won Ana 1, Bo 1: the tie on hands won goes to
  the higher total, so Ana wins the series (Rummikub rules, series winner).
Night 2, 2025-11-07, Tile Rummy, Ana, Bo, 1 hand:
  Bo goes out all at once with no joker: 500 + Ana's rack r12 j (12 + 25 = 37) = +537;
  Ana -37 and is caught with a joker. Bo wins the series.
Night 3, 2025-11-21, Romanian, Ana, Bo, Cy, 1 hand:
  Ana goes out by a discard having melded k10 k11 k12 k13 (40) and b10 r10 y10 (30):
  100 + 70 = +170. Bo melded y5 y6 y7 (15) and holds b2 (5): 15 - 5 = +10.
  Cy never opened: -200, whatever is on the rack. Ana wins the series.
"""

from datetime import date

from hands import rack, went_out

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect
from scorekeeper.store.hands import delete_hand, edit_hand, record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.rulings import add_ruling
from scorekeeper.store.series import create_series, get_series


def fill(path) -> dict:
    """Store the three nights in the database at path; return their ids."""
    db = connect(path)
    ids = {}
    night = create_night(db, date(2025, 10, 3), "Ana's kitchen", None)
    series = get_series(
        db,
        create_series(
            db, night, None, preset("rummikub"), ["Ana", "Bo", "Cy"], SeriesEnd("hands", 2), 0
        ),
    )
    first = record_hand(
        db, series, {"players": [went_out("Ana"), rack("Bo", "r5 j"), rack("Cy", "b11")]}
    )
    edit_hand(
        db,
        series,
        first["id"],
        {"players": [went_out("Ana"), rack("Bo", "r5 j"), rack("Cy", "b10")]},
    )
    wrong = record_hand(
        db, series, {"players": [rack("Ana", "k13"), rack("Bo", "k13"), went_out("Cy")]}
    )
    delete_hand(db, wrong["id"])
    record_hand(db, series, {"players": [rack("Ana", "k3"), went_out("Bo"), rack("Cy", "y7 y8")]})
    add_ruling(
        db,
        series.id,
        "A joker left on the rack costs 30, even in the first hand.",
        hand_number=1,
        agreed_by="everyone",
    )
    ids["rummikub"] = series.id

    night = create_night(db, date(2025, 11, 7), None, None)
    series = get_series(
        db,
        create_series(
            db, night, "Quick one", preset("tile-rummy"), ["Ana", "Bo"], SeriesEnd("hands", 1), 1
        ),
    )
    record_hand(
        db,
        series,
        {"players": [rack("Ana", "r12 j"), went_out("Bo", all_at_once=True, jokers_used=0)]},
    )
    ids["tile-rummy"] = series.id

    night = create_night(db, date(2025, 11, 21), "Club", "Cy's first Romanian night")
    series = get_series(
        db,
        create_series(
            db, night, None, preset("romanian"), ["Ana", "Bo", "Cy"], SeriesEnd("hands", 1), 0
        ),
    )
    record_hand(
        db,
        series,
        {
            "players": [went_out("Ana", finish="discard"), rack("Bo", "b2"), rack("Cy", "k9 r4")],
            "melds": [
                {"tiles": "k10 k11 k12 k13", "by": "Ana"},
                {"tiles": "b10 r10 y10", "by": "Ana"},
                {"tiles": "y5 y6 y7", "by": "Bo"},
            ],
        },
    )
    ids["romanian"] = series.id
    ids["players"] = {r["name"]: r["id"] for r in db.query("SELECT id, name FROM players")}
    db.close()
    return ids
