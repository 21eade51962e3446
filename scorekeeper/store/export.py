"""Export: the whole database, a night or a series as an export document; score sheets as CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime

from sqlite_utils import Database

from ..engine import variant_from_dict
from .export_format import FORMAT, VERSION
from .series import seats

CSV_COLUMNS = ["date", "place", "series", "variant", "hand", "seat", "player", "score", "total",
               "won"]


# --- Building the document: a read of the database ---------------------------


def _json(text: str | None):
    return json.loads(text) if text else None


def _uid(kind: str, alias: str) -> str:
    """The SQL that reads a row's uid beside it."""
    return f"(SELECT uid FROM uids WHERE kind = '{kind}' AND local_id = {alias}.id) AS uid"


def export_document(db: Database, night_id: int | None = None,
                    series_id: int | None = None) -> dict:
    """Everything, one night or one series, with uids, in the export format."""
    if series_id is not None:
        where, args, scope = "id = ?", [series_id], "series"
    elif night_id is not None:
        where, args, scope = "night_id = ?", [night_id], "night"
    else:
        where, args, scope = "1", [], "everything"
    series = list(db.query(f"SELECT series.*, {_uid('series', 'series')} FROM series"
                           f" WHERE {where} ORDER BY id", args))
    ids = [s["id"] for s in series]
    if scope == "everything":
        night_rows = list(db.query(f"SELECT n.*, {_uid('nights', 'n')} FROM nights n"
                                   " ORDER BY date, id"))
    else:
        night_ids = {s["night_id"] for s in series} | ({night_id} if night_id else set())
        marks = ",".join("?" * len(night_ids))
        night_rows = list(db.query(f"SELECT n.*, {_uid('nights', 'n')} FROM nights n"
                                   f" WHERE id IN ({marks}) ORDER BY date, id", sorted(night_ids)))
    seated = seats(db, ids)
    within = f"series_id IN (SELECT id FROM series WHERE {where})"
    hands: dict[int, list] = {i: [] for i in ids}
    audit: dict[int, list] = {}
    for row in db.query(f"SELECT a.*, {_uid('hand_audit', 'a')} FROM hand_audit a"
                        f" JOIN hands h ON h.id = a.hand_id WHERE h.{within} ORDER BY a.id", args):
        audit.setdefault(row["hand_id"], []).append({
            "uid": row["uid"], "at": row["at"], "action": row["action"],
            "old": _json(row["old"]), "new": _json(row["new"])})
    for row in db.query(f"SELECT h.*, {_uid('hands', 'h')} FROM hands h WHERE {within}"
                        f" ORDER BY number, id", args):
        hands[row["series_id"]].append({
            "uid": row["uid"], "number": row["number"],
            "record": json.loads(row["record"]), "table_actions": _json(row["table_actions"]),
            "scores": _json(row["scores"]), "winner": row["winner"], "created": row["created"],
            "updated": row["updated"], "deleted_at": row["deleted_at"],
            "audit": audit.get(row["id"], [])})
    rulings: dict[int, list] = {i: [] for i in ids}
    for row in db.query(f"SELECT r.*, {_uid('rulings', 'r')} FROM rulings r WHERE {within}"
                        f" ORDER BY id", args):
        rulings[row["series_id"]].append({
            "uid": row["uid"], "hand_number": row["hand_number"],
            "text": row["text"], "agreed_by": row["agreed_by"], "created": row["created"]})
    by_night: dict[int, list] = {}
    for s in series:
        by_night.setdefault(s["night_id"], []).append({
            "uid": s["uid"], "name": s["name"], "variant_id": s["variant_id"],
            "variant": json.loads(s["variant_rules"]),
            "end": {"kind": s["end_kind"], "value": s["end_value"]},
            "first_dealer": s["first_dealer"], "created": s["created"],
            "players": [name for _, name in seated[s["id"]]],
            "hands": hands[s["id"]], "rulings": rulings[s["id"]]})
    if scope == "everything":
        names = [p["name"] for p in db.query("SELECT name FROM players"
                                             " ORDER BY name COLLATE NOCASE, id")]
        variants = db.query("SELECT * FROM variants ORDER BY id")
    else:
        names = sorted({n for s in by_night.values() for one in s for n in one["players"]},
                       key=str.casefold)
        variants = db.query(f"SELECT * FROM variants WHERE id IN (SELECT variant_id FROM series"
                            f" WHERE {where}) ORDER BY id", args)
    return {
        "format": FORMAT, "version": VERSION, "scope": scope,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": [{"name": n} for n in names],
        "variants": [{"id": v["id"], "name": v["name"], "rules": json.loads(v["rules"]),
                      "based_on": v["based_on"], "created": v["created"]} for v in variants],
        "nights": [{"uid": n["uid"], "date": n["date"], "place": n["place"],
                    "note": n["note"], "created": n["created"],
                    "series": by_night.get(n["id"], [])} for n in night_rows],
    }


