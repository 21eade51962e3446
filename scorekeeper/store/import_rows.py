"""What an import writes a row with: its uid from the file, and the tally of what it stored
(store/importer.py, store/import_events.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ..engine.words import words
from .export_refusals import ROW_WORDS, BadExport


@dataclass
class Added:
    """How many of each thing an import stored, and how many were already here."""

    players: int = 0
    nights: int = 0
    series: int = 0
    hands: int = 0
    rulings: int = 0
    events: int = 0
    already: int = 0
    # What this import wrote, (table, id) in order, to take back should a later batch fail.
    written: list[tuple[str, Any]] = field(default_factory=list, repr=False)

    def summary(self) -> str:
        """The import's outcome in a sentence."""

        def n(count: int, word: str) -> str:
            return f"{count} {word}{'' if count == 1 or word == 'series' else 's'}"

        if not (
            self.players or self.nights or self.series or self.hands or self.rulings or self.events
        ):
            return f"Nothing new: all {n(self.already, 'item')} in the file were already here."
        text = (
            f"Imported {n(self.nights, 'night')}, {n(self.series, 'series')}, "
            f"{n(self.hands, 'hand')} and {n(self.rulings, 'ruling')}"
        )
        if self.players:
            text += f", with {n(self.players, 'new player')}"
        if self.already:
            text += (
                f"; {n(self.already, 'item')} {'was' if self.already == 1 else 'were'} already here"
            )
        text += "."
        if self.events:
            whose = "its" if self.events == 1 else "their"
            text += f" It stored {n(self.events, 'event')}, with {whose} rounds and tables."
        return text


def local_id(db: Database, kind: str, uid: str) -> int | None:
    """The id of the row this uid names here, or None."""
    row = db.execute("SELECT local_id FROM uids WHERE kind = ? AND uid = ?", [kind, uid])
    found = row.fetchone()
    return found[0] if found else None


def insert_row(db: Database, kind: str, uid: str, row: dict, added: Added) -> int:
    """Insert a row and give it the file's uid in place of the one just made for it."""
    clash = db.execute("SELECT kind FROM uids WHERE uid = ?", [uid]).fetchone()
    if clash:
        raise BadExport(
            words(
                'the uid "{uid}" of a {kind} in the file names a {other} here',
                uid=uid,
                kind=ROW_WORDS[kind],
                other=ROW_WORDS[clash[0]],
            )
        )
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    new_id = db.execute(
        f"INSERT INTO {kind} ({columns}) VALUES ({marks})", list(row.values())
    ).lastrowid
    if new_id is None:
        raise TypeError(f"the {kind} table has no whole-number id")
    db.execute("UPDATE uids SET uid = ? WHERE kind = ? AND local_id = ?", [uid, kind, new_id])
    added.written.append((kind, new_id))
    return new_id
