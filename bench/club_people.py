"""The people of a club night, each a thread of bench/club_night.py: the organiser, the
scorer of each table (its table code), each player's phone (My rack and the turn clock) and
a TV per table (the big screen and the event's standings). Each sends only what its page or
the API would, at the page's own pace: the scorer's form asks for the racks every second,
the clock every 2 s, My rack every 3 s, the big screen every 2 s (static/*.js)."""

from __future__ import annotations

import queue
import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from club_calls import Calls, Reply, succeeded

# The pages' own polls (static/drafts.js, clock.js, racks.js, viewer.js), in seconds.
SCORER_POLL, CLOCK_POLL, RACK_POLL, SCREEN_POLL = 1.0, 2.0, 3.0, 2.0
THINK = (0.3, 1.5)  # a player ends a turn this long after seeing it is theirs (seconds)
TRIES = 5  # a hand's tries on a dropped connection, with the same Idempotency-Key


@dataclass
class Night:
    """What the threads share: the event, its rounds as seated, each series' join code (what
    a phone reads from the QR code on the table), what the server acknowledged, and the
    clocks the organiser is asked to start."""

    event_id: int
    passcode: str
    stop: threading.Event
    hand_seconds: float
    rounds: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    join_codes: dict[int, str] = field(default_factory=dict)
    hands: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    racks: list[tuple[int, int, int, str]] = field(default_factory=list)
    starts: queue.Queue[int] = field(default_factory=queue.Queue)
    seated: threading.Condition = field(default_factory=threading.Condition)
    over: bool = False

    def publish(self, number: int, tables: list[dict[str, Any]], codes: dict[int, str]) -> None:
        with self.seated:
            self.join_codes.update(codes)
            self.rounds[number] = tables
            self.seated.notify_all()

    def wait_for_round(self, after: int) -> int | None:
        """The first round seated after `after`; None once the run stops or the event ends."""
        with self.seated:
            while not self.stop.is_set() and not self.over:
                later = [n for n in self.rounds if n > after]
                if later:
                    return min(later)
                self.seated.wait(0.25)
        return None


class Organiser(threading.Thread):
    """The organiser's phone (the passcode): reads each table's join code for its QR code,
    starts each table's clock for every hand (only the passcode may), and seats the next
    round once every table has finished."""

    def __init__(self, night: Night, calls: Calls) -> None:
        super().__init__(daemon=True)
        self.night, self.calls = night, calls
        self.auth = {"Authorization": f"Bearer {night.passcode}"}

    def seat(self, number: int, tables: list[dict[str, Any]]) -> None:
        """Publish a seated round with its join codes, and start its clocks."""
        codes = {}
        for table in tables:
            reply = self.calls.send(
                "read a join code", "GET", f"/api/series/{table['series']}", headers=self.auth
            )
            if succeeded(reply, 200):
                codes[table["series"]] = reply.body["join_code"]
        self.night.publish(number, tables, codes)
        for table in tables:
            self.night.starts.put(table["series"])

    def run(self) -> None:
        night, last_look = self.night, 0.0
        try:
            while not night.stop.is_set() and not night.over:
                try:
                    series_id = night.starts.get(timeout=0.25)
                    self.calls.send(
                        "start the clock",
                        "POST",
                        f"/api/series/{series_id}/clock",
                        {"do": "start"},
                        self.auth,
                    )
                except queue.Empty:
                    pass
                if time.monotonic() - last_look >= 1:
                    last_look = time.monotonic()
                    self.next_round()
        finally:
            self.calls.close()

    def next_round(self) -> None:
        """Seat the next round once the event's answer says every table has finished."""
        reply = self.calls.send("read the event", "GET", f"/api/events/{self.night.event_id}")
        if not succeeded(reply, 200):
            return
        event = reply.body
        current = [r for r in event["rounds"] if r["number"] == event["round"]]
        if not current or not all(t["finished"] for t in current[0]["tables"]):
            return
        if event["finished"]:
            self.night.over = True
            return
        seated = self.calls.send(
            "seat the next round",
            "POST",
            f"/api/events/{self.night.event_id}/rounds",
            {},
            self.auth,
        )
        if succeeded(seated, 201):
            self.seat(seated.body["round"], seated.body["tables"])