def export_chunks(db: Database) -> Iterator[str]:
    """The export of everything as text, a night at a time: the same text as to_json, but
    never the whole file in memory. Read in one transaction, so it is one moment's data."""
    own = not db.conn.in_transaction
    if own:
        db.execute("BEGIN")
    try:
        head = export_document(db, night_id=0)  # no night has id 0: the players and variants
        head.update(scope="everything", players=[{"name": p["name"]} for p in db.query(
            "SELECT name FROM players ORDER BY name COLLATE NOCASE, id")], variants=[
            {"id": v["id"], "name": v["name"], "rules": json.loads(v["rules"]),
             "based_on": v["based_on"], "created": v["created"]}
            for v in db.query("SELECT * FROM variants ORDER BY id")], nights=[])
        ids = [row[0] for row in db.execute("SELECT id FROM nights ORDER BY date, id")]
        if not ids:
            yield to_json(head)
            return
        text = to_json(head)
        yield text[:text.rindex("[]")] + "[\n"
        for i, night_id in enumerate(ids):
            night = export_document(db, night_id=night_id)["nights"][0]
            lines = json.dumps(night, indent=1, ensure_ascii=False).split("\n")
            yield ("" if i == 0 else ",\n") + "\n".join("  " + line for line in lines)
        yield "\n ]\n}\n"
    finally:
        if own:
            db.execute("ROLLBACK")


def to_json(document: dict) -> str:
    """The export file's text."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


# --- Score sheets as CSV: pure ------------------------------------------------


def sheet_rows(document: dict) -> list[dict]:
    """One row per player per hand of every series in the document, with the running total."""
    rows = []
    for night in document["nights"]:
        for number, series in enumerate(night["series"], start=1):
            variant = variant_from_dict(series["variant"])
            names = series["players"]
            totals = dict.fromkeys(names, 0)
            played = [h for h in series["hands"] if not h["deleted_at"]]
            for count, hand in enumerate(played, start=1):
                # Stored with the hand's result when it was saved (or by m008, for hands
                # older than that).
                scores, winner = hand["scores"], hand["winner"]
                for seat, name in enumerate(names):
                    totals[name] += scores[name]
                    rows.append({"date": night["date"], "place": text_cell(night["place"]),
                                 "series": text_cell(series["name"] or f"Series {number}"),
                                 "variant": text_cell(variant.name), "hand": count,
                                 "seat": seat + 1, "player": text_cell(name),
                                 "score": scores[name], "total": totals[name],
                                 "won": "yes" if winner == name else ""})
    return rows


def text_cell(text: str | None) -> str:
    """Text as a spreadsheet shows it, never run as a formula (a name typed as =SUM(...))."""
    text = text or ""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(document: dict) -> str:
    """The score sheets of the document as CSV text."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(sheet_rows(document))
    return out.getvalue()
