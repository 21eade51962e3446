"""Properties that hold for every hand, variant and split, checked with hypothesis."""

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    PRESETS,
    InvalidHand,
    parse_tiles,
    preset,
    read_hand,
    score_hand,
    split_run,
    variant_from_json,
)

# Hundreds of generated cases: left out of the quick run (README, Test it).
pytestmark = pytest.mark.slow

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# The physical set: 1-13 in four colours, two of each, and two jokers.
DECK = [f"{c}{n}" for c in "rbky" for n in range(1, 14)] * 2 + ["j", "j"]
NAMES = ["Ana", "Bo", "Cici", "Dan"]

# What a numbered tile left on a rack costs, from the RULES.md table (ace, 2-9, 10-13).
RACK_VALUES = {
    "face": (1, None, None),
    "5-10-15": (15, 5, 10),
    "romanian": (25, 5, 10),
    "rummy-meld": (5, 5, 10),
}
SCHEME = {
    "rummikub": "face",
    "tile-rummy": "face",
    "rummy-cards": "face",
    "tile-rummy-5-10-15": "5-10-15",
    "rummy-meld": "rummy-meld",
    "rummy-meld-rack-empty": "rummy-meld",
    "rummy-meld-discard-jolly": "rummy-meld",
    "rummy-meld-minimum-points": "rummy-meld",
}
JOKER_ON_RACK = {"rummikub": 30, "rummy-cards": 30, "tile-rummy": 25, "tile-rummy-5-10-15": 25}


def scheme(variant_id):
    return SCHEME.get(variant_id, "romanian")


def joker_on_rack(variant_id):
    if variant_id in JOKER_ON_RACK:
        return JOKER_ON_RACK[variant_id]
    return 50 if variant_id.startswith("rummy-meld") else 25


def tile_points(variant_id, token):
    """A numbered tile on a rack, by the RULES.md table."""
    number = int(token[1:])
    ace, low, high = RACK_VALUES[scheme(variant_id)]
    if number == 1:
        return ace
    if number <= 9:
        return number if low is None else low
    return number if high is None else high


@st.composite
def racks(draw, players, min_tiles=0, max_tiles=8):
    """Racks for `players` drawn from one physical set (never a third copy)."""
    sizes = [draw(st.integers(min_tiles, max_tiles)) for _ in range(players)]
    tiles = draw(st.permutations(DECK))
    result, start = [], 0
    for size in sizes:
        result.append(tiles[start : start + size])
        start += size
    return result


@st.composite
def rummikub_hands(draw):
    players = draw(st.integers(2, 4))
    dealt = draw(racks(players, min_tiles=1))
    went_out = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    hand = {"variant": "rummikub", "players": []}
    for i, tiles in enumerate(dealt):
        player = {"name": NAMES[i], "rack": " ".join(tiles)}
        if i == went_out:
            player = {"name": NAMES[i], "went_out": True, "rack": ""}
        hand["players"].append(player)
    return hand


def rack_total(variant_id, rack):
    return sum(
        joker_on_rack(variant_id) if t == "j" else tile_points(variant_id, t) for t in rack.split()
    )


@FAST
@given(rummikub_hands())
def test_a_rummikub_hand_with_a_winner_sums_to_zero(hand):
    result = score_hand(read_hand(hand))
    racks_ = {p["name"]: rack_total("rummikub", p["rack"]) for p in hand["players"]}
    lowest = min(racks_.values())
    tied = [n for n, r in racks_.items() if r == lowest]
    someone_out = any(p.get("went_out") for p in hand["players"])
    if someone_out or len(tied) == 1:
        assert sum(result.scores.values()) == 0
        assert result.winner is not None
        assert result.scores[result.winner] == max(result.scores.values())
    else:
        # The tie ruling: the tied players score 0, the others pay the difference
        # to nobody, so the hand sums to minus those differences.
        assert result.winner is None
        assert all(result.scores[n] == 0 for n in tied)
        assert sum(result.scores.values()) == -sum(r - lowest for r in racks_.values())


