"""Player statistics and series results, read from the stored hands and kept in two caches.

Each hand's figures per player (hand_facts) and each series' totals and winners
(series_results) are worked out once from the stored record, scores and winner; the
triggers of migration m005 drop them when a hand changes, and refresh() fills the gaps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

from sqlite_utils import Database

from .db import write_lock
from .engine import InvalidHand, RuleError, SeriesEnd, read_hand, score_hand, variant_from_json
from .engine.hands import HandRecord, melded_by_player
from .engine.series import is_finished, rank_players

BATCH = 500


# --- The figures of one hand: pure -------------------------------------------


def hand_facts(record: HandRecord, scores: dict[str, int], winner: str | None) -> dict[str, dict]:
    """What statistics count of one hand, per player name."""
    melded = record.variant.scoring == "melded"
    points, jokers, tiles = melded_by_player(record) if melded else ({}, {}, {})
    facts = {}
    for p in record.players:
        # Opened as the engine decides it for the never-opened penalty (scoring._melded_lines).
        opened = bool(tiles.get(p.name)) or points.get(p.name, 0) > 0 or (
            jokers.get(p.name, 0) > 0) or p.went_out
        facts[p.name] = {
            "score": scores[p.name], "won": int(winner == p.name),
            "all_at_once": int(p.went_out and p.all_at_once),
            "joker_caught": int(not p.went_out and p.jokers_on_rack > 0),
            "never_opened": int(not opened) if melded else None,
        }
    return facts


# --- Keeping the caches filled -----------------------------------------------


def seats(db: Database, series_ids: list[int]) -> dict[int, list[tuple[int, str]]]:
    """Each series' players in seat order, as (player id, name)."""
    found: dict[int, list[tuple[int, str]]] = {i: [] for i in series_ids}
    marks = ",".join("?" * len(series_ids))
    for row in db.query("SELECT series_id, player_id, name FROM series_players JOIN players"
                        f" ON players.id = player_id WHERE series_id IN ({marks})"
                        " ORDER BY series_id, seat", series_ids):
        found[row["series_id"]].append((row["player_id"], row["name"]))
    return found


MISSING_HANDS = """
SELECT hands.id, hands.series_id, hands.record, hands.scores, hands.winner, series.variant_rules
FROM hands JOIN series ON series.id = hands.series_id
WHERE NOT EXISTS (SELECT 1 FROM hand_facts WHERE hand_id = hands.id) LIMIT ?
"""

MISSING_SERIES = """
SELECT id, variant_rules, end_kind, end_value FROM series
WHERE NOT EXISTS (SELECT 1 FROM series_results WHERE series_id = series.id) LIMIT ?
"""


def refresh(db: Database) -> None:
    """Work out the figures of hands and series changed since they were last counted."""
    missing = "SELECT EXISTS (SELECT 1 FROM hands WHERE NOT EXISTS (SELECT 1 FROM hand_facts" \
              " WHERE hand_id = hands.id)) OR EXISTS (SELECT 1 FROM series WHERE NOT EXISTS" \
              " (SELECT 1 FROM series_results WHERE series_id = series.id))"
    if not db.execute(missing).fetchone()[0]:
        return
    # Read and write under the write lock: a hand edited meanwhile must not get stale figures.
    while _count_hands(db):
        pass
    while _count_series(db):
        pass


def _count_hands(db: Database) -> int:
    with write_lock(db):
        rows = list(db.query(MISSING_HANDS, [BATCH]))
        players = seats(db, sorted({r["series_id"] for r in rows}))
        variants: dict[str, object] = {}
        for row in rows:
            rules = row["variant_rules"]
            if rules not in variants:
                variants[rules] = variant_from_json(rules)
            variant = variants[rules]
            seated = players[row["series_id"]]
            names = [name for _, name in seated]
            try:
                record = read_hand(json.loads(row["record"]), variant, names)
                scores = (json.loads(row["scores"]) if row["scores"]
                          else score_hand(record).scores)
                winner = row["winner"] if row["scores"] else score_hand(record).winner
                facts = hand_facts(record, scores, winner)
            except (InvalidHand, RuleError, KeyError, ValueError):
                # A record the engine no longer reads still counts with its stored scores.
                scores = json.loads(row["scores"] or "{}")
                facts = {n: {"score": scores.get(n, 0), "won": int(row["winner"] == n),
                             "all_at_once": 0, "joker_caught": 0, "never_opened": None}
                         for n in names}
            db["hand_facts"].insert_all(
                ({"hand_id": row["id"], "player_id": pid, **facts[name]} for pid, name in seated),
                replace=True)
    return len(rows)


