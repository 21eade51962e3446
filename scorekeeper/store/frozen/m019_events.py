"""What m019_events writes, frozen as it stood when m019 shipped (2026-11-26): the tables of
events (a club night or a tournament of several tables and rounds), their rosters and their
tables, with the triggers that keep them whole.

Never edit this module once m019 has shipped (see frozen/__init__.py).

How the rows hang together, and why:
- An event belongs to one night (`events.night_id`): each table of each round is a series
  of that night, so history, the night's page, statistics and backup read them as any
  series. A table's series must be of its event's night (a trigger refuses any other).
- A series that is a table of an event cannot be deleted on its own: the event would keep a
  table with no games behind it, its standings a hole. Deleting the event lets go of its
  roster and its tables (their series stay, as the games of the night they were).
- Every event gets a uid as it is stored, as nights and series do (m005, m007), so an
  export names it the same in every copy of the database.
"""

from __future__ import annotations

from sqlite_utils import Database

TABLES = (
    # ended: when the organiser ended it early, NULL while it runs; an event whose last
    # round has all finished is over too, which the store works out from its tables.
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        night_id INTEGER NOT NULL REFERENCES nights(id),
        name TEXT NOT NULL,
        day TEXT NOT NULL,
        variant_id TEXT NOT NULL,
        variant_rules TEXT NOT NULL,
        rounds INTEGER NOT NULL CHECK (rounds >= 1),
        table_size INTEGER NOT NULL CHECK (table_size >= 2),
        end_kind TEXT NOT NULL,
        end_value INTEGER NOT NULL,
        seating TEXT NOT NULL,
        points TEXT NOT NULL,
        place_points TEXT NOT NULL,
        created TEXT NOT NULL,
        ended TEXT)""",
    # position: the order the roster was entered in (late players after it); a player who
    # left is kept, with the round after which they left, so their results still count.
    """CREATE TABLE event_players (
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        position INTEGER NOT NULL,
        checked_in INTEGER NOT NULL DEFAULT 1 CHECK (checked_in IN (0, 1)),
        gone_after_round INTEGER CHECK (gone_after_round >= 0),
        PRIMARY KEY (event_id, player_id),
        UNIQUE (event_id, position))""",
    # code: the table's scorer code, stored plainly as join codes are; first_scorer_at:
    # when a phone first used it (never who: the app does not know who holds the phone).
    """CREATE TABLE event_tables (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL CHECK (round >= 1),
        number INTEGER NOT NULL CHECK (number >= 1),
        series_id INTEGER NOT NULL UNIQUE REFERENCES series(id),
        code TEXT NOT NULL UNIQUE,
        first_scorer_at TEXT,
        PRIMARY KEY (event_id, round, number))""",
    "CREATE INDEX events_night ON events (night_id)",
    "CREATE INDEX events_day ON events (day)",
    "CREATE INDEX event_players_player ON event_players (player_id)",
)

TRIGGERS = (
    """CREATE TRIGGER event_series_kept BEFORE DELETE ON series
       WHEN EXISTS (SELECT 1 FROM event_tables WHERE series_id = OLD.id) BEGIN
       SELECT RAISE(ABORT, 'this series is a table of an event: delete the event first');
       END""",
    """CREATE TRIGGER event_table_of_its_night BEFORE INSERT ON event_tables
       WHEN (SELECT night_id FROM series WHERE id = NEW.series_id)
            IS NOT (SELECT night_id FROM events WHERE id = NEW.event_id) BEGIN
       SELECT RAISE(ABORT, 'a table of an event is a series of the event''s night');
       END""",
    """CREATE TRIGGER event_table_moved BEFORE UPDATE OF series_id, event_id ON event_tables
       WHEN (SELECT night_id FROM series WHERE id = NEW.series_id)
            IS NOT (SELECT night_id FROM events WHERE id = NEW.event_id) BEGIN
       SELECT RAISE(ABORT, 'a table of an event is a series of the event''s night');
       END""",
    """CREATE TRIGGER event_series_night_kept BEFORE UPDATE OF night_id ON series
       WHEN EXISTS (SELECT 1 FROM event_tables JOIN events ON events.id = event_id
                    WHERE series_id = NEW.id AND events.night_id IS NOT NEW.night_id) BEGIN
       SELECT RAISE(ABORT, 'a table of an event is a series of the event''s night');
       END""",
    """CREATE TRIGGER event_removed BEFORE DELETE ON events BEGIN
       DELETE FROM event_tables WHERE event_id = OLD.id;
       DELETE FROM event_players WHERE event_id = OLD.id;
       END""",
    """CREATE TRIGGER uids_events_added AFTER INSERT ON events BEGIN
       INSERT OR IGNORE INTO uids (kind, local_id, uid)
       VALUES ('events', NEW.id, lower(hex(randomblob(16))));
       END""",
    """CREATE TRIGGER uids_events_deleted AFTER DELETE ON events BEGIN
       DELETE FROM uids WHERE kind = 'events' AND local_id = OLD.id;
       END""",
)


def create_event_tables(db: Database) -> None:
    """Create the events, their rosters and their tables, and the triggers that keep them
    whole."""
    for sql in (*TABLES, *TRIGGERS):
        db.execute(sql)
