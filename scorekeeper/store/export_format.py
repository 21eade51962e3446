"""The export format: what a valid export file holds, checked in every part before an import.

A file is refused whole, with a message naming what is wrong and where, before anything
is written. Checking reads nothing from the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from ..engine import (
    PRESETS,
    InvalidSeries,
    RuleError,
    SeriesEnd,
    Variant,
    check_series_setup,
    read_hand,
    score_hand,
    score_series,
    variant_from_dict,
)
from ..engine.table import InvalidAction, replay
from ..engine.words import english
from .import_limits import value_problems
from .players import lookalike, name_key, name_problem, tidy_name

FORMAT = "scorekeeper-export"
VERSION = 1
ACTIONS = ("created", "edited", "deleted", "restored")
UID_LENGTH = 64


class BadExport(Exception):
    """A file that is not a valid export; the message names what is wrong and where."""

    def __init__(self, message: str):
        # Text quoted from the file may hold line breaks; the message stays on one line.
        super().__init__(
            "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in message)
        )


# --- Checking the file: pure ---------------------------------------------------

KINDS: dict[str, tuple[type, ...]] = {
    "text": (str,),
    "text or null": (str, type(None)),
    "a whole number": (int,),
    "a whole number or null": (int, type(None)),
    "an object": (dict,),
    "an object or null": (dict, type(None)),
    "a list": (list,),
    "a list or null": (list, type(None)),
}
TOP = {
    "format": "text",
    "version": "a whole number",
    "scope": "text",
    "exported": "text",
    "players": "a list",
    "variants": "a list",
    "nights": "a list",
}
PLAYER = {"name": "text"}
VARIANT = {
    "id": "text",
    "name": "text",
    "rules": "an object",
    "based_on": "text or null",
    "created": "text",
}
NIGHT = {
    "uid": "text",
    "date": "text",
    "place": "text or null",
    "note": "text or null",
    "created": "text",
    "series": "a list",
}
SERIES = {
    "uid": "text",
    "name": "text or null",
    "variant_id": "text",
    "variant": "an object",
    "end": "an object",
    "first_dealer": "a whole number",
    "created": "text",
    "players": "a list",
    "hands": "a list",
    "rulings": "a list",
}
END = {"kind": "text", "value": "a whole number"}
HAND = {
    "uid": "text",
    "number": "a whole number",
    "record": "an object",
    "table_actions": "a list or null",
    "scores": "an object or null",
    "winner": "text or null",
    "created": "text",
    "updated": "text",
    "deleted_at": "text or null",
    "audit": "a list",
}
AUDIT = {
    "uid": "text",
    "at": "text",
    "action": "text",
    "old": "an object or null",
    "new": "an object or null",
}
RULING = {
    "uid": "text",
    "hand_number": "a whole number or null",
    "text": "text",
    "agreed_by": "text or null",
    "created": "text",
}
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
        if key in STAMPS and isinstance(found, str) and not _is_stamp(found):
            raise BadExport(
                f'{where}, "{key}": must be a date and time like '
                f'2025-11-22T20:15:00+00:00, not "{found[:40]}"'
            )
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


@dataclass
class Checked:
    """What the nights are checked against: the players' name keys, and the uids seen so far
    in the file, so that none is used twice."""

    names: set[str]
    seen: set[str] = field(default_factory=set)

    def take(self, kind: str, uid: str, where: str) -> None:
        if not uid or len(uid) > UID_LENGTH:
            raise BadExport(f'{where}, "uid": must be 1 to {UID_LENGTH} characters')
        # One uid names one row of one kind, here as in the uids table.
        if uid in self.seen:
            raise BadExport(f'{where}: the uid "{uid}" is used twice in the file')
        self.seen.add(uid)


def check_document(document: Any) -> None:
    """Refuse, with what and where, anything that is not a valid export."""
    checked = check_head(document)
    for i, night in enumerate(document["nights"], start=1):
        check_night(night, i, checked)


def check_head(head: Any) -> Checked:
    """Refuse a file whose parts but its nights are not an export's (check_night: each night)."""
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise BadExport(f'not a Scorekeeper export (it has no "format": "{FORMAT}")')
    if head.get("version") != VERSION:
        raise BadExport(
            f"export version {str(head.get('version'))[:20]}; this app reads version {VERSION}"
        )
    for key, value in head.items():
        past_limits = key != "nights" and value_problems(value, (None, f'"{key[:40]}"'))
        if past_limits:
            raise BadExport(": ".join(past_limits))
    _object(head, "the file", TOP)
    names = _check_players(head["players"])
    for i, variant in enumerate(head["variants"], start=1):
        where = f"variant {i}"
        _object(variant, where, VARIANT)
        if variant["id"] in PRESETS:
            # A copy under a preset's id would list that preset twice and change its rules.
            raise BadExport(
                f'{where}, "id": "{variant["id"]}" is a preset\'s id; a group\'s '
                "own variant needs an id of its own"
            )
        _variant(variant["rules"], f"{where}, rules")
    return Checked(names)


