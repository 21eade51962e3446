"""Every kind of refusal the engine can raise from a form lands beside the field it is about,
and it lands there because of what the refusal carries (player, field, meld), never because of
its words: each case runs twice, once with the engine's messages as written and once with every
message reworded, and the refusal must sit beside the same field both times."""

from html.parser import HTMLParser

import pytest

from scorekeeper.engine import RuleError
from scorekeeper.engine.variants import ROMANIAN
from scorekeeper.engine.words import english

from .steps import rows, series_form, start_night, start_series, tally
from .test_table_mode import act
from .test_variants import copy_form

RUMMIKUB = ("A", "B", "C", "D")
ROMANIANS = ("Ana", "Bo", "Cici")


class _Refusals(HTMLParser):
    """The refusals on a page, each with the id of the field it stands beside: the error's
    own id without "-error", else the nearest enclosing element with an id (a player's
    fieldset, the "who went out" group)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str | None] = []
        self.found: dict[str, str] = {}
        self._open: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "p" and "error" in (found.get("class") or "").split():
            own = (found.get("id") or "").removesuffix("-error") or None
            self._open = own or next((i for i in reversed(self.ids) if i), "page")
            self._text = []
        if tag not in ("input", "br", "img", "meta", "link", "option"):
            self.ids.append(found.get("id"))

    def handle_endtag(self, tag):
        if tag == "p" and self._open is not None:
            self.found[self._open] = " ".join("".join(self._text).split())
            self._open = None
        if tag not in ("input", "br", "img", "meta", "link", "option") and self.ids:
            self.ids.pop()

    def handle_data(self, data):
        if self._open is not None:
            self._text.append(data)


def refusals(response) -> dict[str, str]:
    """{field id: refusal shown beside it} on the page a refused form answered with."""
    parser = _Refusals()
    parser.feed(response.get_data(as_text=True))
    return parser.found


@pytest.fixture(params=["as written", "reworded"])
def wording(request, monkeypatch):
    """The engine's messages as written, or every one of them reworded."""
    if request.param == "reworded":
        written = RuleError.__init__

        def reworded(self, message, **about):
            written(self, "(reworded) " + " ".join(reversed(english(message).split())), **about)

        monkeypatch.setattr(RuleError, "__init__", reworded)
    return request.param


# --- Record a hand ------------------------------------------------------------------------

HAND_CASES = [
    # (variant, players, {name: rack or "went_out"}, more form fields, the field refused)
    (
        "rummikub",
        RUMMIKUB,
        {"A": "went_out", "B": "r5 x9", "C": "k2", "D": "y3"},
        {},
        "players-1-rack",
    ),
    (
        "rummikub",
        RUMMIKUB,
        {"A": "went_out", "B": "r5", "C": "k2", "D": "y3"},
        {"players-1-rack_points": "5"},
        "players-1-rack",
    ),
    (
        "rummikub",
        RUMMIKUB,
        {"A": "went_out", "B": "r5", "C": "r5", "D": "r5"},
        {},
        "players-3-rack",
    ),
    ("rummikub", RUMMIKUB, {"A": "went_out", "B": "j", "C": "j", "D": "j"}, {}, "players-3-rack"),
    (
        "romanian",
        ROMANIANS,
        {"Ana": "went_out", "Bo": "k2", "Cici": "y3"},
        {"players-1-melded_tiles": "b4 b5 zz"},
        "players-1-melded_tiles",
    ),
    (
        "romanian",
        ROMANIANS,
        {"Ana": "went_out", "Bo": "k2", "Cici": "y3"},
        {"players-1-melded_tiles": "r1 r2 r3"},
        "players-1-melded_tiles",
    ),
    (
        "romanian",
        ROMANIANS,
        {"Ana": "went_out", "Bo": "k2", "Cici": "y3"},
        {"players-2-melded_tiles": "y5 j=y6 y7"},
        "players-2-melded_tiles",
    ),
    (
        "romanian",
        ROMANIANS,
        {"Ana": "went_out", "Bo": "k2", "Cici": "y3"},
        {"players-1-melded_tiles": "b4 b5 b6", "players-1-melded_points": "15"},
        "players-1-melded_tiles",
    ),
    (
        "rummy-meld-minimum-points",
        ("Ana", "Bo"),
        {"Ana": "went_out", "Bo": "k2"},
        {"players-0-melded_tiles": "b4 b5 b6"},
        "went_out",
    ),
    (
        "tile-rummy",
        RUMMIKUB,
        {"A": "went_out", "B": "j", "C": "k2", "D": "y3"},
        {"all_at_once": "y", "jokers_used": "2"},
        "players-1-rack",
    ),
]


@pytest.mark.parametrize(("variant", "players", "hand", "more", "field"), HAND_CASES)
def test_a_refused_hand_shows_its_refusal_beside_the_field_it_is_about(
    app, client, wording, variant, players, hand, more, field
):
    series_id = start_series(client, variant=variant, seats=players, end_kind="hands", end_value=4)
    response = client.post(f"/series/{series_id}/hands/new", data=tally(players, hand, **more))
    assert response.status_code == 422
    shown = refusals(response)
    assert list(shown) == [field], shown
    assert shown[field].startswith("(reworded)") == (wording == "reworded")
    assert rows(app, "hands") == []


# --- Table mode -----------------------------------------------------------------------------

