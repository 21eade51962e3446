"""Player statistics and series results, read from the stored hands and kept in two caches.

Each hand's figures per player (hand_facts) and each series' totals and winners
(series_results) are worked out once from each hand's stored result and record; the
triggers of migration m005 drop them when a hand changes, and refresh() fills the gaps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from sqlite_utils import Database

from ..engine import (
    HandRecord,
    HandResult,
    InvalidHand,
    RuleError,
    SeriesEnd,
    Variant,
    read_hand,
    variant_from_json,
)
from ..engine.series import is_finished, rank_players
from ..engine.variant_data import stored_name
from ..engine.words import english
from .db import write_lock
from .hands import hand_record, hand_result
from .series import seats

BATCH = 500
FACTS = ("score", "won", "all_at_once", "joker_caught", "never_opened")


# --- The figures of one hand: pure -------------------------------------------


def hand_facts(record: HandRecord, result: HandResult) -> dict[str, dict]:
    """What statistics count of one hand, per player name: its stored result's scores,
    winner and who opened, and what the record says of going out and jokers caught."""
    facts = {}
    for p in record.players:
        opened = result.opened.get(p.name)  # said only for hands scored by melded value
        facts[p.name] = {
            "score": result.scores[p.name],
            "won": int(result.winner == p.name),
            "all_at_once": int(p.went_out and p.all_at_once),
            "joker_caught": int(not p.went_out and p.jokers_on_rack > 0),
            "never_opened": None if opened is None else int(not opened),
        }
    return facts


# --- Keeping the caches filled -----------------------------------------------


STALE_SERIES = """
SELECT id FROM series WHERE NOT EXISTS (SELECT 1 FROM series_results WHERE series_id = series.id)
"""

MISSING_HANDS = """
SELECT hands.id, hands.series_id, hands.record, hands.scores, hands.winner, hands.result,
  series.variant_rules
FROM hands JOIN series ON series.id = hands.series_id WHERE hands.series_id IN ({marks})
AND NOT EXISTS (SELECT 1 FROM hand_facts WHERE hand_id = hands.id)
"""

SERIES_SUMS = """
SELECT hands.series_id, player_id, count(*) AS hands, sum(score) AS total, sum(won) AS hands_won,
  max(score) AS best, sum(all_at_once) AS all_at_once, sum(joker_caught) AS joker_caught,
  sum(never_opened) AS never_opened, count(never_opened) AS melded_hands
FROM hand_facts JOIN hands ON hands.id = hand_id
WHERE hands.deleted_at IS NULL AND hands.series_id IN ({marks}) GROUP BY hands.series_id, player_id
"""

SERIES_COLUMNS = (
    "hands",
    "total",
    "hands_won",
    "best",
    "all_at_once",
    "joker_caught",
    "never_opened",
    "melded_hands",
)


def refresh(db: Database) -> None:
    """Work out the figures of the series whose hands changed since they were last counted."""
    # Every change to a hand drops its series' results (the triggers of m005), so a series
    # without results is the only place a hand can lack its facts.
    stale = [row[0] for row in db.execute(STALE_SERIES)]
    for start in range(0, len(stale), BATCH):
        _count(db, stale[start : start + BATCH])


def _count(db: Database, series_ids: list[int]) -> None:
    # Read and write under the write lock: a hand edited meanwhile must not get stale figures.
    with write_lock(db):
        marks = ",".join("?" * len(series_ids))
        players = seats(db, series_ids)
        _count_hands(db, list(db.query(MISSING_HANDS.format(marks=marks), series_ids)), players)
        sums = {
            (r["series_id"], r["player_id"]): r
            for r in db.query(SERIES_SUMS.format(marks=marks), series_ids)
        }
        rows = db.query(
            f"SELECT id, variant_rules, end_kind, end_value FROM series WHERE id IN ({marks})",
            series_ids,
        )
        found: list[tuple] = []
        for row in rows:
            seated = players[row["id"]]
            figures = {name: sums.get((row["id"], pid), {}) for pid, name in seated}
            found.extend(
                (row["id"], pid, *result)
                for (pid, _), result in zip(seated, _results(row, figures), strict=True)
            )
        db.conn.executemany(
            f"INSERT OR REPLACE INTO series_results (series_id, player_id, finished, won,"
            f" {', '.join(SERIES_COLUMNS)}) VALUES ({', '.join('?' * (4 + len(SERIES_COLUMNS)))})",
            found,
        )


def _results(row: dict, figures: dict[str, dict]) -> list[tuple]:
    """Each seated player's line of series_results: finished, won, then SERIES_COLUMNS."""
    names = list(figures)
    totals = {n: f.get("total") or 0 for n, f in figures.items()}
    won = {n: f.get("hands_won") or 0 for n, f in figures.items()}
    played = max((f.get("hands") or 0 for f in figures.values()), default=0)
    finished = is_finished(SeriesEnd(row["end_kind"], row["end_value"]), len(names), played, totals)
    standings = rank_players(variant_from_json(row["variant_rules"]), names, totals, won)
    first = {s.name for s in standings if s.rank == 1}
    return [
        (
            int(finished),
            int(finished and n in first),
            *(
                (figures[n].get(c) or 0) if c != "best" else figures[n].get(c)
                for c in SERIES_COLUMNS
            ),
        )
        for n in names
    ]


