"""Scored hands written straight into a series' rows, for the benchmarks that need a long
history quickly (the app's own save path checks and audits each hand, one request each)."""

from __future__ import annotations

import json

from sqlite_utils import Database

from scorekeeper.engine import SeriesResult

# When every benchmark hand was "created" and last "updated".
STAMP = "2025-11-22T20:00:00+00:00"


def insert_scored_hands(
    db: Database, series_id: int, records: list[dict], result: SeriesResult
) -> list[int]:
    """Store each hand record with its scores, winner and result, numbered from 1, in one
    transaction; the new rows' ids, in order."""
    ids = []
    with db.atomic():
        for n, (record, scored) in enumerate(zip(records, result.hands, strict=True)):
            ids.append(
                db.execute(
                    "INSERT INTO hands (series_id, number, record, created, updated,"
                    " scores, winner, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        series_id,
                        n + 1,
                        json.dumps(record),
                        STAMP,
                        STAMP,
                        json.dumps(scored.scores),
                        scored.winner,
                        json.dumps(scored.to_record()),
                    ],
                ).lastrowid
            )
    return ids
