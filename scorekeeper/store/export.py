"""Export: the whole database, a night or a series as an export document (written as text by
`export_json.py`); score sheets as CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from ..engine import variant_from_dict
from ..engine.words import Reading, Words, say
from . import clock
from .export_events import exported_events
from .export_format import FORMAT, VERSION
from .series import seats

CSV_COLUMNS = [
    "date",
    "place",
    "series",
    "variant",
    "hand",
    "seat",
    "player",
    "score",
    "total",
    "won",
]


# --- Building the document: a read of the database ---------------------------


def _json(text: str | None):
    return json.loads(text) if text else None


def _uid(kind: str, alias: str) -> str:
    """The SQL that reads a row's uid beside it."""
    return f"(SELECT uid FROM uids WHERE kind = '{kind}' AND local_id = {alias}.id) AS uid"


def export_document(
    db: Database, night_id: int | None = None, series_id: int | None = None
) -> dict:
    """Everything, one night or one series, with uids, in the export format."""
    if series_id is not None:
        where, args, scope = "id = ?", [series_id], "series"
    elif night_id is not None:
        where, args, scope = "night_id = ?", [night_id], "night"
    else:
        where, args, scope = "1", [], "everything"
    series = list(
        db.query(
            f"SELECT series.*, {_uid('series', 'series')} FROM series WHERE {where} ORDER BY id",
            args,
        )
    )
    ids = [s["id"] for s in series]
    if scope == "everything":
        night_rows = list(
            db.query(f"SELECT n.*, {_uid('nights', 'n')} FROM nights n ORDER BY date, id")
        )
    else:
        night_ids = {s["night_id"] for s in series} | ({night_id} if night_id else set())
        marks = ",".join("?" * len(night_ids))
        night_rows = list(
            db.query(
                f"SELECT n.*, {_uid('nights', 'n')} FROM nights n"
                f" WHERE id IN ({marks}) ORDER BY date, id",
                sorted(night_ids),
            )
        )
    seated = seats(db, ids)
    within = f"series_id IN (SELECT id FROM series WHERE {where})"
    hands: dict[int, list] = {i: [] for i in ids}
    audit: dict[int, list] = {}
    for row in db.query(
        f"SELECT a.*, {_uid('hand_audit', 'a')} FROM hand_audit a"
        f" JOIN hands h ON h.id = a.hand_id WHERE h.{within} ORDER BY a.id",
        args,
    ):
        audit.setdefault(row["hand_id"], []).append(
            {
                "uid": row["uid"],
                "at": row["at"],
                "action": row["action"],
                "old": _json(row["old"]),
                "new": _json(row["new"]),
            }
        )
    for row in db.query(
        f"SELECT h.*, {_uid('hands', 'h')} FROM hands h WHERE {within} ORDER BY number, id", args
    ):
        hands[row["series_id"]].append(
            {
                "uid": row["uid"],
                "number": row["number"],
                "record": json.loads(row["record"]),
                "table_actions": _json(row["table_actions"]),
                "scores": _json(row["scores"]),
                "winner": row["winner"],
                "created": row["created"],
                "updated": row["updated"],
                "deleted_at": row["deleted_at"],
                "audit": audit.get(row["id"], []),
            }
        )
    rulings: dict[int, list] = {i: [] for i in ids}
    for row in db.query(
        f"SELECT r.*, {_uid('rulings', 'r')} FROM rulings r WHERE {within} ORDER BY id", args
    ):
        rulings[row["series_id"]].append(
            {
                "uid": row["uid"],
                "hand_number": row["hand_number"],
                "text": row["text"],
                "agreed_by": row["agreed_by"],
                "created": row["created"],
            }
        )
    clocks = clock.exported(db, within, args)
    by_night: dict[int, list] = {}
    for s in series:
        by_night.setdefault(s["night_id"], []).append(
            {
                "uid": s["uid"],
                "name": s["name"],
                "variant_id": s["variant_id"],
                "variant": json.loads(s["variant_rules"]),
                "end": {"kind": s["end_kind"], "value": s["end_value"]},
                "first_dealer": s["first_dealer"],
                "listing": s["listing"],
                "created": s["created"],
                "players": [name for _, name in seated[s["id"]]],
                "hands": hands[s["id"]],
                "rulings": rulings[s["id"]],
                **({"clock": clocks[s["id"]]} if s["id"] in clocks else {}),
            }
        )
    if scope == "everything":
        names = [
            p["name"] for p in db.query("SELECT name FROM players ORDER BY name COLLATE NOCASE, id")
        ]
        variants = db.query("SELECT * FROM variants ORDER BY id")
    else:
        names = sorted(
            {n for s in by_night.values() for one in s for n in one["players"]}, key=str.casefold
        )
        variants = db.query(
            f"SELECT * FROM variants WHERE id IN (SELECT variant_id FROM series"
            f" WHERE {where}) ORDER BY id",
            args,
        )
    # An event is written whole or not at all: never with one series of it.
    events = {} if scope == "series" else exported_events(db, [n["id"] for n in night_rows])
    return {
        "format": FORMAT,
        "version": VERSION,
        "scope": scope,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": [{"name": n} for n in names],
        "variants": [
            {
                "id": v["id"],
                "name": v["name"],
                "rules": json.loads(v["rules"]),
                "based_on": v["based_on"],
                "created": v["created"],
            }
            for v in variants
        ],
        "nights": [
            {
                "uid": n["uid"],
                "date": n["date"],
                "place": n["place"],
                "note": n["note"],
                "created": n["created"],
                "series": by_night.get(n["id"], []),
                **({"events": events[n["id"]]} if n["id"] in events else {}),
            }
            for n in night_rows
        ],
    }


