"""What m013_name_keys needs, frozen as it stood when m013 shipped (2026-11-24): the key a
player's name was matched by (engine.names.name_key) and the merge of two players whose
names share a key (store.merge.merge_players).

Never edit this module: m013 has shipped (see frozen/__init__.py). The merge here differs
from the players page's in one way only: it scores nothing. It leaves each hand it respells
without a result (NULL), as m008 leaves every hand, and store.hand_results works the result
out with the engine of the day once the migrations are done: the same numbers, the
breakdown in the new spelling.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from sqlite_utils import Database

# Cedilla ş and ţ are the comma-below ș and ț Romanian uses; İ is folded to i.
_COMMA_BELOW = str.maketrans("ŞşŢţ", "ȘșȚț")
_DOT_ABOVE = "i\u0307"


def _tidy(name: str) -> str:
    return " ".join(name.split())


def name_key(name: str) -> str:
    """The key m013 matched names by: tidied, NFKC, case-folded, cedilla as comma below, İ
    as i, repeated until it no longer changes."""
    key = _tidy(name)
    if key.isascii():
        return key.lower()
    for _ in range(4):
        step = unicodedata.normalize("NFKC", key).translate(_COMMA_BELOW).casefold()
        step = _tidy(unicodedata.normalize("NFKC", step.replace(_DOT_ABOVE, "i")))
        if step == key:
            break
        key = step
    return key


def _spelt(name: Any, names: dict[str, str]) -> Any:
    return names.get(name, name) if isinstance(name, str) else name


def _respelt_record(record: dict, names: dict[str, str]) -> dict:
    """A hand record (its players and its melds' "by") with the names respelt."""
    found = dict(record)
    if isinstance(record.get("players"), list):
        found["players"] = [
            {**p, "name": _spelt(p.get("name"), names)} if isinstance(p, dict) else p
            for p in record["players"]
        ]
    if isinstance(record.get("melds"), list):
        found["melds"] = [
            {
                **m,
                "by": [_spelt(b, names) for b in m["by"]]
                if isinstance(m.get("by"), list)
                else _spelt(m.get("by"), names),
            }
            if isinstance(m, dict) and "by" in m
            else m
            for m in record["melds"]
        ]
    return found


def _respelt_actions(actions: list | None, names: dict[str, str]) -> list | None:
    """Table actions with the names respelt."""
    if actions is None:
        return None
    return [{**a, "player": _spelt(a["player"], names)} if "player" in a else a for a in actions]


def merge_into(db: Database, merged_id: int, kept_id: int, at: str) -> bool:
    """Merge player `merged_id` into `kept_id` as m013 did; False (and nothing changed) when
    the two sat at one series, so are two people."""
    shared = db.execute(
        "SELECT 1 FROM series_players a JOIN series_players b"
        " ON b.series_id = a.series_id WHERE a.player_id = ? AND b.player_id = ?",
        [merged_id, kept_id],
    ).fetchone()
    if shared is not None:
        return False
    names = {
        row["id"]: row["name"]
        for row in db.query("SELECT id, name FROM players WHERE id IN (?, ?)", [merged_id, kept_id])
    }
    (hands,) = db.execute(
        "SELECT count(*) FROM hands WHERE deleted_at IS NULL AND series_id IN"
        " (SELECT series_id FROM series_players WHERE player_id = ?)",
        [merged_id],
    ).fetchone()
    series_ids = [
        row[0]
        for row in db.execute(
            "SELECT series_id FROM series_players WHERE player_id = ?", [merged_id]
        )
    ]
    db.execute("UPDATE series_players SET player_id = ? WHERE player_id = ?", [kept_id, merged_id])
    respelt = {names[merged_id]: names[kept_id]}
    for series_id in series_ids:
        _respell_series(db, series_id, respelt, at)
    marks = ",".join("?" * len(series_ids))
    db.execute(f"DELETE FROM series_results WHERE series_id IN ({marks})", series_ids)
    db.execute("DELETE FROM hand_facts WHERE player_id = ?", [merged_id])
    db.execute("DELETE FROM players WHERE id = ?", [merged_id])
    db.table("player_merges").insert(
        {
            "at": at,
            "kept_id": kept_id,
            "kept_name": names[kept_id],
            "merged_id": merged_id,
            "merged_name": names[merged_id],
            "hands": hands,
            "series": len(series_ids),
        }
    )
    return True


def _respell_series(db: Database, series_id: int, names: dict[str, str], at: str) -> None:
    """Every hand of the series (deleted ones too), each with a "merged" audit entry, and
    its table in play, in the kept player's spelling; each hand's result left to be worked
    out again."""
    for hand in db.query("SELECT * FROM hands WHERE series_id = ? ORDER BY number", [series_id]):
        old = json.loads(hand["record"])
        record = _respelt_record(old, names)
        actions = _respelt_actions(json.loads(hand["table_actions"] or "null"), names)
        scores = json.loads(hand["scores"] or "null")
        if scores is not None:
            scores = {names.get(n, n): s for n, s in scores.items()}
        db.execute(
            "UPDATE hands SET record = ?, table_actions = ?, result = NULL, scores = ?,"
            " winner = ? WHERE id = ?",
            [
                json.dumps(record),
                None if actions is None else json.dumps(actions),
                None if scores is None else json.dumps(scores),
                names.get(hand["winner"], hand["winner"]),
                hand["id"],
            ],
        )
        db.table("hand_audit").insert(
            {
                "hand_id": hand["id"],
                "at": at,
                "action": "merged",
                "old": json.dumps(old, sort_keys=True),
                "new": json.dumps(record, sort_keys=True),
            }
        )
    for column in ("actions", "cleared"):
        row = db.execute(
            f"SELECT {column} FROM live_tables WHERE series_id = ?", [series_id]
        ).fetchone()
        if row is not None and row[0] is not None:
            db.execute(
                f"UPDATE live_tables SET {column} = ? WHERE series_id = ?",
                [json.dumps(_respelt_actions(json.loads(row[0]), names)), series_id],
            )
