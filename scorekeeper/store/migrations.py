"""The score pad's schema, as sqlite-utils migrations: add new ones, never edit an applied one.

A migration runs on every old database for as long as the app exists, so it holds what it
needs: sqlite-utils, the standard library, and copies frozen on the day it shipped
(`store/frozen/`, one module per migration). It imports nothing else of the store or the
engine, whose code changes (tests/test_structure.py checks). Where a migration would need
the engine of the day to work something out (a hand's result), it leaves a marker (NULL)
and store.db.migrate has the store work it out after the migrations (store.hand_results).

sqlite-utils applies them by name, in the order they are written: m001 to m005 in
migrations_early.py, then every later one here; the numbers only keep that order readable.
A new migration goes at the end of this module. tests/store/test_upgrade.py upgrades a
database made by m001.
"""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from .frozen import m013_name_keys as m013
from .frozen import m019_events as m019
from .migrations_early import migrations

# `migrations` is the app's one set: m001 to m005 are in it already (migrations_early.py),
# and each one below is added after them, in the order written.

# There is no m006, and never was: no commit on any branch holds the name (`git log --all
# -S m006` finds nothing). m007 came in cc11dff (2026-11-23), the next migration after m005,
# written as m007 though no m006 had been; perhaps a number held for work that was never
# committed. Applied migrations are found by name, so the gap costs nothing. Never fill it:
# written here, an m006 would run after m013 on every database that has m013, and before
# m007 on new ones, so two databases would end up built differently.

# What each uid kind names; rulings came in m004 and had no uid until now.
UID_KINDS = ("nights", "series", "hands", "hand_audit", "rulings")


@migrations()
def m007_history_uids_and_figures(db: Database) -> None:
    """Give every new night, series, hand, audit entry and ruling a uid as it is stored;
    keep each series' hand figures per player."""
    # m005 gave uids only to the rows it found; rows stored since then have none yet.
    for kind in UID_KINDS:
        db.execute(
            f"INSERT INTO uids (kind, local_id, uid) SELECT '{kind}', id,"
            f" lower(hex(randomblob(16))) FROM {kind} WHERE id NOT IN"
            f" (SELECT local_id FROM uids WHERE kind = '{kind}')"
        )
        db.execute(
            f"CREATE TRIGGER uids_{kind}_added AFTER INSERT ON {kind} BEGIN"
            f" INSERT OR IGNORE INTO uids (kind, local_id, uid) VALUES ('{kind}', NEW.id,"
            f" lower(hex(randomblob(16)))); END"
        )
    db.execute(
        "CREATE TRIGGER uids_rulings_deleted AFTER DELETE ON rulings BEGIN"
        " DELETE FROM uids WHERE kind = 'rulings' AND local_id = OLD.id; END"
    )
    # Each series' hand figures per player beside its totals, so a player's page sums a few
    # hundred series rather than every hand; the cache is emptied to be worked out again.
    db.execute("DELETE FROM series_results")
    for column in ("hands", "all_at_once", "joker_caught", "melded_hands", "never_opened"):
        db.execute(f"ALTER TABLE series_results ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE series_results ADD COLUMN best INTEGER")
    # The player pages name each variant played; this finds one series of each at once.
    db.table("series").create_index(["variant_id"])


@migrations()
def m008_hand_results(db: Database) -> None:
    """Keep each hand's whole result beside its record: pages and statistics read it and
    never score a stored hand again. Hands stored before it are left without one (NULL)."""
    # The result is the engine's HandResult.to_record(): scores, winner, every line of every
    # score with its rule and source, melded values, racks, and who opened. Working it out
    # here would need the engine's scoring frozen with this migration, and would write the
    # record as that frozen copy wrote it, which a later engine might not read back. So NULL
    # says "not worked out yet": store.hand_results fills it after the migrations with the
    # engine of the day (the one that reads it back), under the series' frozen variant, and
    # sets the scores and winner beside it (a hand stored before m002 had neither).
    db.table("hands").add_column("result", str)


@migrations()
def m009_hand_requests(db: Database) -> None:
    """Remember each request that recorded a hand by its one-time key (the record-hand
    form's token, the API's Idempotency-Key), so that sending it again stores nothing new."""
    db.table("hand_requests").create(
        {
            "key": str,
            "series_id": int,
            "fingerprint": str,
            "hand_id": int,
            "answer": str,
            "created": str,
        },
        pk="key",
        not_null={"series_id", "hand_id", "created"},
        foreign_keys=[("series_id", "series", "id"), ("hand_id", "hands", "id")],
    )


