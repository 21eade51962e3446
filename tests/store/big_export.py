"""A club's export of many years, built in seconds: one night with a series of varied hands is
stored through the store's own functions and exported, and its night is repeated under new
uids and dates (an export file as any Scorekeeper would write it)."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.hands import delete_hand, record_hand
from scorekeeper.store.nights import create_night
from scorekeeper.store.rulings import add_ruling
from scorekeeper.store.series import create_series, get_series

PLAYERS = ["Ștefan", "Éloïse", "Bo", "Zoë"]
# Racks, melds and who went out vary from hand to hand.
RECORDS = [
    {
        "players": [
            {"name": "Ștefan", "went_out": True},
            {"name": "Éloïse", "rack": "r12 k3"},
            {"name": "Bo", "rack": "j b5"},
            {"name": "Zoë", "rack": "y1 y2"},
        ],
        "melds": [
            {"tiles": "b6 b7 b8 b9 b10", "by": ["Bo", "Bo", "Bo", "Ștefan", "Ștefan"]},
            {"tiles": "y11 y12 j=y13", "by": "Zoë"},
        ],
    },
    {
        "players": [
            {"name": "Ștefan", "rack": "k13"},
            {"name": "Éloïse", "went_out": True},
            {"name": "Bo", "rack": "o4 o5 o6 r9"},
            {"name": "Zoë", "rack": "o13 j"},
        ],
    },
    {
        "players": [
            {"name": "Ștefan", "rack": "b1 b2"},
            {"name": "Éloïse", "rack": "j"},
            {"name": "Bo", "went_out": True},
            {"name": "Zoë", "rack": "r7 k7 y7"},
        ],
    },
]


def template_night(folder: Path, hands: int) -> dict[str, Any]:
    """One night of one series of `hands` hands (one deleted), with a ruling, as exported."""
    path = folder / "template.db"
    migrate(path)
    with connect(path) as db:
        night = create_night(db, date(2016, 1, 1), "Ana's kitchen", "Cake")
        series = get_series(
            db,
            create_series(
                db, night, "Friday", preset("rummikub"), PLAYERS, SeriesEnd("hands", hands), 0
            ),
        )
        for number in range(hands + 1):
            stored = record_hand(db, series, RECORDS[number % len(RECORDS)])
            if number == 1:
                delete_hand(db, stored["id"])  # hands go on being numbered after it
        add_ruling(db, series.id, "A joker left on the rack costs 30.", 1, "everyone")
        return export_document(db)


def big_export(folder: Path, nights: int, hands: int) -> dict[str, Any]:
    """An export of everything: `nights` weekly nights of `hands` hands each (and one deleted
    hand each night)."""
    document = template_night(folder, hands)
    night = document["nights"][0]
    series = night["series"][0]
    first = date.fromisoformat(night["date"])
    document["nights"] = [
        {
            **night,
            "uid": f"night-{n}",
            "date": (first + timedelta(weeks=n)).isoformat(),
            "series": [
                {
                    **series,
                    "uid": f"series-{n}",
                    "hands": [
                        {
                            **hand,
                            "uid": f"hand-{n}-{k}",
                            "audit": [
                                {**entry, "uid": f"audit-{n}-{k}-{j}"}
                                for j, entry in enumerate(hand["audit"])
                            ],
                        }
                        for k, hand in enumerate(series["hands"])
                    ],
                    "rulings": [
                        {**ruling, "uid": f"ruling-{n}-{j}"}
                        for j, ruling in enumerate(series["rulings"])
                    ],
                }
            ],
        }
        for n in range(nights)
    ]
    return document
