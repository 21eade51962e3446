"""Events in export, import and backup: an exported night with an event comes back whole (its
format, roster with who left, tables round by round, standings), with new table codes; a
second import adds nothing; a file from before events still imports; a faulty event refuses
the file, saying where."""

from __future__ import annotations

import copy
import io
import json
import random
from datetime import date

import pytest
from sqlite_utils import Database

from scorekeeper.store import events, table_codes
from scorekeeper.store.backup import backup_database
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.export_format import check_document
from scorekeeper.store.export_json import export_chunks
from scorekeeper.store.export_refusals import BadExport
from scorekeeper.store.importer import import_document, import_file
from scorekeeper.store.nights import create_night

from .test_events import finish_round, new_event

# Every stored column of an event, its roster and its tables, known by uid (codes aside).
EVENT_ROWS = {
    "events": "SELECT u.uid, n.uid, e.name, e.day, e.variant_id, e.variant_rules, e.rounds,"
    " e.table_size, e.end_kind, e.end_value, e.seating, e.points, e.place_points, e.created,"
    " e.ended FROM events e JOIN uids u ON u.kind = 'events' AND u.local_id = e.id"
    " JOIN uids n ON n.kind = 'nights' AND n.local_id = e.night_id ORDER BY u.uid",
    "roster": "SELECT u.uid, p.name, r.position, r.checked_in, r.gone_after_round"
    " FROM event_players r JOIN players p ON p.id = r.player_id"
    " JOIN uids u ON u.kind = 'events' AND u.local_id = r.event_id ORDER BY u.uid, r.position",
    "tables": "SELECT u.uid, t.round, t.number, s.uid, t.first_scorer_at FROM event_tables t"
    " JOIN uids u ON u.kind = 'events' AND u.local_id = t.event_id"
    " JOIN uids s ON s.kind = 'series' AND s.local_id = t.series_id"
    " ORDER BY u.uid, t.round, t.number",
}


def event_rows(db: Database) -> dict[str, list[tuple]]:
    return {kind: db.execute(sql).fetchall() for kind, sql in EVENT_ROWS.items()}


@pytest.fixture
def played(db):
    """A 10-player event of two rounds: round 1 played, Jo gone, round 2 seated, a phone
    scoring one table; its id."""
    event_id = new_event(db)
    table_codes.note_scorer(db, events.tables_of(db, event_id)[0].series_id)
    finish_round(db, event_id)
    events.mark_gone(db, event_id, "Jo")
    events.seat_next_round(db, event_id, random.Random(2))
    return event_id


def exported(db: Database) -> bytes:
    return "".join(export_chunks(db)).encode("utf-8")


def into_fresh(tmp_path, data: bytes, name: str = "other.db") -> Database:
    path = tmp_path / name
    migrate(path)
    db = connect(path)
    import_file(db, io.BytesIO(data))
    return db


def test_an_exported_event_comes_back_whole_with_new_codes(db, played, tmp_path):
    data = exported(db)
    night = json.loads(data)["nights"][0]
    (event,) = night["events"]
    assert event["name"] == "Friday club" and event["rounds"] == 2
    assert [t["round"] for t in event["tables"]] == [1, 1, 1, 2, 2, 2]
    assert {"name": "Jo", "checked_in": True, "gone_after_round": 1} in event["players"]
    assert "code" not in json.dumps(event["tables"])  # a table code stays where it was made
    other = into_fresh(tmp_path, data)
    assert event_rows(other) == event_rows(db)
    (here,) = events.list_events(other)
    assert events.standings_of(other, here.id) == events.standings_of(db, played)
    assert events.current_round(other, here.id) == 2
    old = {
        t.series_id: table_codes.code_of_table(db, t.series_id)
        for t in events.all_tables(db, played)
    }
    new = [table_codes.code_of_table(other, t.series_id) for t in events.all_tables(other, here.id)]
    assert all(code and len(code) == table_codes.LENGTH for code in new)
    assert not set(new) & set(old.values())


def test_the_import_says_it_stored_the_event(db, played, tmp_path):
    path = tmp_path / "third.db"
    migrate(path)
    added = import_file(connect(path), io.BytesIO(exported(db)))
    assert added.events == 1
    assert added.summary().endswith(
        "and 0 rulings, with 10 new players. It stored 1 event, with its rounds and tables."
    )


def test_importing_the_same_event_twice_adds_nothing(db, played, tmp_path):
    data = exported(db)
    other = into_fresh(tmp_path, data)
    before = event_rows(other)
    again = import_file(other, io.BytesIO(data))
    assert again.events == 0 and again.series == 0
    assert event_rows(other) == before


def test_a_night_export_holds_its_event_and_a_series_export_none(db, played):
    night_id = events.get_event(db, played).night_id
    assert len(export_document(db, night_id=night_id)["nights"][0]["events"]) == 1
    table = events.tables_of(db, played, 1)[0]
    assert "events" not in export_document(db, series_id=table.series_id)["nights"][0]


