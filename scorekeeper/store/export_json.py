"""The export file's text, written a night at a time and held to the import's limits as it is
written: a file the import would refuse (larger than import_limits.MAX_BYTES in all, or a
part larger than PART_CHARS or MAX_RECORDS) is never written, so every export can be
imported back (issue 25)."""

from __future__ import annotations

import json
from collections.abc import Generator, Iterable
from typing import Any

from sqlite_utils import Database

from . import import_limits
from .export import export_document
from .import_limits import count_records, megabytes


class ExportTooLarge(Exception):
    """An export the import could not read back; the message says which limit it passes."""


def export_chunks(
    db: Database, night_id: int | None = None, series_id: int | None = None
) -> Generator[str, None, None]:
    """The export of everything, one night or one series as text, a night at a time: the same
    text as to_json, but never the whole file in memory. Read in one transaction, so it is one
    moment's data. Raises ExportTooLarge before the piece that would pass a limit."""
    own = not db.conn.in_transaction
    if own:
        db.execute("BEGIN")
    try:
        if night_id is None and series_id is None:
            head = _everything_head(db)
            ids = [row[0] for row in db.execute("SELECT id FROM nights ORDER BY date, id")]
            nights: Iterable[dict] = (export_document(db, night_id=one)["nights"][0] for one in ids)
        else:
            head = export_document(db, night_id=night_id, series_id=series_id)
            nights = head["nights"]
            head = {**head, "nights": []}
        yield from _measured(_written(head, nights))
    finally:
        if own:
            db.execute("ROLLBACK")


def _everything_head(db: Database) -> dict:
    """The export of everything without its nights: every player and variant."""
    head = export_document(db, night_id=0)  # no night has id 0
    head.update(
        scope="everything",
        players=[
            {"name": p["name"]}
            for p in db.query("SELECT name FROM players ORDER BY name COLLATE NOCASE, id")
        ],
        variants=[
            {
                "id": v["id"],
                "name": v["name"],
                "rules": json.loads(v["rules"]),
                "based_on": v["based_on"],
                "created": v["created"],
            }
            for v in db.query("SELECT * FROM variants ORDER BY id")
        ],
        nights=[],
    )
    return head


def _written(head: dict, nights: Iterable[dict]) -> Generator[str, None, None]:
    """The file's text: the head, each night, the end; each part checked as the import will
    read it (the part's own text, its lines indented as deep as it lies in the file)."""
    for key in ("players", "variants"):
        _check_part(f'"{key}"', json.dumps(head[key], indent=1, ensure_ascii=False), 1, head[key])
    text = to_json(head)
    started = False
    for night in nights:
        own = json.dumps(night, indent=1, ensure_ascii=False)
        _check_part(f"the night of {night['date']}", own, 2, night)
        if not started:
            yield text[: text.rindex("[]")] + "[\n"
        yield ("  " if not started else ",\n  ") + own.replace("\n", "\n  ")
        started = True
    yield "\n ]\n}\n" if started else text


def _check_part(what: str, own: str, depth: int, value: Any) -> None:
    """Refuse a part longer, once indented to its depth, or of more records than an import
    reads at once."""
    chars = len(own) + depth * own.count("\n")
    if chars > import_limits.PART_CHARS or count_records(value) > import_limits.MAX_RECORDS:
        raise ExportTooLarge(
            f"{what} is larger than an import reads at once ({megabytes(import_limits.PART_CHARS)}"
            f" MB or {import_limits.MAX_RECORDS:,} records)"
        )


def _measured(chunks: Iterable[str]) -> Generator[str, None, None]:
    """The pieces as they come, refused before the file passes the import's MAX_BYTES."""
    size = 0
    for chunk in chunks:
        size += len(chunk.encode("utf-8"))
        if size > import_limits.MAX_BYTES:
            raise ExportTooLarge(
                f"the export is larger than {megabytes(import_limits.MAX_BYTES)} MB, the most "
                "an import reads"
            )
        yield chunk


def to_json(document: dict) -> str:
    """The export file's text."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