@st.composite
def any_hands(draw):
    """A valid hand of any preset, racks as tiles; melded value in count mode."""
    variant_id = draw(st.sampled_from(sorted(PRESETS)))
    v = PRESETS[variant_id]
    players = draw(st.integers(2, 4))
    dealt = draw(racks(players, min_tiles=1))
    went_out = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    jokers_left = 2 - sum(t.count("j") for t in dealt)
    hand = {"variant": variant_id, "players": []}
    twin = draw(st.booleans()) and v.exposed_twin_bonus is not None
    for i, tiles in enumerate(dealt):
        player = {"name": NAMES[i], "rack": " ".join(tiles)}
        # Going out on a joker discard needs a joker not already dealt.
        finishes = [f for f in v.finishes if f != "joker_discard" or jokers_left > 0]
        if i == went_out and finishes:
            player["rack"] = ""
            player["went_out"] = True
            finish = draw(st.sampled_from(finishes))
            jokers_left -= finish == "joker_discard"
            player["finish"] = finish
            if v.all_at_once_bonus is not None and draw(st.booleans()):
                player["all_at_once"] = True
                if v.scoring == "racks":
                    # The jokers laid down count toward the set's two with the racks'.
                    player["jokers_used"] = draw(st.integers(0, jokers_left))
                    jokers_left -= player["jokers_used"]
        if v.scoring == "melded":
            low = v.going_out_min_melded or 0 if player.get("went_out") else 0
            player["melded_points"] = draw(st.sampled_from([0, draw(st.integers(low, 300))]))
            if player.get("went_out") and player["melded_points"] < low:
                player["melded_points"] = low
            if v.melded_joker_bonus is not None and jokers_left and draw(st.booleans()):
                player["credited_jokers"] = 1
                jokers_left -= 1
            if (
                v.swapped_joker_rack is not None
                and "j" in player["rack"].split()
                and draw(st.booleans())
            ):
                player["swapped_jokers"] = 1
        if twin and i == 0:
            player["declared"] = ["exposed_twin"]
        if v.left_table_penalty is not None and not player.get("went_out") and draw(st.booleans()):
            player["declared"] = ["left_table"]
        hand["players"].append(player)
    return hand


@FAST
@given(any_hands())
def test_every_breakdown_sums_to_the_score_and_cites_a_rule(hand):
    result = score_hand(read_hand(hand))
    assert list(result.scores) == [p["name"] for p in hand["players"]]
    for name, lines in result.breakdown.items():
        assert sum(line.points for line in lines) == result.scores[name]
        assert all(line.rule and line.source for line in lines)
    went_out = [p["name"] for p in hand["players"] if p.get("went_out")]
    assert result.winner in (went_out or [result.winner])


@FAST
@given(any_hands(), st.data())
def test_the_rack_as_tiles_or_as_points_scores_the_same(hand, data):
    as_points = json.loads(json.dumps(hand))
    for p in as_points["players"]:
        tiles = p.pop("rack").split()
        p["rack_points"] = sum(tile_points(hand["variant"], t) for t in tiles if t != "j")
        p["rack_jokers"] = tiles.count("j")
    assert score_hand(read_hand(as_points)).scores == score_hand(read_hand(hand)).scores


def _third_copy(hand, data):
    """Give some player a third copy of a tile already in the hand (or a third joker)."""
    held = [t for p in hand["players"] for t in p.get("rack", "").split()]
    counts = {t: held.count(t) for t in held}
    tile = data.draw(st.sampled_from(sorted(DECK)))
    needed = 3 - counts.get(tile, 0)
    victim = data.draw(st.sampled_from([p for p in hand["players"] if not p.get("went_out")]))
    victim["rack"] = " ".join([victim["rack"], *[tile] * needed]).strip()


def _bad_token(hand, data):
    victim = data.draw(st.sampled_from(hand["players"]))
    token = data.draw(st.sampled_from(["x7", "r14", "r0", "q", "j=b11", "7"]))
    victim.pop("rack_points", None)
    victim.pop("rack_jokers", None)
    victim["rack"] = f"{victim.get('rack', '')} {token}".strip()


def _two_out(hand, data):
    for p in hand["players"][:2]:
        p["went_out"] = True
        p["rack"] = ""
        p.pop("declared", None)


def _out_with_tiles(hand, data):
    p = hand["players"][0]
    p.pop("declared", None)
    p["went_out"] = True
    p["rack"] = data.draw(st.sampled_from(["r5", "j", "k13 k12"]))
    for other in hand["players"][1:]:
        other["went_out"] = False
        other.pop("finish", None)
        other.pop("all_at_once", None)
        other.pop("jokers_used", None)
        other["rack"] = " ".join(
            t for t in other["rack"].split() if t not in ("r5", "j", "k13", "k12")
        )


