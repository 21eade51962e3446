"""Copies of a tile in a hand: a box of tiles holds two of each, and two jokers (RULES.md,
"Checks every hand must pass"); a refusal names where the copies lie."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter, eq

from .errors import InvalidHand
from .record import HandRecord, PlayerHand
from .words import Listed, Words, and_list, counted, words

_key = attrgetter("key")


def check_copies(hand: HandRecord) -> None:
    """No more than two of any tile and two jokers across racks, table, credited
    jokers, jokers used going out all at once and a joker discarded to go out.
    Counted first; the places are named only for a refusal."""
    keys: list[str] = []
    jokers = 0
    for p in hand.players:
        if p.rack:
            keys.extend(map(_key, p.rack))
        if p.melded_tiles:
            keys.extend(_key(t) for t, _ in p.melded_tiles)
        jokers += p.rack_jokers + p.credited_jokers + (p.finish == "joker_discard")
        if p.all_at_once:
            jokers += _laid_at_once(p, hand)
    for tm in hand.melds:
        keys.extend(map(_key, tm.meld.tiles))
    if _at_most_two(keys, jokers):
        return
    counts = Counter(keys)
    if jokers:
        counts["j"] += jokers
    key, count = next((k, c) for k, c in counts.items() if c > 2)
    _refuse_copies(hand, key, count)


def _at_most_two(keys: list[str], jokers: int) -> bool:
    """Whether no tile is there three times, jokers counted with those not shown as
    tiles. Sorted, a tile there three times lies three in a row: it equals the key
    two places on (quicker than counting every key, and most hands pass)."""
    in_order = sorted(keys)
    return keys.count("j") + jokers <= 2 and not any(map(eq, in_order, in_order[2:]))


def _laid_at_once(p: PlayerHand, hand: HandRecord) -> int:
    """Jokers declared used going out all at once that no meld or count shows."""
    if not p.all_at_once or hand.melds:
        return 0  # with the table given, its melds show every joker laid
    return max(0, p.jokers_used - p.counted_jokers)


# A refusal names at most this many places a tile lies; a rack typed with r5 forty times is
# one place, named once.
NAMED_PLACES = 3


def _refuse_copies(hand: HandRecord, key: str, count: int) -> None:
    """Refuse too many copies of `key`, naming where they lie (RULES.md, "Checks every hand
    must pass": the refusal names the players and the tile): each place once, a few at most."""
    places = _places(hand, key)
    _, player, meld, field = places[-1]
    listed = _some_places(list(dict.fromkeys(w for w, *_ in places)))
    if key == "j":
        detail = words(
            "{count} jokers in this hand ({listed}); a box of tiles holds only two",
            count=count,
            listed=listed,
        )
    else:
        detail = words(
            "{count} copies of {key} in this hand ({listed}); a box of tiles holds "
            "only two of each tile",
            count=count,
            key=key,
            listed=listed,
        )
    raise InvalidHand(
        detail, player=player, field=field, meld=meld, tile=None if key == "j" else key
    )


def _some_places(distinct: list[Words]) -> Listed:
    """The first few places, and how many more there are, as one list."""
    named: list[Words] = distinct[:NAMED_PLACES]
    more = len(distinct) - NAMED_PLACES
    if more > 0:
        named.append(counted("{n} other place", "{n} other places", n=more))
    return and_list(named)


def _places(hand: HandRecord, key: str) -> list[tuple[Words, str, int | None, str | None]]:
    """Every place a copy of `key` lies: in words, whose, which meld, which field."""
    places: list[tuple[Words, str, int | None, str | None]] = []
    for p in hand.players:
        places += [
            (words("{name}'s rack", name=p.name), p.name, None, "rack")
            for t in p.rack or ()
            if t.key == key
        ]
        places += [
            (words("{name}'s melded tiles", name=p.name), p.name, None, "melded_tiles")
            for t, _ in p.melded_tiles or ()
            if t.key == key
        ]
        if key == "j":
            places += [
                (words("{name}'s rack", name=p.name), p.name, None, "rack_jokers")
            ] * p.rack_jokers
            places += [
                (words("{name}'s jokers credited", name=p.name), p.name, None, "credited_jokers")
            ] * p.credited_jokers
            places += [
                (
                    words("{name}'s jokers used all at once", name=p.name),
                    p.name,
                    None,
                    "jokers_used",
                )
            ] * _laid_at_once(p, hand)
            if p.finish == "joker_discard":
                places.append((words("{name}'s last discard", name=p.name), p.name, None, "finish"))
    for i, tm in enumerate(hand.melds):
        places += [
            (words("meld {meld} by {who}", meld=i + 1, who=who), who, i, None)
            for t, who in zip(tm.meld.tiles, tm.by, strict=True)
            if t.key == key
        ]
    return places