@migrations()
def m010_cleared_tables(db: Database) -> None:
    """Keep a cleared table in play until the next action, so clearing it can be undone."""
    # The actions the scorer cleared, as the table mode JSON; null when nothing was cleared.
    db.table("live_tables").add_column("cleared", str)


@migrations()
def m011_scorer_sessions(db: Database) -> None:
    """Keep each scorer session's id, so that stopping being the scorer ends every copy of
    its cookie, not just the one in the browser that asked."""
    db.table("scorer_sessions").create({"id": str, "passcode": str, "started": str}, pk="id")


@migrations()
def m012_rack_drafts(db: Database) -> None:
    """Keep which phone holds each seat of a series, and the racks players count on their
    own phones for the hand being recorded, so both survive a restart of the laptop."""
    # client: a hash of the phone's random id (its cookie), never the id itself.
    db.table("seat_claims").create(
        {
            "series_id": int,
            "seat": int,
            "client": str,
            "claimed": str,
        },
        pk=("series_id", "seat"),
        not_null={"client", "claimed"},
        foreign_keys=[("series_id", "series", "id")],
    )
    # What changed hands and when: a seat claimed, or handed over by the scorer.
    db.table("seat_log").create(
        {
            "id": int,
            "series_id": int,
            "seat": int,
            "action": str,
            "at": str,
        },
        pk="id",
        not_null={"series_id", "seat", "action", "at"},
        foreign_keys=[("series_id", "series", "id")],
    )
    # One draft per seat of the hand being recorded (its number as it will be stored);
    # fields: the player's part as the hand format writes it (rack, melded tiles ...).
    db.table("rack_drafts").create(
        {
            "series_id": int,
            "number": int,
            "seat": int,
            "fields": str,
            "by_player": int,
            "sent": str,
        },
        pk=("series_id", "number", "seat"),
        not_null={"fields", "by_player", "sent"},
        foreign_keys=[("series_id", "series", "id")],
    )


@migrations()
def m013_name_keys(db: Database) -> None:
    """Match players by their name's key (engine.names.name_key, frozen in
    frozen/m013_name_keys.py), which folds case in every alphabet and accents however they
    were composed, where SQLite's NOCASE folded ASCII only; keep every merge of two players
    in player_merges."""
    db.table("players").add_column("name_key", str)
    db.table("player_merges").create(
        {
            "id": int,
            "at": str,
            "kept_id": int,
            "kept_name": str,
            "merged_id": int,
            "merged_name": str,
            "hands": int,
            "series": int,
        },
        pk="id",
        not_null={"at", "kept_id", "kept_name", "merged_id", "merged_name"},
    )
    found: dict[str, list[int]] = {}
    for row in db.query("SELECT id, name FROM players ORDER BY id"):
        found.setdefault(m013.name_key(row["name"]), []).append(row["id"])
    at = db.execute("SELECT strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')").fetchone()[0]
    for key, ids in found.items():
        # "Ștefan" and "ștefan" were two players and are one person: every hand follows the
        # older player, whose spelling was used first (the hands' results are worked out
        # again after the migrations, see m008).
        db.execute("UPDATE players SET name_key = ? WHERE id = ?", [key, ids[0]])
        for later in ids[1:]:
            if not m013.merge_into(db, later, ids[0], at):
                # Seated together in a series (possible only for spellings the old match
                # told apart, such as ş and ș), so two people: they stay two players, the
                # later one's key kept apart by a comma, which no name holds.
                db.execute(
                    "UPDATE players SET name_key = ? WHERE id = ?", [f"{key},{later}", later]
                )
    db.execute("DROP INDEX players_name")
    db.execute("CREATE UNIQUE INDEX players_name_key ON players (name_key)")
    # Every player is found by their key: one stored without it could never be found.
    for event in ("INSERT", "UPDATE"):
        db.execute(
            f"CREATE TRIGGER players_keyed_{event.lower()} BEFORE {event} ON players"
            " WHEN NEW.name_key IS NULL BEGIN"
            " SELECT RAISE(ABORT, 'a player needs the key of their name'); END"
        )


