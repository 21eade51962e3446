"""What the export's files are made of, without a database: a file that is not an export is
refused with what it is, and no CSV cell can start a spreadsheet formula."""

import pytest

from scorekeeper.store.export import text_cell
from scorekeeper.store.export_format import BadExport
from scorekeeper.store.export_reader import read_document


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON (line 1, column 1: Expecting value)"),
        ("[1, 2]", 'not a Scorekeeper export (it has no "format": "scorekeeper-export")'),
        (
            '{"format": "scorekeeper-export", "version": 9}',
            "export version 9; this app reads version 1",
        ),
    ],
)
def test_files_that_are_not_exports_are_refused(text, message):
    with pytest.raises(BadExport) as refused:
        read_document(text)
    assert str(refused.value) == message


def test_csv_cells_never_start_a_formula():
    assert [text_cell(t) for t in ("=SUM(A1)", "+1", "-x", "@me", "Ana", None)] == [
        "'=SUM(A1)",
        "'+1",
        "'-x",
        "'@me",
        "Ana",
        "",
    ]
