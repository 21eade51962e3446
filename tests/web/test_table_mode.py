"""Table mode pages through the test client: every form, every refusal (nothing stored),
the end of the hand saved as a normal hand, its page, its download, edit and undo."""

import json
import re

import pytest

from scorekeeper import cli
from scorekeeper.engine import preset
from scorekeeper.store.variants import create_custom
from scorekeeper.web.shell.db import get_db

from .steps import page_text as text
from .steps import rows, start_night, start_series, tally

ANA_OPENS = {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y12 y13 y1"}
BO_OPENS = {"player": "Bo", "melds-0": "b6 b7 b8", "melds-1": "r10 b10 k10", "melds-2": "y2 y3 y4"}
ANA_JOLY = {"player": "Ana", "melds-0": "k3 j k5", "melds-1": "r11 b11 k11", "melds-2": "y8 y9 y10"}


@pytest.fixture
def series_id(client):
    """A romanian series of Ana, Bo and Cici, four hands."""
    return start_series(
        client, variant="romanian", seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=4
    )


def act(client, series_id, kind, fields, seen=None):
    """Post one table action with the form's field names."""
    if seen is None:
        seen = len(live(client.application, series_id))
    data = {f"{kind}-{k}": v for k, v in fields.items()}
    data[f"{kind}-seen"] = str(seen)
    return client.post(f"/series/{series_id}/table/{kind}", data=data)


def live(app, series_id):
    """The stored actions of the series' table in play."""
    with app.app_context():
        row = next(get_db()["live_tables"].rows_where("series_id = ?", [series_id]), None)
    return json.loads(row["actions"]) if row else []


def page(client, series_id):
    return client.get(f"/series/{series_id}/table").get_data(as_text=True)


def error_of(html, field_id):
    """The refusal shown next to a field."""
    found = re.search(rf'<p class="error" id="{field_id}-error">(.*?)</p>', html, re.S)
    return found and found.group(1).replace("&#39;", "'")


def play_source_example(client, series_id):
    assert act(client, series_id, "meld", ANA_OPENS).status_code == 302
    assert act(client, series_id, "meld", BO_OPENS).status_code == 302
    assert (
        act(client, series_id, "add", {"player": "Ana", "meld": "2", "tiles": "b9 b10"}).status_code
        == 302
    )


def play_joly_chain(client, series_id):
    for kind, fields in [
        ("meld", ANA_JOLY),
        ("meld", BO_OPENS),
        ("swap", {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": "r12 r13 j"}),
        ("meld", {"player": "Cici", "melds-0": "r2 r3 r4 r5 r6 r7 r8 r9 r10"}),
        ("swap", {"player": "Cici", "meld": "6", "tiles": "r1", "new_meld_tiles": "j k9 y9"}),
    ]:
        response = act(client, series_id, kind, fields)
        assert response.status_code == 302, error_summary(response)


def error_summary(response):
    return re.findall(r'class="error"[^>]*>(.*?)</p>', response.get_data(as_text=True))


def end_hand(client, series_id, racks, went_out="-", save=True, **extra):
    """Preview the end of the hand and, with save, save what the preview showed."""
    data = {
        "went_out": went_out,
        "finish": "discard",
        "seen": str(len(live(client.application, series_id))),
        **extra,
    }
    for seat, rack in enumerate(racks):
        data[f"players-{seat}-rack"] = rack
    preview = client.post(f"/series/{series_id}/table/end", data={**data, "preview": "yes"})
    if not save or preview.status_code != 200:
        return preview
    return client.post(
        f"/series/{series_id}/table/end",
        data={**data, "previewed": previewed(preview), "save": "yes"},
    )


def previewed(response):
    """The fingerprint of the hand a preview showed, as its form carries it."""
    found = re.search(
        r'id="previewed" name="previewed" type="hidden" value="(\w+)"',
        response.get_data(as_text=True),
    )
    return found.group(1) if found else ""


# --- Getting to the table -------------------------------------------------------------


def test_a_series_scoring_melded_value_offers_table_mode_beside_the_quick_tally(client, series_id):
    html = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Record hand 1" in html
    assert f'href="/series/{series_id}/table">Play hand 1 in table mode' in html
    act(client, series_id, "meld", ANA_OPENS)
    html = client.get(f"/series/{series_id}").get_data(as_text=True)
    assert "Back to the table of hand 1 (1 action)" in html


def test_a_series_scored_by_the_racks_has_no_table_mode(client):
    series_id = start_series(client)
    assert "table mode" not in client.get(f"/series/{series_id}").get_data(as_text=True)
    response = client.get(f"/series/{series_id}/table", follow_redirects=True)
    assert "Rummikub scores only the racks" in response.get_data(as_text=True)
    response = act(client, series_id, "meld", {"player": "A", "melds-0": "r11 b11 k11"})
    assert response.status_code == 302
    assert rows(client.application, "live_tables") == []


def test_a_custom_variant_scoring_melded_value_has_table_mode(app, client):
    with app.app_context():
        variant_id = create_custom(get_db(), preset("romanian"), "Friday rules", {"opening": 40})
    night = start_night(client)
    from .steps import series_form

    response = client.post(
        f"/nights/{night}/series/new",
        data=series_form(variant=variant_id, seats=("Ana", "Bo"), end_kind="hands", end_value=2),
    )
    series_id = int(response.headers["Location"].rsplit("/", 1)[1])
    # 45 would not open under the preset; the custom variant needs 40.
    response = act(
        client,
        series_id,
        "meld",
        {"player": "Ana", "melds-0": "b6 b7 b8", "melds-1": "r10 b10 k10"},
    )
    assert response.status_code == 302
    assert "Ana opened with 45" in text(page(client, series_id))


def test_unknown_series_are_not_found(client):
    assert client.get("/series/9/table").status_code == 404
    assert client.post("/series/9/table/undo").status_code == 404
    assert client.get("/series/9/table/end").status_code == 404


def test_the_empty_table_says_what_to_do_and_offers_every_form_one_at_a_time(client, series_id):
    html = page(client, series_id)
    assert "Nothing on the table yet" in html
    for label in ("New meld", "Add tiles", "Swap a joker", "End of hand"):
        assert f">{label}</a>" in html
    assert 'id="meld"' in html and 'id="add"' not in html
    assert 'action="/series/1/table/meld"' in html
    assert "No meld on the table yet." in client.get(f"/series/{series_id}/table?do=add").get_data(
        as_text=True
    )
    assert "No meld on the table holds a joker." in client.get(
        f"/series/{series_id}/table?do=swap"
    ).get_data(as_text=True)
    assert "Undo action" not in html
    # Nothing to be in the same turn as; Romanian tile rummy asks nothing of the first round.
    assert "Same turn as the last action" not in html
    assert "Everyone has had a first turn" not in html


def test_after_an_action_the_scorer_is_back_at_the_same_form(client, series_id):
    response = act(client, series_id, "add", {"player": "Ana", "meld": "0", "tiles": "b9"})
    assert response.status_code == 422  # no meld yet: nothing to add to
    act(client, series_id, "meld", ANA_OPENS)
    response = act(client, series_id, "add", {"player": "Ana", "meld": "0", "tiles": "y11"})
    assert response.headers["Location"] == f"/series/{series_id}/table?do=add"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'id="add"' in html and 'id="meld"' not in html
    assert "Same turn as the last action" in html
    assert "(Ana's, rare)" in html


# --- Actions and guidance --------------------------------------------------------------


def test_the_sources_example_shows_what_ana_takes_and_how_bos_run_lies(app, client, series_id):
    play_source_example(client, series_id)
    html = text(page(client, series_id))
    assert (
        "Ana adds b9 b10 to Bo's run. Ana takes b7 b8 b9 into their stack; Bo's run shows "
        "b6 ... b10." in html
    )
    assert "Ana count 75" in html and "Bo count 60" in html
    assert "Stack 3 7 blue 8 blue 9 blue" in html
    assert "3 run (meld 3 · run) 6 blue … 10 blue" in html
    assert [a["action"] for a in live(app, series_id)] == ["new_meld", "new_meld", "add_tiles"]
    assert live(app, series_id)[2] == {
        "action": "add_tiles",
        "player": "Ana",
        "meld_index": 2,
        "tiles": "b9 b10",
    }


def test_tapping_a_meld_chooses_it_in_the_add_form(client, series_id):
    play_source_example(client, series_id)
    html = page(client, series_id)
    assert f'href="/series/{series_id}/table?meld=2"' in html
    chosen = client.get(f"/series/{series_id}/table?meld=2").get_data(as_text=True)
    assert re.search(r'<option selected value="2">3. Bo&#39;s run: b6 \.\.\. b10</option>', chosen)


def test_a_set_completed_by_a_fourth_tile_tells_each_contributor_to_stack(client, series_id):
    act(client, series_id, "meld", ANA_OPENS)
    act(client, series_id, "meld", BO_OPENS)
    act(client, series_id, "add", {"player": "Ana", "meld": "3", "tiles": "y10"})
    assert (
        "Set of 10s complete: Bo stacks 3 tiles (r10 b10 k10) and Ana stacks 1 tile (y10); "
        "the set leaves the table."
    ) in text(page(client, series_id))


def test_a_joly_chain_is_followed_with_the_joly_still_counting_for_its_first_melder(
    client, series_id
):
    play_joly_chain(client, series_id)
    html = text(page(client, series_id))
    assert "Cici melds the joker in a new set j=9 k9 y9; it still counts for Ana." in html
    assert "Ana count 110" in html  # 60 of tiles and the Joly's 50
    assert f'href="/series/{series_id}/table?swap=8"' in page(client, series_id)


def test_a_joker_may_stay_on_the_rack_where_the_variant_allows_it(app, client):
    series_id = start_series(
        client, variant="rummy-meld", seats=("Ana", "Bo"), end_kind="hands", end_value=2
    )
    html = page(client, series_id)
    assert "Everyone has had a first turn" in html
    first = {"player": "Ana", "melds-0": "r7 b7 j", "melds-1": "b1 b2 b3 b4 b5 b6"}
    response = act(client, series_id, "meld", first)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "meld-first_round_over") == (
        "Ana cannot touch the table yet: nobody melds in the first round (Rummy Meld tutorial, "
        "First Round &amp; Initial Meld). Once every player has had a turn, tick "
        "&#34;Everyone has had a first turn&#34;"
    )
    # One question a hand: asked with the first action, never again.
    assert act(client, series_id, "meld", {**first, "first_round_over": "y"}).status_code == 302
    assert "Everyone has had a first turn" not in page(client, series_id)
    act(client, series_id, "meld", {"player": "Bo", "melds-0": "y3 y4 y5 y6 y7 y8 y9 y10 y11"})
    response = act(
        client,
        series_id,
        "swap",
        {"player": "Bo", "meld": "0", "tiles": "k7", "new_meld_tiles": ""},
    )
    assert response.status_code == 302
    assert "Bo keeps the joker on the rack" in text(page(client, series_id))
    assert "Holds 1 joker taken from the table by a swap." in text(page(client, series_id))


# --- Refusals: the engine's message next to the field, what was typed kept, nothing stored ---


@pytest.mark.parametrize(
    "kind, fields, field_id, message",
    [
        (
            "meld",
            {"player": "Ana", "melds-0": "b6 b7 b8", "melds-1": "r10 b10 k10"},
            "meld-melds-0",
            "Ana's opening counts 45 (b6 b7 b8 (15) + r10 b10 k10 (30)): Romanian tile rummy "
            "needs at least 50 from the rack in the first meld (Romanian tile rummy, The Play)",
        ),
        (
            "meld",
            {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y13 y1 y2"},
            "meld-melds-1",
            "Ana's new meld y13 y1 y2 is not a legal meld: not a run: a run may not go round "
            "the corner",
        ),
        (
            "meld",
            {"player": "Ana", "melds-0": "r11 b11 x11"},
            "meld-melds-0",
            "'x11' is not a tile",
        ),
        ("meld", {"player": "Ana"}, "meld-melds-0", "A new meld needs at least one meld of tiles"),
        (
            "add",
            {"player": "Cici", "meld": "0", "tiles": "y11"},
            "add-player",
            "Cici has not opened yet: tiles can be added to the table only after opening "
            "(Romanian tile rummy, The Play)",
        ),
        (
            "add",
            {"player": "Ana", "meld": "2", "tiles": "b11"},
            "add-tiles",
            "Ana cannot add b11 to Bo's run b6 b7 b8: not a run: b9 b10 missing between b6 and b11",
        ),
        (
            "add",
            {"player": "Ana", "meld": "2", "tiles": "b7"},
            "add-tiles",
            "Ana cannot put b7 inside Bo's run b6 b7 b8: that would split the run",
        ),
        ("add", {"player": "Bo", "meld": "0", "tiles": ""}, "add-tiles", "no tiles given"),
        (
            "swap",
            {"player": "Bo", "meld": "0", "tiles": "k6", "new_meld_tiles": "r12 r13 j"},
            "swap-tiles",
            "Bo: the joker in Ana's run k3 j=k4 k5 stands for k4, not k6 (Romanian tile "
            "rummy, The Play, options 5-7)",
        ),
        (
            "swap",
            {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": ""},
            "swap-new_meld_tiles",
            "Bo must meld the joker at once with 2 tiles from the rack",
        ),
        (
            "swap",
            {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": "j r12 r13 r1"},
            "swap-new_meld_tiles",
            "Bo must meld the joker with exactly 2 tiles from the rack, not 3",
        ),
    ],
)
def test_a_refused_action_shows_the_rule_next_to_the_field_and_stores_nothing(
    app, client, series_id, kind, fields, field_id, message
):
    if kind != "meld":
        act(client, series_id, "meld", ANA_JOLY if kind == "swap" else ANA_OPENS)
        act(client, series_id, "meld", BO_OPENS)
    before = live(app, series_id)
    response = act(client, series_id, kind, fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in error_of(html, field_id)
    assert re.search(r"role=\"alert\">Not recorded: <a href=\"#[\w-]+\">see why</a>", html)
    for name, value in fields.items():
        if name not in ("player", "meld") and value:
            assert f'value="{value}"' in html
    assert live(app, series_id) == before


def test_a_later_turn_needs_no_box_and_the_opening_turn_rule_is_shown_at_same_turn(
    app, client, series_id
):
    act(client, series_id, "meld", BO_OPENS)
    act(client, series_id, "meld", ANA_OPENS)
    # Said to be the same turn as her opening: refused, at the box that says so.
    response = act(
        client, series_id, "add", {"player": "Ana", "meld": "0", "tiles": "b9", "same_turn": "y"}
    )
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "add-same_turn") == (
        "Ana opened in this turn: adding to other players' melds is allowed from the next "
        "turn on (Romanian tile rummy, The Play). If Ana's turn had ended, untick "
        "&#34;Same turn as the last action&#34;"
    )
    assert len(live(app, series_id)) == 2
    # Nothing ticked: a later turn of Ana's (the others only drew), and it is recorded.
    response = act(client, series_id, "add", {"player": "Ana", "meld": "0", "tiles": "b9"})
    assert response.status_code == 302
    assert "same_turn" not in live(app, series_id)[2]
    # The same turn as another player's action is refused at the box, too.
    response = act(
        client, series_id, "add", {"player": "Bo", "meld": "2", "tiles": "y11", "same_turn": "y"}
    )
    assert error_of(response.get_data(as_text=True), "add-same_turn") == (
        "The last action was Ana's, so this cannot be in the same turn for Bo: untick "
        "&#34;Same turn as the last action&#34;"
    )


@pytest.mark.parametrize(
    "kind, fields, field_id, message",
    [
        ("meld", {"melds-0": "r11 b11 k11"}, "meld-player", "Choose the player."),
        ("add", {"player": "Ana", "tiles": "y11"}, "add-meld", "Choose the meld the tiles go to."),
        ("swap", {"player": "Bo", "meld": "1", "tiles": "r11"}, "swap-meld", "Not a valid choice"),
        (
            "swap",
            {"player": "Bo", "meld": "", "tiles": "k4"},
            "swap-meld",
            "Choose the meld holding the joker.",
        ),
    ],
)
def test_an_incomplete_form_is_refused_and_stores_nothing(
    app, client, series_id, kind, fields, field_id, message
):
    act(client, series_id, "meld", ANA_JOLY)
    response = act(client, series_id, kind, fields)
    assert response.status_code == 422
    assert message in error_of(response.get_data(as_text=True), field_id)
    assert len(live(app, series_id)) == 1


def test_an_action_from_a_page_older_than_the_table_is_refused(app, client, series_id):
    act(client, series_id, "meld", ANA_OPENS)
    response = act(client, series_id, "meld", BO_OPENS, seen=0)
    assert response.status_code == 409
    assert "The table changed since this page was loaded" in response.get_data(as_text=True)
    assert len(live(app, series_id)) == 1


# --- Undo and clear ------------------------------------------------------------------


def test_undo_takes_back_the_last_action_only(app, client, series_id):
    play_source_example(client, series_id)
    response = client.post(
        f"/series/{series_id}/table/undo", data={"undo-seen": "3"}, follow_redirects=True
    )
    assert "Action 3 taken back: Ana adds b9 b10 to Bo&#39;s run." in response.get_data(
        as_text=True
    )
    assert len(live(app, series_id)) == 2
    assert "Stack:" not in page(client, series_id)
    # A page that showed another number of actions cannot undo.
    response = client.post(
        f"/series/{series_id}/table/undo", data={"undo-seen": "3"}, follow_redirects=True
    )
    assert "The table changed since this page was loaded" in response.get_data(as_text=True)
    assert len(live(app, series_id)) == 2
    for seen in ("2", "1"):
        client.post(f"/series/{series_id}/table/undo", data={"undo-seen": seen})
    assert rows(app, "live_tables") == []


def test_clearing_asks_first_saves_nothing_and_can_be_undone(app, client, series_id):
    play_source_example(client, series_id)
    kept = live(app, series_id)
    # The page offers a link, never a one-tap button: the link asks first.
    html = page(client, series_id)
    assert f'href="/series/{series_id}/table/clear">Clear the table…</a>' in html
    asked = text(client.get(f"/series/{series_id}/table/clear").get_data(as_text=True))
    assert "Clear the table of hand 1? It holds 3 actions and 5 melds." in asked
    assert live(app, series_id) == kept
    response = client.post(
        f"/series/{series_id}/table/clear", data={"clear-seen": "3"}, follow_redirects=True
    )
    html = text(response.get_data(as_text=True))
    assert "The table was cleared: its 3 actions can be brought back" in html
    assert "Bring the table back" in html
    assert live(app, series_id) == [] and rows(app, "hands") == []
    response = client.post(f"/series/{series_id}/table/restore", follow_redirects=True)
    assert "The table is back, with its 3 actions." in text(response.get_data(as_text=True))
    assert live(app, series_id) == kept
    # Once an action follows a clearing, the cleared table is gone for good.
    client.post(f"/series/{series_id}/table/clear", data={"clear-seen": "3"})
    act(client, series_id, "meld", ANA_OPENS)
    response = client.post(f"/series/{series_id}/table/restore", follow_redirects=True)
    assert "There is no cleared table to bring back" in text(response.get_data(as_text=True))
    assert [a["player"] for a in live(app, series_id)] == ["Ana"]


def test_a_stale_page_cannot_clear_the_table(app, client, series_id):
    play_source_example(client, series_id)
    response = client.post(
        f"/series/{series_id}/table/clear", data={"clear-seen": "2"}, follow_redirects=True
    )
    assert "The table changed since this page was loaded" in response.get_data(as_text=True)
    assert len(live(app, series_id)) == 3


# --- End of hand ---------------------------------------------------------------------------


def test_the_end_of_hand_form_shows_each_player_and_their_count(client, series_id):
    play_source_example(client, series_id)
    html = text(client.get(f"/series/{series_id}/table/end").get_data(as_text=True))
    assert "End of hand 1" in html
    assert "Ana count 75" in html
    assert "Announced the exposed tile's twin" in html


def test_who_went_out_starts_unchosen_and_offers_nobody_in_the_variants_words(client, series_id):
    play_source_example(client, series_id)
    html = client.get(f"/series/{series_id}/table/end").get_data(as_text=True)
    choices = re.findall(r'<input (?:checked )?id="went_out-\d"[^>]*>', html)
    assert len(choices) == 4
    assert not any("checked" in choice for choice in choices)
    assert "Nobody: the wall ran out" in html
    assert "the pool" not in html


def test_an_untouched_end_of_hand_is_refused_beside_who_went_out_and_stores_nothing(
    app, client, series_id
):
    play_source_example(client, series_id)
    # What a browser sends from the form as it opened: the racks empty, nobody picked.
    untouched = {
        "finish": "discard",
        "seen": "3",
        "previewed": "",
        "preview": "yes",
        **{f"players-{seat}-rack": "" for seat in range(3)},
    }
    for press in ({"preview": "yes"}, {"save": "yes"}):
        response = client.post(f"/series/{series_id}/table/end", data={**untouched, **press})
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        beside = re.search(
            r'<fieldset class="group field-invalid" id="went_out">.*?'
            r'<p class="error">(.*?)</p>',
            html,
            re.S,
        )
        assert beside and beside.group(1) == (
            "Pick who went out, or \u201cNobody: the wall ran out\u201d."
        )
        assert "This hand was not saved." in html
        assert "Preview: nothing is saved yet" not in html
        # Every missing entry listed at once, in the form's order.
        listed = re.findall(r'<a href="#([\w-]+)">', html.split("This hand was not saved.")[1])
        assert listed[:4] == ["went_out", "players-0-rack", "players-1-rack", "players-2-rack"]
    assert rows(app, "hands") == []
    assert len(live(app, series_id)) == 3


def test_a_preview_scores_the_hand_and_stores_nothing(app, client, series_id):
    play_source_example(client, series_id)
    response = end_hand(client, series_id, ["", "r5", "k2"], went_out="Ana", save=False)
    assert response.status_code == 200
    html = text(response.get_data(as_text=True))
    # Ana 100 + 75; Bo 60 - 5; Cici never opened: -200.
    assert "Ana +175 Bo +55 Cici -200" in html
    assert rows(app, "hands") == []
    assert len(live(app, series_id)) == 3


def test_nothing_is_saved_that_was_not_previewed_as_it_is_saved(app, client, series_id):
    play_source_example(client, series_id)
    first = client.get(f"/series/{series_id}/table/end").get_data(as_text=True)
    assert "Save hand" not in first and "Preview the scores" in first
    data = {
        "went_out": "Ana",
        "finish": "discard",
        "seen": "3",
        "players-1-rack": "r5",
        "players-2-rack": "k2",
    }
    # Save without a preview: the preview is shown, with Save under it, and nothing is stored.
    response = client.post(f"/series/{series_id}/table/end", data={**data, "save": "yes"})
    html = text(response.get_data(as_text=True))
    assert "Preview: nothing is saved yet" in html and "Ana +175 Bo +55 Cici -200" in html
    assert "The preview above is what will be saved." in html
    assert rows(app, "hands") == []
    # A rack changed after the preview: previewed again, still nothing stored.
    changed = client.post(
        f"/series/{series_id}/table/end",
        data={**data, "players-1-rack": "r5 r6", "save": "yes", "previewed": previewed(response)},
    )
    assert "Ana +175 Bo +50 Cici -200" in text(changed.get_data(as_text=True))
    assert rows(app, "hands") == []
    saved = client.post(
        f"/series/{series_id}/table/end",
        data={**data, "players-1-rack": "r5 r6", "save": "yes", "previewed": previewed(changed)},
    )
    assert saved.status_code == 302
    assert json.loads(rows(app, "hands")[0]["scores"]) == {"Ana": 175, "Bo": 50, "Cici": -200}


def test_the_hand_is_saved_like_any_hand_with_its_melds_and_actions(app, client, series_id):
    play_source_example(client, series_id)
    actions = live(app, series_id)
    response = end_hand(
        client, series_id, ["", "r5", "k2"], went_out="Ana", **{"players-1-exposed_twin": "y"}
    )
    assert response.status_code == 302
    (hand,) = rows(app, "hands")
    assert response.headers["Location"] == f"/series/{series_id}/hands/{hand['id']}"
    assert json.loads(hand["scores"]) == {"Ana": 175, "Bo": 80, "Cici": -200}
    assert hand["winner"] == "Ana"
    assert json.loads(hand["table_actions"]) == actions
    record = json.loads(hand["record"])
    assert record["players"] == [
        {"name": "Ana", "went_out": True, "finish": "discard"},
        {"name": "Bo", "rack": "r5", "declared": ["exposed_twin"]},
        {"name": "Cici", "rack": "k2"},
    ]
    assert record["melds"][2] == {
        "tiles": "b6 b7 b8 b9 b10",
        "by": ["Bo", "Bo", "Bo", "Ana", "Ana"],
    }
    assert "variant" not in record
    assert rows(app, "live_tables") == []
    assert [a["action"] for a in rows(app, "hand_audit")] == ["created"]
    assert "Play hand 2 in table mode" in client.get(f"/series/{series_id}").get_data(as_text=True)


@pytest.mark.parametrize(
    "racks, went_out, where, message",
    [
        (["", "r5 x9", ""], "Ana", "players-1-rack", "'x9' is not a tile"),
        (["b2", "", ""], "Ana", "Ana", "Went out but still has tiles on the rack (b2)"),
    ],
)
def test_a_refused_end_of_hand_keeps_what_was_typed_and_stores_nothing(
    app, client, series_id, racks, went_out, where, message
):
    play_source_example(client, series_id)
    response = end_hand(client, series_id, racks, went_out=went_out)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "This hand was not saved." in html
    assert message in html.replace("&#39;", "'")
    if where.startswith("players-"):
        assert message in error_of(html, where).replace("&#39;", "'")
    for seat, rack in enumerate(racks):
        if rack:
            assert f'id="players-{seat}-rack" name="players-{seat}-rack" placeholder' in html
            assert f'value="{rack}"' in html
    assert rows(app, "hands") == []
    assert len(live(app, series_id)) == 3


def test_an_end_of_hand_from_an_older_page_is_refused(app, client, series_id):
    play_source_example(client, series_id)
    response = end_hand(client, series_id, ["", "r5", "k2"], went_out="Ana", seen="2")
    assert response.status_code == 409
    assert rows(app, "hands") == []


def test_a_finished_series_plays_no_more_tables(client):
    series_id = start_series(
        client, variant="romanian", seats=("Ana", "Bo"), end_kind="hands", end_value=1
    )
    client.post(
        f"/series/{series_id}/hands/new", data=tally(["Ana", "Bo"], {"Ana": "went_out", "Bo": "r5"})
    )
    response = client.get(f"/series/{series_id}/table", follow_redirects=True)
    assert "This series has ended" in response.get_data(as_text=True)
    response = act(client, series_id, "meld", ANA_OPENS)
    assert response.status_code == 302
    assert live(client.application, series_id) == []


# --- The hand page, its download, edit and undo -------------------------------------------


def saved_joly_chain(client, series_id):
    play_joly_chain(client, series_id)
    response = end_hand(client, series_id, ["", "k1", "b2"], went_out="Ana")
    assert response.status_code == 302, error_summary(response)
    return response.headers["Location"]


def test_the_hand_page_shows_the_table_the_joly_history_and_each_count(app, client, series_id):
    location = saved_joly_chain(client, series_id)
    html = text(client.get(location).get_data(as_text=True))
    assert "Played in table mode: 5 actions." in html
    assert "Player Count Ana 110 Bo 85 Cici 70" in html
    assert (
        "Joker 1 , first melded by Ana : melded by Ana in meld 1 swapped by Bo for k4 out of "
        "meld 1, melded in meld 7 swapped by Cici for r1 out of meld 7, melded in meld 9"
    ) in html
    assert "1 joker credited to you as first melder, 50 each" in html
    (hand,) = rows(app, "hands")
    assert json.loads(hand["scores"]) == {"Ana": 210, "Bo": 60, "Cici": 65}


def test_the_download_is_the_hand_format_and_scores_the_same_from_the_command_line(
    app, client, series_id, tmp_path, capsys
):
    location = saved_joly_chain(client, series_id)
    assert f'href="{location}/hand.json"' in client.get(location).get_data(as_text=True)
    response = client.get(f"{location}/hand.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="series-{series_id}-hand-1.json"'
    )
    exported = response.get_json()
    assert exported["variant"] == "romanian"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(exported))
    assert cli.main(["score", str(path)]) == 0
    scored = json.loads(capsys.readouterr().out)
    (hand,) = rows(app, "hands")
    assert scored["scores"] == json.loads(hand["scores"]) == {"Ana": 210, "Bo": 60, "Cici": 65}


def test_a_custom_variant_is_exported_whole(app, client, tmp_path, capsys):
    with app.app_context():
        variant_id = create_custom(
            get_db(), preset("romanian"), "Friday rules", {"went_out_bonus": 150}
        )
    night = start_night(client)
    from .steps import series_form

    response = client.post(
        f"/nights/{night}/series/new",
        data=series_form(
            variant=variant_id, seats=("Ana", "Bo", "Cici"), end_kind="hands", end_value=2
        ),
    )
    series_id = int(response.headers["Location"].rsplit("/", 1)[1])
    location = saved_joly_chain(client, series_id)
    exported = client.get(f"{location}/hand.json").get_json()
    assert exported["variant"]["name"] == "Friday rules"
    assert exported["variant"]["went_out_bonus"] == 150
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(exported))
    assert cli.main(["score", str(path)]) == 0
    (hand,) = rows(app, "hands")
    assert json.loads(capsys.readouterr().out)["scores"] == json.loads(hand["scores"])
    assert json.loads(hand["scores"])["Ana"] == 260


def test_editing_a_table_mode_hand_keeps_its_melds(app, client, series_id):
    location = saved_joly_chain(client, series_id)
    hand_id = int(location.rsplit("/", 1)[1])
    form_page = client.get(f"{location}/edit").get_data(as_text=True)
    assert "This hand was played in table mode" in form_page
    assert "Tiles put on the table" not in form_page
    response = client.post(
        f"{location}/edit",
        data=tally(
            ["Ana", "Bo", "Cici"],
            {"Ana": "went_out", "Bo": "k1 r2", "Cici": "b2"},
            finish="discard",
        ),
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    (hand,) = rows(app, "hands")
    assert json.loads(hand["scores"]) == {"Ana": 210, "Bo": 55, "Cici": 65}
    assert len(json.loads(hand["record"])["melds"]) == 9
    assert hand["table_actions"] is not None
    audit = [a["action"] for a in rows(app, "hand_audit") if a["hand_id"] == hand_id]
    assert audit == ["created", "edited"]
    assert "Joker 1" in client.get(location).get_data(as_text=True)


def test_a_table_mode_hand_can_be_deleted_and_brought_back(app, client, series_id):
    location = saved_joly_chain(client, series_id)
    hand_id = int(location.rsplit("/", 1)[1])
    client.post(f"{location}/delete")
    assert "Hand 1 was deleted." in client.get(f"/series/{series_id}").get_data(as_text=True)
    assert rows(app, "hands")[0]["deleted_at"] is not None
    client.post(f"/series/{series_id}/hands/{hand_id}/restore")
    (hand,) = rows(app, "hands")
    assert hand["deleted_at"] is None
    assert '<td class="num won">+210' in client.get(f"/series/{series_id}").get_data(as_text=True)


# --- CSRF ------------------------------------------------------------------------------------


def test_table_forms_need_the_csrf_token(csrf_app):
    client = csrf_app.test_client()
    night_page = client.get("/nights/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', night_page).group(1)
    client.post("/nights/new", data={"csrf_token": token, "date": "2025-11-22"})
    from .steps import series_form

    new_page = client.get("/nights/1/series/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', new_page).group(1)
    client.post(
        "/nights/1/series/new",
        data={
            "csrf_token": token,
            **series_form(variant="romanian", seats=("Ana", "Bo"), end_kind="hands", end_value=2),
        },
    )
    data = {
        "meld-player": "Ana",
        "meld-melds-0": "r11 b11 k11",
        "meld-melds-1": "y12 y13 y1",
        "meld-seen": "0",
    }
    assert client.post("/series/1/table/meld", data=data).status_code == 400
    for path in ("undo", "clear", "end"):
        client.post(f"/series/1/table/{path}", data={})
    assert live(csrf_app, 1) == []
    html = client.get("/series/1/table").get_data(as_text=True)
    token = re.search(
        r'id="meld-csrf_token" name="meld-csrf_token" type="hidden" value="([^"]+)"', html
    ).group(1)
    assert (
        client.post("/series/1/table/meld", data={**data, "meld-csrf_token": token}).status_code
        == 302
    )
    assert len(live(csrf_app, 1)) == 1


def test_the_quick_tally_warns_of_the_table_in_play_and_saving_clears_it(client, series_id):
    play_source_example(client, series_id)
    form = client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    assert (
        "This hand is being followed in table mode (3 actions so far). Saving it here "
        "scores it from what you enter and clears that table."
    ) in text(form)
    response = client.post(
        f"/series/{series_id}/hands/new",
        data=tally(["Ana", "Bo", "Cici"], {"Ana": "went_out", "Bo": "r5", "Cici": "k9"}),
    )
    assert response.status_code == 302
    assert [h["number"] for h in rows(client.application, "hands")] == [1]
    assert rows(client.application, "hands")[0]["table_actions"] is None
    assert live(client.application, series_id) == []
    assert "table mode (" not in text(
        client.get(f"/series/{series_id}/hands/new").get_data(as_text=True)
    )


# --- Fixing a saved hand's table ---------------------------------------------------------


def fix_data(actions, **changes):
    """The fix form as it comes filled from the stored actions (and a spare new meld),
    with changes given as {"3-melds": "..."}."""
    data = {}
    for i, a in enumerate([*actions, {"action": "new_meld", "player": "Ana"}]):
        data[f"actions-{i}-kind"] = a["action"]
        data[f"actions-{i}-player"] = a["player"]
        data[f"actions-{i}-melds"] = "\n".join(a.get("melds", []))
        if "meld_index" in a:
            data[f"actions-{i}-meld"] = str(a["meld_index"] + 1)
        data[f"actions-{i}-tiles"] = a.get("tiles", "")
        data[f"actions-{i}-new_meld_tiles"] = a.get("new_meld_tiles") or ""
    data.update({f"actions-{k}": v for k, v in changes.items()})
    return data


def test_a_saved_hands_table_is_fixed_rescored_and_audited(
    app, client, series_id, tmp_path, capsys
):
    location = saved_joly_chain(client, series_id)
    hand_id = int(location.rsplit("/", 1)[1])
    assert f'href="{location}/table">Fix the table' in client.get(location).get_data(as_text=True)
    (hand,) = rows(app, "hands")
    actions = json.loads(hand["table_actions"])
    form_page = text(client.get(f"{location}/table").get_data(as_text=True))
    assert "Action 1: new meld" in form_page and "Action 5: joker swap" in form_page
    assert "A meld left out (laid last)" in form_page

    # Bo's opening run was y2 to y5, and he laid b11 b12 b13 too, which was left out.
    response = client.post(
        f"{location}/table",
        data=fix_data(
            actions,
            **{
                "1-melds": "b6 b7 b8\nr10 b10 k10\ny2 y3 y4 y5",
                "5-player": "Bo",
                "5-melds": "b11 b12 b13",
            },
        ),
    )
    assert response.status_code == 302, error_summary(response)
    (hand,) = rows(app, "hands")
    # Bo: 85 + 5 (y5) + 30 (b11 b12 b13) melded, less 25 for the ace on his rack.
    assert json.loads(hand["scores"]) == {"Ana": 210, "Bo": 95, "Cici": 65}
    fixed = json.loads(hand["table_actions"])
    assert fixed[1]["melds"][2] == "y2 y3 y4 y5"
    assert fixed[5] == {"action": "new_meld", "player": "Bo", "melds": ["b11 b12 b13"]}
    record = json.loads(hand["record"])
    assert record["melds"][-1] == {"tiles": "b11 b12 b13", "by": ["Bo", "Bo", "Bo"]}
    assert record["players"][1] == {"name": "Bo", "rack": "k1"}
    audit = [a for a in rows(app, "hand_audit") if a["hand_id"] == hand_id]
    assert [a["action"] for a in audit] == ["created", "edited"]
    assert json.loads(audit[1]["new"])["melds"] == record["melds"]
    # The stored result is the one truth: the page and the download agree with it.
    assert "Bo +95" in text(client.get(location).get_data(as_text=True))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(client.get(f"{location}/hand.json").get_json()))
    assert cli.main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"Ana": 210, "Bo": 95, "Cici": 65}


def test_a_fix_the_rules_refuse_changes_nothing_and_says_where(app, client, series_id):
    location = saved_joly_chain(client, series_id)
    (before,) = rows(app, "hands")
    actions = json.loads(before["table_actions"])
    # Cici's run without its 10 counts 40: no opening.
    response = client.post(
        f"{location}/table", data=fix_data(actions, **{"3-melds": "r2 r3 r4 r5 r6 r7 r8 r9"})
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Nothing was changed." in html
    assert error_of(html, "actions-3-melds").startswith("Cici's opening counts 40")
    # Taking out Bo's swap leaves Cici's swap without its joker.
    response = client.post(f"{location}/table", data=fix_data(actions, **{"2-remove": "y"}))
    assert response.status_code == 422
    assert "holds no joker to swap" in error_of(response.get_data(as_text=True), "actions-4-meld")
    assert rows(app, "hands") == [before]


def test_undo_comes_back_to_the_form_the_scorer_had_open(client, series_id):
    play_source_example(client, series_id)
    html = client.get(f"/series/{series_id}/table?do=add").get_data(as_text=True)
    assert f'action="/series/{series_id}/table/undo?do=add"' in html
    response = client.post(f"/series/{series_id}/table/undo?do=add", data={"undo-seen": "3"})
    assert response.headers["Location"] == f"/series/{series_id}/table?do=add"
