"""Where each series of a night stands, for the home page's way back to the game and the
night page: in play or finished, hands played, who leads, and the series each player won."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from flask_babel import gettext
from sqlite_utils import Database

from ...engine.series import winner_words
from ...engine.words import Words
from ...store.series import Series, series_of, standing
from ..shell.language import page_list
from ..shell.names import isolate, isolating


@dataclass(frozen=True)
class SeriesState:
    """One series as the night page and the home page mention it."""

    series: Series
    played: int
    finished: bool
    leaders: list[str]
    winners: list[str]

    @property
    def next_hand(self) -> int:
        """The number of the hand to record next."""
        return self.played + 1

    @property
    def players(self) -> str:
        """The players in seat order, as a button names them: "Ana, Bo, Cai, Dee"."""
        return ", ".join(self.series.names)

    def outcome(self) -> Words | str:
        """Who won a finished series, or who leads one in play, in words."""
        if self.finished:
            return winner_words(self.winners, past=True)
        if not self.played:
            return gettext("no hands yet")
        if len(self.leaders) == 1:
            return isolating(gettext("%(player)s leads"), player=isolate(self.leaders[0]))
        return gettext("%(players)s lead", players=page_list(self.leaders, "and"))


def series_state(db: Database, series: Series) -> SeriesState:
    """Where one series stands after its stored hands."""
    result = standing(db, series)  # kept with the series: no tally per page
    leaders = [s.name for s in result.standings if s.rank == 1]
    return SeriesState(series, result.played, result.finished, leaders, list(result.winners))


def night_states(db: Database, night_id: int) -> list[SeriesState]:
    """The night's series in the order they were started, each with where it stands."""
    rows = db.table("series").rows_where("night_id = ?", [night_id], order_by="id", select="id")
    return [series_state(db, series_of(db, row["id"])) for row in rows]


def series_won(states: list[SeriesState]) -> list[tuple[str, int]]:
    """Each player of the night with the series they won (a shared win counts for each),
    most first, then in the order they first sat down."""
    won: dict[str, int] = {}
    for state in states:
        for name in state.series.names:
            won.setdefault(name, 0)
        for name in state.winners:
            won[name] += 1
    return sorted(won.items(), key=lambda item: -item[1])


# A game night often runs past midnight: a series started the evening before is still the
# one in play the next morning. A table of a club night is not "the" table: the home page
# leads to its event instead (web/events/shown.py, events_in_play).
LOOK_BACK_DAYS = 1
LATEST_SERIES = """
SELECT series.id FROM series JOIN nights ON nights.id = series.night_id
WHERE nights.date >= ? AND series.id NOT IN (SELECT series_id FROM event_tables)
ORDER BY series.id DESC LIMIT 5
"""


def in_play(db: Database, today: date) -> SeriesState | None:
    """The series the table is playing: the latest one of tonight (or last night) that has
    not ended, or None."""
    since = (today - timedelta(days=LOOK_BACK_DAYS)).isoformat()
    for row in db.query(LATEST_SERIES, [since]):
        state = series_state(db, series_of(db, row["id"]))
        if not state.finished:
            return state
    return None
