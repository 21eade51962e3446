"""Guessing the passcode: a few tries a phone and a minute, answered at once, the scorer let in."""

from __future__ import annotations

import re
import threading
from html import unescape
from pathlib import Path

import pytest

from scorekeeper.web.access import passcode
from scorekeeper.web.access.guesses import GuessLimiter, phone_of

from .steps import PASSCODE

ATTACKER = {"REMOTE_ADDR": "192.168.1.66"}
SCORER = {"REMOTE_ADDR": "192.168.1.20"}


def guess(client, code, phone=ATTACKER):
    return client.post("/scorer", data={"passcode": code, "next": "/"}, environ_base=phone)


def checked_attempts(monkeypatch) -> list[str]:
    """Every attempt checked against the passcode's hash from now on: the slow part of a
    guess, which a refusal must never reach."""
    attempts: list[str] = []
    real = passcode.check_password_hash

    def recorded(stored, attempt):
        attempts.append(attempt)
        return real(stored, attempt)

    monkeypatch.setattr(passcode, "check_password_hash", recorded)
    return attempts


def test_a_phone_gets_five_wrong_guesses_then_429_at_once_with_retry_after(
    app_with_passcode, monkeypatch
):
    client = app_with_passcode.test_client()
    assert [guess(client, f"wrong {n}").status_code for n in range(5)] == [422] * 5
    checked = checked_attempts(monkeypatch)
    refused = guess(client, PASSCODE)  # even the right passcode waits: no guess is checked
    assert checked == []  # answered at once: the slow hash is never reached
    assert refused.status_code == 429
    assert 14 * 60 <= int(refused.headers["Retry-After"]) <= 15 * 60
    assert "Too many wrong passcodes. Try again in 15 minutes." in refused.get_data(as_text=True)


def test_the_scorer_gets_in_from_their_own_phone_while_another_is_locked_out(app_with_passcode):
    attacker, scorer = app_with_passcode.test_client(), app_with_passcode.test_client()
    for n in range(6):
        guess(attacker, f"wrong {n}")
    assert guess(attacker, "wrong 7").status_code == 429
    assert guess(scorer, PASSCODE, SCORER).status_code == 302
    assert (
        scorer.post("/nights/new", data={"date": "2025-11-23"}, environ_base=SCORER).status_code
        == 302
    )


def test_past_ten_wrong_guesses_a_minute_each_guessing_address_waits_after_one(app_with_passcode):
    client = app_with_passcode.test_client()
    crowd = [{"REMOTE_ADDR": f"10.0.0.{n}"} for n in range(1, 31)]
    # Every address is checked once: one that has not guessed wrong may be the scorer.
    assert [guess(client, "wrong", phone).status_code for phone in crowd] == [422] * 30
    # Its next guess waits for the minute, as the right passcode would.
    again = [guess(client, PASSCODE, phone) for phone in crowd]
    assert [answer.status_code for answer in again] == [429] * 30
    assert all(0 < int(answer.headers["Retry-After"]) <= 60 for answer in again)


RIGHT_SERIES = {"variant": "rummikub", "players": ["Ana", "Bo"], "end": {"hands": 2}}


def test_the_right_bearer_is_answered_during_a_guessing_flood_from_other_addresses(
    app_with_passcode,
):
    crowd = app_with_passcode.test_client()
    for round_ in range(3):
        for n in range(1, 21):
            crowd.post(
                "/api/series",
                json={},
                environ_base={"REMOTE_ADDR": f"10.0.0.{n}"},
                headers={"Authorization": f"Bearer wrong {round_}"},
            )
    flooded = crowd.post(
        "/api/series",
        json={},
        environ_base={"REMOTE_ADDR": "10.0.0.1"},
        headers={"Authorization": "Bearer wrong again"},
    )
    assert flooded.status_code == 429
    script = app_with_passcode.test_client()
    for _ in range(3):  # and it stays answered: no minute of waiting after the flood
        made = script.post(
            "/api/series",
            json=RIGHT_SERIES,
            environ_base=SCORER,
            headers={"Authorization": f"Bearer {PASSCODE}"},
        )
        assert made.status_code == 201, made.get_json()
        assert made.get_json()["players"] == ["Ana", "Bo"]
    assert script.get(f"/api/series/{made.get_json()['id']}").status_code == 200


