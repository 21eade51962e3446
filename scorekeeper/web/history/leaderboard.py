"""The Players page's leaderboard: which period its address chose, and the sentence naming
who won the most hands in it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask_babel import gettext, ngettext

from ...store.leaderboard import LeaderLine, leaders
from ...store.stats import Filters
from ..shell.language import number, page_list, short_date
from .forms import PERIODS, LeaderboardForm


def today() -> date:
    """The day the page is drawn (tests put another in its place)."""
    return date.today()


@dataclass(frozen=True)
class Period:
    """The nights the leaderboard counts: a calendar year, every night, or between dates
    (either end open)."""

    kind: str  # one of forms.PERIODS
    since: date | None = None
    until: date | None = None

    def filters(self, variant: str | None) -> Filters:
        """The statistics' filters for this period and variant."""
        return Filters(self.since, self.until, variant)

    def address(self, variant: str | None) -> dict[str, str]:
        """The player page's address arguments counting the same nights and variant."""
        found = {"from": self.since, "to": self.until, "variant": variant}
        return {k: v if isinstance(v, str) else v.isoformat() for k, v in found.items() if v}


def year_of(day: date) -> Period:
    """The calendar year of a day."""
    return Period("year", date(day.year, 1, 1), date(day.year, 12, 31))


def chosen_period(form: LeaderboardForm, day: date) -> Period:
    """The period the address asks for; this year when it asks for none or its dates are
    refused (their messages stand beside the boxes). An address with dates and no period
    (as the player page writes one) counts between those dates."""
    kind = form.period.data if form.period.raw_data else ""
    if not kind and (form.since.raw_data or form.until.raw_data):
        kind = "dates"
    if kind not in PERIODS:
        kind = "year"
    form.period.data = kind
    if kind == "last-year":
        return Period("last-year", date(day.year - 1, 1, 1), date(day.year - 1, 12, 31))
    if kind == "all":
        return Period("all")
    if kind == "dates" and form.validate():
        return Period("dates", form.since.data, form.until.data)
    return year_of(day)


def headline(period: Period, lines: list[LeaderLine]) -> str:
    """Who won the most hands in the period, as one sentence."""
    if not lines:
        return gettext("No hands in this period.")
    first = leaders(lines)
    if first[0].hands_won == 0:
        return gettext("No hand was won in this period.")
    values = {
        "players": page_list([line.name for line in first], "and"),
        "won": number(first[0].hands_won),
        "played": number(first[0].hands),
    }
    count = len(first)
    if period.kind == "all":
        return ngettext(
            "%(players)s won the most hands of all time: %(won)s of %(played)s.",
            "%(players)s won the most hands of all time: %(won)s of %(played)s each.",
            count,
            **values,
        )
    if period.kind != "dates":
        assert period.since is not None  # a calendar year
        return ngettext(
            "%(players)s won the most hands in %(year)s: %(won)s of %(played)s.",
            "%(players)s won the most hands in %(year)s: %(won)s of %(played)s each.",
            count,
            year=str(period.since.year),
            **values,
        )
    if period.since and period.until:
        return ngettext(
            "%(players)s won the most hands from %(since)s to %(until)s: %(won)s of %(played)s.",
            "%(players)s won the most hands from %(since)s to %(until)s:"
            " %(won)s of %(played)s each.",
            count,
            since=short_date(period.since),
            until=short_date(period.until),
            **values,
        )
    if period.since:
        return ngettext(
            "%(players)s won the most hands since %(since)s: %(won)s of %(played)s.",
            "%(players)s won the most hands since %(since)s: %(won)s of %(played)s each.",
            count,
            since=short_date(period.since),
            **values,
        )
    assert period.until is not None  # the form refuses a period of no dates
    return ngettext(
        "%(players)s won the most hands up to %(until)s: %(won)s of %(played)s.",
        "%(players)s won the most hands up to %(until)s: %(won)s of %(played)s each.",
        count,
        until=short_date(period.until),
        **values,
    )
