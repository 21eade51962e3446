"""The hand record: reading the JSON hand format and every check a hand must pass."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from .errors import InvalidHand, InvalidMeld, InvalidTile, InvalidVariant
from .melds import HIGH_RUN, IN_SET, LOW_RUN, Meld, check_meld, end_values, number_value
from .tiles import Tile, format_tiles, parse_tile, parse_tiles
from .variants import FINISHES, Variant, preset, variant_from_dict

DECLARATIONS = ("exposed_twin", "left_table")
PLAYER_FIELDS = {
    "name", "went_out", "finish", "all_at_once", "jokers_used", "rack", "rack_points",
    "rack_jokers", "swapped_jokers", "melded_points", "melded_tiles", "credited_jokers",
    "declared",
}
HAND_FIELDS = {"variant", "players", "melds"}
ACE_PLACES = {"low": LOW_RUN, "high": HIGH_RUN, "set": IN_SET}
_ACE_PLACE = re.compile(r"^(.+)/(low|high|set)$", re.IGNORECASE)


@dataclass(frozen=True)
class PlayerHand:
    """One player's part of a hand record."""

    name: str
    went_out: bool = False
    finish: str | None = None
    all_at_once: bool = False
    jokers_used: int = 0
    rack: tuple[Tile, ...] | None = None
    rack_points: int | None = None
    rack_jokers: int = 0
    swapped_jokers: int = 0
    melded_points: int | None = None
    melded_tiles: tuple[tuple[Tile, str | None], ...] | None = None
    credited_jokers: int = 0
    declared: tuple[str, ...] = ()

    @property
    def jokers_on_rack(self) -> int:
        """Jokers left on the rack, however the rack was given."""
        if self.rack is not None:
            return sum(t.joker for t in self.rack)
        return self.rack_jokers

    @property
    def has_tiles_left(self) -> bool:
        """Whether anything is left on the rack."""
        if self.rack is not None:
            return bool(self.rack)
        return bool(self.rack_points) or bool(self.rack_jokers)

    @property
    def counts_melds(self) -> bool:
        """Whether the melded value is given as a count rather than by the table."""
        return (self.melded_points is not None or self.melded_tiles is not None
                or bool(self.credited_jokers))


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table at the end of the hand, and who supplied each tile."""

    meld: Meld
    by: tuple[str, ...]


@dataclass(frozen=True)
class HandRecord:
    """A checked hand, ready to score."""

    variant: Variant
    players: tuple[PlayerHand, ...]
    melds: tuple[TableMeld, ...] = ()

    @property
    def names(self) -> list[str]:
        """The players in seat order."""
        return [p.name for p in self.players]

    @property
    def went_out(self) -> PlayerHand | None:
        """The player who ended the hand, if anyone did."""
        return next((p for p in self.players if p.went_out), None)


# --- Reading ----------------------------------------------------------------


def read_variant(value: Any) -> Variant:
    """A preset id or a full variant object, as a hand or series names it."""
    if isinstance(value, str):
        return preset(value)
    if isinstance(value, dict):
        return variant_from_dict(value)
    raise InvalidVariant("'variant' must be a preset id or a variant object")


def read_hand(data: Any, variant: Variant | None = None,
              players: list[str] | None = None) -> HandRecord:
    """Check a hand in the JSON format and return the record, or raise InvalidHand.

    `variant` and `players` come from the series when the hand is part of one.
    """
    if not isinstance(data, dict):
        raise InvalidHand("a hand must be a JSON object")
    _no_unknown(data, HAND_FIELDS, "hand")
    if variant is None:
        if "variant" not in data:
            raise InvalidHand("the hand needs a 'variant' (a preset id)")
        try:
            variant = read_variant(data["variant"])
        except InvalidVariant as error:
            raise InvalidHand(str(error), "variant") from None
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise InvalidHand("'players' must be a list with one entry per player in seat order")
    hand_players = tuple(_read_player(raw, i, variant) for i, raw in enumerate(raw_players))
    names = [p.name for p in hand_players]
    _check_names(names, variant, players)
    melds = _read_melds(data.get("melds"), names, variant)
    record = HandRecord(variant, hand_players, melds)
    check_hand(record)
    return record


def _no_unknown(data: dict, known: set[str], where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidHand(f"unknown field '{unknown[0]}'", where)


def _check_names(names: list[str], v: Variant, series_players: list[str] | None) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise InvalidHand("the name appears twice in this hand", f"player {name}")
        seen.add(name.casefold())
    if not v.min_players <= len(names) <= v.max_players:
        raise InvalidHand(
            f"{v.name} is played by {v.min_players} to {v.max_players} players, not {len(names)}"
        )
    if series_players is not None and names != list(series_players):
        raise InvalidHand(
            f"the hand's players ({', '.join(names)}) must be the series' players in seat "
            f"order ({', '.join(series_players)})"
        )


def _int(raw: dict, field: str, where: str, default: int | None, high: int = 10_000) -> int | None:
    value = raw.get(field, default)
    if value is None and default is None:
        # Only a field without a default may be left empty: an explicit null for
        # a count (swapped_jokers, jokers_used, ...) is bad input, not zero.
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise InvalidHand(f"{field} must be a whole number from 0 to {high}", where)
    return value


def _bool(raw: dict, field: str, where: str) -> bool:
    value = raw.get(field, False)
    if not isinstance(value, bool):
        raise InvalidHand(f"{field} must be true or false", where)
    return value


def _read_player(raw: Any, index: int, v: Variant) -> PlayerHand:
    where = f"player {index + 1}"
    if not isinstance(raw, dict):
        raise InvalidHand("each player must be a JSON object with a name", where)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidHand("a player needs a name", where)
    name = name.strip()
    where = f"player {name}"
    _no_unknown(raw, PLAYER_FIELDS, where)
    if "rack" in raw and ("rack_points" in raw or "rack_jokers" in raw):
        raise InvalidHand("give the rack as tiles or as rack_points, not both", where)
    rack = None
    if "rack" in raw:
        if not isinstance(raw["rack"], str):
            raise InvalidHand("rack must be tiles written as text, e.g. \"r12 k3 j\"", where)
        try:
            rack = tuple(parse_tiles(raw["rack"], in_meld=False))
        except InvalidTile as error:
            raise InvalidHand(str(error), f"{where}, rack") from None
    went_out = _bool(raw, "went_out", where)
    finish = raw.get("finish")
    if finish is not None and finish not in FINISHES:
        raise InvalidHand(f"'{finish}' is not a way to go out ({', '.join(FINISHES)})",
                          f"{where}, finish")
    if finish is not None and not went_out:
        raise InvalidHand("finish is only for the player who went out", where)
    declared = raw.get("declared", [])
    if not isinstance(declared, list) or any(d not in DECLARATIONS for d in declared):
        raise InvalidHand(f"declared may hold {' and '.join(DECLARATIONS)}", where)
    if len(set(declared)) != len(declared):
        raise InvalidHand("a declaration is listed twice", where)
    melded_tiles = None
    if "melded_tiles" in raw:
        melded_tiles = _read_loose_tiles(raw["melded_tiles"], v, f"{where}, melded_tiles")
    return PlayerHand(
        name=name,
        went_out=went_out,
        finish=(finish or v.finishes[0]) if went_out else None,
        all_at_once=_bool(raw, "all_at_once", where),
        jokers_used=_int(raw, "jokers_used", where, 0, high=2),
        rack=rack,
        rack_points=_int(raw, "rack_points", where, None),
        rack_jokers=_int(raw, "rack_jokers", where, 0, high=2),
        swapped_jokers=_int(raw, "swapped_jokers", where, 0, high=2),
        melded_points=_int(raw, "melded_points", where, None),
        melded_tiles=melded_tiles,
        credited_jokers=_int(raw, "credited_jokers", where, 0, high=2),
        declared=tuple(declared),
    )


def _read_loose_tiles(text: Any, v: Variant, where: str) -> tuple[tuple[Tile, str | None], ...]:
    """Melded tiles listed without their melds; an ace says where it lies
    (`b1/low`, `b1/high`, `b1/set`) when that changes its value."""
    if not isinstance(text, str):
        raise InvalidHand("melded_tiles must be tiles written as text", where)
    loose = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        place = None
        match = _ACE_PLACE.match(token)
        if match:
            token, place = match.group(1), ACE_PLACES[match.group(2).lower()]
        try:
            tile = parse_tile(token, in_meld=True)
        except InvalidTile as error:
            raise InvalidHand(str(error), where) from None
        if tile.joker and v.melded_joker_bonus is not None:
            raise InvalidHand(
                f"count jokers in credited_jokers, not among the melded tiles ('{token}')", where)
        if tile.joker and tile.as_number is None:
            raise InvalidHand(f"say which tile the joker stands for, e.g. j=r7 ('{token}')", where)
        if tile.face_number == 1 and place is None and _ace_depends_on_place(v):
            raise InvalidHand(
                f"say where the ace lies: {token}/low (low run), {token}/high (high run) "
                f"or {token}/set", where)
        loose.append((tile, place))
    return tuple(loose)


def _ace_depends_on_place(v: Variant) -> bool:
    return len({v.ace_low_run, v.ace_high_run, v.ace_set}) > 1


def loose_value(tile: Tile, place: str | None, v: Variant) -> int:
    """The melded value of a tile listed without its meld."""
    return number_value(tile.face_number, v, place or LOW_RUN)


def _read_melds(raw: Any, names: list[str], v: Variant) -> tuple[TableMeld, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidHand("'melds' must be a list of melds")
    melds = []
    for i, item in enumerate(raw):
        where = f"meld {i + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("tiles"), str):
            raise InvalidHand('a meld needs "tiles" written as text and "by"', where)
        _no_unknown(item, {"tiles", "by"}, where)
        try:
            tiles = parse_tiles(item["tiles"])
        except InvalidTile as error:
            # A refusal names the player as well as the tile (RULES.md, "Checks every
            # hand must pass"): the one who supplied the bad token, when "by" says.
            raise InvalidHand(str(error), _where_supplied(where, item, error.token)) from None
        by = _read_by(item.get("by"), len(tiles), names, where)
        who = ", ".join(dict.fromkeys(by))
        try:
            meld = check_meld(tiles, v)
        except InvalidMeld as error:
            raise InvalidHand(str(error), f"{where} ({format_tiles(tiles)}, by {who})") from None
        melds.append(TableMeld(meld, by))
    return tuple(melds)


def _where_supplied(where: str, item: dict, token: str) -> str:
    """`where` with the player who supplied `token`, as far as "by" tells."""
    by = item.get("by")
    tokens = [t for t in re.split(r"[\s,]+", item["tiles"].strip()) if t]
    if isinstance(by, list) and len(by) == len(tokens) and token in tokens:
        by = by[tokens.index(token)]
    return f"{where} (by {by})" if isinstance(by, str) else where


def _read_by(by: Any, count: int, names: list[str], where: str) -> tuple[str, ...]:
    if isinstance(by, str):
        by = [by] * count
    if not isinstance(by, list) or not all(isinstance(b, str) for b in by):
        raise InvalidHand('"by" must be one player\'s name or one name per tile', where)
    if len(by) != count:
        raise InvalidHand(f'"by" names {len(by)} players for {count} tiles', where)
    known = {n.casefold(): n for n in names}
    result = []
    for name in by:
        if name.strip().casefold() not in known:
            raise InvalidHand(f"'{name}' is not a player of this hand", f"{where}, by")
        result.append(known[name.strip().casefold()])
    return tuple(result)


# --- Checks every hand must pass ----------------------------------------------


def check_hand(hand: HandRecord) -> None:
    """Refuse a hand that cannot have happened or that the variant forbids."""
    v = hand.variant
    _check_copies(hand)
    out = [p for p in hand.players if p.went_out]
    if len(out) > 1:
        raise InvalidHand(f"{out[0].name} and {out[1].name} both went out; only one player "
                          "can end a hand")
    for p in hand.players:
        _check_player(p, v, bool(hand.melds))
    if sum("exposed_twin" in p.declared for p in hand.players) > 1:
        raise InvalidHand("only one player can hold the twin of the exposed tile")
    if out:
        _check_going_out(out[0], hand)
        _check_minimum_melded(out[0], hand)


def _check_minimum_melded(p: PlayerHand, hand: HandRecord) -> None:
    """Rummy Meld's minimum-points closing: going out needs enough melded points."""
    v = hand.variant
    if v.going_out_min_melded is None:
        return
    points, jokers, _ = melded_by_player(hand)
    melded = points[p.name] + jokers[p.name] * (v.melded_joker_bonus or 0)
    if melded < v.going_out_min_melded:
        raise InvalidHand(f"went out with {melded} melded points, but {v.name} needs at least "
                          f"{v.going_out_min_melded} to go out", f"player {p.name}")