def check_night(night: Any, number: int, checked: Checked) -> None:
    """Refuse the file's night `number` (from 1) if it is not as an export's."""
    past_limits = value_problems(night, ((None, '"nights"'), f"item {number}"))
    if past_limits:
        raise BadExport(": ".join(past_limits))
    where = f"night {number}"
    _object(night, where, NIGHT)
    checked.take("nights", night["uid"], where)
    try:
        date.fromisoformat(night["date"])
    except ValueError:
        raise BadExport(
            f'{where}, "date": must look like 2025-11-22, not "{night["date"][:40]}"'
        ) from None
    for j, series in enumerate(night["series"], start=1):
        _check_series(series, f"{where}, series {j}", checked.names, checked)


def _check_players(players: list) -> set[str]:
    """The players' name keys; each name must be given once, as the app would store it.
    Two spellings of one key (a file from before names were matched by their key, which
    held "Ștefan" and "ștefan" apart) are one player here."""
    names: set[str] = set()
    spelt: set[str] = set()
    for i, player in enumerate(players, start=1):
        name = _object(player, f"player {i}", PLAYER)["name"]
        if not name.strip() or tidy_name(name) != name:
            raise BadExport(
                f'player {i}: "{name[:40]}" is not a name the app would store '
                "(empty or extra spaces)"
            )
        problem = name_problem(name)
        if problem:
            raise BadExport(f'player {i}: "{name[:40]}": {english(problem)}')
        if name in spelt:
            raise BadExport(f'player {i}: "{name}" is listed twice')
        twin = lookalike(name, spelt)
        if twin is not None:
            raise BadExport(
                f'player {i}: "{name}" and "{twin}" look the same on a screen but are written '
                "with different letters"
            )
        spelt.add(name)
        names.add(name_key(name))
    return names


def _variant(rules: dict, where: str) -> Variant:
    try:
        return variant_from_dict(rules)
    except (RuleError, TypeError) as error:
        raise BadExport(f"{where}: {error}") from None


def _check_series(series: Any, where: str, names: set[str], uids: Checked) -> None:
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
        if name_key(name) not in names:
            raise BadExport(f'{where}: "{name[:40]}" is not in the file\'s players')
    try:
        # The same set-up rules as a series started on a phone or through the API.
        check_series_setup(variant, seated, series_end, series["first_dealer"])
    except InvalidSeries as error:
        raise BadExport(f"{where}: {error}") from None
    numbers: set[int] = set()
    played = []
    for k, hand in enumerate(series["hands"], start=1):
        hand_where = f"{where}, hand {k}"
        record = _check_hand(hand, hand_where, variant, seated, uids)
        if hand["number"] > len(series["hands"]):
            # Hands are numbered 1, 2, 3 ... in their series, deleted ones included.
            raise BadExport(
                f'{hand_where}, "number": hand {hand["number"]} in a series of '
                f"{len(series['hands'])} hands"
            )
        if hand["number"] in numbers:
            raise BadExport(f"{hand_where}: hand number {hand['number']} is used twice")
        numbers.add(hand["number"])
        if hand["deleted_at"] is None:
            played.append((hand["number"], record))
    try:
        score_series(
            variant,
            seated,
            series_end,
            [record for _, record in sorted(played, key=lambda p: p[0])],
        )
    except RuleError as error:
        raise BadExport(f"{where}: {error}") from None
    for k, ruling in enumerate(series["rulings"], start=1):
        ruling_where = f"{where}, ruling {k}"
        _object(ruling, ruling_where, RULING)
        uids.take("rulings", ruling["uid"], ruling_where)
        if not ruling["text"].strip():
            raise BadExport(f'{ruling_where}, "text": is empty')
        number = ruling["hand_number"]
        if number is not None and not 1 <= number <= len(series["hands"]) + 1:
            raise BadExport(
                f'{ruling_where}, "hand_number": there is no hand {number} in this '
                f"series (a ruling is about hands 1 to {len(series['hands']) + 1})"
            )


def _check_hand(hand: Any, where: str, variant: Variant, seated: list[str], uids: Checked):
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
        raise BadExport(
            f"{where}: the scores in the file ({given[:120]}; winner "
            f"{hand['winner']}) are not what the series' rules give ({wanted}; "
            f"winner {result.winner})"
        )
    for action in hand["table_actions"] or []:
        if not isinstance(action, dict):
            raise BadExport(f'{where}, "table_actions": each action must be a JSON object')
    if hand["table_actions"]:
        # Replayed as the hand's page will: an action the engine refuses is refused here.
        try:
            replay(variant, seated, hand["table_actions"])
        except (InvalidAction, RuleError) as error:
            raise BadExport(f"{where}, table_actions: {error}") from None
        except (KeyError, TypeError, ValueError) as error:
            raise BadExport(f"{where}, table_actions: not a table action ({error})") from None
    for k, entry in enumerate(hand["audit"], start=1):
        entry_where = f"{where}, audit entry {k}"
        _object(entry, entry_where, AUDIT)
        uids.take("hand_audit", entry["uid"], entry_where)
        if entry["action"] not in ACTIONS:
            raise BadExport(f'{entry_where}, "action": must be one of {", ".join(ACTIONS)}')
    return record