def _count_hands(db: Database, rows: list[dict], players: dict) -> None:
    variants: dict[str, Variant] = {}
    found: list[tuple] = []
    for row in rows:
        rules = row["variant_rules"]
        if rules not in variants:
            variants[rules] = variant_from_json(rules)
        variant = variants[rules]
        seated = players[row["series_id"]]
        names = [name for _, name in seated]
        try:
            record = read_hand(hand_record(row), variant, names)
            facts = hand_facts(record, hand_result(row))
        except (InvalidHand, RuleError, KeyError, ValueError):
            # A record the engine no longer reads still counts with its stored scores.
            scores = json.loads(row["scores"] or "{}")
            facts = {
                n: {
                    "score": scores.get(n, 0),
                    "won": int(row["winner"] == n),
                    "all_at_once": 0,
                    "joker_caught": 0,
                    "never_opened": None,
                }
                for n in names
            }
        found.extend((row["id"], pid, *(facts[name][k] for k in FACTS)) for pid, name in seated)
    db.conn.executemany(
        "INSERT OR REPLACE INTO hand_facts (hand_id, player_id, score, won,"
        " all_at_once, joker_caught, never_opened)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        found,
    )


# --- Asking for figures ------------------------------------------------------


@dataclass(frozen=True)
class Filters:
    """Which hands count: a period of nights and one variant, each optional."""

    since: date | None = None
    until: date | None = None
    variant: str | None = None

    def sql(self) -> tuple[str, list]:
        """The WHERE conditions on nights n and series s, and their values."""
        where, values = [], []
        if self.since:
            where.append("n.date >= ?")
            values.append(self.since.isoformat())
        if self.until:
            where.append("n.date <= ?")
            values.append(self.until.isoformat())
        if self.variant:
            where.append("s.variant_id = ?")
            values.append(self.variant)
        return "".join(f" AND {w}" for w in where), values


# Everyone seated in a series plays every hand of it, so the per-series lines of
# series_results give every figure; a player's page reads a few hundred rows, not every hand.
BY_VARIANT = """
SELECT s.variant_id, sum(r.hands) AS hands, sum(r.hands_won) AS hands_won,
  sum(r.total) AS points, max(r.best) AS best, sum(r.all_at_once) AS all_at_once,
  sum(r.joker_caught) AS joker_caught, sum(r.never_opened) AS never_opened,
  sum(r.melded_hands) AS melded_hands, count(*) AS series, sum(r.finished) AS finished,
  sum(r.won) AS series_won
FROM series_results r JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
WHERE r.player_id = ? {where} GROUP BY s.variant_id
"""

# One series per variant, found through the variant index, so the rules are read once each.
VARIANT_NAMES = """
SELECT variant_id, json_extract(variant_rules, '$.name') AS name FROM series
WHERE id IN (SELECT min(id) FROM series GROUP BY variant_id)
"""


def variant_names(db: Database) -> dict[str, str]:
    """The name of every variant a series was played under, by id (a preset's in words,
    read in the page's language)."""
    return {
        r["variant_id"]: stored_name(r["variant_id"], r["name"]) for r in db.query(VARIANT_NAMES)
    }


