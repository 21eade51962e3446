"""The result as plain text, for the family chat: a series' or a night's standings (and
the winner once a series is over) in the page's language, from the standing kept with
each series (store/tallies.py). Each line is a whole message of the catalogue; the names
are values, so a language puts them where its grammar wants (engine/grammar.py)."""

from __future__ import annotations

from urllib.parse import quote

from flask_babel import gettext
from sqlite_utils import Database

from ...engine import SeriesTally
from ...engine.series import winner_words
from ...engine.words import counted
from ...store.series import Series, standing
from ..shell.language import say


def standing_lines(result: SeriesTally) -> list[str]:
    """How the series stands: after how many hands, each player's place, total and hands
    won, and who won once it is over."""
    if not result.played:
        return [gettext("No hands yet.")]
    lines = [say(counted("After {n} hand:", "After {n} hands:", n=result.played))]
    for place in result.standings:
        line = counted(
            "{rank}. {player}: {total}, {n} hand won",
            "{rank}. {player}: {total}, {n} hands won",
            rank=place.rank,
            player=place.name,
            total=f"{place.total:+d}" if place.total else "0",
            n=place.hands_won,
        )
        lines.append(say(line))
    if result.finished:
        won = say(winner_words(result.winners, past=True))
        lines.append(gettext("Series over: %(winners)s.", winners=won))
    return lines


def series_text(db: Database, series: Series, day: str) -> str:
    """The series page's result to share: its title, the night's date, how it stands."""
    return "\n".join([say(series.title), day, *standing_lines(standing(db, series))])


def night_text(db: Database, day: str, labelled: list[tuple[str, Series]]) -> str:
    """The night page's result to share: its date, then each series (by the label the page
    gives it) and how it stands, a blank line between them."""
    parts = [day]
    for label, series in labelled:
        parts.append("\n".join([label, *standing_lines(standing(db, series))]))
    return "\n\n".join(parts)


def share_links(text: str, subject: str) -> dict[str, str]:
    """Addresses that open the phone's messages or mail app with the text written in: they
    work over plain http on the LAN, where a page's script may not share or copy."""
    body = quote(text, safe="")
    return {
        # "?&body=" is read by both iPhones and Android phones.
        "sms": f"sms:?&body={body}",
        "mail": f"mailto:?subject={quote(subject, safe='')}&body={body}",
    }
