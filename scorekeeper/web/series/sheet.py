"""The score sheet's lines, drawn on the server like the charts: a series can hold thousands
of hands, and a template loop over every score of every hand cost most of its page."""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from ...store.series import Series

# Scores, hand numbers and ids are whole numbers: only the address needs escaping.
SCORE = '<td class="num">%s</td>'
WON = '<td class="num won">%s<span class="sr"> {won}</span></td>'


def sheet_lines(series: Series, rows: list[dict]) -> Markup:
    """One table row per hand (store.hands.sheet_slice), in order: its place on the sheet
    linking to its page, then each player's score (+12, -5, 0), the winner's marked in
    words too for screen readers."""
    # One address for the whole sheet: a hand's page differs only in its id, the last part.
    stem = escape(url_for("hands.show", series_id=series.id, hand_id=0).removesuffix("0"))
    names = series.names
    # Escaped once and any percent sign doubled: the line is filled with % per score.
    won = WON.format(won=escape(gettext("(won)")).replace("%", "%%"))
    lines = []
    for row in rows:
        number, scores, winner = row["place"], row["outcome"].scores, row["outcome"].winner
        cells = "".join(
            [
                (won if name == winner else SCORE) % (f"{scores[name]:+d}" if scores[name] else "0")
                for name in names
            ]
        )
        lines.append(
            f'<tr><th scope="row"><a href="{stem}{int(row["id"])}">{number}</a></th>{cells}</tr>\n'
        )
    return Markup("".join(lines))