SERIES_TOTALS = """
SELECT hands.series_id, player_id, sum(score) AS total, sum(won) AS won, count(*) AS played
FROM hand_facts JOIN hands ON hands.id = hand_id
WHERE hands.deleted_at IS NULL AND hands.series_id IN ({marks}) GROUP BY hands.series_id, player_id
"""


def _count_series(db: Database) -> int:
    with write_lock(db):
        rows = list(db.query(MISSING_SERIES, [BATCH]))
        ids = [r["id"] for r in rows]
        players = seats(db, ids)
        sums: dict[tuple[int, int], dict] = {}
        if ids:
            sql = SERIES_TOTALS.format(marks=",".join("?" * len(ids)))
            sums = {(r["series_id"], r["player_id"]): r for r in db.query(sql, ids)}
        for row in rows:
            seated = players[row["id"]]
            if not seated:
                continue
            names = [name for _, name in seated]
            figures = {name: sums.get((row["id"], pid), {}) for pid, name in seated}
            totals = {n: f.get("total") or 0 for n, f in figures.items()}
            won = {n: f.get("won") or 0 for n, f in figures.items()}
            played = max((f.get("played") or 0 for f in figures.values()), default=0)
            end = SeriesEnd(row["end_kind"], row["end_value"])
            finished = is_finished(end, len(names), played, totals)
            standings = rank_players(variant_from_json(row["variant_rules"]), names, totals, won)
            first = {s.name for s in standings if s.rank == 1}
            db["series_results"].insert_all(
                ({"series_id": row["id"], "player_id": pid, "total": totals[name],
                  "hands_won": won[name], "finished": int(finished),
                  "won": int(finished and name in first)} for pid, name in seated),
                replace=True)
    return len(rows)


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


HANDS_BY_VARIANT = """
SELECT s.variant_id, count(*) AS hands, sum(f.won) AS hands_won, sum(f.score) AS points,
  max(f.score) AS best, sum(f.all_at_once) AS all_at_once, sum(f.joker_caught) AS joker_caught,
  sum(f.never_opened) AS never_opened, count(f.never_opened) AS melded_hands
FROM hand_facts f JOIN hands h ON h.id = f.hand_id AND h.deleted_at IS NULL
JOIN series s ON s.id = h.series_id JOIN nights n ON n.id = s.night_id
WHERE f.player_id = ? {where} GROUP BY s.variant_id
"""

SERIES_BY_VARIANT = """
SELECT s.variant_id, count(*) AS series, sum(r.finished) AS finished, sum(r.won) AS series_won
FROM series_results r JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
WHERE r.player_id = ? {where} GROUP BY s.variant_id
"""

VARIANT_NAMES = "SELECT variant_id, variant_rules FROM series GROUP BY variant_id"


def variant_names(db: Database) -> dict[str, str]:
    """The name of every variant a series was played under, by id."""
    return {r["variant_id"]: json.loads(r["variant_rules"])["name"]
            for r in db.query(VARIANT_NAMES)}


def _figures(variant_id: str | None, name: str, hands: dict, series: dict) -> dict:
    played = hands.get("hands") or 0
    melded = hands.get("melded_hands") or 0
    return {
        "variant_id": variant_id, "variant": name, "hands": played,
        "hands_won": hands.get("hands_won") or 0,
        "win_rate": (hands["hands_won"] / played) if played else None,
        "average": (hands["points"] / played) if played else None,
        "best": hands.get("best") if played else None,
        "all_at_once": hands.get("all_at_once") or 0,
        "joker_caught": hands.get("joker_caught") or 0,
        "never_opened": (hands.get("never_opened") or 0) if melded else None,
        "series": series.get("series") or 0, "finished": series.get("finished") or 0,
        "series_won": series.get("series_won") or 0,
    }


