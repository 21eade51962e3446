"""A database made by the first migration upgrades to today's schema with every row as it
should be. It is filled as the app of each day filled it: hands without scores under m001,
with scores from m002, a table in play from m003 ... drafts from m012; two spellings of one
name that NOCASE told apart (Ștefan and ștefan, Ş with a cedilla and Ș with a comma below)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from unittest.mock import ANY

from scorekeeper.engine import preset, read_hand, score_hand
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.migrations import migrations

AT = "2025-10-03T19:00:00+00:00"


def rules_before_who_starts(variant: str) -> str:
    """A preset's rules as a series stored them before variants said who plays first."""
    rules = preset(variant).to_dict()
    del rules["who_starts"]
    return json.dumps(rules)


LATER = "2025-11-07T20:00:00+00:00"
ROMANIAN_HAND = {
    "players": [
        {"name": "ștefan", "went_out": True},
        {"name": "Bo", "rack": "r5"},
        {"name": "Cy", "rack": "b7"},
    ],
    "melds": [{"tiles": "r10 b10 k10", "by": "ștefan"}, {"tiles": "y1 y2 y3", "by": "Bo"}],
}
FIRST_HAND = {"players": [{"name": "Ștefan", "went_out": True}, {"name": "Bo", "rack": "r5 j"}]}
DELETED_HAND = {"players": [{"name": "Ștefan", "rack": "k3"}, {"name": "Bo", "went_out": True}]}
SCORED_HAND = {"players": [{"name": "Ștefan", "rack": "b7"}, {"name": "Bo", "went_out": True}]}
# Ş (cedilla) and Ș (comma below) sat at one series: today's engine refuses the hand (one
# player twice), so it keeps the scores it was saved with.
TWO_STEFANS_HAND = {
    "players": [
        {"name": "Ştefan", "went_out": True},
        {"name": "Ștefan", "rack": "r5"},
        {"name": "Bo", "rack": "b7"},
    ]
}
TWO_STEFANS_SCORES = {"Ştefan": 12, "Ștefan": -5, "Bo": -7}
ACTIONS = [{"action": "new_meld", "player": "ștefan", "tiles": "r10 b10 k10"}]
CLEARED = [
    {"action": "new_meld", "player": "Bo", "tiles": "y1 y2 y3"},
    {"action": "add_tiles", "player": "ștefan", "meld_index": 0, "tiles": "y4"},
]


def up_to(db, migration: str) -> None:
    """Apply the migrations before `migration`, as a database of that day had them."""
    migrations.apply(db, stop_before=migration)


def as_m001_left_it(db) -> None:
    """The tables of m001 as the first app filled them: hands without scores."""
    up_to(db, "m002_hand_scores")
    for player_id, name in [
        (1, "Ștefan"),
        (2, "Bo"),
        (3, "ștefan"),
        (4, "Cy"),
        (5, "Ştefan"),
        (6, "Dee"),
    ]:
        db["players"].insert({"id": player_id, "name": name})
    db["nights"].insert_all(
        [
            {"id": 1, "date": "2025-10-03", "place": "Ana's kitchen", "note": None, "created": AT},
            {
                "id": 2,
                "date": "2025-11-07",
                "place": None,
                "note": "Bring the second set",
                "created": LATER,
            },
        ]
    )
    db["variants"].insert(
        {
            "id": "house",
            "name": "House Rummikub",
            "based_on": "rummikub",
            "rules": preset("rummikub").to_json(),
            "created": AT,
        }
    )
    for series_id, night_id, variant, seated in [
        (1, 1, "rummikub", [1, 2]),
        (2, 2, "romanian", [3, 2, 4]),
        (3, 2, "rummikub", [5, 1, 2]),
    ]:
        db["series"].insert(
            {
                "id": series_id,
                "night_id": night_id,
                "name": None,
                "variant_id": variant,
                "variant_rules": rules_before_who_starts(variant),
                "end_kind": "hands",
                "end_value": 10,
                "first_dealer": 0,
                "created": AT,
            }
        )
        for seat, player_id in enumerate(seated):
            db["series_players"].insert(
                {"series_id": series_id, "seat": seat, "player_id": player_id}
            )
    for hand_id, series_id, number, record, deleted in [
        (1, 1, 1, FIRST_HAND, None),
        (2, 1, 2, DELETED_HAND, LATER),
        (3, 2, 1, ROMANIAN_HAND, None),
    ]:
        db["hands"].insert(
            {
                "id": hand_id,
                "series_id": series_id,
                "number": number,
                "record": json.dumps(record),
                "created": AT,
                "updated": AT,
                "deleted_at": deleted,
            }
        )
        db["hand_audit"].insert(
            {
                "hand_id": hand_id,
                "at": AT,
                "action": "created",
                "old": None,
                "new": json.dumps(record, sort_keys=True),
            }
        )
    db["hand_audit"].insert(
        {
            "hand_id": 2,
            "at": LATER,
            "action": "deleted",
            "old": json.dumps(DELETED_HAND, sort_keys=True),
            "new": None,
        }
    )


