"""The export format: what a valid export file holds, checked in every part before an import.

A file is refused whole, with a message naming what is wrong and where, before anything
is written. Checking reads nothing from the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ..engine import (
    LISTINGS,
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
from ..engine.words import words
from .export_clock import check_clock
from .export_events import check_events
from .export_fields import (
    AUDIT,
    END,
    HAND,
    NIGHT,
    NIGHT_LATER,
    PLAYER,
    RULING,
    SERIES,
    SERIES_LATER,
    TOP,
    VARIANT,
    fields_of,
)
from .export_refusals import (
    THE_FILE,
    BadExport,
    Place,
    audit_entry_in,
    faulty,
    hand_in,
    night_at,
    part_of,
    player_at,
    ruling_in,
    series_in,
    variant_at,
)
from .import_limits import value_problems
from .players import lookalike, name_key, name_problem, tidy_name

FORMAT = "scorekeeper-export"
VERSION = 1
ACTIONS = ("created", "edited", "deleted", "restored")
UID_LENGTH = 64


# --- Checking the file: pure ---------------------------------------------------


@dataclass
class Checked:
    """What the nights are checked against: the players' name keys, and the uids seen so far
    in the file, so that none is used twice."""

    names: set[str]
    seen: set[str] = field(default_factory=set)

    def take(self, kind: str, uid: str, where: Place) -> None:
        if not uid or len(uid) > UID_LENGTH:
            raise BadExport(
                words(
                    '{where}, "uid": must be 1 to {most} characters', where=where, most=UID_LENGTH
                )
            )
        # One uid names one row of one kind, here as in the uids table.
        if uid in self.seen:
            raise BadExport(
                words('{where}: the uid "{uid}" is used twice in the file', where=where, uid=uid)
            )
        self.seen.add(uid)


def check_document(document: Any) -> None:
    """Refuse, with what and where, anything that is not a valid export."""
    checked = check_head(document)
    for i, night in enumerate(document["nights"], start=1):
        check_night(night, i, checked)


def check_head(head: Any) -> Checked:
    """Refuse a file whose parts but its nights are not an export's (check_night: each night)."""
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise BadExport(
            words('not a Scorekeeper export (it has no "format": "{format}")', format=FORMAT)
        )
    if head.get("version") != VERSION:
        raise BadExport(
            words(
                "export version {found}; this app reads version {version}",
                found=str(head.get("version"))[:20],
                version=VERSION,
            )
        )
    for key, value in head.items():
        past_limits = key != "nights" and value_problems(value, (None, f'"{key[:40]}"'))
        if past_limits:
            raise faulty(*past_limits)
    fields_of(head, THE_FILE, TOP)
    names = _check_players(head["players"])
    for i, variant in enumerate(head["variants"], start=1):
        where = variant_at(i)
        fields_of(variant, where, VARIANT)
        if variant["id"] in PRESETS:
            # A copy under a preset's id would list that preset twice and change its rules.
            raise BadExport(
                words(
                    '{where}, "id": "{id}" is a preset\'s id; a group\'s own variant needs an '
                    "id of its own",
                    where=where,
                    id=variant["id"],
                )
            )
        _variant(variant["rules"], part_of(where, "rules"))
    return Checked(names)


def check_night(night: Any, number: int, checked: Checked) -> None:
    """Refuse the file's night `number` (from 1) if it is not as an export's."""
    past_limits = value_problems(night, ((None, '"nights"'), number))
    if past_limits:
        raise faulty(*past_limits)
    where = night_at(number)
    fields_of(night, where, NIGHT, NIGHT_LATER)
    checked.take("nights", night["uid"], where)
    try:
        date.fromisoformat(night["date"])
    except ValueError:
        raise BadExport(
            words(
                '{where}, "date": must look like {example}, not "{found}"',
                where=where,
                example="2025-11-22",
                found=night["date"][:40],
            )
        ) from None
    for j, series in enumerate(night["series"], start=1):
        _check_series(series, series_in(where, j), checked.names, checked)
    check_events(night, where, checked)


def _check_players(players: list) -> set[str]:
    """The players' name keys; each name must be given once, as the app would store it.
    Two spellings of one key (a file from before names were matched by their key, which
    held "Ștefan" and "ștefan" apart) are one player here."""
    names: set[str] = set()
    spelt: set[str] = set()
    for i, player in enumerate(players, start=1):
        where = player_at(i)
        name = fields_of(player, where, PLAYER)["name"]
        if not name.strip() or tidy_name(name) != name:
            raise BadExport(
                words(
                    '{where}: "{name}" is not a name the app would store (empty or extra spaces)',
                    where=where,
                    name=name[:40],
                )
            )
        problem = name_problem(name)
        if problem:
            raise BadExport(
                words('{where}: "{name}": {problem}', where=where, name=name[:40], problem=problem)
            )
        if name in spelt:
            raise BadExport(words('{where}: "{name}" is listed twice', where=where, name=name))
        twin = lookalike(name, spelt)
        if twin is not None:
            raise BadExport(
                words(
                    '{where}: "{name}" and "{twin}" look the same on a screen but are written '
                    "with different letters",
                    where=where,
                    name=name,
                    twin=twin,
                )
            )
        spelt.add(name)
        names.add(name_key(name))
    return names


