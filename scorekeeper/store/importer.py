"""Import: store what a checked export file holds that this database lacks, all or nothing.

Nights, series, hands, audit entries and rulings are known by their uid, so importing
the same file twice adds nothing; players are matched by name, in any case.

A large file is written a few nights at a time, each batch its own short transaction, so a
hand recorded meanwhile waits at most about BATCH_SECONDS (issue 15: a million records held
the write lock for 57 s). Should a later batch find a fault only the database can show (a
uid here already, a merged series that no longer scores), everything this import wrote is
deleted again: the file is still refused whole.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import IO, Any

from sqlite_utils import Database

from ..engine import RuleError, variant_from_dict
from ..engine.names import name_key
from ..engine.words import words
from . import clock, join_codes
from .db import write_lock
from .export_reader import read_export
from .export_refusals import BadExport, faulty
from .hands import HandRefused, check_hand, sheet_hands, stored_result, tally
from .import_events import import_events
from .import_rows import Added, insert_row, local_id
from .players import add_player, find_player
from .series import Series, series_of
from .spelling import respell_actions, respell_record
from .tallies import fill_missing_tallies


def _dumps(value: Any, sort_keys: bool = False) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=sort_keys)


# How long one batch may hold the write lock before it commits and lets a hand through.
BATCH_SECONDS = 0.5


def import_file(db: Database, stream: IO[bytes]) -> Added:
    """Check an export file and store what it holds that this database lacks, reading it a
    night at a time (export_reader); all or nothing."""
    head, nights = read_export(stream)
    return import_parts(db, head, nights)


def import_document(db: Database, document: dict) -> Added:
    """Store what the checked document holds that this database lacks; all or nothing."""
    return import_parts(db, document, document["nights"])


def import_parts(db: Database, head: dict, night_list: Iterable[dict]) -> Added:
    """Store the checked head's players and variants, then its nights as they come."""
    added = Added()
    try:
        with write_lock(db):
            spelling = _variants_and_players(db, head, added)
        nights = iter(night_list)
        pending = next(nights, None)
        while pending is not None:
            started = time.monotonic()
            with write_lock(db):
                # At least one night a batch, then more while the batch is still short.
                while True:
                    _import_night(db, pending, spelling, added)
                    pending = next(nights, None)
                    if pending is None or time.monotonic() - started >= BATCH_SECONDS:
                        break
        # Each series the file added to, or brought, keeps its standing (store.tallies).
        with write_lock(db):
            fill_missing_tallies(db)
    except BaseException:
        _take_back(db, added)
        raise
    return added


def _variants_and_players(db: Database, document: dict, added: Added) -> dict[str, str]:
    """Store the file's variants and new players; how each player's name is spelt here."""
    for v in document["variants"]:
        rules = variant_from_dict(v["rules"]).to_json()
        cursor = db.execute(
            "INSERT OR IGNORE INTO variants (id, name, rules, based_on,"
            " created) VALUES (?, ?, ?, ?, ?)",
            [v["id"], v["name"], rules, v["based_on"], v["created"]],
        )
        added.already += 1 - cursor.rowcount
        if cursor.rowcount:
            added.written.append(("variants", v["id"]))
    spelling = {}
    for player in document["players"]:
        known = find_player(db, player["name"])
        if known is None:
            added.players += 1
            known = db.table("players").get(add_player(db, player["name"]))
            added.written.append(("players", known["id"]))
        spelling[name_key(player["name"])] = known["name"]
    return spelling


def _import_night(db: Database, night: dict, spelling: dict[str, str], added: Added) -> None:
    night_id = local_id(db, "nights", night["uid"])
    if night_id is None:
        night_id = insert_row(
            db,
            "nights",
            night["uid"],
            {
                "date": night["date"],
                "place": night["place"],
                "note": night["note"],
                "created": night["created"],
            },
            added,
        )
        added.nights += 1
    else:
        added.already += 1
    for series in night["series"]:
        _import_series(db, night_id, series, spelling, added)
    import_events(db, night_id, night, added)


# What else refers to a row, deleted with it when an import is taken back.
# (A series that is a table of an event here already loses its place in the event first.)
DEPENDENTS = {"series": ("series_players", "live_tables", "join_codes", "event_tables")}
# The column a written row is known by, where it is not "id".
ROW_KEYS = {"event_players": "rowid"}
# A player or variant the import added stays if a series started meanwhile uses it.
STILL_USED = {
    "players": "SELECT 1 FROM series_players WHERE player_id = ?",
    "variants": "SELECT 1 FROM series WHERE variant_id = ?",
}


