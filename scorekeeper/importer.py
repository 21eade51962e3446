"""Import: check every part of an export file, then store what is new in one transaction.

A file is refused whole, with a message naming what is wrong and where, before anything
is written. Nights, series, hands, audit entries and rulings are known by their uid, so
importing the same file twice adds nothing; players are matched by name, in any case.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlite_utils import Database

from .db import write_lock
from .engine import (
    RuleError,
    SeriesEnd,
    Variant,
    read_hand,
    score_hand,
    score_series,
    variant_from_dict,
)
from .hands import score, series_hands
from .players import add_player, find_player, tidy_name
from .series import get_series

FORMAT = "scorekeeper-export"
VERSION = 1
ACTIONS = ("created", "edited", "deleted", "restored")
UID_LENGTH = 64


class BadExport(Exception):
    """A file that is not a valid export; the message names what is wrong and where."""

    def __init__(self, message: str):
        # Text quoted from the file may hold line breaks; the message stays on one line.
        super().__init__("".join(c if c.isprintable() else c.encode("unicode_escape").decode()
                                 for c in message))


# --- Checking the file: pure ---------------------------------------------------

KINDS: dict[str, tuple[type, ...]] = {
    "text": (str,), "text or null": (str, type(None)), "a whole number": (int,),
    "a whole number or null": (int, type(None)), "an object": (dict,),
    "an object or null": (dict, type(None)), "a list": (list,),
    "a list or null": (list, type(None)),
}
TOP = {"format": "text", "version": "a whole number", "scope": "text", "exported": "text",
       "players": "a list", "variants": "a list", "nights": "a list"}
PLAYER = {"name": "text"}
VARIANT = {"id": "text", "name": "text", "rules": "an object", "based_on": "text or null",
           "created": "text"}
NIGHT = {"uid": "text", "date": "text", "place": "text or null", "note": "text or null",
         "created": "text", "series": "a list"}
SERIES = {"uid": "text", "name": "text or null", "variant_id": "text", "variant": "an object",
          "end": "an object", "first_dealer": "a whole number", "created": "text",
          "players": "a list", "hands": "a list", "rulings": "a list"}
END = {"kind": "text", "value": "a whole number"}
HAND = {"uid": "text", "number": "a whole number", "record": "an object",
        "table_actions": "a list or null", "scores": "an object or null",
        "winner": "text or null", "created": "text", "updated": "text",
        "deleted_at": "text or null", "audit": "a list"}
AUDIT = {"uid": "text", "at": "text", "action": "text", "old": "an object or null",
         "new": "an object or null"}
RULING = {"uid": "text", "hand_number": "a whole number or null", "text": "text",
          "agreed_by": "text or null", "created": "text"}
STAMPS = ("created", "updated", "deleted_at", "at", "exported")


def _object(value: Any, where: str, fields: dict[str, str]) -> dict:
    """Check that value is an object with exactly these fields, each of its kind."""
    if not isinstance(value, dict):
        raise BadExport(f"{where}: must be a JSON object")
    for key, kind in fields.items():
        if key not in value:
            raise BadExport(f'{where}: the field "{key}" is missing')
        found = value[key]
        if isinstance(found, bool) or not isinstance(found, KINDS[kind]):
            raise BadExport(f'{where}, "{key}": must be {kind}')
        if key in STAMPS and found is not None and not _is_stamp(found):
            raise BadExport(f'{where}, "{key}": must be a date and time like '
                            f'2025-11-22T20:15:00+00:00, not "{found[:40]}"')
    unknown = sorted(set(value) - set(fields))
    if unknown:
        raise BadExport(f'{where}: unknown field "{unknown[0][:40]}"')
    return value


def _is_stamp(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


class _Uids:
    """The uids seen so far in the file, so that none is used twice."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def take(self, kind: str, uid: str, where: str) -> None:
        if not uid or len(uid) > UID_LENGTH:
            raise BadExport(f'{where}, "uid": must be 1 to {UID_LENGTH} characters')
        # One uid names one row of one kind, here as in the uids table.
        if uid in self.seen:
            raise BadExport(f'{where}: the uid "{uid}" is used twice in the file')
        self.seen.add(uid)