def test_a_guessing_address_gets_the_same_429_for_the_right_passcode_as_for_a_wrong_one(
    app_with_passcode,
):
    client = app_with_passcode.test_client()
    for n in range(1, 11):
        guess(client, "wrong", {"REMOTE_ADDR": f"10.0.0.{n}"})
    right = guess(client, PASSCODE, {"REMOTE_ADDR": "10.0.0.3"})
    wrong = guess(client, "still wrong", {"REMOTE_ADDR": "10.0.0.4"})
    assert right.status_code == wrong.status_code == 429
    assert right.get_data(as_text=True) == wrong.get_data(as_text=True)


def test_a_phone_that_was_the_scorer_gets_past_the_overall_limit_not_the_passcode(
    app_with_passcode,
):
    scorer = app_with_passcode.test_client()
    assert guess(scorer, PASSCODE, SCORER).status_code == 302
    scorer.post("/scorer/leave", environ_base=SCORER)
    crowd = app_with_passcode.test_client()
    for n in range(1, 12):
        guess(crowd, "wrong", {"REMOTE_ADDR": f"10.0.0.{n}"})
    assert guess(scorer, "wrong", SCORER).status_code == 422
    # A typo puts an address among the guessers; the scorer's own phone is still let in.
    newcomer = app_with_passcode.test_client()
    assert guess(newcomer, PASSCODE, {"REMOTE_ADDR": "10.0.0.2"}).status_code == 429
    assert guess(scorer, PASSCODE, SCORER).status_code == 302


def test_a_new_passcode_lifts_every_lockout(app_with_passcode):
    client = app_with_passcode.test_client()
    for n in range(6):
        guess(client, f"wrong {n}")
    passcode.set_passcode(Path(app_with_passcode.instance_path), "a new passcode")
    assert guess(client, "a new passcode").status_code == 302


def test_the_api_answers_429_with_retry_after_to_a_guessing_client(app_with_passcode):
    client = app_with_passcode.test_client()
    statuses = [
        client.post(
            "/api/series",
            json={},
            environ_base=ATTACKER,
            headers={"Authorization": f"Bearer wrong{n}"},
        ).status_code
        for n in range(7)
    ]
    assert statuses == [403] * 5 + [429] * 2
    refused = client.post(
        "/api/series",
        json={},
        environ_base=ATTACKER,
        headers={"Authorization": f"Bearer {PASSCODE}"},
    )
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["error"].startswith("too many wrong passcodes")


def test_a_right_guess_gives_back_its_place_and_forgets_the_phones_misses():
    clock = [0.0]
    limiter = GuessLimiter(per_phone=2, lockout=100, overall=3, window=10, clock=lambda: clock[0])

    def miss(phone):
        wait, place = limiter.admit(phone, "tag", "a wrong passcode")
        if not wait:
            limiter.wrong(place)
        return wait

    assert miss("a") == 0
    _, place = limiter.admit("a", "tag", "the passcode")
    limiter.right(place)
    assert miss("a") == 0
    assert miss("b") == 0
    assert miss("c") == 0  # three wrong guesses fill the minute, but c had guessed none
    assert limiter.admit("b", "tag", "another")[0] == 10
    clock[0] = 10.0
    assert miss("c") == 0
    assert miss("a") == 0
    assert limiter.admit("a", "tag", "another")[0] == 90  # a's two misses last the lockout


