"""A table scorer runs its own table's turn clock (issue 27: each table's round is a series
with everything a series has, the turn clock and table screen included), never another
table's; and its table's code sent to the drafts API is that table's scorer, not a guess."""

from __future__ import annotations

from . import test_clock, test_table_codes
from .steps import PASSCODE, page_text
from .test_table_codes import bearer, enter_code

# The fixtures: the server's clock, moved by hand; an event of ten seated by the organiser.
time = test_clock.time
event = test_table_codes.event


def press_form(phone, series_id: int, do: str):
    """A clock button of the series page, as its script posts it (answered in JSON)."""
    return phone.post(
        f"/series/{series_id}/clock", data={"do": do}, headers={"Accept": "application/json"}
    )


def press_api(phone, series_id: int, do: str, code: str):
    return phone.post(f"/api/series/{series_id}/clock", json={"do": do}, headers=bearer(code))


def test_the_table_scorer_presses_every_clock_button_of_its_table_only(client, event, time):
    mine, other = event["tables"][0], event["tables"][1]
    assert enter_code(client, mine["code"]).status_code == 302
    assert press_form(client, mine["series"], "start").get_json()["player"] == mine["players"][0]
    time.at += 5
    assert press_form(client, mine["series"], "pause").get_json()["running"] is False
    assert press_form(client, mine["series"], "resume").get_json()["running"] is True
    done = press_form(client, mine["series"], "done")
    assert done.get_json()["player"] == mine["players"][1]
    # Another table's clock is not this phone's to run.
    refused = press_form(client, other["series"], "start")
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "Only the scorer can start, pause or resume the clock."
    assert client.get(f"/api/series/{other['series']}/clock").get_json()["running"] is False


def test_the_table_s_code_runs_its_clock_through_the_api_and_no_other(app, event, time):
    mine, other = event["tables"][0], event["tables"][1]
    phone = app.test_client()
    assert press_api(phone, mine["series"], "start", mine["code"]).status_code == 200
    assert press_api(phone, mine["series"], "pause", mine["code"]).status_code == 200
    assert press_api(phone, mine["series"], "resume", mine["code"]).status_code == 200
    assert press_api(phone, mine["series"], "done", mine["code"]).status_code == 200
    refused = press_api(phone, other["series"], "start", mine["code"])
    assert refused.status_code == 403
    assert refused.get_json()["error"].startswith(
        f"this table code records and changes only the hands of series {mine['series']}"
    )
    # Without the code, the table's clock refuses as before.
    unsent = phone.post(f"/api/series/{mine['series']}/clock", json={"do": "pause"})
    assert unsent.status_code == 403


def test_the_series_page_and_table_screen_show_the_table_scorer_its_clock_buttons(
    app,
    client,
    event,
    time,
):
    mine, other = event["tables"][0], event["tables"][1]
    watcher = app.test_client()
    assert "Start the clock" not in page_text(client.get(f"/series/{mine['series']}"))
    assert enter_code(client, mine["code"]).status_code == 302
    for page in (f"/series/{mine['series']}", f"/series/{mine['series']}/screen"):
        assert "Start the clock" in page_text(client.get(page)), page
        assert "Start the clock" not in page_text(watcher.get(page)), page
    # Once it runs: Done and Pause, in the phone's language too.
    press_form(client, mine["series"], "start")
    client.set_cookie("language", "ro")
    text = page_text(client.get(f"/series/{mine['series']}"))
    assert "Gata" in text and "Pauză" in text
    # The other table's pages offer this phone no button of its clock.
    client.set_cookie("language", "en")
    for page in (f"/series/{other['series']}", f"/series/{other['series']}/screen"):
        assert "Start the clock" not in page_text(client.get(page)), page
    # Nor the series' own time per turn: that stays the organiser's.
    assert "Save the time per turn" not in page_text(client.get(f"/series/{mine['series']}"))


def test_a_table_s_code_sets_drafts_of_its_series_and_is_never_a_guess(app, event):
    mine, other = event["tables"][0], event["tables"][1]
    phone = app.test_client()
    for _ in range(8):
        sent = phone.put(
            f"/api/series/{mine['series']}/draft/seats/1",
            json={"rack": "r5 b7"},
            headers=bearer(mine["code"]),
        )
        assert sent.status_code == 200, sent.get_json()
    assert sent.get_json()["sent_by"] == "sent by the scorer"
    # Another table's code sets none of this series' drafts, and is no wrong guess either.
    for _ in range(8):
        refused = phone.put(
            f"/api/series/{other['series']}/draft/seats/1",
            json={"rack": "r5"},
            headers=bearer(mine["code"]),
        )
        assert refused.status_code == 403
    read = phone.get(f"/api/series/{mine['series']}/draft", headers=bearer(mine["code"]))
    assert read.get_json()["seats"][1]["draft"] is not None
    # Sixteen table codes later, the passcode still works from this phone: none was a guess.
    scorer = phone.put(
        f"/api/series/{other['series']}/draft/seats/0",
        json={"rack": "k9"},
        headers=bearer(PASSCODE),
    )
    assert scorer.status_code == 200
    # A wrong code still is one.
    wrong = [
        phone.put(
            f"/api/series/{mine['series']}/draft/seats/0",
            json={"rack": "k9"},
            headers=bearer("ZZZZZZZZZZ"),
        ).status_code
        for _ in range(6)
    ]
    assert wrong == [403] * 5 + [429]