def player_figures(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """The player's figures per variant, most played first, then all variants together."""
    where, values = filters.sql()
    hands = {r["variant_id"]: r for r in db.query(HANDS_BY_VARIANT.format(where=where),
                                                  [player_id, *values])}
    series = {r["variant_id"]: r for r in db.query(SERIES_BY_VARIANT.format(where=where),
                                                   [player_id, *values])}
    names = variant_names(db)
    rows = [_figures(v, names.get(v, v), hands.get(v, {}), series.get(v, {}))
            for v in sorted(set(hands) | set(series),
                            key=lambda v: (-(hands.get(v, {}).get("hands") or 0), names.get(v, v)))]
    if len(rows) > 1:
        summed = {key: sum(h.get(key) or 0 for h in hands.values())
                  for key in ("hands", "hands_won", "points", "all_at_once", "joker_caught",
                              "never_opened", "melded_hands")}
        summed["best"] = max((h["best"] for h in hands.values()), default=None)
        totals = {key: sum(s.get(key) or 0 for s in series.values())
                  for key in ("series", "finished", "series_won")}
        rows.append(_figures(None, "All variants", summed, totals))
    return rows


HEAD_TO_HEAD_HANDS = """
SELECT o.player_id, count(*) AS hands, sum(f.won) AS won, sum(o.won) AS lost
FROM hand_facts f JOIN hand_facts o ON o.hand_id = f.hand_id AND o.player_id != f.player_id
JOIN hands h ON h.id = f.hand_id AND h.deleted_at IS NULL
JOIN series s ON s.id = h.series_id JOIN nights n ON n.id = s.night_id
WHERE f.player_id = ? {where} GROUP BY o.player_id
"""

HEAD_TO_HEAD_SERIES = """
SELECT o.player_id, count(*) AS series, sum(r.won) AS won, sum(o.won) AS lost
FROM series_results r JOIN series_results o
  ON o.series_id = r.series_id AND o.player_id != r.player_id
JOIN series s ON s.id = r.series_id JOIN nights n ON n.id = s.night_id
WHERE r.player_id = ? {where} GROUP BY o.player_id
"""


def head_to_head(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """Against each other player: hands and series played together, and who won them."""
    where, values = filters.sql()
    hands = {r["player_id"]: r for r in db.query(HEAD_TO_HEAD_HANDS.format(where=where),
                                                  [player_id, *values])}
    series = {r["player_id"]: r for r in db.query(HEAD_TO_HEAD_SERIES.format(where=where),
                                                   [player_id, *values])}
    names = {r["id"]: r["name"] for r in db.query("SELECT id, name FROM players")}
    rows = []
    for other in sorted(set(hands) | set(series), key=lambda i: names[i].casefold()):
        h, s = hands.get(other, {}), series.get(other, {})
        rows.append({"player_id": other, "name": names[other], "hands": h.get("hands") or 0,
                     "hands_won": h.get("won") or 0, "hands_lost": h.get("lost") or 0,
                     "series": s.get("series") or 0, "series_won": s.get("won") or 0,
                     "series_lost": s.get("lost") or 0})
    return rows


BY_NIGHT = """
SELECT n.id, n.date, n.place, sum(f.score) AS total, count(*) AS hands, sum(f.won) AS won
FROM hand_facts f JOIN hands h ON h.id = f.hand_id AND h.deleted_at IS NULL
JOIN series s ON s.id = h.series_id JOIN nights n ON n.id = s.night_id
WHERE f.player_id = ? {where} GROUP BY n.id ORDER BY n.date, n.id
"""


def results_by_night(db: Database, player_id: int, filters: Filters) -> list[dict]:
    """The player's points and hands won at each night, oldest first."""
    where, values = filters.sql()
    return list(db.query(BY_NIGHT.format(where=where), [player_id, *values]))


def played_variants(db: Database, player_id: int) -> dict[str, str]:
    """The variants the player has played a series of, by id, in name order."""
    rows = db.query("SELECT DISTINCT variant_id FROM series JOIN series_players"
                    " ON series_id = series.id WHERE player_id = ?", [player_id])
    names = variant_names(db)
    found = {r["variant_id"]: names.get(r["variant_id"], r["variant_id"]) for r in rows}
    return dict(sorted(found.items(), key=lambda item: item[1].casefold()))


def series_outcomes(db: Database, series_ids: list[int]) -> dict[int, dict]:
    """Each series' totals by player name, whether it has finished, and its winners."""
    found: dict[int, dict] = {i: {"totals": {}, "finished": False, "winners": []}
                              for i in series_ids}
    if not series_ids:
        return found
    marks = ",".join("?" * len(series_ids))
    for row in db.query("SELECT series_id, name, total, finished, won FROM series_results"
                        f" JOIN series_players USING (series_id, player_id)"
                        f" JOIN players ON players.id = player_id"
                        f" WHERE series_id IN ({marks}) ORDER BY series_id, seat", series_ids):
        one = found[row["series_id"]]
        one["totals"][row["name"]] = row["total"]
        one["finished"] = bool(row["finished"])
        if row["won"]:
            one["winners"].append(row["name"])
    return found
