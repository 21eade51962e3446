"""No rack silently dropped, with real racing: the app behind the real server (waitress, as
`scorekeeper serve` runs it) in a thread, and 40 hands each saved by the scorer at the
moment Bo's phone sends a newer rack. Whichever the server takes first, a rack the phone was
told it sent for a hand is never missing from that hand as saved: either it came before the
save, and the save was refused and then made with it, or it came after, and the phone was
told the hand was already saved. The interleavings one at a time: test_newer_rack.py."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar

import pytest

from scorekeeper import connections, serve
from scorekeeper.store import join_codes
from scorekeeper.web.racks.drafts import SendLimiter
from scorekeeper.web.shell.db import get_db

from .steps import PASSCODE, page_text, rows, set_scorer_passcode, start_series, tally
from .test_my_rack import SEATS
from .test_newer_rack import box, seen_tokens

pytestmark = pytest.mark.slow

HANDS = 40
OLDER, NEWER = "b1 b2", "b1 b2 y13"
TYPED = {"Dee": "went_out", "Ana": "r12 k3 j", "Bo": OLDER, "Cai": "k9"}


@pytest.fixture
def laptop(app, client) -> Iterator[tuple[str, int, str]]:
    """The address of the app behind the real server, a series of 50 hands and its join code.
    Bo's phone sends two racks a hand here: the limit on sends is not what is tested."""
    series_id = start_series(client, seats=SEATS, end_kind="hands", end_value=50)
    set_scorer_passcode(app)  # so the phone is a player's phone, not the scorer
    app.extensions["draft_sends"] = SendLimiter(window=0)
    with app.app_context():
        code = join_codes.code_of(get_db(), series_id)
    fair = connections.fair_server(app, "127.0.0.1", 0, threads=serve.THREADS)
    thread = threading.Thread(target=fair.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{fair.effective_port}", series_id, code
    fair.close()
    thread.join(timeout=10)


def ask(opener, url: str, data: bytes | None = None, method: str | None = None, **headers):
    """One request; its status and body (a refusal is an answer too)."""
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with opener.open(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """The scorer's save answers 302 when it stored the hand: keep that answer."""

    def redirect_request(self, *args, **kwargs):
        return None


def test_no_rack_acknowledged_to_a_phone_is_dropped_by_a_racing_save(app, laptop):
    base, series_id, code = laptop
    bo = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    scorer = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect
    )
    login = urllib.parse.urlencode({"passcode": PASSCODE, "next": "/"}).encode()
    assert ask(scorer, f"{base}/scorer", login)[0] == 302
    form_url = f"{base}/series/{series_id}/hands/new"

    def bo_sends(rack: str, hand: int) -> int:
        body = json.dumps({"rack": rack, "hand": hand}).encode()
        status, _ = ask(
            bo,
            f"{base}/api/series/{series_id}/draft/seats/1",
            body,
            "PUT",
            **{"Content-Type": "application/json", "Authorization": f"Bearer {code}"},
        )
        return status

    def save(form: dict[str, str]) -> tuple[int, str]:
        return ask(scorer, form_url, urllib.parse.urlencode(form).encode())

    outcomes = []
    for hand in range(1, HANDS + 1):
        assert bo_sends(OLDER, hand) == 200
        status, page = ask(scorer, form_url)
        assert status == 200 and 'name="players-1-rack" ' in page
        typed = {**tally(SEATS, TYPED), **seen_tokens(page)}
        start = threading.Barrier(2)
        answers: dict[str, object] = {}

        def phone(hand: int = hand, start: threading.Barrier = start, answers=answers) -> None:
            start.wait()
            answers["phone"] = bo_sends(NEWER, hand)

        racer = threading.Thread(target=phone)
        racer.start()
        start.wait()
        answers["save"] = save(typed)
        racer.join()
        acknowledged = answers["phone"] == 200
        saved, answer = answers["save"]  # type: ignore[misc]
        assert answers["phone"] in (200, 409) and saved in (302, 409)
        if saved == 409:
            # Refused: nothing stored, and the scorer is shown the newer rack and takes it.
            assert acknowledged and len(rows(app, "hands")) == hand - 1
            assert f"The phone that joined as Bo sent a newer rack: {NEWER}." in page_text(answer)
            status, page = save({**typed, **seen_tokens(answer), "take_rack": "1", "save": ""})
            assert status == 200 and box(page, "players-1-rack") == NEWER
            assert save({**tally(SEATS, {**TYPED, "Bo": NEWER}), **seen_tokens(page)})[0] == 302
        stored = json.loads(rows(app, "hands")[hand - 1]["record"])["players"][1]["rack"]
        # The one promise: a rack the phone was told it sent for this hand is in it.
        assert stored == (NEWER if acknowledged else OLDER), (hand, answers)
        outcomes.append((acknowledged, saved))
    assert len(rows(app, "hands")) == HANDS
    # Every racing save was either refused (the rack came first) or took the older rack with
    # the phone told its rack came too late; how many of each is the scheduler's doing.
    assert set(outcomes) <= {(True, 409), (False, 302)}
