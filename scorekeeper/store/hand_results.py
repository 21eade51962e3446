"""Each hand's whole result as it is stored, and the results the migrations left to the store.

A hand's result is worked out once, by the engine, when the hand is saved or fixed. Hands
stored before m008 kept results, and hands m013 respelt when it merged two players, have
none (NULL): a migration cannot score a hand without freezing the engine's scoring with it
(see m008). After the migrations, store.db.migrate works those out here with the engine of
the day, under each series' frozen variant, so an old database reads like a new one.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from ..engine import HandResult, RuleError, Variant, read_hand, score_hand, variant_from_json

UNSCORED = """
SELECT hands.id, hands.series_id, hands.record, series.variant_rules
FROM hands JOIN series ON series.id = hands.series_id WHERE hands.result IS NULL
"""


def stored_result(result: HandResult) -> dict:
    """The columns a hand's result is kept in: the whole of it, and its scores and winner."""
    return {
        "result": json.dumps(result.to_record()),
        "scores": json.dumps(result.scores),
        "winner": result.winner,
    }


def fill_missing_results(db: Database) -> int:
    """Score every hand stored without a result (deleted ones too) and keep the result, its
    scores and its winner; return how many were filled. A record the engine no longer reads
    keeps the scores it was saved with and no result (store.hands.hand_result reads those),
    and is tried again the next time."""
    hands = list(db.query(UNSCORED))
    if not hands:
        return 0
    seated: dict[int, list[str]] = {}
    for row in db.query(
        "SELECT series_id, name FROM series_players JOIN players"
        " ON players.id = player_id ORDER BY series_id, seat"
    ):
        seated.setdefault(row["series_id"], []).append(row["name"])
    variants: dict[str, Variant] = {}
    found = []
    for hand in hands:
        rules = hand["variant_rules"]
        try:
            if rules not in variants:
                variants[rules] = variant_from_json(rules)
            result = score_hand(
                read_hand(
                    json.loads(hand["record"]), variants[rules], seated.get(hand["series_id"], [])
                )
            )
        except (RuleError, KeyError, TypeError, ValueError):
            # Never stop the app starting: the hand's page says what it can of it.
            continue
        columns = stored_result(result)
        found.append((columns["result"], columns["scores"], columns["winner"], hand["id"]))
    if found:
        # Read without the write lock (a read-only database with a hand no engine reads still
        # opens); a hand saved, fixed or merged meanwhile has its result and is left alone.
        with db.atomic():
            db.conn.executemany(
                "UPDATE hands SET result = ?, scores = ?, winner = ?"
                " WHERE id = ? AND result IS NULL",
                found,
            )
    return len(found)
