"""The result as plain text, for the family chat: a series' or a night's standings (and
the winner once a series is over) in the page's language, from the standing kept with
each series (store/tallies.py). Each line is a whole message of the catalogue, the names
and numbers its values."""

from __future__ import annotations

from urllib.parse import quote

from flask_babel import gettext, ngettext
from sqlite_utils import Database

from ...engine import SeriesTally
from ...engine.series import winner_words
from ...store.series import Series, standing
from ..shell.language import say


def standing_lines(result: SeriesTally) -> list[str]:
    """How the series stands: after how many hands, each player's place, total and hands
    won, and who won once it is over."""
    if not result.played:
        return [gettext("No hands yet.")]
    lines = [ngettext("After %(num)d hand:", "After %(num)d hands:", result.played)]
    for place in result.standings:
        # The name comes first after its place in every language, so it needs no little
        # word of the grammar before it (engine/grammar.py); the winner's line is the
        # engine's own words, which do.
        lines.append(
            ngettext(
                "%(rank)d. %(player)s: %(total)s, %(num)d hand won",
                "%(rank)d. %(player)s: %(total)s, %(num)d hands won",
                place.hands_won,
                rank=place.rank,
                player=place.name,
                total=f"{place.total:+d}" if place.total else "0",
            )
        )
    if result.finished:
        won = say(winner_words(result.winners, past=True))
        lines.append(gettext("Series over: %(winners)s.", winners=won))
    return lines


def series_text(db: Database, series: Series, day: str) -> str:
    """The series page's result to share: its title, the night's date, how it stands."""
    return "\n".join([say(series.title), day, *standing_lines(standing(db, series))])


def night_text(db: Database, day: str, night: list[Series]) -> str:
    """The night page's result to share: its date, then each series by its title (the game
    and the players, as its page calls it) and how it stands, a blank line between them."""
    titles = [say(series.title) for series in night]
    parts = [day]
    for number, (title, series) in enumerate(zip(titles, night, strict=True), 1):
        # Two series of one game between the same players read alike: their number tells
        # them apart, as the night page counts them.
        if titles.count(title) > 1:
            title = gettext("Series %(number)d: %(title)s", number=number, title=title)
        parts.append("\n".join([title, *standing_lines(standing(db, series))]))
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