def _figures(variant_id: str | None, name: str, row: dict) -> dict:
    played = row.get("hands") or 0
    return {
        "variant_id": variant_id,
        "variant": name,
        "hands": played,
        "hands_won": row.get("hands_won") or 0,
        "win_rate": (row["hands_won"] / played) if played else None,
        "average": (row["points"] / played) if played else None,
        "best": row.get("best") if played else None,
        "all_at_once": row.get("all_at_once") or 0,
        "joker_caught": row.get("joker_caught") or 0,
        "never_opened": (row.get("never_opened") or 0) if row.get("melded_hands") else None,
        "series": row.get("series") or 0,
        "finished": row.get("finished") or 0,
        "series_won": row.get("series_won") or 0,
    }


SUMMED = (
    "hands",
    "hands_won",
    "points",
    "all_at_once",
    "joker_caught",
    "never_opened",
    "melded_hands",
    "series",
    "finished",
    "series_won",
)


def player_figures(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """The player's figures per variant, most played first, then all variants together."""
    where, values = filters.sql()
    found = {
        r["variant_id"]: r for r in db.query(BY_VARIANT.format(where=where), [player_id, *values])
    }
    names = variant_names(db)
    # A preset's name is its words: ordered by its English, as stored.
    order = sorted(found, key=lambda v: (-(found[v]["hands"] or 0), english(names.get(v, v))))
    rows = [_figures(v, names.get(v, v), found[v]) for v in order]
    if len(rows) > 1:
        summed = {key: sum(r[key] or 0 for r in found.values()) for key in SUMMED}
        summed["best"] = max(
            (r["best"] for r in found.values() if r["best"] is not None), default=None
        )
        rows.append(_figures(None, "All variants", summed))
    return rows


HEAD_TO_HEAD = """
SELECT o.player_id, sum(r.hands) AS hands, sum(r.hands_won) AS hands_won,
  sum(o.hands_won) AS hands_lost, count(*) AS series, sum(r.won) AS series_won,
  sum(o.won) AS series_lost
FROM series_results r JOIN series_results o
  ON o.series_id = r.series_id AND o.player_id != r.player_id
JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
WHERE r.player_id = ? {where} GROUP BY o.player_id
"""


def head_to_head(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """Against each other player: hands and series played together, and who won them."""
    where, values = filters.sql()
    found = list(db.query(HEAD_TO_HEAD.format(where=where), [player_id, *values]))
    names = {r["id"]: r["name"] for r in db.query("SELECT id, name FROM players")}
    return sorted(
        ({**r, "name": names[r["player_id"]]} for r in found), key=lambda r: r["name"].casefold()
    )


BY_NIGHT = """
SELECT n.id, n.date, n.place, sum(r.total) AS total, sum(r.hands) AS hands,
  sum(r.hands_won) AS won
FROM series_results r JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
WHERE r.player_id = ? AND r.hands > 0 {where} GROUP BY n.id ORDER BY n.date, n.id
"""


def results_by_night(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """The player's points and hands won at each night, oldest first."""
    where, values = filters.sql()
    return list(db.query(BY_NIGHT.format(where=where), [player_id, *values]))


def played_variants(db: Database, player_id: int) -> dict[str, object]:
    """The variants the player has played a series of, by id, in name order."""
    rows = db.query(
        "SELECT DISTINCT variant_id FROM series JOIN series_players"
        " ON series_id = series.id WHERE player_id = ?",
        [player_id],
    )
    names = variant_names(db)
    found = {r["variant_id"]: names.get(r["variant_id"], r["variant_id"]) for r in rows}
    return dict(sorted(found.items(), key=lambda item: english(item[1]).casefold()))


def series_outcomes(db: Database, series_ids: list[int]) -> dict[int, dict]:
    """Each series' totals by player name, whether it has finished, and its winners."""
    found: dict[int, dict] = {
        i: {"totals": {}, "finished": False, "winners": []} for i in series_ids
    }
    if not series_ids:
        return found
    marks = ",".join("?" * len(series_ids))
    for row in db.query(
        "SELECT series_id, name, total, finished, won FROM series_results"
        f" JOIN series_players USING (series_id, player_id)"
        f" JOIN players ON players.id = player_id"
        f" WHERE series_id IN ({marks}) ORDER BY series_id, seat",
        series_ids,
    ):
        one = found[row["series_id"]]
        one["totals"][row["name"]] = row["total"]
        one["finished"] = bool(row["finished"])
        if row["won"]:
            one["winners"].append(row["name"])
    return found