@migrations()
def m014_join_codes(db: Database) -> None:
    """Give every series a join code: a phone takes a seat for "My rack" only with it, so
    only a phone at the table (which has the code from the scorer's QR code) can send a
    rack under a player's name. Frozen in time: it holds its own alphabet and length."""
    alphabet, length = "ABCDEFGHJKMNPQRSTUVWXYZ23456789", 8
    db.table("join_codes").create(
        {"series_id": int, "code": str, "created": str},
        pk="series_id",
        not_null={"code", "created"},
        foreign_keys=[("series_id", "series", "id")],
    )
    db.execute("CREATE UNIQUE INDEX join_codes_code ON join_codes (code)")
    at = db.execute("SELECT strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')").fetchone()[0]
    for (series_id,) in db.execute("SELECT id FROM series ORDER BY id").fetchall():
        code = "".join(secrets.choice(alphabet) for _ in range(length))
        db.execute(
            "INSERT INTO join_codes (series_id, code, created) VALUES (?, ?, ?)",
            [series_id, code, at],
        )


@migrations()
def m015_request_keys(db: Database) -> None:
    """Keep each one-time key with its series and its endpoint: the same Idempotency-Key sent
    to two series, or a form token equal to an API key, is two requests, each storing its
    own hand. Until now a key was one for the whole database, so a client numbering its keys
    hand-1, hand-2 in each series was answered 201 for hands never stored in the next one.

    Frozen: it holds its own SQL and reads nothing from the rest of the app."""
    db.execute("""
        CREATE TABLE hand_requests_m015 (
            series_id INTEGER NOT NULL REFERENCES series(id),
            endpoint TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint TEXT,
            hand_id INTEGER NOT NULL REFERENCES hands(id),
            answer TEXT,
            created TEXT NOT NULL,
            PRIMARY KEY (series_id, endpoint, key))""")
    # The endpoint was the key's prefix until now: "api:" for the API, "form:" for the form.
    db.execute("""
        INSERT INTO hand_requests_m015
        SELECT series_id,
               CASE WHEN key LIKE 'form:%' THEN 'form:hands' ELSE 'api:hands' END,
               CASE WHEN key LIKE 'form:%' THEN substr(key, 6)
                    WHEN key LIKE 'api:%' THEN substr(key, 5) ELSE key END,
               fingerprint, hand_id, answer, created
        FROM hand_requests""")
    db.execute("DROP TABLE hand_requests")
    db.execute("ALTER TABLE hand_requests_m015 RENAME TO hand_requests")


@migrations()
def m016_series_tallies(db: Database) -> None:
    """Keep each series' standing with it (hands played, each seat's total and hands won,
    finished, who deals next) and a counter of its changes, so a poll or a page reads a few
    numbers instead of tallying every hand: 10 ms of CPU per 1,000 hands on every poll.

    The standing needs the engine's rules (ranking, the end), so it is left NULL here and
    worked out by the store (store.tallies) after the migrations and whenever it is NULL.
    Triggers, not the store's writers, say when it goes stale: every writer of hands (save,
    fix, delete, undo, import, merge, a result filled in) is caught, now and later.

    Frozen: it holds its own SQL and reads nothing from the rest of the app."""
    db.execute("""
        CREATE TABLE series_tallies (
            series_id INTEGER PRIMARY KEY REFERENCES series(id),
            changes INTEGER NOT NULL DEFAULT 0,
            played INTEGER,
            totals TEXT,
            hands_won TEXT,
            finished INTEGER,
            dealer INTEGER)""")
    # The score sheet's hands in play, in order, found in the index alone: the last few for
    # a page, or their count, without reading each hand of a long series.
    db.execute("CREATE INDEX hands_sheet ON hands (series_id, deleted_at, number)")
    # A series deleted with its hands and seats leaves no row behind (only rows of series).
    stale = (
        " INSERT INTO series_tallies (series_id, changes) SELECT id, 1 FROM series WHERE id = {id}"
        " ON CONFLICT (series_id) DO UPDATE SET changes = changes + 1, played = NULL,"
        " totals = NULL, hands_won = NULL, finished = NULL, dealer = NULL;"
    )
    db.execute(
        "CREATE TRIGGER tallies_hand_added AFTER INSERT ON hands"
        f" BEGIN{stale.format(id='NEW.series_id')} END"
    )
    db.execute(
        "CREATE TRIGGER tallies_hand_removed AFTER DELETE ON hands"
        f" BEGIN{stale.format(id='OLD.series_id')} END"
    )
    db.execute(
        "CREATE TRIGGER tallies_hand_changed AFTER UPDATE ON hands BEGIN"
        f"{stale.format(id='NEW.series_id')}{stale.format(id='OLD.series_id')} END"
    )
    # The end or the rules of a series (never changed by the app today) change its standing.
    db.execute(
        "CREATE TRIGGER tallies_series_changed AFTER UPDATE OF end_kind, end_value,"
        " variant_rules, first_dealer ON series BEGIN"
        f"{stale.format(id='NEW.id')} END"
    )
    db.execute(
        "CREATE TRIGGER tallies_series_removed AFTER DELETE ON series BEGIN"
        " DELETE FROM series_tallies WHERE series_id = OLD.id; END"
    )
    # A seat given to another player (a merge) changes the names a viewer shows: a change,
    # though the standing, kept by seat, stays.
    for event, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
        db.execute(
            f"CREATE TRIGGER tallies_seat_{event.lower()} AFTER {event} ON series_players BEGIN"
            " INSERT INTO series_tallies (series_id, changes) SELECT id, 1 FROM series"
            f" WHERE id = {row}.series_id"
            " ON CONFLICT (series_id) DO UPDATE SET changes = changes + 1; END"
        )