# --- Score sheets as CSV ------------------------------------------------------

# A chunk of the CSV is sent once it holds this many characters: small enough that the
# sheets of years of game nights never sit in memory, large enough to send few pieces.
CSV_CHUNK = 16_384
# The first character of every CSV file: the UTF-8 byte-order mark.
BOM = "\ufeff"


@dataclass(frozen=True)
class SheetWords:
    """The words a score sheet shows people, in English unless the page's language is passed
    in (the store has no languages of its own): the header, a won hand's mark, the title of
    an unnamed series, a gettext-style text with `%(number)d`, and the reader of a preset's
    name (None: its English)."""

    header: tuple[str, ...] = tuple(CSV_COLUMNS)
    won: str = "yes"
    unnamed: str = "Series %(number)d"
    # How the engine's words (a preset's name) are read: English unless the page's reader
    # is passed in, caught while the request lasts.
    reader: Reading | None = None


ENGLISH = SheetWords()


def series_rows(
    night: dict,
    title: str,
    variant_name: Words | str,
    names: list[str],
    hands: Iterable[dict],
    words: SheetWords = ENGLISH,
) -> Iterator[list]:
    """One row per player per hand played (deleted hands left out), with the running total.

    Each hand's scores and winner were stored with its result when it was saved (or by
    m008, for hands older than that), so nothing is scored again here."""
    totals = dict.fromkeys(names, 0)
    for count, hand in enumerate(hands, start=1):
        scores = json.loads(hand["scores"])
        for seat, name in enumerate(names):
            totals[name] += scores[name]
            yield [
                night["date"],
                text_cell(night["place"]),
                text_cell(title),
                text_cell(say(variant_name, words.reader)),
                count,
                seat + 1,
                text_cell(name),
                scores[name],
                totals[name],
                words.won if hand["winner"] == name else "",
            ]


def text_cell(text: str | None) -> str:
    """Text as a spreadsheet shows it, never run as a formula (a name typed as =SUM(...))."""
    text = text or ""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _sheet_series(
    db: Database, night_id: int | None, series_id: int | None, unnamed: str
) -> Iterator[tuple[str, dict]]:
    """Each series of the scope (with its night's date and place) and its title on the
    sheet, night by night
    (by date) and in the order they were started; an unnamed one is "Series N", N its place
    among the series of the scope on that night."""
    if series_id is not None:
        where, args = "s.id = ?", [series_id]
    elif night_id is not None:
        where, args = "s.night_id = ?", [night_id]
    else:
        where, args = "1", []
    number, last_night = 0, None
    for row in db.query(
        "SELECT s.id, s.name, s.variant_rules, n.id AS night, n.date, n.place"
        f" FROM series s JOIN nights n ON n.id = s.night_id WHERE {where}"
        " ORDER BY n.date, n.id, s.id",
        args,
    ):
        number = number + 1 if row["night"] == last_night else 1
        last_night = row["night"]
        yield row["name"] or unnamed % {"number": number}, row


def sheet_chunks(
    db: Database,
    night_id: int | None = None,
    series_id: int | None = None,
    words: SheetWords = ENGLISH,
) -> Iterator[str]:
    """The score sheets of everything, one night or one series as CSV text, a series at a
    time and in pieces of about CSV_CHUNK characters. Read in one transaction, so it is one
    moment's data."""
    own = not db.conn.in_transaction
    if own:
        db.execute("BEGIN")
    try:
        out = io.StringIO()
        # The byte-order mark tells a spreadsheet (Excel above all) that the file is UTF-8,
        # so "Ștefan" and "Éloïse" open as typed; CSV readers that know it skip it.
        out.write(BOM)
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(words.header)
        for title, series in _sheet_series(db, night_id, series_id, words.unnamed):
            names = [name for _, name in seats(db, [series["id"]])[series["id"]]]
            variant = variant_from_dict(json.loads(series["variant_rules"]))
            hands = db.query(
                "SELECT scores, winner FROM hands WHERE series_id = ? AND"
                " COALESCE(deleted_at, '') = '' ORDER BY number, id",
                [series["id"]],
            )
            for row in series_rows(series, title, variant.name, names, hands, words):
                writer.writerow(row)
                if out.tell() >= CSV_CHUNK:
                    yield out.getvalue()
                    out.seek(0)
                    out.truncate()
        yield out.getvalue()
    finally:
        if own:
            db.execute("ROLLBACK")
