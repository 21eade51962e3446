"""Starting a series and reading its page: standings, who deals and who plays first, the score
sheet."""

import json
from unittest.mock import ANY

import pytest

from scorekeeper.engine import PRESETS

from .steps import SOURCE_HANDS, rows, series_form, start_night, start_series, tally


def test_the_new_series_form_offers_every_preset(client):
    start_night(client)
    page = client.get("/nights/1/series/new").get_data(as_text=True)
    for variant_id in PRESETS:
        assert f'value="{variant_id}"' in page
    assert "Seat 6" in page


def test_starting_a_series_stores_players_in_the_order_of_play_and_a_frozen_variant(app, client):
    series_id = start_series(
        client,
        seats=("Cici", "Ana", "Bo"),
        variant="romanian",
        end_kind="hands",
        end_value=8,
        first_dealer=2,
        name="Friday",
    )
    assert rows(app, "series") == [
        {
            "id": series_id,
            "night_id": 1,
            "name": "Friday",
            "variant_id": "romanian",
            "variant_rules": PRESETS["romanian"].to_json(),
            "end_kind": "hands",
            "end_value": 8,
            "first_dealer": 2,
            "listing": "play",
            "created": ANY,
        }
    ]
    seated = [(r["seat"], r["player_id"]) for r in rows(app, "series_players")]
    names = {r["id"]: r["name"] for r in rows(app, "players")}
    assert [names[p] for _, p in sorted(seated)] == ["Cici", "Ana", "Bo"]
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Friday" in page and "Romanian tile rummy" in page
    # Listed in the order they take turns: the player after Bo, the dealer, starts.
    assert "Hand 1: Bo deals, Cici plays first." in page
    assert "No hands yet." in page


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats-0": "", "seats-1": "", "seats-2": "", "seats-3": ""}, "2 to 4 players"),
        ({"seats-1": "a"}, "A is seated twice"),
        ({"seats-1": "B, C"}, "A name cannot contain a comma"),
        ({"end_value": "0"}, "Number must be between 1"),
        ({"end_value": ""}, "Say how many hands, rounds or points."),
        ({"first_dealer": "5"}, "The first dealer must be one of the 4 players seated"),
        ({"variant": "no-such-rules"}, "Not a valid choice"),
        (
            {"variant": "romanian", "end_kind": "rounds"},
            "A Romanian tile rummy series ends after a number of hands or at a target score",
        ),
    ],
)
def test_a_refused_series_says_why_keeps_what_was_typed_and_stores_nothing(
    app, client, change, message
):
    start_night(client)
    form = {**series_form(), **change}
    response = client.post("/nights/1/series/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert message in page
    assert rows(app, "series") == []
    assert rows(app, "series_players") == []
    if form["seats-0"]:
        assert f'value="{form["seats-0"]}"' in page


def test_an_existing_player_is_reused_whatever_the_case(app, client):
    start_series(client, seats=("Ana", "Bo"), variant="tile-rummy", end_kind="hands")
    client.post(
        "/nights/1/series/new",
        data=series_form(variant="tile-rummy", seats=("ana", "Cici"), end_kind="hands"),
    )
    assert [r["name"] for r in rows(app, "players")] == ["Ana", "Bo", "Cici"]


def test_the_sources_score_table_gives_the_sources_totals_and_winner(app, client):
    series_id = start_series(client)
    for hand in SOURCE_HANDS:
        response = client.post(
            f"/series/{series_id}/hands/new", data=tally(["A", "B", "C", "D"], hand)
        )
        assert response.status_code == 302
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "C wins" in page
    # Standings: C first on hands won (2), then A and D on one hand each by total.
    standings = page.split('class="standings"')[1].split("</table>")[0]
    assert (
        standings.index(">C</td>")
        < standings.index(">D</td>")
        < standings.index(">A</td>")
        < standings.index(">B</td>")
    )
    for total in ("-24", "-54", "+45", "+33"):
        assert total in standings
    assert "Record hand" not in page  # the series is over
    sheet = page.split('class="sheet"')[1].split("<tbody>")[1].split("</tbody>")[0]
    won = '<td class="num won">{}<span class="sr"> (won)</span></td>'
    lines = [
        [won.format("+24"), "-5", "-16", "-3"],
        ["-6", "-11", won.format("+22"), "-5"],
        ["-32", "-13", "-2", won.format("+47")],
        ["-10", "-25", won.format("+41"), "-6"],
    ]
    for number, scores in enumerate(lines, start=1):
        cells = "".join(s if s.startswith("<td") else f'<td class="num">{s}</td>' for s in scores)
        assert (
            f'<tr><th scope="row"><a href="/series/{series_id}/hands/{number}">{number}</a>'
            f"</th>{cells}</tr>"
        ) in sheet
    assert sheet.count("<tr>") == 4
    stored = [json.loads(r["scores"]) for r in rows(app, "hands")]
    assert stored[0] == {"A": 24, "B": -5, "C": -16, "D": -3}
    assert [r["winner"] for r in rows(app, "hands")] == ["A", "C", "D", "C"]


def test_the_first_turn_and_the_deal_pass_to_the_next_player_in_the_order_of_play(client):
    rummikub = start_series(client, seats=("A", "B", "C"), end_kind="hands", end_value=9)
    client.post(
        f"/series/{rummikub}/hands/new",
        data=tally(["A", "B", "C"], {"A": "went_out", "B": "r5", "C": "k3"}),
    )
    assert "Hand 2: B plays first." in client.get(f"/series/{rummikub}").get_data(as_text=True)
    client.post(
        "/nights/1/series/new",
        data=series_form(variant="romanian", seats=("A", "B", "C"), end_kind="hands", end_value=9),
    )
    romanian = rummikub + 1
    client.post(
        f"/series/{romanian}/hands/new",
        data={
            **tally(["A", "B", "C"], {"A": "went_out", "B": "r5", "C": "k3"}),
            "players-0-melded_points": "60",
        },
    )
    # Romanian: A, B, C are listed going round to the right; A dealt, so B deals next and C,
    # after B, starts.
    assert "Hand 2: B deals, C plays first." in client.get(f"/series/{romanian}").get_data(
        as_text=True
    )


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        (
            "rummikub",
            "Whoever won the most hands wins the series; a tie on hands goes to the higher total.",
        ),
        ("romanian", "The highest total wins the series."),
    ],
)
def test_the_series_page_says_who_wins_in_the_rule_references_words(client, variant, said):
    series_id = start_series(client, variant=variant, end_kind="hands", end_value=3)
    page = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert f'<p class="hint" id="winner-rule">{said}</p>' in page


def test_unknown_series_and_nights_are_not_found(client):
    assert client.get("/series/99").status_code == 404
    assert client.get("/nights/99/series/new").status_code == 404
