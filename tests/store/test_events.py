"""Events in the store: one stored with its roster, night and round 1 in one write; the
roster's changes between rounds; the next round refused until every table has finished and
after the last; the end of an event; table codes; the rows kept whole by m019's triggers."""

from __future__ import annotations

import random
import sqlite3
from datetime import date

import pytest
from hands import rack, went_out

from scorekeeper.engine import SeriesEnd, preset
from scorekeeper.engine.errors import InvalidEvent
from scorekeeper.engine.events import EventFormat, default_place_points
from scorekeeper.engine.words import english
from scorekeeper.store import events, players, series, table_codes
from scorekeeper.store.db import write_lock
from scorekeeper.store.hands import record_hand
from scorekeeper.store.merge import merge_players

DAY = date(2026, 11, 27)
TEN = ["Ana", "Bo", "Cy", "Dan", "Eva", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def fmt(rounds: int = 2, seating: str = "mix", size: int = 4) -> EventFormat:
    return EventFormat(
        rounds=rounds,
        table_size=size,
        end=SeriesEnd("hands", 1),
        seating=seating,
        points="places",
        place_points=default_place_points(),
    )


def new_event(db, names=TEN, rounds: int = 2, seed: int = 1) -> int:
    return events.create_event(
        db, "Friday club", DAY, preset("rummikub"), list(names), fmt(rounds), random.Random(seed)
    )


def finish(db, table: events.EventTable) -> None:
    """Play the table's one hand: its first player goes out."""
    first, *others = table.players
    tiles = ["r5", "b7", "k9"]
    record = {
        "players": [went_out(first), *(rack(n, t) for n, t in zip(others, tiles, strict=False))]
    }
    record_hand(db, series.series_of(db, table.series_id), record)


def finish_round(db, event_id: int) -> None:
    for table in events.tables_of(db, event_id):
        finish(db, table)


def test_an_event_is_stored_with_its_roster_its_night_and_round_one(db):
    event_id = new_event(db)
    event = events.get_event(db, event_id)
    assert event is not None
    assert (event.name, event.day, event.variant.id, event.ended) == (
        "Friday club",
        DAY,
        "rummikub",
        False,
    )
    assert event.fmt == fmt()
    assert [p.name for p in events.roster(db, event_id)] == TEN
    assert all(p.checked_in and not p.gone for p in events.roster(db, event_id))
    night = db.execute("SELECT date FROM nights WHERE id = ?", [event.night_id]).fetchone()
    assert night[0] == DAY.isoformat()
    tables = events.tables_of(db, event_id)
    assert events.current_round(db, event_id) == 1
    # Ten players at tables of four: 4 + 3 + 3, the biggest first.
    assert [len(t.players) for t in tables] == [4, 3, 3]
    assert sorted(name for t in tables for name in t.players) == sorted(TEN)
    for number, table in enumerate(tables, start=1):
        assert (table.round, table.number, table.finished, table.played) == (1, number, False, 0)
        assert table.scorer_since is None
        one = series.series_of(db, table.series_id)
        assert (one.night_id, one.name, one.listing, one.first_dealer) == (
            event.night_id,
            None,
            "play",
            0,
        )
        assert one.end == SeriesEnd("hands", 1)
        assert one.names == table.players
        assert events.table_of_series(db, table.series_id) == table
        code = table_codes.code_of_table(db, table.series_id)
        assert code is not None and len(code) == 10
        assert table_codes.series_of_code(db, code.lower()) == table.series_id
    assert events.list_events(db) == [event]
    assert events.list_events(db, since=date(2026, 11, 28)) == []
    assert events.seat_of(db, event_id, "nobody") is None
    where = events.seat_of(db, event_id, tables[1].players[2].upper())
    assert where == (1, 2, 3)


def test_an_event_that_cannot_be_played_leaves_nothing_behind(db):
    with pytest.raises(InvalidEvent) as refused:
        new_event(db, names=["Ana"])
    assert refused.value.field == "players"
    for table in ("events", "event_players", "event_tables", "nights", "series"):
        assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0


def test_the_next_round_waits_for_every_table_and_stops_after_the_last(db):
    event_id = new_event(db)
    first = events.tables_of(db, event_id)
    for table in first[:-1]:
        finish(db, table)
    assert not events.round_finished(db, event_id)
    with pytest.raises(events.RoundNotFinished) as waiting:
        events.seat_next_round(db, event_id, random.Random(2))
    assert english(waiting.value.detail) == ("Round 1 is not over yet: 1 table is still playing.")
    finish(db, first[-1])
    assert events.round_finished(db, event_id)
    assert not events.event_finished(db, event_id)
    assert events.seat_next_round(db, event_id, random.Random(2)) == 2
    assert events.current_round(db, event_id) == 2
    assert [t.round for t in events.tables_of(db, event_id)] == [2, 2, 2]
    assert events.tables_of(db, event_id, 1) == events.tables_of(db, event_id, 1)
    assert [t.finished for t in events.tables_of(db, event_id, 1)] == [True] * 3
    finish_round(db, event_id)
    assert events.event_finished(db, event_id)
    with pytest.raises(events.NoMoreRounds) as over:
        events.seat_next_round(db, event_id, random.Random(3))
    assert english(over.value.detail) == "All 2 rounds have been seated."
    # The codes of a finished event grant nothing any more.
    code = table_codes.code_of_table(db, first[0].series_id)
    assert code is not None
    assert table_codes.series_of_code(db, code) is None
    assert table_codes.find_code(db, code) == (first[0].series_id, False)


def test_standings_count_every_finished_table(db):
    event_id = new_event(db, rounds=1)
    finish_round(db, event_id)
    standings = events.standings_of(db, event_id)
    assert sorted(s.player for s in standings) == sorted(TEN)
    winners = {t.players[0] for t in events.tables_of(db, event_id)}
    # Three tables, each won by its first player: first place's points (3 at a table of four,
    # 2 at a table of three).
    by_name = {s.player: s for s in standings}
    assert sorted(by_name[name].points for name in winners) == [2, 2, 3]
    assert all(s.tables == 1 for s in standings)


def test_late_and_gone_players_change_the_next_round_only(db):
    event_id = new_event(db, rounds=3)
    finish_round(db, event_id)
    events.mark_gone(db, event_id, "ana")
    events.set_checked_in(db, event_id, "Bo", False)
    events.add_late_player(db, event_id, "Kim")
    with pytest.raises(events.RosterRefused) as twice:
        events.add_late_player(db, event_id, "kim")
    assert english(twice.value.detail) == "kim is already on this event's roster."
    with pytest.raises(events.RosterRefused):
        events.mark_gone(db, event_id, "Zed")
    roster = {p.name: p for p in events.roster(db, event_id)}
    assert roster["Ana"].gone and roster["Ana"].checked_in
    assert not roster["Bo"].checked_in and not roster["Bo"].gone
    assert list(roster)[-1] == "Kim"
    events.seat_next_round(db, event_id, random.Random(4))
    seated = [name for t in events.tables_of(db, event_id) for name in t.players]
    assert sorted(seated) == sorted([*TEN[2:], "Kim"])
    # Ana played round 1 only: she stays in the standings; Kim's table has not played yet.
    standings = {s.player: s for s in events.standings_of(db, event_id)}
    assert standings["Ana"].tables == 1 and standings["Ana"].score != 0
    assert (standings["Kim"].tables, standings["Kim"].points, standings["Kim"].score) == (1, 0, 0)
    # A player who left and comes back is here again for the round after.
    events.add_late_player(db, event_id, "Ana")
    assert not {p.name: p for p in events.roster(db, event_id)}["Ana"].gone


def test_too_few_players_left_refuse_the_next_round(db):
    event_id = new_event(db, names=["Ana", "Bo", "Cy"], rounds=2)
    finish_round(db, event_id)
    events.mark_gone(db, event_id, "Bo")
    events.mark_gone(db, event_id, "Cy")
    with pytest.raises(InvalidEvent) as refused:
        events.seat_next_round(db, event_id, random.Random(5))
    assert refused.value.field == "players"
    assert events.current_round(db, event_id) == 1


def test_an_event_ended_early_seats_nothing_and_its_codes_stop(db):
    event_id = new_event(db)
    table = events.tables_of(db, event_id)[0]
    code = table_codes.code_of_table(db, table.series_id)
    assert code is not None and table_codes.series_of_code(db, code) == table.series_id
    events.end_event(db, event_id)
    events.end_event(db, event_id)
    assert events.get_event(db, event_id).ended
    assert events.event_finished(db, event_id)
    assert table_codes.series_of_code(db, code) is None
    with pytest.raises(events.EventOver):
        events.seat_next_round(db, event_id, random.Random(6))
    with pytest.raises(events.EventOver):
        events.add_late_player(db, event_id, "Kim")


def test_a_phone_first_scoring_a_table_is_kept_once(db):
    event_id = new_event(db)
    table = events.tables_of(db, event_id)[0]
    table_codes.note_scorer(db, table.series_id)
    first = events.tables_of(db, event_id)[0].scorer_since
    assert first is not None
    db.execute("UPDATE event_tables SET first_scorer_at = '2026-11-27T20:14:00+00:00'")
    table_codes.note_scorer(db, table.series_id)
    assert events.tables_of(db, event_id)[0].scorer_since == "2026-11-27T20:14:00+00:00"


def test_a_table_s_series_is_deleted_only_with_its_event(db):
    event_id = new_event(db)
    series_id = events.tables_of(db, event_id)[0].series_id
    with pytest.raises(sqlite3.IntegrityError, match="table of an event"), write_lock(db):
        db.execute("DELETE FROM series_players WHERE series_id = ?", [series_id])
        db.execute("DELETE FROM join_codes WHERE series_id = ?", [series_id])
        db.execute("DELETE FROM series WHERE id = ?", [series_id])
    assert events.table_of_series(db, series_id) is not None
    uid = db.execute("SELECT uid FROM uids WHERE kind = 'events' AND local_id = ?", [event_id])
    assert uid.fetchone() is not None
    with write_lock(db):
        db.execute("DELETE FROM events WHERE id = ?", [event_id])
    for table in ("event_players", "event_tables"):
        assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM uids WHERE kind = 'events'").fetchone()[0] == 0
    # The games stay, as series of the night they were played on.
    assert series.get_series(db, series_id) is not None


def test_a_table_is_a_series_of_its_event_s_night(db):
    event_id = new_event(db)
    series_id = events.tables_of(db, event_id)[0].series_id
    other = db.execute("INSERT INTO nights (date, created) VALUES ('2026-11-28', 'x')").lastrowid
    with pytest.raises(sqlite3.IntegrityError, match="event's night"):
        db.execute("UPDATE series SET night_id = ? WHERE id = ?", [other, series_id])


def test_merging_a_player_moves_their_place_on_the_roster(db):
    event_id = new_event(db)
    with write_lock(db):
        joe = players.add_player(db, "Joe")
        jo = players.find_player(db, "Jo")["id"]
        merge_players(db, jo, joe, "2026-11-27T23:00:00+00:00")
    names = [p.name for p in events.roster(db, event_id)]
    assert names == [*TEN[:-1], "Joe"]
    assert "Joe" in [n for t in events.tables_of(db, event_id) for n in t.players]


@pytest.mark.parametrize("name", ["", "   ", "A" * 41, "Ana, Bo", "Ana\u200b", "Bo\u200b"])
def test_a_late_player_s_name_is_checked_as_the_event_s_players_are(db, name):
    """A name of spaces would be stored empty and jam the table it is seated at; the store
    refuses it (and every name the roster would refuse at the start) and keeps nothing."""
    event_id = new_event(db)
    before = events.roster(db, event_id)
    with pytest.raises(InvalidEvent) as refused:
        events.add_late_player(db, event_id, name)
    assert refused.value.field == "players"
    assert events.roster(db, event_id) == before


def test_a_late_player_drawn_like_a_player_on_the_roster_is_refused(db):
    event_id = new_event(db)
    # A Cyrillic capital A (U+0410) before "na": nobody at the table could tell it from Ana.
    with pytest.raises(InvalidEvent):
        events.add_late_player(db, event_id, "\u0410na")
    assert [p.name for p in events.roster(db, event_id)] == TEN


def test_the_store_says_why_too_few_players_left_cannot_be_seated(db):
    event_id = new_event(db, names=["Ana", "Bo", "Cy"], rounds=2)
    assert events.seating_refusal(db, event_id) is None
    events.mark_gone(db, event_id, "Bo")
    events.mark_gone(db, event_id, "Cy")
    refusal = events.seating_refusal(db, event_id)
    assert refusal is not None and refusal.field == "players"
    assert english(refusal.detail) == "an event needs at least 2 players to seat a table, not 1"


def test_an_earlier_round_s_code_stops_once_the_next_round_is_seated(db):
    event_id = new_event(db, rounds=3)
    first = events.tables_of(db, event_id)[0]
    code = table_codes.code_of_table(db, first.series_id)
    assert code is not None and table_codes.series_of_code(db, code) == first.series_id
    finish_round(db, event_id)
    # Finished, but round 2 not seated yet: the table's scorer may still fix a hand.
    assert table_codes.series_of_code(db, code) == first.series_id
    events.seat_next_round(db, event_id, random.Random(7))
    assert table_codes.series_of_code(db, code) is None
    found = table_codes.look_up(db, code)
    assert found is not None and (found.state, found.round, found.table) == ("earlier_round", 1, 1)
    later = events.tables_of(db, event_id)[0]
    assert table_codes.series_of_code(db, table_codes.code_of_table(db, later.series_id) or "")
