"""A hand's number is its row on the score sheet wherever it is said, also after a deletion;
the deletion's Undo lasts until the next hand is saved; the "Hand 5 saved" message has an
Undo of its own, for the scorer only."""

import re

from .steps import (
    PASSCODE,
    SOURCE_HANDS,
    page_text,
    rows,
    set_scorer_passcode,
    start_series,
    tally,
)
from .test_my_rack import claim
from .test_table_mode import end_hand, play_source_example

NAMES = ["A", "B", "C", "D"]


def save(client, series_id, hand):
    """Save a hand with the quick tally; the series page it goes back to."""
    saved = client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, hand))
    assert saved.status_code == 302, page_text(saved)
    return client.get(saved.headers["Location"])


def five_hands_then_the_second_deleted(client) -> int:
    series_id = start_series(client, end_kind="hands", end_value=8)
    for i in range(5):
        save(client, series_id, SOURCE_HANDS[i % 4])
    client.post(f"/series/{series_id}/hands/2/delete", follow_redirects=True)
    return series_id


def sheet_numbers(page) -> list[str]:
    """The numbers in the score sheet's first column, each linking to its hand's page."""
    return re.findall(r'<th scope="row"><a href="[^"]+">(\d+)</a></th>', page)


def test_after_a_deletion_the_new_hand_is_said_as_the_row_it_takes(app, client):
    series_id = five_hands_then_the_second_deleted(client)
    page = save(client, series_id, SOURCE_HANDS[1]).get_data(as_text=True)
    assert "Hand 5 saved. C won the hand (+22)." in page_text(page)
    assert sheet_numbers(page) == ["1", "2", "3", "4", "5"]
    newest = max(row["id"] for row in rows(app, "hands"))
    assert [r["number"] for r in rows(app, "hands") if r["id"] == newest] == [6]  # stored
    assert f'href="/series/{series_id}/hands/{newest}">5</a>' in page
    shown = page_text(client.get(f"/series/{series_id}/hands/{newest}"))
    assert shown.startswith("Hand 5 ·") and "Hand 5 " in shown.split("·", 1)[1]
    assert "<h1>Fix hand 5</h1>" in client.get(f"/series/{series_id}/hands/{newest}/edit").get_data(
        as_text=True
    )
    download = client.get(f"/series/{series_id}/hands/{newest}/hand.json")
    assert download.headers["Content-Disposition"] == (
        f'attachment; filename="series-{series_id}-hand-5.json"'
    )
    # The hand after the deleted one is hand 2 now, on its page and when it is deleted.
    assert "<h1>Hand 2</h1>" in client.get(f"/series/{series_id}/hands/3").get_data(as_text=True)
    deleted = client.post(f"/series/{series_id}/hands/3/delete", follow_redirects=True)
    assert "Hand 2 deleted. To bring it back, tap Undo below." in page_text(deleted)
    assert "Hand 2 is back." in page_text(
        client.post(f"/series/{series_id}/hands/3/restore", follow_redirects=True)
    )
    # A deleted hand's page says the row it would take back.
    assert "<h1>Hand 2</h1>" in client.get(f"/series/{series_id}/hands/2").get_data(as_text=True)


def test_a_hand_fixed_after_a_deletion_is_said_by_its_row(client):
    series_id = five_hands_then_the_second_deleted(client)
    form = tally(NAMES, SOURCE_HANDS[0])
    fixed = client.post(f"/series/{series_id}/hands/5/edit", data=form, follow_redirects=True)
    assert "Hand 4 changed. A won the hand (+24)." in page_text(fixed)


def test_the_deletion_undo_goes_once_the_next_hand_is_saved(client):
    series_id = five_hands_then_the_second_deleted(client)
    page = page_text(client.get(f"/series/{series_id}"))
    assert "Hand 2 was deleted; hands 3 to 5 are now hands 2 to 4. Undo" in page
    page = page_text(save(client, series_id, SOURCE_HANDS[0]))
    assert "was deleted" not in page and "Undo" in page  # the saved message's own Undo
    assert "was deleted" not in page_text(client.get(f"/series/{series_id}"))
    assert "Undo" not in page_text(client.get(f"/series/{series_id}"))


def test_a_finished_series_offers_no_undo_of_an_older_deletion(client):
    series_id = start_series(client)  # one round: four hands
    save(client, series_id, SOURCE_HANDS[0])
    client.post(f"/series/{series_id}/hands/1/delete")
    for hand in SOURCE_HANDS:
        save(client, series_id, hand)
    page = page_text(client.get(f"/series/{series_id}"))
    assert "Series over" in page
    assert "was deleted" not in page and "Undo" not in page