def test_while_the_minute_is_full_a_new_address_has_one_passcode_checked_at_a_time():
    limiter = GuessLimiter(per_phone=5, overall=2, window=60, clock=lambda: 0.0)
    for phone in ("a", "b"):
        limiter.wrong(limiter.admit(phone, "tag", "wrong")[1])
    wait, first = limiter.admit("new", "tag", "guess one")
    assert wait == 0
    assert limiter.admit("new", "tag", "guess two")[0] == 60
    assert limiter.admit("new", "tag", "guess one")[0] == 0  # the same one, sent again
    limiter.wrong(first)
    assert limiter.admit("new", "tag", "guess one")[0] == 60
    assert not limiter.may_wait("new") and limiter.may_wait("new", trusted=True)
    assert limiter.may_wait("never guessed")


def test_right_passcodes_in_flight_together_from_one_address_lock_nobody_out():
    limiter = GuessLimiter(per_phone=2, overall=10)
    places = [limiter.admit("phones", "tag", PASSCODE) for _ in range(8)]
    assert [wait for wait, _ in places] == [0] * 8
    for _, place in places:
        limiter.right(place)
    assert limiter.admit("phones", "tag", PASSCODE)[0] == 0


@pytest.mark.parametrize(
    ("address", "phone"),
    [
        ("192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),
        ("::ffff:10.0.0.1", "10.0.0.1"),
        (None, "unknown"),
    ],
)
def test_a_device_is_counted_by_its_address_or_its_ipv6_network(address, phone):
    assert phone_of(address) == phone


def test_the_home_page_suggests_a_longer_passcode_to_a_scorer_who_used_a_short_one(app):
    stored = Path(app.instance_path) / "passcode"
    stored.parent.mkdir(parents=True, exist_ok=True)
    from werkzeug.security import generate_password_hash

    stored.write_text(generate_password_hash("1234") + "\n")  # set before six were needed
    client = app.test_client()
    assert guess(client, "1234").status_code == 302
    page = client.get("/").get_data(as_text=True)
    assert "The scorer passcode is shorter than 6 characters" in page


class HeldCheck:
    """The passcode's hash, held at its first call until released, as a slow check is."""

    def __init__(self, monkeypatch):
        self.started, self.release = threading.Event(), threading.Event()
        self.calls: list[str] = []
        real = passcode.check_password_hash

        def held(stored, attempt):
            self.calls.append(attempt)
            if len(self.calls) == 1:
                self.started.set()
                assert self.release.wait(10)
            return real(stored, attempt)

        monkeypatch.setattr(passcode, "check_password_hash", held)


def test_a_guessing_phone_never_waits_for_another_phones_check_and_is_not_counted(
    app_with_passcode, monkeypatch
):
    client = app_with_passcode.test_client()
    assert guess(client, "wrong first").status_code == 422
    held = HeldCheck(monkeypatch)
    first = threading.Thread(
        target=guess,
        args=(app_with_passcode.test_client(), "being checked", {"REMOTE_ADDR": "192.168.1.70"}),
    )
    first.start()
    assert held.started.wait(10)
    refused = guess(client, "wrong 0")
    # Answered while the other phone's check is still held: it never waited for it, and
    # was never checked itself.
    assert first.is_alive()
    assert held.calls == ["being checked"]
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "2"
    assert "Another passcode is being checked. Try again in a few seconds." in refused.get_data(
        as_text=True
    )
    held.release.set()
    first.join(10)
    # The refused guess was never checked, so it counts neither for the phone nor overall.
    assert [guess(client, f"wrong {n}").status_code for n in range(4)] == [422] * 4
    assert guess(client, "wrong 5").status_code == 429


def test_a_phone_yet_to_guess_wrong_waits_its_turn_and_is_checked(app_with_passcode, monkeypatch):
    held = HeldCheck(monkeypatch)
    first = threading.Thread(
        target=guess,
        args=(app_with_passcode.test_client(), "being checked", {"REMOTE_ADDR": "192.168.1.70"}),
    )
    first.start()
    assert held.started.wait(10)
    answers: list = []
    scorer = threading.Thread(
        target=lambda: answers.append(
            guess(app_with_passcode.test_client(), PASSCODE, SCORER).status_code
        )
    )
    scorer.start()
    held.release.set()
    for thread in (first, scorer):
        thread.join(10)
    assert answers == [302]
    assert held.calls == ["being checked", PASSCODE]


def test_a_phone_that_may_not_wait_is_told_busy_even_for_a_passcode_already_checked(
    app_with_passcode, monkeypatch
):
    """A kept answer (the scorer's passcode, in use) must not get through where any other
    guess would be told to come back: that would tell a guesser which were wrong."""
    stored = passcode.stored_hash(Path(app_with_passcode.instance_path))
    assert stored is not None and passcode.matches(stored, PASSCODE)
    held = HeldCheck(monkeypatch)
    other = threading.Thread(target=passcode.matches, args=(stored, "being checked"))
    other.start()
    assert held.started.wait(10)
    try:
        assert passcode.would_wait()
        with pytest.raises(passcode.Busy):
            passcode.matches(stored, PASSCODE, wait=False)
        with pytest.raises(passcode.Busy):
            passcode.matches(stored, "never checked", wait=False)
    finally:
        held.release.set()
        other.join(10)
    assert passcode.matches(stored, PASSCODE, wait=False)


def test_the_same_passcode_sent_together_is_checked_once_and_the_scorer_waits(
    app_with_passcode, monkeypatch
):
    held = HeldCheck(monkeypatch)
    stored = passcode.stored_hash(Path(app_with_passcode.instance_path))
    assert stored is not None
    answers: list = []
    same = [
        threading.Thread(target=lambda: answers.append(passcode.matches(stored, PASSCODE)))
        for _ in range(3)
    ]
    same[0].start()
    assert held.started.wait(10)
    for thread in same[1:]:
        thread.start()
    # A phone that may not wait is told to come back, even with the passcode being checked:
    # joining that check would tell it the answer of another phone's attempt.
    for attempt in ("another attempt", PASSCODE):
        with pytest.raises(passcode.Busy):
            passcode.matches(stored, attempt, wait=False)
    scorer = threading.Thread(
        target=lambda: answers.append(passcode.matches(stored, "the scorer's typo", wait=True))
    )
    scorer.start()
    held.release.set()
    for thread in [*same, scorer]:
        thread.join(10)
    assert sorted(answers) == [False, True, True, True]
    assert sorted(held.calls) == sorted([PASSCODE, "the scorer's typo"])


def lock_out(client, phone=ATTACKER):
    assert [guess(client, f"wrong {n}", phone).status_code for n in range(5)] == [422] * 5


def test_a_locked_out_phone_is_answered_before_its_form_is_read(csrf_app):
    """While phones guess in a flood, a refusal must cost the server next to nothing: the
    phone is told to wait whatever its form holds (no token, a stale one, a control
    character), and nothing it sent is checked."""
    app = csrf_app
    passcode.set_passcode(Path(app.instance_path), PASSCODE)
    client = app.test_client()
    form = client.get("/scorer", environ_base=ATTACKER).get_data(as_text=True)
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)
    assert found is not None
    token = found.group(1)
    for n in range(5):
        assert (
            client.post(
                "/scorer",
                data={"csrf_token": token, "passcode": f"wrong {n}"},
                environ_base=ATTACKER,
            ).status_code
            == 422
        )
    for sent in (
        {"passcode": PASSCODE},
        {"csrf_token": "stale", "passcode": PASSCODE},
        {"csrf_token": token, "passcode": "tile\x00rummy"},
    ):
        refused = client.post("/scorer", data=sent, environ_base=ATTACKER)
        assert refused.status_code == 429
        assert 14 * 60 <= int(refused.headers["Retry-After"]) <= 15 * 60
        assert "Too many wrong passcodes. Try again in 15 minutes." in refused.get_data(
            as_text=True
        )
    # A phone that may still guess has its token checked as before.
    assert (
        client.post("/scorer", data={"passcode": PASSCODE}, environ_base=SCORER).status_code == 400
    )