def read_document(data: bytes | str) -> dict:
    """Parse and check an export file's text, or raise BadExport."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise BadExport("not a UTF-8 text file, so not an export") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadExport(f"not valid JSON (line {error.lineno}, column {error.colno}: "
                        f"{error.msg})") from None
    except RecursionError:
        raise BadExport("not an export: nested too deeply") from None
    check_document(document)
    return document


def check_document(document: Any) -> None:
    """Refuse, with what and where, anything that is not a valid export."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadExport(f'not a Scorekeeper export (it has no "format": "{FORMAT}")')
    if document.get("version") != VERSION:
        raise BadExport(f"export version {str(document.get('version'))[:20]}; this app reads "
                        f"version {VERSION}")
    _object(document, "the file", TOP)
    uids = _Uids()
    names = _check_players(document["players"])
    for i, variant in enumerate(document["variants"], start=1):
        where = f"variant {i}"
        _object(variant, where, VARIANT)
        _variant(variant["rules"], f"{where}, rules")
    for i, night in enumerate(document["nights"], start=1):
        where = f"night {i}"
        _object(night, where, NIGHT)
        uids.take("nights", night["uid"], where)
        try:
            date.fromisoformat(night["date"])
        except ValueError:
            raise BadExport(f'{where}, "date": must look like 2025-11-22, not '
                            f'"{night["date"][:40]}"') from None
        for j, series in enumerate(night["series"], start=1):
            _check_series(series, f"{where}, series {j}", names, uids)


def _check_players(players: list) -> set[str]:
    """The players' names, folded; each must be given once, as the app would store it."""
    names: set[str] = set()
    for i, player in enumerate(players, start=1):
        name = _object(player, f"player {i}", PLAYER)["name"]
        if not name.strip() or tidy_name(name) != name or "," in name:
            raise BadExport(f'player {i}: "{name[:40]}" is not a name the app would store '
                            "(empty, extra spaces or a comma)")
        if name.casefold() in names:
            raise BadExport(f'player {i}: "{name}" is listed twice')
        names.add(name.casefold())
    return names


def _variant(rules: dict, where: str) -> Variant:
    try:
        return variant_from_dict(rules)
    except (RuleError, TypeError) as error:
        raise BadExport(f"{where}: {error}") from None


def _check_series(series: Any, where: str, names: set[str], uids: _Uids) -> None:
    _object(series, where, SERIES)
    uids.take("series", series["uid"], where)
    variant = _variant(series["variant"], f"{where}, variant")
    end = _object(series["end"], f"{where}, end", END)
    try:
        series_end = SeriesEnd(end["kind"], end["value"])
    except RuleError as error:
        raise BadExport(f"{where}, end: {error}") from None
    seated = series["players"]
    if not all(isinstance(n, str) for n in seated):
        raise BadExport(f'{where}, "players": must be a list of names')
    for name in seated:
        if name.casefold() not in names:
            raise BadExport(f'{where}: "{name[:40]}" is not in the file\'s players')
    if len({n.casefold() for n in seated}) != len(seated):
        raise BadExport(f"{where}: a player is seated twice")
    if not variant.min_players <= len(seated) <= variant.max_players:
        raise BadExport(f"{where}: {variant.name} is played by {variant.min_players} to "
                        f"{variant.max_players} players, not {len(seated)}")
    if not 0 <= series["first_dealer"] < len(seated):
        raise BadExport(f'{where}, "first_dealer": must be a seat from 0 to {len(seated) - 1}')
    numbers: set[int] = set()
    played = []
    for k, hand in enumerate(series["hands"], start=1):
        hand_where = f"{where}, hand {k}"
        record = _check_hand(hand, hand_where, variant, seated, uids)
        if hand["number"] in numbers:
            raise BadExport(f"{hand_where}: hand number {hand['number']} is used twice")
        numbers.add(hand["number"])
        if hand["deleted_at"] is None:
            played.append((hand["number"], record))
    try:
        score_series(variant, seated, series_end,
                     [record for _, record in sorted(played, key=lambda p: p[0])])
    except RuleError as error:
        raise BadExport(f"{where}: {error}") from None
    for k, ruling in enumerate(series["rulings"], start=1):
        ruling_where = f"{where}, ruling {k}"
        _object(ruling, ruling_where, RULING)
        uids.take("rulings", ruling["uid"], ruling_where)
        if not ruling["text"].strip():
            raise BadExport(f'{ruling_where}, "text": is empty')