def test_one_tap_on_the_saved_message_undo_takes_the_hand_back(app, client):
    series_id = start_series(client)
    save(client, series_id, SOURCE_HANDS[0])
    page = save(client, series_id, SOURCE_HANDS[1]).get_data(as_text=True)
    undo = re.search(r'<form method="post" action="([^"]+)" class="flash undo undo-saved">', page)
    assert undo is not None and "Hand 2 saved. C won the hand (+22)." in page_text(page)
    back = client.post(undo.group(1), follow_redirects=True)
    said = page_text(back)
    assert "Hand 2 taken back: it is no longer on the sheet." in said
    assert [r["deleted_at"] is not None for r in rows(app, "hands")] == [False, True]
    assert sheet_numbers(back.get_data(as_text=True)) == ["1"]
    # ... and the series page's Undo brings it back.
    assert "Hand 2 was deleted. Undo" in said


def test_only_the_scorer_sees_the_undo_in_the_saved_message(app, client):
    set_scorer_passcode(app)
    client.post("/scorer", data={"passcode": PASSCODE, "next": "/"})
    series_id = start_series(client)
    viewer = app.test_client()
    saved = client.post(f"/series/{series_id}/hands/new", data=tally(NAMES, SOURCE_HANDS[0]))
    assert saved.status_code == 302
    watching = viewer.get(f"/series/{series_id}").get_data(as_text=True)
    assert "undo-saved" not in watching and "saved" not in page_text(watching)
    # The scorer who stops being the scorer before the page is drawn sees the words only.
    client.post("/scorer/leave")
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Hand 1 saved. A won the hand (+24)." in page_text(page)
    assert "undo-saved" not in page
    assert viewer.post(f"/series/{series_id}/hands/1/delete?undo=1").status_code == 403
    assert all(row["deleted_at"] is None for row in rows(app, "hands"))


def test_my_rack_and_the_viewer_say_the_row_the_next_hand_takes(app, client):
    series_id = five_hands_then_the_second_deleted(client)  # the next hand is stored as 6
    bo = app.test_client()
    claim(bo, series_id, 1)
    assert "My rack for hand 5 (B)" in page_text(bo.get(f"/series/{series_id}/view"))
    assert "My rack for hand 5" in page_text(bo.get(f"/series/{series_id}/my-rack"))
    sent = bo.post(
        f"/series/{series_id}/my-rack",
        data={"mine-rack": "r5", "mine-hand": "6"},
        headers={"Accept": "application/json"},
    )
    assert sent.get_json()["message"] == (
        "Sent to the scorer. You can change it until hand 5 is saved."
    )
    # The address and the data keep the stored number, which a phone sends back.
    assert sent.get_json()["hand"] == 6
    assert "Sent to the scorer. You can change it until hand 5 is saved." in page_text(
        bo.get(f"/series/{series_id}/my-rack")
    )
    ahead = bo.post(f"/series/{series_id}/my-rack", data={"mine-rack": "r5", "mine-hand": "7"})
    assert "Hand 5 is the one being recorded now." in page_text(ahead)


def test_the_api_says_a_reused_key_s_hand_by_its_row(client):
    series_id = five_hands_then_the_second_deleted(client)
    body = {"players": [{"name": "A", "went_out": True}, {"name": "B", "rack": "r5"}]}
    body["players"] += [{"name": "C", "rack": "k6"}, {"name": "D", "rack": "y3"}]
    key = {"Idempotency-Key": "hand-five"}
    assert client.post(f"/api/series/{series_id}/hands", json=body, headers=key).status_code == 201
    body["players"][1]["rack"] = "r6"
    again = client.post(f"/api/series/{series_id}/hands", json=body, headers=key)
    assert again.status_code == 409
    assert "(hand 5)" in again.get_json()["error"]


def test_a_hand_saved_from_the_table_is_said_by_its_row_with_its_undo(app, client):
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )
    play_source_example(client, series_id)
    end_hand(client, series_id, ["", "r5", "k2"], went_out="Ana")
    client.post(f"/series/{series_id}/hands/1/delete", follow_redirects=True)
    play_source_example(client, series_id)
    saved = end_hand(client, series_id, ["", "r5", "k2"], went_out="Ana")
    page = client.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved from the table. Ana won the hand (+175)." in page_text(page)
    assert f'<form method="post" action="/series/{series_id}/hands/2/delete?undo=1"' in page
    assert "<h1>Hand 1</h1>" in page
    fix = client.get(f"/series/{series_id}/hands/2/table").get_data(as_text=True)
    assert "<h1>Fix the table of hand 1</h1>" in fix and "Back to hand 1" in fix
