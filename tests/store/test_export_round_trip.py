"""Whatever "export everything" writes, import reads back: a club's ten years and more (21,000
hands, a file past the 32 MB that once refused it) into an empty database, every hand the
same."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlite_utils import Database

from scorekeeper.engine.limits import FILE_BYTES
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export_json import export_chunks, to_json
from scorekeeper.store.importer import import_file

from .big_export import big_export

# Every stored column of every hand, audit entry, ruling, series and night, known by uid.
ROWS = {
    "hands": "SELECT u.uid, s.uid, h.number, h.record, h.scores, h.winner, h.result,"
    " h.table_actions, h.created, h.updated, h.deleted_at FROM hands h"
    " JOIN uids u ON u.kind = 'hands' AND u.local_id = h.id"
    " JOIN uids s ON s.kind = 'series' AND s.local_id = h.series_id ORDER BY u.uid",
    "audit": "SELECT u.uid, h.uid, a.at, a.action, a.old, a.new FROM hand_audit a"
    " JOIN uids u ON u.kind = 'hand_audit' AND u.local_id = a.id"
    " JOIN uids h ON h.kind = 'hands' AND h.local_id = a.hand_id ORDER BY u.uid",
    "seats": "SELECT u.uid, sp.seat, p.name FROM series_players sp"
    " JOIN players p ON p.id = sp.player_id"
    " JOIN uids u ON u.kind = 'series' AND u.local_id = sp.series_id ORDER BY u.uid, sp.seat",
    "series": "SELECT u.uid, n.uid, s.name, s.variant_id, s.variant_rules, s.end_kind,"
    " s.end_value, s.first_dealer, s.listing, s.created FROM series s"
    " JOIN uids u ON u.kind = 'series' AND u.local_id = s.id"
    " JOIN uids n ON n.kind = 'nights' AND n.local_id = s.night_id ORDER BY u.uid",
    "nights": "SELECT u.uid, n.date, n.place, n.note, n.created FROM nights n"
    " JOIN uids u ON u.kind = 'nights' AND u.local_id = n.id ORDER BY u.uid",
    "rulings": "SELECT u.uid, r.hand_number, r.text, r.agreed_by, r.created FROM rulings r"
    " JOIN uids u ON u.kind = 'rulings' AND u.local_id = r.id ORDER BY u.uid",
}


def everything(db: Database) -> dict[str, list[tuple]]:
    return {kind: db.execute(sql).fetchall() for kind, sql in ROWS.items()}


def imported(path: Path, source: Path) -> None:
    migrate(path)
    with connect(path) as db, source.open("rb") as stream:
        import_file(db, stream)


@pytest.mark.slow
def test_an_export_of_21000_hands_imports_back_into_an_empty_database_every_hand_equal(
    tmp_path,
):
    generated = tmp_path / "generated.json"
    generated.write_text(to_json(big_export(tmp_path, nights=500, hands=42)), encoding="utf-8")
    imported(tmp_path / "club.db", generated)
    exported = tmp_path / "export.json"
    with connect(tmp_path / "club.db") as db, exported.open("w", encoding="utf-8") as out:
        out.writelines(export_chunks(db))
    assert exported.stat().st_size > FILE_BYTES  # past the old limit of a whole import

    imported(tmp_path / "empty.db", exported)

    with connect(tmp_path / "club.db") as club, connect(tmp_path / "empty.db") as again:
        before, after = everything(club), everything(again)
        assert club["hands"].count_where("deleted_at IS NULL") == 21_000
    # Each night's hands with one deleted: 21,500 rows, each created once, 500 deleted.
    assert len(after["hands"]) == 21_500 and len(after["audit"]) == 22_000
    for kind in ROWS:
        assert after[kind] == before[kind], kind