def _unknown_field(hand, data):
    data.draw(st.sampled_from(hand["players"]))["score"] = 10


def _illegal_meld(hand, data):
    hand["melds"] = [
        {
            "tiles": data.draw(st.sampled_from(["r5 r6 r8", "r5 b6 k7", "r13 r1 r2"])),
            "by": hand["players"][0]["name"],
        }
    ]
    for p in hand["players"]:
        for field in ("melded_points", "credited_jokers"):
            p.pop(field, None)


MUTATIONS = [_third_copy, _bad_token, _two_out, _out_with_tiles, _unknown_field, _illegal_meld]


@FAST
@given(any_hands(), st.sampled_from(MUTATIONS), st.data())
def test_a_refused_hand_never_half_scores(hand, mutate, data):
    mutate(hand, data)
    before = json.dumps(hand, sort_keys=True)
    result = None
    with pytest.raises(InvalidHand):
        result = score_hand(read_hand(hand))
    assert result is None
    assert json.dumps(hand, sort_keys=True) == before  # the record is left as it was


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_every_preset_round_trips_through_json(variant_id):
    v = PRESETS[variant_id]
    assert variant_from_json(v.to_json()) == v
    assert not variant_from_json(v.to_json()).custom


@FAST
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 100),
    st.integers(0, 1000),
    st.one_of(st.none(), st.integers(0, 1000)),
)
def test_a_custom_variant_round_trips_through_json(variant_id, joker, opening, penalty):
    v = PRESETS[variant_id].changed(
        id="house", name="House", joker_rack=joker, opening=opening, never_opened_penalty=penalty
    )
    assert variant_from_json(v.to_json()) == v
    assert v.custom


@st.composite
def splits(draw):
    """A run as it lies (ends kept, some middle tiles stacked, maybe a joker) and
    tiles added at its ends, in Romanian or Rummy Meld (high runs, no wrap).
    Ranks: 1 the low ace ... 13, 14 the high ace."""
    variant_id = draw(st.sampled_from(["romanian", "rummy-meld"]))
    low = draw(st.integers(1, 12))
    high = draw(st.integers(low + 2, 14))
    below = draw(st.integers(0, low - 1))
    above = draw(st.integers(0, 14 - high))
    assume(below + above > 0)
    assume(not (low - below == 1 and high + above == 14))  # 1 ... 13 1 is no run
    kept = [r for r in range(low + 1, high) if draw(st.booleans())]
    lying = [low, *kept, high]
    joker = draw(st.one_of(st.none(), st.sampled_from(lying)))
    added = [*range(low - below, low), *range(high + 1, high + above + 1)]
    lying_text = " ".join(token(r, r == joker) for r in lying)
    return variant_id, lying_text, " ".join(token(r) for r in added), lying, added, joker


def token(rank, as_joker=False):
    number = 1 if rank == 14 else rank
    return f"j=b{number}" if as_joker else f"b{number}"


def run_value(rank):
    """A tile in a run, Romanian and Rummy Meld: ace 5 low, 10 high; 2-9 5; 10-13 10."""
    if rank == 1:
        return 5
    if rank == 14:
        return 10
    return 5 if rank <= 9 else 10


@FAST
@given(splits())
def test_a_split_never_takes_an_end_or_a_joker_and_take_plus_owed_is_the_added_value(case):
    variant_id, lying_text, added_text, lying, added, joker = case
    # An added ace that could lie at either end (b2...b13 plus b1) is said where it
    # lies, as the command line's --ace says it; where only one end fits it changes nothing.
    ace = "high" if 14 in added else "low"
    result = split_run(
        parse_tiles(lying_text), parse_tiles(added_text), preset(variant_id), ace=ace
    )
    ranks = sorted(lying + added)
    take = [str(t) for t in result.take]
    remains = [str(t) for t in result.remains]
    # Never a joker, never an end: the new ends are what remains first and last.
    assert not any(t.joker for t in result.take)
    assert remains[0] == token(ranks[0], ranks[0] == joker)
    assert remains[-1] == token(ranks[-1], ranks[-1] == joker)
    # Every tile is either taken or still lying.
    assert sorted(take + remains) == sorted(lying_text.split() + added_text.split())
    # What was added is taken or owed, to the point.
    added_value = sum(run_value(r) for r in added)
    taken_value = sum(5 if t.number <= 9 else 10 for t in result.take)
    assert result.owed >= 0
    assert taken_value + result.owed == added_value == result.added_value