def test_a_guess_for_another_host_is_refused_for_its_host_first(app_with_passcode):
    client = app_with_passcode.test_client()
    lock_out(client)
    refused = client.post(
        "/scorer",
        data={"passcode": PASSCODE},
        environ_base=ATTACKER,
        headers={"Host": "attacker.example"},
    )
    assert refused.status_code == 400
    assert "Retry-After" not in refused.headers


def test_the_waiting_page_says_each_phones_wait_in_its_language(app_with_passcode):
    client = app_with_passcode.test_client()
    lock_out(client)
    english = guess(client, PASSCODE)
    french = client.post(
        "/scorer",
        data={"passcode": PASSCODE, "next": "/"},
        environ_base=ATTACKER,
        headers={"Accept-Language": "fr"},
    )
    assert '<html lang="en">' in english.get_data(as_text=True)
    assert '<html lang="fr">' in french.get_data(as_text=True)
    assert "Too many wrong passcodes. Try again in 15 minutes." in english.get_data(as_text=True)
    assert "Trop de codes d'accès erronés. Réessayez dans 15 minutes." in unescape(
        french.get_data(as_text=True)
    )
    for page in (english, french):
        assert "default-src" in page.headers["Content-Security-Policy"]
    # Five more wrong guesses from other phones fill the minute: one of them guessing again
    # waits a minute, not the locked-out phone's quarter of an hour, and the locked-out
    # phone still 15.
    for n in range(5):
        guess(client, "wrong", {"REMOTE_ADDR": f"10.0.0.{n + 1}"})
    newcomer = guess(client, PASSCODE, {"REMOTE_ADDR": "10.0.0.1"})
    assert newcomer.status_code == 429 and int(newcomer.headers["Retry-After"]) <= 60
    assert "Try again in 1 minute." in newcomer.get_data(as_text=True)
    assert "Try again in 15 minutes." in guess(client, PASSCODE).get_data(as_text=True)