def _take_back(db: Database, added: Added) -> None:
    """Delete everything this import wrote, newest first (the batches already committed)."""
    if not added.written:
        return
    with write_lock(db):
        for kind, row_id in reversed(added.written):
            for table in DEPENDENTS.get(kind, ()):
                db.execute(f"DELETE FROM {table} WHERE series_id = ?", [row_id])
            if kind in STILL_USED and db.execute(STILL_USED[kind], [row_id]).fetchone():
                continue
            db.execute(f"DELETE FROM {kind} WHERE {ROW_KEYS.get(kind, 'id')} = ?", [row_id])
    added.written.clear()


def _import_series(
    db: Database, night_id: int, series: dict, spelling: dict[str, str], added: Added
) -> None:
    names = {n: spelling[name_key(n)] for n in series["players"]}
    series_id = local_id(db, "series", series["uid"])
    existed = series_id is not None
    if series_id is None:
        series_id = insert_row(
            db,
            "series",
            series["uid"],
            {
                "night_id": night_id,
                "name": series["name"],
                "variant_id": series["variant_id"],
                "variant_rules": variant_from_dict(series["variant"]).to_json(),
                "end_kind": series["end"]["kind"],
                "end_value": series["end"]["value"],
                "first_dealer": series["first_dealer"],
                # A file from before the order of play listed the players by seat.
                "listing": series.get("listing", "seats"),
                "created": series["created"],
            },
            added,
        )
        for seat, name in enumerate(series["players"]):
            db.execute(
                "INSERT INTO series_players (series_id, seat, player_id) VALUES (?, ?, ?)",
                [series_id, seat, add_player(db, name)],
            )
        join_codes.add_code(db, series_id)
        added.series += 1
    else:
        added.already += 1
    new_hands = 0
    stored = None
    for hand in series["hands"]:
        if local_id(db, "hands", hand["uid"]) is not None:
            added.already += 1 + len(hand["audit"])
            continue
        stored = stored or series_of(db, series_id)
        _import_hand(db, stored, hand, names, added)
        added.hands += 1
        new_hands += 1
    for ruling in series["rulings"]:
        if local_id(db, "rulings", ruling["uid"]) is not None:
            added.already += 1
            continue
        insert_row(
            db,
            "rulings",
            ruling["uid"],
            {
                "series_id": series_id,
                "hand_number": ruling["hand_number"],
                "text": ruling["text"],
                "agreed_by": ruling["agreed_by"],
                "created": ruling["created"],
            },
            added,
        )
        added.rulings += 1
    if "clock" in series:
        # The series' own limit is the file's only for a series new here: a series already
        # kept keeps the limit its table set.
        own = None if existed else series["clock"]["own_limit"]
        clock.import_turns(db, series_id, own, series["clock"]["turns"])
    if existed and new_hands:
        _check_merged(db, series_id, series)


def _import_hand(
    db: Database, series: Series, hand: dict, names: dict[str, str], added: Added
) -> None:
    """Store a hand of the file with its result, scored once here like any hand saved."""
    record = respell_record(hand["record"], names)
    try:
        result = check_hand(series, record)
    except HandRefused as refused:  # checked already, under the file's spelling of the names
        where = words("series {title}, hand {number}", title=series.title, number=hand["number"])
        raise faulty(where, refused) from None
    hand_id = insert_row(
        db,
        "hands",
        hand["uid"],
        {
            "series_id": series.id,
            "number": hand["number"],
            "record": json.dumps(record),
            "created": hand["created"],
            "updated": hand["updated"],
            "deleted_at": hand["deleted_at"],
            **stored_result(result),
            "table_actions": _dumps(respell_actions(hand["table_actions"], names)),
        },
        added,
    )
    for entry in hand["audit"]:
        insert_row(
            db,
            "hand_audit",
            entry["uid"],
            {
                "hand_id": hand_id,
                "at": entry["at"],
                "action": entry["action"],
                "old": _audited(entry["old"], names),
                "new": _audited(entry["new"], names),
            },
            added,
        )


def _audited(record: dict | None, names: dict[str, str]) -> str | None:
    """An audit entry's record as stored: names as spelt here, keys sorted; or None."""
    return None if record is None else json.dumps(respell_record(record, names), sort_keys=True)


def _check_merged(db: Database, series_id: int, series: dict) -> None:
    """A series that was here already must still score with the hands the file added."""
    where = words('series "{name}"', name=series["name"] or series["uid"])
    twice = db.execute(
        "SELECT number FROM hands WHERE series_id = ? GROUP BY number HAVING count(*) > 1",
        [series_id],
    ).fetchone()
    if twice:
        raise BadExport(
            words(
                "{where}: hand {number} is here already as another hand",
                where=where,
                number=twice[0],
            )
        )
    try:
        tally(series_of(db, series_id), sheet_hands(db, series_id))
    except RuleError as error:
        raise BadExport(
            words("{where}: with the file's hands added here, {error}", where=where, error=error)
        ) from None
