"""The words of the downloads and the import for people, in the phone's language: the CSV
score sheets' header and cells, and what an import brought in. The JSON export's keys are
data and stay as they are."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext, ngettext

from ...store.export import CSV_COLUMNS, SheetWords
from ...store.importer import Added
from ..shell.language import page_translations

# The CSV header, one word per column of store.export.CSV_COLUMNS; in English exactly the
# column names, so an English sheet reads as it always has.
COLUMN_WORDS = {
    "date": lazy_gettext("date"),
    "place": lazy_gettext("place"),
    "series": lazy_gettext("series"),
    "variant": lazy_gettext("variant"),
    "hand": lazy_gettext("hand"),
    "seat": lazy_gettext("seat"),
    "player": lazy_gettext("player"),
    "score": lazy_gettext("score"),
    "total": lazy_gettext("total"),
    "won": lazy_gettext("won"),
}


def sheet_words() -> SheetWords:
    """The score sheet's words in the page's language, chosen now: the sheet is written
    after the request has been answered."""
    return SheetWords(
        header=tuple(str(COLUMN_WORDS[column]) for column in CSV_COLUMNS),
        won=gettext("yes"),
        unnamed=gettext("Series %(number)d"),
        reader=page_translations(),
    )


def import_summary(added: Added) -> str:
    """What an import stored, in a sentence or two (the events it stored in a sentence of
    their own)."""
    stored = _stored(added)
    if added.events:
        return (
            stored
            + " "
            + ngettext(
                "It stored %(num)d event, with its rounds and tables.",
                "It stored %(num)d events, with their rounds and tables.",
                added.events,
            )
        )
    return stored


def _stored(added: Added) -> str:
    if not (
        added.players
        or added.nights
        or added.series
        or added.hands
        or added.rulings
        or added.events
    ):
        return ngettext(
            "Nothing new: the %(num)d item in the file was already here.",
            "Nothing new: all %(num)d items in the file were already here.",
            added.already,
        )
    counts = {
        "nights": ngettext("%(num)d night", "%(num)d nights", added.nights),
        "series": ngettext("%(num)d series", "%(num)d series", added.series),
        "hands": ngettext("%(num)d hand", "%(num)d hands", added.hands),
        "rulings": ngettext("%(num)d ruling", "%(num)d rulings", added.rulings),
        "players": ngettext("%(num)d new player", "%(num)d new players", added.players),
        "already": ngettext(
            "%(num)d item was already here", "%(num)d items were already here", added.already
        ),
    }
    if added.players and added.already:
        return gettext(
            "Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s, with "
            "%(players)s; %(already)s.",
            **counts,
        )
    if added.players:
        return gettext(
            "Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s, with %(players)s.",
            **counts,
        )
    if added.already:
        return gettext(
            "Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s; %(already)s.", **counts
        )
    return gettext("Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s.", **counts)