class Scorer(threading.Thread):
    """The scorer of one table (its number in every round), by its table code: reads the
    racks the phones sent and saves each hand once every rack is in and the hand has lasted
    `hand_seconds`."""

    def __init__(self, night: Night, calls: Calls, number: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.night, self.calls, self.number = night, calls, number
        self.rng = random.Random(seed)

    def run(self) -> None:
        done = 0
        try:
            while (found := self.night.wait_for_round(done)) is not None:
                done = found
                table = next(
                    (t for t in self.night.rounds[found] if t["table"] == self.number), None
                )
                if table is not None:
                    self.score(table)
        finally:
            self.calls.close()

    def score(self, table: dict[str, Any]) -> None:
        series_id, tag, began = table["series"], None, time.monotonic()
        state: dict[str, Any] | None = None
        while not self.night.stop.wait(SCORER_POLL):
            headers = {"If-None-Match": tag} if tag else {}
            reply = self.calls.send(
                "poll the racks (scorer)", "GET", f"/api/series/{series_id}/draft", headers=headers
            )
            if succeeded(reply, 200):
                state, tag = reply.body, reply.headers.get("ETag")
            if state is None:
                continue
            if state["finished"]:
                return
            waited = time.monotonic() - began >= self.night.hand_seconds
            if waited and all(seat["draft"] for seat in state["seats"]):
                saved = self.save(table, state)
                if saved is None:
                    continue
                # The next hand's racks are read afresh: none of this hand's counts for it.
                began, state, tag = time.monotonic(), None, None
                self.calls.send("read the series page", "GET", f"/series/{series_id}")
                if saved["series"]["finished"]:
                    return
                self.night.starts.put(series_id)

    def save(self, table: dict[str, Any], state: dict[str, Any]) -> dict[str, Any] | None:
        """Save the hand from the racks read (one player went out), retried with the same
        Idempotency-Key on a dropped connection; the answer once acknowledged."""
        out = self.rng.randrange(len(table["players"]))
        hand = {
            "players": [
                {"name": name, "went_out": True}
                if seat == out
                else {"name": name, "rack": state["seats"][seat]["draft"]["rack"]}
                for seat, name in enumerate(table["players"])
            ]
        }
        seen = {str(s["seat"]): s["token"] for s in state["seats"] if s["token"]}
        headers = {"Authorization": f"Bearer {table['code']}", "Idempotency-Key": uuid.uuid4().hex}
        for _ in range(TRIES):
            reply = self.calls.send(
                "record a hand (table code)",
                "POST",
                f"/api/series/{table['series']}/hands",
                {**hand, "drafts_seen": seen},
                headers,
            )
            if reply is not None:
                break
        if not succeeded(reply, 201):
            return None
        # Acknowledged: from here on the hand must be in the database, once.
        self.night.hands.append((table["series"], reply.body["number"], hand))
        return reply.body


def rack_of(seat: int, rng: random.Random) -> str:
    """One to six tiles, each seat from its own colour, so that no hand holds a tile more
    often than the set has it."""
    tiles = [f"{'rbky'[seat % 4]}{n}" for n in range(1, 14) for _ in range(2)]
    rng.shuffle(tiles)
    return " ".join(tiles[: rng.randint(1, 6)])


class Phone(threading.Thread):
    """A player's phone: follows the event (`GET /api/events/ID` every 3 s) until the round
    in play seats its player, takes their seat with the series' join code (the QR code on
    the table), sends their rack once per hand, follows the turn clock and presses Done on
    their turns; then follows the event again until the next round."""

    def __init__(self, night: Night, calls: Calls, player: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.night, self.calls, self.player = night, calls, player
        self.rng = random.Random(seed)

    def run(self) -> None:
        played = 0
        try:
            while (found := self.next_seat(played)) is not None:
                played, series_id, seat = found
                self.play(series_id, seat)
        finally:
            self.calls.close()

    def next_seat(self, played: int) -> tuple[int, int, int] | None:
        """The first round after `played` that seats the player, as the event's answer says
        (its number, the series and the seat), once the organiser shows its join code."""
        while not self.night.stop.is_set() and not self.night.over:
            reply = self.calls.send("read the event", "GET", f"/api/events/{self.night.event_id}")
            for seated in reply.body["rounds"] if succeeded(reply, 200) else []:
                for table in seated["tables"] if seated["number"] > played else []:
                    if self.player in table["players"] and self.scanned(table["series"]):
                        return (
                            seated["number"],
                            table["series"],
                            table["players"].index(self.player),
                        )
            self.night.stop.wait(RACK_POLL)
        return None

    def scanned(self, series_id: int) -> bool:
        """Wait until the table's join code is shown (the organiser reads it for the QR)."""
        while series_id not in self.night.join_codes:
            if self.night.stop.wait(0.25):
                return False
        return True

    def play(self, series_id: int, seat: int) -> None:
        """Send racks and follow the clock until the table has finished or the run stops."""
        code = self.night.join_codes.get(series_id)
        self.calls.send("open My rack", "GET", f"/series/{series_id}/my-rack")
        base = f"/api/series/{series_id}"
        tags: dict[str, str] = {}
        hand, sent, pressed, racks = None, None, None, {}
        now = time.monotonic()
        next_rack, next_clock, done_at = now, now + self.rng.uniform(0, CLOCK_POLL), None
        while not self.night.stop.wait(0.05):
            now = time.monotonic()
            if now >= next_rack:
                next_rack = now + RACK_POLL
                state = self.poll("poll the racks (phone)", f"{base}/draft", tags)
                if state is not None and state["finished"]:
                    return
                hand = state["hand"] if state is not None else hand
            if hand is not None and sent != hand:
                rack = racks.setdefault(hand, rack_of(seat, self.rng))
                headers = {"Authorization": f"Bearer {code}"} if sent is None and code else {}
                reply = self.calls.send(
                    "send a rack",
                    "PUT",
                    f"{base}/draft/seats/{seat}",
                    {"rack": rack, "hand": hand},
                    headers,
                )
                if succeeded(reply, 200):
                    self.night.racks.append((series_id, hand, seat, rack))
                    sent = hand
                else:
                    next_rack = now + RACK_POLL  # asked again at the next poll, not at once
                    hand = None
            if now >= next_clock:
                next_clock = now + CLOCK_POLL
                clock = self.poll("poll the clock", f"{base}/clock", tags)
                mark = clock and (clock["seat"], len(clock["turns"]) + 1, clock["hand"])
                # Done is this phone's to press once it holds the seat (its first rack).
                mine = clock and clock["running"] and clock["seat"] == seat and sent is not None
                if mine and mark != pressed:
                    done_at, pressed = now + self.rng.uniform(*THINK), mark
            if done_at is not None and now >= done_at and pressed is not None:
                done_at = None
                mark_seat, turn, at_hand = pressed
                body = {"do": "done", "seat": mark_seat, "turn": turn, "hand": at_hand}
                self.press(f"{base}/clock", body, pressed)

    def press(self, path: str, body: dict[str, Any], mark: tuple[int, int, int]) -> None:
        """Press Done for the turn seen. Refused because that turn is over (the scorer saved
        the hand first, which ends it): 409 where the clock checks the turn, 403 where it
        first finds the turn is another seat's (web/clock/api.py), both the API's answer
        to the race; any other refusal is an error."""
        reply = self.calls.send("press Done", "POST", path, body, judged=(403, 409))
        if reply is None or reply.status not in (403, 409):
            return
        now = self.calls.send("poll the clock", "GET", path)
        over = (
            succeeded(now, 200)
            and (
                now.body["seat"],
                len(now.body["turns"]) + 1,
                now.body["hand"],
            )
            != mark
        )
        self.calls.judge("press Done", reply, f"POST {path}", raced=over)

    def poll(self, kind: str, path: str, tags: dict[str, str]) -> dict[str, Any] | None:
        """A poll sending back the tag of its last answer: the new answer, or None (304)."""
        headers = {"If-None-Match": tags[path]} if path in tags else {}
        reply: Reply | None = self.calls.send(kind, "GET", path, headers=headers)
        if not succeeded(reply, 200):
            return None
        if reply.headers.get("ETag"):
            tags[path] = reply.headers["ETag"]
        return reply.body


class Tv(threading.Thread):
    """A TV in the room: the big screen page, its own poll (drawn again when it says
    something changed), and the event's standings from the API."""

    def __init__(self, night: Night, calls: Calls) -> None:
        super().__init__(daemon=True)
        self.night, self.calls = night, calls

    def run(self) -> None:
        event = self.night.event_id
        screen, tag, shown = f"/events/{event}/screen", None, None
        try:
            self.calls.send("big screen page", "GET", screen)
            while not self.night.stop.wait(SCREEN_POLL):
                headers = {"If-None-Match": tag} if tag else {}
                reply = self.calls.send("big screen poll", "GET", f"{screen}.json", headers=headers)
                if succeeded(reply, 200):
                    tag = reply.headers.get("ETag")
                    if shown is not None and reply.body["version"] != shown:
                        self.calls.send("big screen page", "GET", screen)
                    shown = reply.body["version"]
                self.calls.send("read the event", "GET", f"/api/events/{event}")
        finally:
            self.calls.close()