def test_the_api_refuses_a_locked_out_client_before_reading_its_body(app_with_passcode):
    client = app_with_passcode.test_client()
    for n in range(5):
        assert (
            client.post(
                "/api/series",
                json={},
                environ_base=ATTACKER,
                headers={"Authorization": f"Bearer wrong{n}"},
            ).status_code
            == 403
        )
    refused = client.post(
        "/api/series",
        json={"name": "tile\x00rummy"},
        environ_base=ATTACKER,
        headers={"Authorization": f"Bearer {PASSCODE}"},
    )
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["error"] == "too many wrong passcodes. try again in 15 minutes"
    # Reading needs no passcode: a locked-out client without one still reads.
    assert client.get("/api/series/1", environ_base=ATTACKER).status_code == 404


def test_a_guess_during_another_check_is_refused_before_its_form_is_built(
    app_with_passcode, monkeypatch
):
    from scorekeeper.web.access import scorer as access

    attacker, api_client = app_with_passcode.test_client(), app_with_passcode.test_client()
    assert guess(attacker, "wrong first").status_code == 422
    assert (
        api_client.post(
            "/api/series",
            json={},
            environ_base=SCORER,
            headers={"Authorization": "Bearer wrong first"},
        ).status_code
        == 403
    )
    held = HeldCheck(monkeypatch)
    first = threading.Thread(
        target=guess,
        args=(app_with_passcode.test_client(), "being checked", {"REMOTE_ADDR": "192.168.1.70"}),
    )
    first.start()
    assert held.started.wait(10)
    built = []
    monkeypatch.setattr(access, "PasscodeForm", lambda *a, **k: built.append(1))
    try:
        refused = guess(attacker, "wrong 0")
        api = api_client.post(
            "/api/series", json={}, environ_base=SCORER, headers={"Authorization": "Bearer wrong 1"}
        )
    finally:
        held.release.set()
        first.join(10)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "2"
    assert "Another passcode is being checked." in refused.get_data(as_text=True)
    assert api.status_code == 429 and api.headers["Retry-After"] == "2"
    assert built == [] and held.calls == ["being checked"]