def _check_hand(hand: Any, where: str, variant: Variant, seated: list[str], uids: _Uids):
    _object(hand, where, HAND)
    uids.take("hands", hand["uid"], where)
    if hand["number"] < 1:
        raise BadExport(f'{where}, "number": must be 1 or more')
    try:
        record = read_hand(hand["record"], variant, seated)
        result = score_hand(record)
    except RuleError as error:
        raise BadExport(f"{where}, record: {error}") from None
    if hand["scores"] is None:
        if hand["winner"] is not None:
            raise BadExport(f'{where}: a "winner" without "scores"')
    elif hand["scores"] != result.scores or hand["winner"] != result.winner:
        given = ", ".join(f"{n} {s}" for n, s in list(hand["scores"].items())[:6])
        wanted = ", ".join(f"{n} {s:+d}" for n, s in result.scores.items())
        raise BadExport(f"{where}: the scores in the file ({given[:120]}; winner "
                        f"{hand['winner']}) are not what the series' rules give ({wanted}; "
                        f"winner {result.winner})")
    for action in hand["table_actions"] or []:
        if not isinstance(action, dict):
            raise BadExport(f'{where}, "table_actions": each action must be a JSON object')
    for k, entry in enumerate(hand["audit"], start=1):
        entry_where = f"{where}, audit entry {k}"
        _object(entry, entry_where, AUDIT)
        uids.take("hand_audit", entry["uid"], entry_where)
        if entry["action"] not in ACTIONS:
            raise BadExport(f'{entry_where}, "action": must be one of {", ".join(ACTIONS)}')
    return record


# --- Storing what is new -------------------------------------------------------


@dataclass
class Added:
    """How many of each thing an import stored, and how many were already here."""

    players: int = 0
    nights: int = 0
    series: int = 0
    hands: int = 0
    rulings: int = 0
    already: int = 0

    def summary(self) -> str:
        """The import's outcome in a sentence."""
        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 or word == 'series' else 's'}"

        if not (self.players or self.nights or self.series or self.hands or self.rulings):
            return f"Nothing new: all {n(self.already, 'item')} in the file were already here."
        text = (f"Imported {n(self.nights, 'night')}, {n(self.series, 'series')}, "
                f"{n(self.hands, 'hand')} and {n(self.rulings, 'ruling')}")
        if self.players:
            text += f", with {n(self.players, 'new player')}"
        if self.already:
            text += f"; {n(self.already, 'item')} {'was' if self.already == 1 else 'were'}"\
                    " already here"
        return text + "."


def local_id(db: Database, kind: str, uid: str) -> int | None:
    """The id of the row this uid names here, or None."""
    row = db.execute("SELECT local_id FROM uids WHERE kind = ? AND uid = ?", [kind, uid])
    found = row.fetchone()
    return found[0] if found else None


WORDS = {"nights": "night", "series": "series", "hands": "hand", "hand_audit": "audit entry",
         "rulings": "ruling"}


def _insert(db: Database, kind: str, uid: str, row: dict) -> int:
    """Insert a row and give it the file's uid in place of the one just made for it."""
    clash = db.execute("SELECT kind FROM uids WHERE uid = ?", [uid]).fetchone()
    if clash:
        raise BadExport(f'the uid "{uid}" of a {WORDS[kind]} in the file names a '
                        f"{WORDS[clash[0]]} here")
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    new_id = db.execute(f"INSERT INTO {kind} ({columns}) VALUES ({marks})",
                        list(row.values())).lastrowid
    db.execute("UPDATE uids SET uid = ? WHERE kind = ? AND local_id = ?", [uid, kind, new_id])
    return new_id


def _dumps(value: Any, sort_keys: bool = False) -> str | None:
    return None if value is None else json.dumps(value, sort_keys=sort_keys)


def import_document(db: Database, document: dict) -> Added:
    """Store what the checked document holds that this database lacks; all or nothing."""
    added = Added()
    with write_lock(db):
        for v in document["variants"]:
            rules = variant_from_dict(v["rules"]).to_json()
            cursor = db.execute("INSERT OR IGNORE INTO variants (id, name, rules, based_on,"
                                " created) VALUES (?, ?, ?, ?, ?)",
                                [v["id"], v["name"], rules, v["based_on"], v["created"]])
            added.already += 1 - cursor.rowcount
        spelling = {}
        for player in document["players"]:
            known = find_player(db, player["name"])
            if known is None:
                added.players += 1
                known = db["players"].get(add_player(db, player["name"]))
            spelling[player["name"].casefold()] = known["name"]
        for night in document["nights"]:
            night_id = local_id(db, "nights", night["uid"])
            if night_id is None:
                night_id = _insert(db, "nights", night["uid"], {
                    "date": night["date"], "place": night["place"], "note": night["note"],
                    "created": night["created"]})
                added.nights += 1
            else:
                added.already += 1
            for series in night["series"]:
                _import_series(db, night_id, series, spelling, added)
    return added