@migrations()
def m017_series_listing(db: Database) -> None:
    """Record how each series' list of players was entered: "seats" (clockwise round the
    table, as the form asked until now: every series already stored) or "play" (in the order
    they take turns, as the form asks from now on and every new series is written). A stored
    series keeps its dealers: the store reads its list as seats (engine.play_order). The kept
    standing gains who plays first in the hand being played (`starter`), left NULL for the
    store to work out, as m016 left the rest.

    Frozen: it holds its own SQL and reads nothing from the rest of the app."""
    db.execute("ALTER TABLE series ADD COLUMN listing TEXT NOT NULL DEFAULT 'seats'")
    db.execute("ALTER TABLE series_tallies ADD COLUMN starter INTEGER")
    # Whoever starts follows from the listing as from the first dealer (m016's trigger).
    db.execute(
        "CREATE TRIGGER tallies_listing_changed AFTER UPDATE OF listing ON series BEGIN"
        " INSERT INTO series_tallies (series_id, changes) SELECT id, 1 FROM series"
        " WHERE id = NEW.id ON CONFLICT (series_id) DO UPDATE SET changes = changes + 1,"
        " played = NULL, totals = NULL, hands_won = NULL, finished = NULL, dealer = NULL,"
        " starter = NULL; END"
    )
    # m016's triggers do not know the new column: a stale standing keeps its old starter,
    # which nothing reads while `played` is NULL (store.tallies works it all out again).


@migrations()
def m018_turn_clocks(db: Database) -> None:
    """Keep each series' turn clock on the server, so every phone agrees and a reload or a
    restart loses nothing: the hand it times, whose turn it is, when the running stretch
    began (seconds since the epoch; NULL while paused or before the first turn), the seconds
    used before it, the series' own limit (NULL: the variant's; 0: no clock) and a counter of
    its changes for polls. And the record of every finished turn, for the series' figures.

    Frozen: it holds its own SQL and reads nothing from the rest of the app."""
    db.execute("""
        CREATE TABLE series_clocks (
            series_id INTEGER PRIMARY KEY REFERENCES series(id),
            hand INTEGER NOT NULL,
            seat INTEGER,
            since REAL,
            used REAL NOT NULL DEFAULT 0,
            own_limit INTEGER,
            changes INTEGER NOT NULL DEFAULT 0)""")
    db.execute("""
        CREATE TABLE clock_turns (
            series_id INTEGER NOT NULL REFERENCES series(id),
            hand INTEGER NOT NULL,
            turn INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            seconds REAL NOT NULL,
            ran_out INTEGER NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (series_id, hand, turn))""")
    db.execute(
        "CREATE TRIGGER clocks_series_removed AFTER DELETE ON series BEGIN"
        " DELETE FROM series_clocks WHERE series_id = OLD.id;"
        " DELETE FROM clock_turns WHERE series_id = OLD.id; END"
    )


@migrations()
def m019_events(db: Database) -> None:
    """Keep events (a club night or tournament: several tables, rounds, a roster), each
    table of each round a series of the event's night with its scorer code; a series that
    is a table is deleted only with its event. Frozen: frozen/m019_events.py."""
    m019.create_event_tables(db)