def _variant(rules: dict, where: Place) -> Variant:
    try:
        return variant_from_dict(rules)
    except (RuleError, TypeError) as error:
        raise faulty(where, error) from None


def _check_series(series: Any, where: Place, names: set[str], uids: Checked) -> None:
    fields_of(series, where, SERIES, SERIES_LATER)
    if series.get("listing", "seats") not in LISTINGS:
        raise BadExport(
            words(
                '{where}, "listing": must be "play" or "seats", not "{found}"',
                where=where,
                found=series["listing"][:40],
            )
        )
    uids.take("series", series["uid"], where)
    variant = _variant(series["variant"], part_of(where, "variant"))
    end = fields_of(series["end"], part_of(where, "end"), END)
    try:
        series_end = SeriesEnd(end["kind"], end["value"])
    except RuleError as error:
        raise faulty(part_of(where, "end"), error) from None
    seated = series["players"]
    if not all(isinstance(n, str) for n in seated):
        raise BadExport(words('{where}, "players": must be a list of names', where=where))
    for name in seated:
        if name_key(name) not in names:
            raise BadExport(
                words(
                    '{where}: "{name}" is not in the file\'s players', where=where, name=name[:40]
                )
            )
    try:
        # The same set-up rules as a series started on a phone or through the API.
        check_series_setup(variant, seated, series_end, series["first_dealer"])
    except InvalidSeries as error:
        raise faulty(where, error) from None
    check_clock(series, where)
    numbers: set[int] = set()
    played = []
    for k, hand in enumerate(series["hands"], start=1):
        hand_where = hand_in(where, k)
        record = _check_hand(hand, hand_where, variant, seated, uids)
        if hand["number"] > len(series["hands"]):
            # Hands are numbered 1, 2, 3 ... in their series, deleted ones included.
            raise BadExport(
                words(
                    '{where}, "number": hand {number} in a series of {count} hands',
                    where=hand_where,
                    number=hand["number"],
                    count=len(series["hands"]),
                )
            )
        if hand["number"] in numbers:
            raise BadExport(
                words(
                    "{where}: hand number {number} is used twice",
                    where=hand_where,
                    number=hand["number"],
                )
            )
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
        raise faulty(where, error) from None
    for k, ruling in enumerate(series["rulings"], start=1):
        ruling_where = ruling_in(where, k)
        fields_of(ruling, ruling_where, RULING)
        uids.take("rulings", ruling["uid"], ruling_where)
        if not ruling["text"].strip():
            raise BadExport(words('{where}, "text": is empty', where=ruling_where))
        number = ruling["hand_number"]
        if number is not None and not 1 <= number <= len(series["hands"]) + 1:
            raise BadExport(
                words(
                    '{where}, "hand_number": there is no hand {number} in this series (a '
                    "ruling is about hands 1 to {last})",
                    where=ruling_where,
                    number=number,
                    last=len(series["hands"]) + 1,
                )
            )


def _check_hand(hand: Any, where: Place, variant: Variant, seated: list[str], uids: Checked):
    fields_of(hand, where, HAND)
    uids.take("hands", hand["uid"], where)
    if hand["number"] < 1:
        raise BadExport(words('{where}, "number": must be 1 or more', where=where))
    try:
        record = read_hand(hand["record"], variant, seated)
        result = score_hand(record)
    except RuleError as error:
        raise faulty(part_of(where, "record"), error) from None
    if hand["scores"] is None:
        if hand["winner"] is not None:
            raise BadExport(words('{where}: a "winner" without "scores"', where=where))
    elif hand["scores"] != result.scores or hand["winner"] != result.winner:
        given = ", ".join(f"{n} {s}" for n, s in list(hand["scores"].items())[:6])
        wanted = ", ".join(f"{n} {s:+d}" for n, s in result.scores.items())
        raise BadExport(
            words(
                "{where}: the scores in the file ({given}; winner {winner}) are not what the "
                "series' rules give ({wanted}; winner {result})",
                where=where,
                given=given[:120],
                winner=str(hand["winner"]),
                wanted=wanted,
                result=str(result.winner),
            )
        )
    for action in hand["table_actions"] or []:
        if not isinstance(action, dict):
            raise BadExport(
                words('{where}, "table_actions": each action must be a JSON object', where=where)
            )
    if hand["table_actions"]:
        # Replayed as the hand's page will: an action the engine refuses is refused here.
        try:
            replay(variant, seated, hand["table_actions"])
        except (InvalidAction, RuleError) as error:
            raise faulty(part_of(where, "table_actions"), error) from None
        except (KeyError, TypeError, ValueError) as error:
            raise BadExport(
                words(
                    "{where}: not a table action ({error})",
                    where=part_of(where, "table_actions"),
                    error=str(error),
                )
            ) from None
    for k, entry in enumerate(hand["audit"], start=1):
        entry_where = audit_entry_in(where, k)
        fields_of(entry, entry_where, AUDIT)
        uids.take("hand_audit", entry["uid"], entry_where)
        if entry["action"] not in ACTIONS:
            raise BadExport(
                words(
                    '{where}, "action": must be one of {actions}',
                    where=entry_where,
                    actions=", ".join(ACTIONS),
                )
            )
    return record
