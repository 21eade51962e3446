"""The words of the downloads and the import for people, in the phone's language: the CSV
score sheets' header and cells, and what an import brought in. The JSON export's keys are
data and stay as they are."""

from __future__ import annotations

import csv
import io

from flask_babel import gettext, lazy_gettext, ngettext

from ..store.export import CSV_COLUMNS, sheet_rows, text_cell
from ..store.importer import Added

# The CSV header, one word per column of store.export.CSV_COLUMNS; in English exactly the
# column names, so an English sheet reads as it always has.
COLUMN_WORDS = {
    "date": lazy_gettext("date"), "place": lazy_gettext("place"),
    "series": lazy_gettext("series"), "variant": lazy_gettext("variant"),
    "hand": lazy_gettext("hand"), "seat": lazy_gettext("seat"),
    "player": lazy_gettext("player"), "score": lazy_gettext("score"),
    "total": lazy_gettext("total"), "won": lazy_gettext("won"),
}


def csv_rows(document: dict) -> list[list[object]]:
    """The score sheets' rows, series by series, an unnamed series called by its number on
    its night and a won hand marked in the page's language."""
    rows = []
    for night in document["nights"]:
        for number, one in enumerate(night["series"], start=1):
            label = one["name"] or gettext("Series %(number)d", number=number)
            for row in sheet_rows({"nights": [{**night, "series": [one]}]}):
                row["series"] = text_cell(label)
                row["won"] = gettext("yes") if row["won"] else ""
                rows.append([row[column] for column in CSV_COLUMNS])
    return rows


def csv_sheet(document: dict) -> str:
    """The score sheets of an export document as CSV text, its header in the page's language."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([str(COLUMN_WORDS[column]) for column in CSV_COLUMNS])
    writer.writerows(csv_rows(document))
    return out.getvalue()


def import_summary(added: Added) -> str:
    """What an import stored, in a sentence or two."""
    if not (added.players or added.nights or added.series or added.hands or added.rulings):
        return ngettext("Nothing new: the %(num)d item in the file was already here.",
                        "Nothing new: all %(num)d items in the file were already here.",
                        added.already)
    counts = {
        "nights": ngettext("%(num)d night", "%(num)d nights", added.nights),
        "series": ngettext("%(num)d series", "%(num)d series", added.series),
        "hands": ngettext("%(num)d hand", "%(num)d hands", added.hands),
        "rulings": ngettext("%(num)d ruling", "%(num)d rulings", added.rulings),
        "players": ngettext("%(num)d new player", "%(num)d new players", added.players),
        "already": ngettext("%(num)d item was already here", "%(num)d items were already here",
                            added.already),
    }
    if added.players and added.already:
        return gettext("Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s, with "
                       "%(players)s; %(already)s.", **counts)
    if added.players:
        return gettext("Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s, with "
                       "%(players)s.", **counts)
    if added.already:
        return gettext("Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s; "
                       "%(already)s.", **counts)
    return gettext("Imported %(nights)s, %(series)s, %(hands)s and %(rulings)s.", **counts)
