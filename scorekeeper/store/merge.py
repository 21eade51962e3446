"""Merging two players who are one person: every hand, series and statistic follows the
player kept, and the merge is kept in the audit trail.

Used by the players page. m013, which first matched names by their key, merged with a copy
of this frozen as it then stood (store/frozen/m013_name_keys.py): a change here changes no
migration."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..engine import RuleError, Variant, read_hand, score_hand, variant_from_json
from ..engine.words import Words, english
from .spelling import respell_actions, respell_record, respell_scores
from .tallies import fill_missing_tallies


class MergeRefused(Exception):
    """Two players who cannot be one person, or one player twice; the message says why, and
    `player`, `other` (names) and `series`, `date` (the series they shared, if that is why)
    say it as data for a page that words it its own way."""

    def __init__(
        self,
        message: str,
        player: str | None = None,
        other: str | None = None,
        series: Words | str | None = None,
        date: str | None = None,
    ):
        super().__init__(message)
        self.player, self.other, self.series, self.date = player, other, series, date


@dataclass(frozen=True)
class Merge:
    """What a merge moves: `merged` goes, `kept` stays, with the merged player's hands and
    series (hands not deleted, as the players page counts them)."""

    merged: dict
    kept: dict
    hands: int
    series: int


SHARED_SERIES = """
SELECT s.id, s.name, s.variant_rules, n.date FROM series_players a
JOIN series_players b ON b.series_id = a.series_id JOIN series s ON s.id = a.series_id
JOIN nights n ON n.id = s.night_id WHERE a.player_id = ? AND b.player_id = ?
ORDER BY n.date, s.id LIMIT 1
"""


def plan_merge(db: Database, merged_id: int, kept_id: int) -> Merge | None:
    """What merging `merged_id` into `kept_id` would move; None when either player is not
    here; MergeRefused when they cannot be one person."""
    players = {
        row["id"]: row
        for row in db.query("SELECT id, name FROM players WHERE id IN (?, ?)", [merged_id, kept_id])
    }
    if merged_id not in players or kept_id not in players:
        return None
    merged, kept = players[merged_id], players[kept_id]
    if merged_id == kept_id:
        raise MergeRefused(
            f"{kept['name']} cannot be merged into themselves: choose two players",
            player=kept["name"],
        )
    shared = next(db.query(SHARED_SERIES, [merged_id, kept_id]), None)
    if shared is not None:
        title = shared["name"] or variant_from_json(shared["variant_rules"]).name
        raise MergeRefused(
            f"{merged['name']} and {kept['name']} both sat at the series "
            f"{english(title)} on {shared['date']}: they are two people, not one",
            player=merged["name"],
            other=kept["name"],
            series=title,
            date=shared["date"],
        )
    (hands,) = db.execute(
        "SELECT count(*) FROM hands WHERE deleted_at IS NULL AND series_id IN"
        " (SELECT series_id FROM series_players WHERE player_id = ?)",
        [merged_id],
    ).fetchone()
    series = db.execute(
        "SELECT count(*) FROM series_players WHERE player_id = ?", [merged_id]
    ).fetchone()[0]
    return Merge(merged, kept, hands, series)


def merge_players(db: Database, merged_id: int, kept_id: int, at: str) -> Merge:
    """Merge one player into another: their seats, the names in their hands (records, table
    actions, scores, audit entry "merged" for each) and their statistics follow the player
    kept, and the merged player is gone. Run it inside a transaction (store.db.write_lock)."""
    merge = plan_merge(db, merged_id, kept_id)
    if merge is None:
        raise MergeRefused("one of these players is no longer here")
    series_ids = [
        row[0]
        for row in db.execute(
            "SELECT series_id FROM series_players WHERE player_id = ?", [merged_id]
        )
    ]
    db.execute("UPDATE series_players SET player_id = ? WHERE player_id = ?", [kept_id, merged_id])
    names = {merge.merged["name"]: merge.kept["name"]}
    for series_id in series_ids:
        _respell_series(db, series_id, names, at)
    # The cached figures of these series are worked out again from the hands on demand.
    marks = ",".join("?" * len(series_ids))
    db.execute(f"DELETE FROM series_results WHERE series_id IN ({marks})", series_ids)
    db.execute("DELETE FROM hand_facts WHERE player_id = ?", [merged_id])
    # An event's roster follows the player kept; where both were on one roster, the kept
    # player's entry stays (their tables' seats follow them all the same).
    db.execute(
        "UPDATE OR IGNORE event_players SET player_id = ? WHERE player_id = ?", [kept_id, merged_id]
    )
    db.execute("DELETE FROM event_players WHERE player_id = ?", [merged_id])
    db.execute("DELETE FROM players WHERE id = ?", [merged_id])
    # The standings are kept by seat: the same numbers, kept again after the respelling.
    fill_missing_tallies(db)
    db.table("player_merges").insert(
        {
            "at": at,
            "kept_id": kept_id,
            "kept_name": merge.kept["name"],
            "merged_id": merged_id,
            "merged_name": merge.merged["name"],
            "hands": merge.hands,
            "series": merge.series,
        }
    )
    return merge


def _respell_series(db: Database, series_id: int, names: dict[str, str], at: str) -> None:
    """Every hand of the series (deleted ones too) and its table in play, with the names
    as the players kept spell them; each hand scored again under the series' frozen rules."""
    (rules,) = db.execute("SELECT variant_rules FROM series WHERE id = ?", [series_id]).fetchone()
    variant = variant_from_json(rules)
    seated = [
        row[0]
        for row in db.execute(
            "SELECT name FROM series_players JOIN players ON players.id = player_id"
            " WHERE series_id = ? ORDER BY seat",
            [series_id],
        )
    ]
    for hand in db.query("SELECT * FROM hands WHERE series_id = ? ORDER BY number", [series_id]):
        old = json.loads(hand["record"])
        record = respell_record(old, names)
        actions = respell_actions(json.loads(hand["table_actions"] or "null"), names)
        db.execute(
            "UPDATE hands SET record = ?, table_actions = ?, result = ?, scores = ?,"
            " winner = ? WHERE id = ?",
            [
                json.dumps(record),
                None if actions is None else json.dumps(actions),
                *_scored_again(hand, record, variant, seated, names),
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
                [json.dumps(respell_actions(json.loads(row[0]), names)), series_id],
            )


def _scored_again(
    hand: dict, record: dict, variant: Variant, seated: list[str], names: dict[str, str]
) -> tuple[str | None, str | None, str | None]:
    """The hand's result, scores and winner columns with the names as now spelt: scored
    again under the series' frozen rules (the same numbers, the breakdown in the new
    spelling), or, for a record the engine no longer reads, its stored scores respelt."""
    try:
        result = score_hand(read_hand(record, variant, seated))
    except (RuleError, KeyError, TypeError, ValueError):
        scores = respell_scores(json.loads(hand["scores"] or "null"), names)
        return (
            None,
            None if scores is None else json.dumps(scores),
            names.get(hand["winner"], hand["winner"]),
        )
    return json.dumps(result.to_record()), json.dumps(result.scores), result.winner