def _check_player(p: PlayerHand, v: Variant, has_melds: bool) -> None:
    where = f"player {p.name}"
    if p.swapped_jokers > p.jokers_on_rack:
        raise InvalidHand(f"swapped_jokers ({p.swapped_jokers}) is more than the jokers on the "
                          f"rack ({p.jokers_on_rack})", where)
    if p.all_at_once and not p.went_out:
        raise InvalidHand("all_at_once is only for the player who went out", where)
    if p.jokers_used and not p.all_at_once:
        raise InvalidHand("jokers_used is only for a hand laid down all at once", where)
    if p.counts_melds:
        if v.scoring != "melded":
            raise InvalidHand(f"{v.name} scores only the racks: leave out melded points and "
                              "credited jokers", where)
        if has_melds:
            raise InvalidHand("give melded points or the table's melds, not both", where)
        if p.melded_points is not None and p.melded_tiles is not None:
            raise InvalidHand("give melded_points or melded_tiles, not both", where)
        if p.credited_jokers and v.melded_joker_bonus is None:
            raise InvalidHand(f"in {v.name} a melded joker counts the tile it stands for: "
                              "include it in the melded points", where)
    if "exposed_twin" in p.declared and v.exposed_twin_bonus is None:
        raise InvalidHand(f"{v.name} has no bonus for the twin of the exposed tile", where)
    if "left_table" in p.declared:
        if v.left_table_penalty is None:
            raise InvalidHand(f"{v.name} has no rule for a player who leaves the table", where)
        if p.went_out:
            raise InvalidHand("a player who left the table cannot have gone out", where)


