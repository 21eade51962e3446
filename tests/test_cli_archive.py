"""The export, import and backup commands: files written, read and refused, status and messages."""

import io
import json
import re
import sqlite3
import threading

import pytest
from conftest import run

from scorekeeper import cli_archive
from scorekeeper.cli import main
from scorekeeper.store import import_limits
from scorekeeper.store.db import connect
from scorekeeper.store.export import export_document
from scorekeeper.store.export_json import export_chunks, to_json


def hands_in(path) -> int:
    with connect(path) as db:
        return db["hands"].count


def test_export_everything_to_a_file(capsys, database, tmp_path):
    target = tmp_path / "all.json"
    assert run(capsys, "export", "--database", database, target) == (0, "", "")
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["scope"] == "everything"
    assert [n["date"] for n in document["nights"]] == ["2025-10-03", "2025-11-07", "2025-11-21"]


def test_export_a_night_or_a_series_to_standard_output(capsys, database):
    status, out, _ = run(capsys, "export", "--database", database, "--night", 3, "-")
    assert status == 0 and [n["date"] for n in json.loads(out)["nights"]] == ["2025-11-21"]
    status, out, _ = run(capsys, "export", "--database", database, "--series", 2, "-")
    assert status == 0 and json.loads(out)["nights"][0]["series"][0]["name"] == "Quick one"


def test_export_of_an_unknown_night_exits_2(capsys, database):
    assert run(capsys, "export", "--database", database, "--night", 9, "-") == (
        2,
        "",
        "scorekeeper export: there is no night 9\n",
    )


def test_export_takes_a_night_or_a_series_not_both(capsys, database):
    with pytest.raises(SystemExit) as exit_status:
        main(["export", "--database", str(database), "--night", "1", "--series", "1", "-"])
    err = capsys.readouterr().err
    assert exit_status.value.code == 2
    assert "argument --series: not allowed with argument --night" in err
    assert err.count("\n") == 1


