"""Every check a hand must pass (RULES.md, "Checks every hand must pass"); the copies of
each tile are counted in `hand_copies.py`, and what each player melded in `melded_value.py`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import InvalidHand, refuse_together
from .hand_copies import check_copies
from .melded_value import melded_by_player
from .record import HandRecord, PlayerHand
from .tiles import format_tiles
from .variants import Variant
from .words import Listed, Words, and_list, counted, or_list, words

FINISH_WORDS = {
    "discard": words("discarding the last tile"),
    "joker_discard": words("discarding a joker as the last tile"),
    "rack_empty": words("emptying the rack"),
}

# The hand format's player fields in the players' words, for messages.
FIELD_WORDS = {
    "went_out": words("went out"),
    "finish": "finish",
    "all_at_once": words("all at once"),
    "jokers_used": words("jokers used"),
    "rack": "rack",
    "rack_points": words("rack points"),
    "rack_jokers": words("jokers on the rack"),
    "swapped_jokers": words("swapped jokers"),
    "melded_points": words("melded points"),
    "melded_tiles": words("melded tiles"),
    "credited_jokers": words("jokers credited"),
    "declared": "declared",
}


# Where the tiles are drawn from, in each source's own word, for the end of a hand that
# nobody went out of: Romanian tile rummy draws from the wall (seeds/000, "the wall"),
# Rummy Meld from the draw pile (seeds/004), the others from the pool (seeds/001-003).
_DRAWN_FROM = {"romanian": words("the wall"), "rummy-meld": words("the draw pile")}
# Kept apart from the call below: a marked message inside another's arguments is not found
# by the catalogue's extractor.
_POOL = words("the pool")


def nobody_out_words(v: Variant) -> Words:
    """The choice "nobody went out" in the variant's own words."""
    return words("Nobody: {pile} ran out", pile=_DRAWN_FROM.get(v.source, _POOL))


def has_rule(v: Variant, field: str) -> bool:
    """Whether the variant has a rule that uses this player field of the hand
    format; a field it has no rule for is refused (docs/hand-format.md)."""
    if field in ("all_at_once", "jokers_used"):
        return v.all_at_once_bonus is not None
    if field == "swapped_jokers":
        return v.swapped_joker_rack is not None
    if field in ("melded_points", "melded_tiles"):
        return v.scoring == "melded"
    if field == "credited_jokers":
        return v.scoring == "melded" and v.melded_joker_bonus is not None
    return field in FIELD_WORDS or field == "name"


def player_fields(v: Variant) -> frozenset[str]:
    """The player fields of the hand format this variant has a rule for (a form
    shows only these)."""
    return frozenset(f for f in ("name", *FIELD_WORDS) if has_rule(v, f))


def check_hand(hand: HandRecord) -> None:
    """Refuse a hand that cannot have happened or that the variant forbids, with every
    problem found at once: each player's part is checked on its own."""
    v, has_melds = hand.variant, bool(hand.melds)
    try:
        # Most hands pass: check straight through, and gather the problems one by
        # one only when something is wrong.
        _check_whole_hand(hand)
        for p in hand.players:
            _check_player(p, v, has_melds)
            _check_rack_given(p)
    except InvalidHand:
        problems = _attempt(_check_whole_hand, hand)
        problems += [found for p in hand.players for found in player_problems(p, v, has_melds)]
        refuse_together(problems)


def player_problems(p: PlayerHand, v: Variant, has_melds: bool) -> list[InvalidHand]:
    """What is wrong with one player's part of a hand, each as its own refusal."""
    return _attempt(_check_player, p, v, has_melds) + _attempt(_check_rack_given, p)


def _attempt(check: Callable[..., None], *args: Any) -> list[InvalidHand]:
    """The refusal a check raises, as a list (empty when it passes)."""
    try:
        check(*args)
    except InvalidHand as error:
        return error.problems
    return []


def _check_rack_given(p: PlayerHand) -> None:
    """Every player who did not go out (and did not leave the table) still holds at
    least one tile, so an empty rack is a forgotten entry (RULES.md, "Checks every hand
    must pass")."""
    if p.went_out or p.has_tiles_left or "left_table" in p.declared:
        return
    field = "rack_points" if p.rack is None and p.rack_points is not None else "rack"
    raise InvalidHand(
        words(
            "nothing is left on the rack: enter the tiles or the points left on "
            "it (only the player who went out has an empty rack)"
        ),
        player=p.name,
        field=field,
    )


def _check_whole_hand(hand: HandRecord) -> None:
    check_copies(hand)
    out = [p for p in hand.players if p.went_out]
    if len(out) > 1:
        raise InvalidHand(
            words(
                "{first} and {second} both went out; only one player can end a hand",
                first=out[0].name,
                second=out[1].name,
            ),
            player=out[1].name,
            field="went_out",
        )
    twins = [p for p in hand.players if "exposed_twin" in p.declared]
    if len(twins) > 1:
        raise InvalidHand(
            words("only one player can hold the twin of the exposed tile"),
            player=twins[1].name,
            field="declared",
        )
    if out:
        _check_going_out(out[0], hand)
        _check_minimum_melded(out[0], hand)
        if out[0].all_at_once:
            _check_all_at_once(out[0], hand)


def _check_minimum_melded(p: PlayerHand, hand: HandRecord) -> None:
    """Rummy Meld's minimum-points closing: going out needs enough melded points."""
    v = hand.variant
    if v.going_out_min_melded is None:
        return
    points, jokers, _ = melded_by_player(hand)
    melded = points[p.name] + jokers[p.name] * (v.melded_joker_bonus or 0)
    if melded < v.going_out_min_melded:
        raise InvalidHand(
            words(
                "{player} went out with {melded} melded points, but {variant} needs "
                "at least {least} to go out",
                player=p.name,
                melded=melded,
                variant=v.name,
                least=v.going_out_min_melded,
            ),
            player=p.name,
            field="went_out",
        )