def _check_going_out(p: PlayerHand, hand: HandRecord) -> None:
    v, where = hand.variant, f"player {p.name}"
    if p.has_tiles_left:
        left = format_tiles(p.rack) if p.rack is not None else f"{p.rack_points} points"
        raise InvalidHand(f"went out but still has tiles on the rack ({left})", where)
    if p.finish not in v.finishes:
        allowed = " or ".join(FINISH_WORDS[f] for f in v.finishes)
        raise InvalidHand(f"went out by {FINISH_WORDS[p.finish]}, but in {v.name} a player "
                          f"goes out by {allowed}", where)


FINISH_WORDS = {
    "discard": "discarding the last tile",
    "joker_discard": "discarding a joker as the last tile",
    "rack_empty": "emptying the rack",
}


def _check_copies(hand: HandRecord) -> None:
    """No more than two of any tile and two jokers across racks, table and discard."""
    places: dict[str, list[str]] = defaultdict(list)
    for p in hand.players:
        for t in p.rack or ():
            places[t.key].append(f"{p.name}'s rack")
        places["j"].extend([f"{p.name}'s rack"] * p.rack_jokers)
        places["j"].extend([f"{p.name}'s credited jokers"] * p.credited_jokers)
        for t, _ in p.melded_tiles or ():
            places[t.plain().key if not t.joker else "j"].append(f"{p.name}'s melded tiles")
        if p.finish == "joker_discard":
            places["j"].append(f"{p.name}'s last discard")
    for i, tm in enumerate(hand.melds):
        # Name who supplied each copy: a refusal names the player and the tile
        # (RULES.md, "Checks every hand must pass").
        for t, who in zip(tm.meld.tiles, tm.by, strict=True):
            places[t.plain().key].append(f"meld {i + 1} by {who}")
    for key, where in places.items():
        if len(where) > 2:
            tile = "jokers" if key == "j" else f"tile {key}"
            raise InvalidHand(f"{tile}: {len(where)} in this hand ({', '.join(where)}); "
                              "a set has only two")


# --- Melded value ------------------------------------------------------------


def melded_by_player(hand: HandRecord) -> tuple[dict[str, int], dict[str, int], dict[str, list]]:
    """Each player's melded value, credited jokers and the tiles behind it."""
    v = hand.variant
    points = {p.name: 0 for p in hand.players}
    jokers = {p.name: 0 for p in hand.players}
    tiles: dict[str, list] = {p.name: [] for p in hand.players}
    for tm in hand.melds:
        values = end_values(tm.meld, v)
        for tile, who, value in zip(tm.meld.tiles, tm.by, values, strict=True):
            if tile.joker and v.melded_joker_bonus is not None:
                jokers[who] += 1
            else:
                points[who] += value
                tiles[who].append(tile)
    for p in hand.players:
        if p.melded_points is not None:
            points[p.name] += p.melded_points
        for tile, place in p.melded_tiles or ():
            points[p.name] += loose_value(tile, place, v)
            tiles[p.name].append(tile)
        jokers[p.name] += p.credited_jokers
    return points, jokers, tiles