def test_a_file_from_before_events_imports_its_tables_as_plain_series(db, played, tmp_path):
    document = json.loads(exported(db))
    for night in document["nights"]:
        night.pop("events")
    other = into_fresh(tmp_path, json.dumps(document).encode())
    assert events.list_events(other) == []
    assert other.execute("SELECT count(*) FROM series").fetchone()[0] == 6


def refusal(document: dict) -> str:
    with pytest.raises(BadExport) as refused:
        check_document(document)
    return str(refused.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda e: e["tables"][0].update(series="not-a-series"),
            'night 1, event 1, table 1, "series": this night has no series with the uid'
            ' "not-a-series"',
        ),
        (
            lambda e: e["tables"][0].update(round=3),
            "night 1, event 1, table 1: the round must be from 1 to 2, the table from 1",
        ),
        (
            lambda e: e["tables"][1].update(table=1),
            "night 1, event 1, table 2: the event lists this table twice",
        ),
        (
            lambda e: e["players"][0].update(name="Zed"),
            'night 1, event 1: "Zed" is not in the file\'s players',
        ),
        (lambda e: e.update(seating="alphabetical"), "night 1, event 1: "),
        (lambda e: e.update(code="X"), 'night 1, event 1: unknown field "code"'),
        (lambda e: e.pop("tables"), 'night 1, event 1: the field "tables" is missing'),
    ],
)
def test_a_faulty_event_refuses_the_file_saying_where(db, played, change, message):
    document = json.loads(exported(db))
    change(document["nights"][0]["events"][0])
    assert refusal(document).startswith(message)


def test_an_event_uid_used_twice_refuses_the_file(db, played):
    document = json.loads(exported(db))
    night = document["nights"][0]
    night["events"].append(copy.deepcopy(night["events"][0]))
    assert "is used twice in the file" in refusal(document)


def test_an_import_that_fails_later_takes_its_event_back(db, played, tmp_path):
    document = json.loads(exported(db))
    other_path = tmp_path / "other.db"
    migrate(other_path)
    other = connect(other_path)
    # A table whose series is here already under another night: found only in the database,
    # after the event was written; the import takes everything back.
    first = copy.deepcopy(document)
    first["nights"][0].pop("events")
    import_document(other, first)
    other.execute(
        "INSERT INTO nights (date, created) VALUES ('2026-01-01', '2026-01-01T00:00:00+00:00')"
    )
    other.execute("UPDATE series SET night_id = (SELECT max(id) FROM nights) WHERE id = 4")
    with pytest.raises(BadExport, match="its series is of another night or event here"):
        import_document(other, document)
    assert events.list_events(other) == []


def test_a_backup_holds_the_event(db, db_path, played, tmp_path):
    target = tmp_path / "backup.db"
    backup_database(db_path, target)
    with connect(target) as copy_db:
        assert event_rows(copy_db) == event_rows(db)
        assert events.standings_of(copy_db, played) == events.standings_of(db, played)


def test_a_later_export_of_an_event_brings_its_later_rounds(db, tmp_path):
    event_id = new_event(db)
    finish_round(db, event_id)
    other = into_fresh(tmp_path, exported(db))
    events.mark_gone(db, event_id, "Jo")
    events.add_late_player(db, event_id, "Kim")
    events.seat_next_round(db, event_id, random.Random(2))
    events.end_event(db, event_id)
    later = exported(db)
    added = import_file(other, io.BytesIO(later))
    assert added.events == 0 and added.series == 3
    (here,) = events.list_events(other)
    assert event_rows(other)["tables"] == event_rows(db)["tables"]
    assert [p.name for p in events.roster(other, here.id)][-1] == "Kim"
    assert here.ended  # ended since the first export
    assert events.standings_of(other, here.id) == events.standings_of(db, event_id)


def test_a_failed_import_takes_back_what_it_added_to_an_event_here(db, tmp_path):
    event_id = new_event(db)
    finish_round(db, event_id)
    other = into_fresh(tmp_path, exported(db))
    events.add_late_player(db, event_id, "Kim")
    events.seat_next_round(db, event_id, random.Random(2))
    document = json.loads(exported(db))
    before = event_rows(other)
    # A later night whose series' uid names a night here: found only once the event's new
    # round has been written.
    clash = create_night(other, date(2026, 12, 1), None, None)
    (taken,) = other.execute(
        "SELECT uid FROM uids WHERE kind = 'nights' AND local_id = ?", [clash]
    ).fetchone()
    night = copy.deepcopy(document["nights"][0])
    night.pop("events")
    night["uid"] = "a-later-night"
    night["series"] = [{**night["series"][0], "uid": taken, "hands": [], "rulings": []}]
    night["series"][0].pop("clock", None)
    document["nights"].append(night)
    with pytest.raises(BadExport, match="names a night here"):
        import_document(other, document)
    assert event_rows(other) == before