def _check_all_at_once(p: PlayerHand, hand: HandRecord) -> None:
    """The whole hand laid down in the turn of the opening: an opening comes from
    the player's own rack, so none of their tiles joins another player's meld
    (Romanian tile rummy, going out all at once; the same holds for every opening)."""
    for i, tm in enumerate(hand.melds):
        if p.name not in tm.by:
            continue
        others = [
            who
            for t, who in zip(tm.meld.tiles, tm.by, strict=True)
            if who != p.name and not t.joker
        ]
        if others:
            raise InvalidHand(
                words(
                    "{player} went out all at once but added to {others}'s meld ({meld}): "
                    "in the turn of the opening a player lays only melds of their own",
                    player=p.name,
                    others=others[0],
                    meld=tm.meld,
                ),
                player=p.name,
                field="all_at_once",
                meld=i,
            )


def _check_player(p: PlayerHand, v: Variant, has_melds: bool) -> None:
    _check_fields_have_rules(p, v)
    if p.swapped_jokers and p.swapped_jokers > p.jokers_on_rack:
        raise InvalidHand(
            words(
                "{swapped} swapped jokers, but only {on_rack} on the rack",
                swapped=p.swapped_jokers,
                on_rack=p.jokers_on_rack,
            ),
            player=p.name,
            field="swapped_jokers",
        )
    if p.all_at_once and not p.went_out:
        raise InvalidHand(
            words("all at once is only for the player who went out"),
            player=p.name,
            field="all_at_once",
        )
    if p.jokers_used and not p.all_at_once:
        raise InvalidHand(
            words("jokers used is only for a hand laid down all at once"),
            player=p.name,
            field="jokers_used",
        )
    if p.counts_melds:
        if has_melds:
            raise InvalidHand(
                words("give melded points or the table's melds, not both"),
                player=p.name,
                field="melded_points",
            )
        if p.melded_points is not None and p.melded_tiles is not None:
            raise InvalidHand(
                words("give melded points or melded tiles, not both"),
                player=p.name,
                field="melded_tiles",
            )
    if "left_table" in p.declared and p.went_out:
        raise InvalidHand(
            words("a player who left the table cannot have gone out"),
            player=p.name,
            field="declared",
        )


def _check_fields_have_rules(p: PlayerHand, v: Variant) -> None:
    """Refuse a field given a value the variant has no rule for (docs/hand-format.md)."""

    def refuse(field: str, message: Words | str) -> None:
        raise InvalidHand(message, player=p.name, field=field)

    if p.counts_melds and v.scoring != "melded":
        field = (
            "melded_points"
            if p.melded_points is not None
            else ("melded_tiles" if p.melded_tiles is not None else "credited_jokers")
        )
        refuse(
            field,
            words(
                "{name} scores only the racks: leave out melded points and jokers credited",
                name=v.name,
            ),
        )
    if p.credited_jokers and not has_rule(v, "credited_jokers"):
        refuse(
            "credited_jokers",
            words(
                "in {name} a melded joker counts the tile it stands "
                "for: include it in the melded points",
                name=v.name,
            ),
        )
    if p.all_at_once and not has_rule(v, "all_at_once"):
        refuse("all_at_once", words("{name} has no rule for going out all at once", name=v.name))
    if p.jokers_used and not has_rule(v, "jokers_used"):
        refuse(
            "jokers_used", words("{name} has no bonus that depends on the jokers used", name=v.name)
        )
    if p.swapped_jokers and not has_rule(v, "swapped_jokers"):
        refuse(
            "swapped_jokers",
            words(
                "in {name} a joker taken by a swap costs the same as any "
                "other: leave out swapped jokers",
                name=v.name,
            ),
        )
    if "exposed_twin" in p.declared and v.exposed_twin_bonus is None:
        refuse(
            "declared", words("{name} has no bonus for the twin of the exposed tile", name=v.name)
        )
    if "left_table" in p.declared and v.left_table_penalty is None:
        refuse(
            "declared", words("{name} has no rule for a player who leaves the table", name=v.name)
        )


def _check_going_out(p: PlayerHand, hand: HandRecord) -> None:
    v = hand.variant
    if p.has_tiles_left:
        raise InvalidHand(
            words("went out but still has tiles on the rack ({rack})", rack=rack_words(p)),
            player=p.name,
            field="rack" if p.rack is not None else "rack_points",
        )
    if p.finish not in v.finishes:
        allowed = or_list([FINISH_WORDS[f] for f in v.finishes])
        raise InvalidHand(
            words(
                "{player} went out by {how}, but in {variant} a player goes out by {allowed}",
                player=p.name,
                how=FINISH_WORDS[p.finish or ""],
                variant=v.name,
                allowed=allowed,
            ),
            player=p.name,
            field="finish",
        )


def rack_words(p: PlayerHand) -> Words | Listed | str:
    """What is on a player's rack, in words: its tiles, or its points and jokers."""
    if p.rack is not None:
        return format_tiles(p.rack) or words("nothing")
    parts = [words("{points} points", points=p.rack_points)] if p.rack_points else []
    if p.rack_jokers:
        parts.append(counted("{n} joker", "{n} jokers", n=p.rack_jokers))
    return and_list(parts) if parts else words("nothing")
