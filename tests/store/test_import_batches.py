"""A large import is written a few nights at a time and is still all or nothing."""

from __future__ import annotations

import copy

import pytest
from web.history_fixture import fill
from web.test_export import TABLES

from scorekeeper.store import importer
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export import export_document
from scorekeeper.store.export_format import BadExport


@pytest.fixture
def document(tmp_path):
    source = tmp_path / "source.db"
    migrate(source)
    fill(source)
    with connect(source) as db:
        return export_document(db)


def everything(path) -> dict:
    with connect(path) as db:
        return {t: list(db.query(f"SELECT * FROM {t}")) for t in TABLES}


def test_each_batch_commits_so_a_hand_can_be_saved_between_them(tmp_path, document, monkeypatch):
    target = tmp_path / "target.db"
    migrate(target)
    monkeypatch.setattr(importer, "BATCH_SECONDS", 0)  # a night a batch
    seen: list[int] = []
    night = importer._import_night

    def watched(db, *args):
        with connect(target) as other:  # another phone's connection, outside the import
            seen.append(other["nights"].count)
        night(db, *args)

    monkeypatch.setattr(importer, "_import_night", watched)
    with connect(target) as db:
        importer.import_document(db, document)
    assert seen == list(range(len(document["nights"])))  # each earlier night committed
    assert len(document["nights"]) >= 3


def test_a_fault_in_a_later_batch_takes_back_what_earlier_batches_wrote(
    tmp_path, document, monkeypatch
):
    target = tmp_path / "target.db"
    migrate(target)
    with connect(target) as db:
        db.execute("INSERT INTO nights (date, created) VALUES ('2025-01-01', '2025-01-01')")
        clash = db.execute("SELECT uid FROM uids WHERE kind = 'nights'").fetchone()[0]
        db.conn.commit()
    before = everything(target)
    faulty = copy.deepcopy(document)
    # The last night's series carries the uid of a night already here: found only on writing.
    faulty["nights"][-1]["series"][0]["uid"] = clash
    monkeypatch.setattr(importer, "BATCH_SECONDS", 0)
    with connect(target) as db, pytest.raises(BadExport, match="names a night here"):
        importer.import_document(db, faulty)
    assert everything(target) == before