def _import_series(db: Database, night_id: int, series: dict, spelling: dict[str, str],
                   added: Added) -> None:
    names = {n: spelling[n.casefold()] for n in series["players"]}
    series_id = local_id(db, "series", series["uid"])
    existed = series_id is not None
    if series_id is None:
        series_id = _insert(db, "series", series["uid"], {
            "night_id": night_id, "name": series["name"], "variant_id": series["variant_id"],
            "variant_rules": variant_from_dict(series["variant"]).to_json(),
            "end_kind": series["end"]["kind"], "end_value": series["end"]["value"],
            "first_dealer": series["first_dealer"], "created": series["created"]})
        for seat, name in enumerate(series["players"]):
            db.execute("INSERT INTO series_players (series_id, seat, player_id) VALUES (?, ?, ?)",
                       [series_id, seat, find_player(db, name)["id"]])
        added.series += 1
    else:
        added.already += 1
    new_hands = 0
    for hand in series["hands"]:
        if local_id(db, "hands", hand["uid"]) is not None:
            added.already += 1 + len(hand["audit"])
            continue
        hand_id = _insert(db, "hands", hand["uid"], {
            "series_id": series_id, "number": hand["number"],
            "record": json.dumps(respell_record(hand["record"], names)),
            "created": hand["created"], "updated": hand["updated"],
            "deleted_at": hand["deleted_at"],
            "scores": _dumps(respell_scores(hand["scores"], names)),
            "winner": _spelt(hand["winner"], names),
            "table_actions": _dumps(respell_actions(hand["table_actions"], names))})
        for entry in hand["audit"]:
            _insert(db, "hand_audit", entry["uid"], {
                "hand_id": hand_id, "at": entry["at"], "action": entry["action"],
                "old": _dumps(respell_record(entry["old"], names), sort_keys=True),
                "new": _dumps(respell_record(entry["new"], names), sort_keys=True)})
        added.hands += 1
        new_hands += 1
    for ruling in series["rulings"]:
        if local_id(db, "rulings", ruling["uid"]) is not None:
            added.already += 1
            continue
        _insert(db, "rulings", ruling["uid"], {
            "series_id": series_id, "hand_number": ruling["hand_number"],
            "text": ruling["text"], "agreed_by": ruling["agreed_by"],
            "created": ruling["created"]})
        added.rulings += 1
    if existed and new_hands:
        _check_merged(db, series_id, series)


def _check_merged(db: Database, series_id: int, series: dict) -> None:
    """A series that was here already must still score with the hands the file added."""
    where = f'series "{series["name"] or series["uid"]}"'
    twice = db.execute("SELECT number FROM hands WHERE series_id = ? GROUP BY number"
                       " HAVING count(*) > 1", [series_id]).fetchone()
    if twice:
        raise BadExport(f"{where}: hand {twice[0]} is here already as another hand")
    try:
        score(get_series(db, series_id), series_hands(db, series_id))
    except RuleError as error:
        raise BadExport(f"{where}: with the file's hands added here, {error}") from None


# --- Names as this database spells them ------------------------------------------


def _spelt(name: Any, names: dict[str, str]) -> Any:
    return names.get(name, name) if isinstance(name, str) else name


def respell_record(record: dict | None, names: dict[str, str]) -> dict | None:
    """A hand record with each player's name as this database spells it."""
    if record is None or all(k == v for k, v in names.items()):
        return record
    found = dict(record)
    if isinstance(record.get("players"), list):
        found["players"] = [{**p, "name": _spelt(p.get("name"), names)} if isinstance(p, dict)
                            else p for p in record["players"]]
    if isinstance(record.get("melds"), list):
        found["melds"] = [
            {**m, "by": [_spelt(b, names) for b in m["by"]] if isinstance(m.get("by"), list)
             else _spelt(m.get("by"), names)} if isinstance(m, dict) and "by" in m else m
            for m in record["melds"]]
    return found


def respell_scores(scores: dict | None, names: dict[str, str]) -> dict | None:
    """A hand's scores by name as this database spells it."""
    return None if scores is None else {names.get(n, n): s for n, s in scores.items()}


def respell_actions(actions: list | None, names: dict[str, str]) -> list | None:
    """Table actions with each player's name as this database spells it."""
    if actions is None:
        return None
    return [{**a, "player": _spelt(a["player"], names)} if "player" in a else a
            for a in actions]