ANA_OPENS = {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y12 y13 y1"}
BO_OPENS = {"player": "Bo", "melds-0": "b6 b7 b8", "melds-1": "r10 b10 k10", "melds-2": "y2 y3 y4"}

TABLE_CASES = [
    # (actions that go through first, the refused action, the field refused)
    ([], ("meld", {"player": "Ana", "melds-0": "r1 r2 r3"}), "meld-melds-0"),
    (
        [],
        ("meld", {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y12 y13 y2"}),
        "meld-melds-1",
    ),
    (
        [],
        ("meld", {"player": "Ana", "melds-0": "r11 b11 k11", "melds-1": "y12 y13 q1"}),
        "meld-melds-1",
    ),
    ([("meld", ANA_OPENS)], ("add", {"player": "Bo", "meld": "0", "tiles": "y11"}), "add-player"),
    (
        [("meld", ANA_OPENS), ("meld", BO_OPENS)],
        ("add", {"player": "Ana", "meld": "2", "tiles": "b12"}),
        "add-tiles",
    ),
    (
        [("meld", ANA_OPENS), ("meld", BO_OPENS)],
        ("add", {"player": "Ana", "meld": "2", "tiles": "b8"}),
        "add-tiles",
    ),
    (
        [
            (
                "meld",
                {
                    "player": "Ana",
                    "melds-0": "k3 j k5",
                    "melds-1": "r11 b11 k11",
                    "melds-2": "y8 y9 y10",
                },
            ),
            ("meld", BO_OPENS),
        ],
        ("swap", {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": "r12 r13 r1"}),
        "swap-new_meld_tiles",
    ),
    (
        [
            (
                "meld",
                {
                    "player": "Ana",
                    "melds-0": "k3 j k5",
                    "melds-1": "r11 b11 k11",
                    "melds-2": "y8 y9 y10",
                },
            ),
            ("meld", BO_OPENS),
        ],
        ("swap", {"player": "Bo", "meld": "0", "tiles": "k7", "new_meld_tiles": "r12 r13 j"}),
        "swap-tiles",
    ),
    # The turn questions: the same turn as an opening, or as another player's action.
    (
        [("meld", BO_OPENS), ("meld", ANA_OPENS)],
        ("add", {"player": "Ana", "meld": "0", "tiles": "b9", "same_turn": "y"}),
        "add-same_turn",
    ),
    (
        [("meld", ANA_OPENS)],
        ("meld", {"player": "Bo", "melds-0": "b6 b7 b8 b9 b10", "same_turn": "y"}),
        "meld-same_turn",
    ),
    (
        [
            (
                "meld",
                {
                    "player": "Ana",
                    "melds-0": "k3 j k5",
                    "melds-1": "r11 b11 k11",
                    "melds-2": "y8 y9 y10",
                },
            ),
            ("meld", BO_OPENS),
        ],
        ("swap", {"player": "Bo", "meld": "0", "tiles": "k4", "new_meld_tiles": ""}),
        "swap-new_meld_tiles",
    ),
]


@pytest.mark.parametrize(("before", "refused", "field"), TABLE_CASES)
def test_a_refused_table_action_shows_its_refusal_beside_the_field_it_is_about(
    client, wording, before, refused, field
):
    series_id = start_series(
        client, variant="romanian", seats=ROMANIANS, end_kind="hands", end_value=4
    )
    for kind, fields in before:
        assert act(client, series_id, kind, fields).status_code == 302
    kind, fields = refused
    response = act(client, series_id, kind, fields)
    assert response.status_code == 422
    shown = refusals(response)
    assert list(shown) == [field], shown
    assert shown[field].startswith("(reworded)") == (wording == "reworded")


def test_melding_in_rummy_melds_first_round_is_refused_beside_its_question(client, wording):
    series_id = start_series(
        client, variant="rummy-meld", seats=ROMANIANS, end_kind="hands", end_value=4
    )
    response = act(
        client,
        series_id,
        "meld",
        {"player": "Ana", "melds-0": "b1 b2 b3 b4 b5", "melds-1": "r11 b11 k11"},
    )
    assert response.status_code == 422
    shown = refusals(response)
    assert list(shown) == ["meld-first_round_over"], shown
    assert shown["meld-first_round_over"].startswith("(reworded)") == (wording == "reworded")


# --- Copy and edit a variant ----------------------------------------------------------------

VARIANT_CASES = [
    ({"ace_high": False}, "wrap"),
    ({"scoring": "racks"}, "pool_out"),
    ({"min_players": "5", "max_players": "3"}, "max_players"),
    ({"min_players": "7"}, "min_players"),
    ({"finishes": []}, "finishes"),
    ({"all_at_once_bonus_1": ""}, "all_at_once_bonus"),
]


@pytest.mark.parametrize(("typed", "field"), VARIANT_CASES)
def test_a_refused_variant_shows_its_refusal_beside_the_rule_it_is_about(
    app, client, wording, typed, field
):
    base = ROMANIAN.changed(wrap=True)
    response = client.post("/variants/romanian/copy", data=copy_form(base, "Ours", **typed))
    shown = refusals(response)
    assert list(shown) == [field], shown
    assert rows(app, "variants") == []


# --- Start a series -------------------------------------------------------------------------

SERIES_CASES = [
    ({"seats-2": "a"}, "seats-2"),
    ({"seats-1": "B, C"}, "seats-1"),
    ({"seats-0": "", "seats-1": "", "seats-2": "", "seats-3": ""}, "seats-0"),
    ({"first_dealer": "5"}, "first_dealer"),
    ({"variant": "romanian", "end_kind": "rounds"}, "end_kind"),
]


@pytest.mark.parametrize(("typed", "field"), SERIES_CASES)
def test_a_refused_series_shows_its_refusal_beside_the_field_it_is_about(
    app, client, wording, typed, field
):
    start_night(client)
    response = client.post("/nights/1/series/new", data={**series_form(), **typed})
    shown = refusals(response)
    assert list(shown) == [field], shown
    assert shown[field].startswith("(reworded)") == (wording == "reworded")
    assert rows(app, "series") == []