def filled_step_by_step(path: Path) -> None:
    """The database made by m001, each later table or column filled as soon as it exists,
    every migration but m013 applied (migrate applies it)."""
    with connect(path) as db:
        as_m001_left_it(db)
        up_to(db, "m003_table_mode")  # hands keep their scores and winner from now on
        for hand_id, series_id, number, record, scores, winner in [
            (4, 1, 3, SCORED_HAND, {"Ștefan": -7, "Bo": 7}, "Bo"),
            (5, 3, 1, TWO_STEFANS_HAND, TWO_STEFANS_SCORES, "Ştefan"),
        ]:
            db["hands"].insert(
                {
                    "id": hand_id,
                    "series_id": series_id,
                    "number": number,
                    "record": json.dumps(record),
                    "created": LATER,
                    "updated": LATER,
                    "scores": json.dumps(scores),
                    "winner": winner,
                }
            )
        up_to(db, "m004_house_rulings")
        db["live_tables"].insert({"series_id": 2, "actions": json.dumps(ACTIONS), "updated": LATER})
        up_to(db, "m005_history")
        db["rulings"].insert(
            {
                "id": 1,
                "series_id": 2,
                "hand_number": 1,
                "created": LATER,
                "text": "A joker may stay in a set of three",
                "agreed_by": "all",
            }
        )
        up_to(db, "m007_history_uids_and_figures")
        # The figures as the pages of the day counted them: caches, worked out again later.
        db["hand_facts"].insert_all(
            [
                {
                    "hand_id": 1,
                    "player_id": 1,
                    "score": 35,
                    "won": 1,
                    "all_at_once": 0,
                    "joker_caught": 0,
                    "never_opened": None,
                },
                {
                    "hand_id": 3,
                    "player_id": 3,
                    "score": 130,
                    "won": 1,
                    "all_at_once": 0,
                    "joker_caught": 0,
                    "never_opened": 0,
                },
            ]
        )
        db["series_results"].insert(
            {"series_id": 1, "player_id": 1, "total": 28, "hands_won": 1, "finished": 0, "won": 0}
        )
        up_to(db, "m008_hand_results")
        db["nights"].insert({"id": 3, "date": "2025-12-05", "created": LATER})
        up_to(db, "m009_hand_requests")
        up_to(db, "m010_cleared_tables")
        # As that day's app kept them: the endpoint was the key's prefix.
        db["hand_requests"].insert(
            {
                "key": "form:token-1",
                "series_id": 1,
                "hand_id": 4,
                "fingerprint": None,
                "answer": None,
                "created": LATER,
            }
        )
        db["hand_requests"].insert(
            {
                "key": "api:hand-1",
                "series_id": 1,
                "hand_id": 1,
                "fingerprint": "f1",
                "answer": '{"number": 1}',
                "created": LATER,
            }
        )
        up_to(db, "m011_scorer_sessions")
        db["live_tables"].update(2, {"cleared": json.dumps(CLEARED)})
        up_to(db, "m012_rack_drafts")
        db["scorer_sessions"].insert({"id": "s1", "passcode": "hash", "started": LATER})
        up_to(db, "m013_name_keys")
        db["seat_claims"].insert({"series_id": 2, "seat": 0, "client": "phone", "claimed": LATER})
        db["seat_log"].insert(
            {"id": 1, "series_id": 2, "seat": 0, "action": "claimed", "at": LATER}
        )
        db["rack_drafts"].insert(
            {
                "series_id": 2,
                "number": 2,
                "seat": 0,
                "by_player": 1,
                "fields": json.dumps({"rack": "r5 b7"}),
                "sent": LATER,
            }
        )