def test_import_into_an_empty_database_then_again(capsys, database, tmp_path):
    export = tmp_path / "all.json"
    run(capsys, "export", "--database", database, export)
    other = tmp_path / "other.db"
    assert run(capsys, "import", "--database", other, export) == (
        0,
        "Imported 3 nights, 3 series, 5 hands and 1 ruling, with 3 new players.\n",
        "",
    )
    status, out, _ = run(capsys, "import", "--database", other, export)
    assert status == 0 and out.startswith("Nothing new: all ")
    assert hands_in(other) == hands_in(database) == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe", "not a UTF-8 text file (byte 1)"),
        (
            b"{",
            "not valid JSON (line 1, column 2: Expecting property name enclosed in double quotes)",
        ),
        (
            b'{"format": "csv"}',
            'not a Scorekeeper export (it has no "format": "scorekeeper-export")',
        ),
    ],
)
def test_import_refuses_a_bad_file_with_one_line_and_status_2(capsys, tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    other = tmp_path / "other.db"
    assert run(capsys, "import", "--database", other, bad) == (
        2,
        "",
        f"scorekeeper import: {bad}: {message}\n",
    )
    assert hands_in(other) == 0


def test_import_refuses_a_faulty_hand_and_stores_nothing(capsys, database, tmp_path):
    export = tmp_path / "all.json"
    run(capsys, "export", "--database", database, export)
    document = json.loads(export.read_text(encoding="utf-8"))
    document["nights"][1]["series"][0]["hands"][0]["record"]["players"][0]["went_out"] = True
    export.write_text(json.dumps(document), encoding="utf-8")
    other = tmp_path / "other.db"
    status, out, err = run(capsys, "import", "--database", other, export)
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper import: {export}: night 2, series 1, hand 1, record: ")
    assert err.count("\n") == 1
    with connect(other) as db:
        assert (db["nights"].count, db["players"].count) == (0, 0)


def test_import_of_a_missing_file_exits_2(capsys, tmp_path):
    status, _, err = run(capsys, "import", "--database", tmp_path / "x.db", tmp_path / "no.json")
    assert status == 2
    assert (
        err == f"scorekeeper import: {tmp_path / 'no.json'}: cannot read the file "
        "(No such file or directory)\n"
    )


def test_backup_is_a_consistent_copy_taken_while_a_hand_is_being_written(
    capsys, database, tmp_path
):
    writer = sqlite3.connect(database, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO nights (date, created) VALUES ('2025-12-24', 'x')")
    target = tmp_path / "backup.db"
    # The backup does not wait for the open transaction, and does not see it.
    done = threading.Event()
    result = {}

    def back_up():
        result["run"] = run(capsys, "backup", "--database", database, target)
        done.set()

    thread = threading.Thread(target=back_up)
    thread.start()
    assert done.wait(20)
    thread.join()
    writer.commit()
    writer.close()
    assert result["run"] == (0, f"Backed up {database} to {target}\n", "")
    copy = sqlite3.connect(target)
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert copy.execute("SELECT count(*) FROM nights").fetchone() == (3,)
    assert copy.execute("SELECT count(*) FROM hands").fetchone() == (5,)
    copy.close()


def test_backup_refuses_a_folder_or_a_missing_database(capsys, database, tmp_path):
    assert run(capsys, "backup", "--database", database, tmp_path) == (
        2,
        "",
        f"scorekeeper backup: {tmp_path} is a folder; give the backup a file name\n",
    )
    assert run(capsys, "backup", "--database", tmp_path / "none.db", tmp_path / "b.db") == (
        2,
        "",
        f"scorekeeper backup: there is no database at {tmp_path / 'none.db'}\n",
    )


def test_backup_of_a_file_that_is_no_database_exits_2_and_leaves_nothing(capsys, tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("shopping list\n" * 100)
    status, out, err = run(capsys, "backup", "--database", bad, tmp_path / "b.db")
    assert (status, out) == (2, "")
    assert err == f"scorekeeper backup: {bad} is not a database\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


def test_export_of_everything_is_written_night_by_night(capsys, database, tmp_path, monkeypatch):
    pieces = []

    def counted(db, **scope):
        for piece in export_chunks(db, **scope):
            pieces.append(piece)
            yield piece

    monkeypatch.setattr(cli_archive, "export_chunks", counted)
    target = tmp_path / "all.json"
    assert run(capsys, "export", "--database", database, target) == (0, "", "")
    assert len(pieces) == 3 + 2  # the players and variants, each of the three nights, the end
    with connect(database) as db:
        whole = to_json(export_document(db))
    stamp = re.compile(r'"exported": "[^"]+"')
    assert stamp.sub("", target.read_text(encoding="utf-8")) == stamp.sub("", whole)
    status, out, _ = run(capsys, "export", "--database", database, "-")
    assert status == 0 and stamp.sub("", out) == stamp.sub("", whole)


def test_an_export_the_import_could_not_read_back_is_refused_and_leaves_nothing(
    capsys, database, tmp_path, monkeypatch
):
    target = tmp_path / "all.json"
    assert run(capsys, "export", "--database", database, target) == (0, "", "")
    size = target.stat().st_size
    target.unlink()
    monkeypatch.setattr(import_limits, "MAX_BYTES", size - 1)
    status, out, err = run(capsys, "export", "--database", database, target)
    assert (status, out) == (2, "")
    assert err == (
        "scorekeeper export: the export is larger than 0 MB, the most an import reads; nothing "
        "written: export one night or series at a time (--night, --series)\n"
    )
    assert not target.exists()
    status, out, err = run(capsys, "export", "--database", database, "-")
    assert (status, out) == (2, "") and err.count("\n") == 1
    # Exactly at the limit, the export is written and imported back.
    monkeypatch.setattr(import_limits, "MAX_BYTES", size)
    assert run(capsys, "export", "--database", database, target) == (0, "", "")
    other = tmp_path / "other.db"
    status, out, _ = run(capsys, "import", "--database", other, target)
    assert status == 0 and out.startswith("Imported 3 nights")


def test_import_reads_a_file_larger_than_any_night_from_standard_input(
    capsys, database, tmp_path, monkeypatch
):
    text = "".join(chunk for chunk in _exported(database))
    longest = max(
        len(json.dumps(n, indent=1, ensure_ascii=False).replace("\n", "\n  "))
        for n in json.loads(text)["nights"]
    )
    monkeypatch.setattr(import_limits, "PART_CHARS", longest)
    assert len(text) > 2 * longest
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode()), "utf-8"))
    other = tmp_path / "other.db"
    status, out, _ = run(capsys, "import", "--database", other, "-")
    assert status == 0 and out.startswith("Imported 3 nights")
    assert hands_in(other) == hands_in(database)


def _exported(database):
    with connect(database) as db:
        yield from export_chunks(db)


def test_import_says_a_refusal_in_the_language_asked_for(capsys, tmp_path):
    # The same refusal as the English above, read in --lang's language (values as written).
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "scorekeeper-export", "version": 7}')
    status, out, err = run(capsys, "--lang", "fr", "import", "--database", tmp_path / "o.db", bad)
    assert (status, out) == (2, "")
    assert err == (
        f"scorekeeper import: {bad}: export en version 7 ; cette application lit la version 1\n"
    )
