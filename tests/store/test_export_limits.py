"""The export and the import share their limits to the character: an export is refused exactly
where the import would refuse it, and a file far larger than any one part is read a night at a
time, in any order of its members, with nothing stored when any part is at fault."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.store import export_reader, import_limits
from scorekeeper.store.db import connect, migrate
from scorekeeper.store.export_format import BadExport
from scorekeeper.store.export_json import ExportTooLarge, export_chunks
from scorekeeper.store.import_limits import count_records
from scorekeeper.store.importer import import_file

from .big_export import big_export
from .test_export_round_trip import everything


@pytest.fixture
def club(db, tmp_path):
    """A database of six nights of five hands, and its export of everything."""
    text = json.dumps(big_export(tmp_path, nights=6, hands=5), ensure_ascii=False)
    import_file(db, io.BytesIO(text.encode()))
    return db


def export_text(db) -> str:
    return "".join(export_chunks(db))


def import_into(db, text: str):
    return import_file(db, io.BytesIO(text.encode("utf-8")))


def night_spans(text: str) -> list[int]:
    """The length of each night's own text as it lies in the file (indented two deep)."""
    nights = json.loads(text)["nights"]
    return [len(json.dumps(n, indent=1, ensure_ascii=False).replace("\n", "\n  ")) for n in nights]


def test_the_file_limit_is_the_same_to_the_byte(club, tmp_path, monkeypatch):
    size = len(export_text(club).encode("utf-8"))
    other = tmp_path / "other.db"
    migrate(other)
    monkeypatch.setattr(import_limits, "MAX_BYTES", size)
    text = export_text(club)
    with connect(other) as db:
        assert import_into(db, text).hands == 36
    monkeypatch.setattr(import_limits, "MAX_BYTES", size - 1)
    with pytest.raises(ExportTooLarge, match="larger than 0 MB, the most an import reads"):
        export_text(club)
    with connect(other) as db, pytest.raises(BadExport, match="an import takes at most 0 MB"):
        import_into(db, text.replace("night-", "other-").replace("hand-", "other-"))


def test_a_nights_limit_is_the_same_to_the_character(club, tmp_path, monkeypatch):
    text = export_text(club)
    longest = max(night_spans(text))
    assert len(text) > 5 * longest  # the file is read in parts far smaller than itself
    monkeypatch.setattr(import_limits, "PART_CHARS", longest)
    assert export_text(club)
    fresh = tmp_path / "fresh.db"
    migrate(fresh)
    with connect(fresh) as db:
        assert import_into(db, text).nights == 6
    monkeypatch.setattr(import_limits, "PART_CHARS", longest - 1)
    with pytest.raises(ExportTooLarge, match="the night of 2016-01-01 is larger than"):
        export_text(club)
    migrate(tmp_path / "again.db")
    with connect(tmp_path / "again.db") as db:
        with pytest.raises(BadExport, match=r"^night 1 is larger than 0 MB, the most an import"):
            import_into(db, text)
        assert db["hands"].count == 0


def test_a_nights_records_are_limited_alike(club, tmp_path, monkeypatch):
    text = export_text(club)
    most = max(count_records(n) for n in json.loads(text)["nights"])
    monkeypatch.setattr(import_limits, "MAX_RECORDS", most)
    assert export_text(club)
    monkeypatch.setattr(import_limits, "MAX_RECORDS", most - 1)
    with pytest.raises(ExportTooLarge, match=f"or {most - 1:,} records"):
        export_text(club)
    with pytest.raises(BadExport, match=f'"nights", item 1: holds more than {most - 1:,}'):
        export_reader.read_document(text)


def test_read_in_tiny_pieces_the_file_gives_the_same_database(club, tmp_path, monkeypatch):
    """Pieces of 7 bytes cut numbers, names and the two bytes of "Ș" in two."""
    text = export_text(club)
    monkeypatch.setattr(export_reader, "CHUNK", 7)
    migrate(tmp_path / "pieces.db")
    with connect(tmp_path / "pieces.db") as db:
        assert import_into(db, text).hands == 36
        assert everything(db) == everything(club)


def test_the_nights_may_come_before_the_players(club, tmp_path):
    document = json.loads(export_text(club))
    reordered = {"nights": document.pop("nights"), **document}
    migrate(tmp_path / "order.db")
    with connect(tmp_path / "order.db") as db:
        assert import_into(db, json.dumps(reordered)).hands == 36
        assert everything(db) == everything(club)


def test_a_fault_in_the_last_night_stores_nothing(club, tmp_path):
    document = json.loads(export_text(club))
    document["nights"][-1]["series"][0]["hands"][-1]["number"] = 0
    migrate(tmp_path / "fault.db")
    with connect(tmp_path / "fault.db") as db:
        with pytest.raises(BadExport, match=r'^night 6, series 1, hand 6, "number": must be 1'):
            import_into(db, json.dumps(document))
        assert [db[t].count for t in ("nights", "hands", "players", "uids")] == [0, 0, 0, 0]


@pytest.mark.parametrize("chunk", [7, 1024 * 1024])
def test_bad_json_deep_in_the_file_is_placed_as_a_whole_read_places_it(club, monkeypatch, chunk):
    text = export_text(club)
    where = text.rindex('"date": "') + len('"date": ')
    broken = text[:where] + "x" + text[where + 1 :]
    with pytest.raises(json.JSONDecodeError) as whole:
        json.loads(broken)
    monkeypatch.setattr(export_reader, "CHUNK", chunk)
    with pytest.raises(BadExport) as parts:
        export_reader.read_document(broken)
    error = whole.value
    assert str(parts.value) == (
        f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
    )


def test_a_member_given_twice_is_refused(club):
    text = export_text(club)
    twice = text.replace('"scope": "everything"', '"scope": "everything", "scope": "x"')
    with pytest.raises(BadExport, match='the file holds "scope" twice'):
        export_reader.read_document(twice)


@pytest.mark.parametrize("chunk", range(1, 12))
def test_a_number_cut_between_two_pieces_is_read_whole(monkeypatch, chunk):
    monkeypatch.setattr(export_reader, "CHUNK", chunk)
    for written, read in (("12345", "12345"), ("1.5e3", "1500.0"), ("-2E-1", "-0.2")):
        text = f'{{"format": "scorekeeper-export", "version": {written}}}'
        with pytest.raises(BadExport, match=f"^export version {read};"):
            export_reader.read_document(text)


def test_a_members_name_is_short():
    text = '{"' + "x" * 300 + '": 1}'
    with pytest.raises(BadExport, match=r"^a member's name is longer than 200 characters$"):
        export_reader.read_document(text)