def result_of(record: dict, variant: str, seated: list[str]) -> str:
    """The result column today's engine gives the hand."""
    return json.dumps(score_hand(read_hand(record, preset(variant), seated)).to_record())


def schema(path: Path) -> list[tuple]:
    with connect(path) as db:
        return [
            tuple(r)
            for r in db.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
            )
        ]


def test_a_database_made_by_m001_upgrades_to_todays_schema(tmp_path):
    filled_step_by_step(tmp_path / "old.db")
    migrate(tmp_path / "old.db")
    migrate(tmp_path / "new.db")
    assert schema(tmp_path / "old.db") == schema(tmp_path / "new.db")
    applied = []
    for name in ("old.db", "new.db"):
        with connect(tmp_path / name) as db:
            applied.append(
                [(m["id"], m["migration_set"], m["name"]) for m in db["_sqlite_migrations"].rows]
            )
    assert applied[0] == applied[1]
    assert applied[0][-1] == (18, "scorekeeper", "m019_events")


def test_every_row_of_a_database_made_by_m001_comes_through(tmp_path):
    path = tmp_path / "scorekeeper.db"
    filled_step_by_step(path)
    migrate(path)
    romanian = {
        **ROMANIAN_HAND,
        "players": [{"name": "Ștefan", "went_out": True}, *ROMANIAN_HAND["players"][1:]],
        "melds": [{"tiles": "r10 b10 k10", "by": "Ștefan"}, ROMANIAN_HAND["melds"][1]],
    }
    with connect(path) as db:
        # ștefan (3) is merged into Ștefan (1), the older; Ştefan (5) sat with Ștefan at
        # series 3, so they are two people and Ştefan's key is kept apart.
        assert list(db["players"].rows) == [
            {"id": 1, "name": "Ștefan", "name_key": "ștefan"},
            {"id": 2, "name": "Bo", "name_key": "bo"},
            {"id": 4, "name": "Cy", "name_key": "cy"},
            {"id": 5, "name": "Ştefan", "name_key": "ștefan,5"},
            {"id": 6, "name": "Dee", "name_key": "dee"},
        ]
        assert list(db["player_merges"].rows) == [
            {
                "id": 1,
                "at": ANY,
                "kept_id": 1,
                "kept_name": "Ștefan",
                "merged_id": 3,
                "merged_name": "ștefan",
                "hands": 1,
                "series": 1,
            }
        ]
        assert list(db["series_players"].rows) == [
            {"series_id": s, "seat": seat, "player_id": p}
            for s, seat, p in [
                (1, 0, 1),
                (1, 1, 2),
                (2, 0, 1),
                (2, 1, 2),
                (2, 2, 4),
                (3, 0, 5),
                (3, 1, 1),
                (3, 2, 2),
            ]
        ]
        hand = {"table_actions": None, "deleted_at": None}
        assert list(db["hands"].rows) == [
            {
                **hand,
                "id": 1,
                "series_id": 1,
                "number": 1,
                "record": json.dumps(FIRST_HAND),
                "created": AT,
                "updated": AT,
                "scores": json.dumps({"Ștefan": 35, "Bo": -35}),
                "winner": "Ștefan",
                "result": result_of(FIRST_HAND, "rummikub", ["Ștefan", "Bo"]),
            },
            {
                **hand,
                "id": 2,
                "series_id": 1,
                "number": 2,
                "record": json.dumps(DELETED_HAND),
                "created": AT,
                "updated": AT,
                "deleted_at": LATER,
                "scores": json.dumps({"Ștefan": -3, "Bo": 3}),
                "winner": "Bo",
                "result": result_of(DELETED_HAND, "rummikub", ["Ștefan", "Bo"]),
            },
            {
                **hand,
                "id": 3,
                "series_id": 2,
                "number": 1,
                "record": json.dumps(romanian),
                "created": AT,
                "updated": AT,
                "scores": json.dumps({"Ștefan": 130, "Bo": 10, "Cy": -200}),
                "winner": "Ștefan",
                "result": result_of(romanian, "romanian", ["Ștefan", "Bo", "Cy"]),
            },
            {
                **hand,
                "id": 4,
                "series_id": 1,
                "number": 3,
                "record": json.dumps(SCORED_HAND),
                "created": LATER,
                "updated": LATER,
                "scores": json.dumps({"Ștefan": -7, "Bo": 7}),
                "winner": "Bo",
                "result": result_of(SCORED_HAND, "rummikub", ["Ștefan", "Bo"]),
            },
            {
                **hand,
                "id": 5,
                "series_id": 3,
                "number": 1,
                "record": json.dumps(TWO_STEFANS_HAND),
                "created": LATER,
                "updated": LATER,
                "scores": json.dumps(TWO_STEFANS_SCORES),
                "winner": "Ştefan",
                "result": None,
            },
        ]
        assert list(db["hand_audit"].rows) == [
            {
                "id": 1,
                "hand_id": 1,
                "at": AT,
                "action": "created",
                "old": None,
                "new": json.dumps(FIRST_HAND, sort_keys=True),
            },
            {
                "id": 2,
                "hand_id": 2,
                "at": AT,
                "action": "created",
                "old": None,
                "new": json.dumps(DELETED_HAND, sort_keys=True),
            },
            {
                "id": 3,
                "hand_id": 3,
                "at": AT,
                "action": "created",
                "old": None,
                "new": json.dumps(ROMANIAN_HAND, sort_keys=True),
            },
            {
                "id": 4,
                "hand_id": 2,
                "at": LATER,
                "action": "deleted",
                "old": json.dumps(DELETED_HAND, sort_keys=True),
                "new": None,
            },
            {
                "id": 5,
                "hand_id": 3,
                "at": ANY,
                "action": "merged",
                "old": json.dumps(ROMANIAN_HAND, sort_keys=True),
                "new": json.dumps(romanian, sort_keys=True),
            },
        ]
        assert list(db["live_tables"].rows) == [
            {
                "series_id": 2,
                "updated": LATER,
                "actions": json.dumps([{**ACTIONS[0], "player": "Ștefan"}]),
                "cleared": json.dumps([CLEARED[0], {**CLEARED[1], "player": "Ștefan"}]),
            }
        ]
        # Caches: emptied where hands or seats changed, worked out again when read.
        assert list(db["hand_facts"].rows) == []
        assert list(db["series_results"].rows) == []
        # Each series' standing, kept by seat after the migrations (store.tallies): series 1
        # without its deleted hand, Romanian dealing to the right (seat 0, then 2) and the
        # player to the dealer's right starting (seat 1), since its players were listed by
        # seat, clockwise (m017), and its stored rules take the preset's who plays first.
        tally = {"changes": ANY, "finished": 0}
        assert list(db["series_tallies"].rows) == [
            {
                **tally,
                "series_id": 1,
                "played": 2,
                "totals": "[28, -28]",
                "hands_won": "[1, 1]",
                "dealer": 0,
                "starter": 0,
            },
            {
                **tally,
                "series_id": 2,
                "played": 1,
                "totals": "[130, 10, -200]",
                "hands_won": "[1, 0, 0]",
                "dealer": 2,
                "starter": 1,
            },
            {
                **tally,
                "series_id": 3,
                "played": 1,
                "totals": "[12, -5, -7]",
                "hands_won": "[1, 0, 0]",
                "dealer": 1,
                "starter": 1,
            },
        ]
        # Every series stored before m017 was listed by seat round the table.
        assert [(r["id"], r["listing"]) for r in db["series"].rows] == [
            (1, "seats"),
            (2, "seats"),
            (3, "seats"),
        ]
        # Every night, series, hand, audit entry and ruling has a uid, whenever it came.
        assert sorted((u["kind"], u["local_id"]) for u in db["uids"].rows) == sorted(
            [
                ("nights", 1),
                ("nights", 2),
                ("nights", 3),
                ("series", 1),
                ("series", 2),
                ("series", 3),
                *(("hands", i) for i in range(1, 6)),
                *(("hand_audit", i) for i in range(1, 6)),
                ("rulings", 1),
            ]
        )
        assert len({u["uid"] for u in db["uids"].rows}) == 17  # each its own
        assert list(db["nights"].rows) == [
            {"id": 1, "date": "2025-10-03", "place": "Ana's kitchen", "note": None, "created": AT},
            {
                "id": 2,
                "date": "2025-11-07",
                "place": None,
                "note": "Bring the second set",
                "created": LATER,
            },
            {"id": 3, "date": "2025-12-05", "place": None, "note": None, "created": LATER},
        ]
        assert [(s["id"], s["night_id"], s["variant_id"]) for s in db["series"].rows] == [
            (1, 1, "rummikub"),
            (2, 2, "romanian"),
            (3, 2, "rummikub"),
        ]
        assert list(db["variants"].rows) == [
            {
                "id": "house",
                "name": "House Rummikub",
                "based_on": "rummikub",
                "rules": preset("rummikub").to_json(),
                "created": AT,
            }
        ]
        assert list(db["rulings"].rows) == [
            {
                "id": 1,
                "series_id": 2,
                "hand_number": 1,
                "created": LATER,
                "text": "A joker may stay in a set of three",
                "agreed_by": "all",
            }
        ]
        assert list(db["hand_requests"].rows) == [
            {
                "series_id": 1,
                "endpoint": "form:hands",
                "key": "token-1",
                "fingerprint": None,
                "hand_id": 4,
                "answer": None,
                "created": LATER,
            },
            {
                "series_id": 1,
                "endpoint": "api:hands",
                "key": "hand-1",
                "fingerprint": "f1",
                "hand_id": 1,
                "answer": '{"number": 1}',
                "created": LATER,
            },
        ]
        assert list(db["scorer_sessions"].rows) == [
            {"id": "s1", "passcode": "hash", "started": LATER}
        ]
        assert list(db["seat_claims"].rows) == [
            {"series_id": 2, "seat": 0, "client": "phone", "claimed": LATER}
        ]
        assert list(db["seat_log"].rows) == [
            {"id": 1, "series_id": 2, "seat": 0, "action": "claimed", "at": LATER}
        ]
        # A draft belongs to a seat, so the merge leaves it as the player sent it.
        assert list(db["rack_drafts"].rows) == [
            {
                "series_id": 2,
                "number": 2,
                "seat": 0,
                "by_player": 1,
                "fields": json.dumps({"rack": "r5 b7"}),
                "sent": LATER,
            }
        ]
        # Every series of an old database is given a join code of its own (m014).
        codes = list(db["join_codes"].rows)
        assert [c["series_id"] for c in codes] == [1, 2, 3]
        assert all(re.fullmatch(r"[A-HJKMNP-Z2-9]{8}", c["code"]) for c in codes)
        assert len({c["code"] for c in codes}) == 3


def test_upgrading_again_changes_no_row(tmp_path):
    """The results left to the store are worked out once; a hand the engine cannot read is
    tried again at each start and stays as it was saved."""
    path = tmp_path / "scorekeeper.db"
    filled_step_by_step(path)
    migrate(path)
    with connect(path) as db:
        before = {table: list(db[table].rows) for table in db.table_names()}
    migrate(path)
    with connect(path) as db:
        assert {table: list(db[table].rows) for table in db.table_names()} == before
