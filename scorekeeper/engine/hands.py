"""The hand record: reading the JSON hand format (docs/hand-format.md) into a
checked `HandRecord`. The checks themselves are in `checks.py`."""

from __future__ import annotations

from typing import Any

from .ace_places import placed_tokens
from .checks import FIELD_WORDS, FINISH_WORDS, check_hand, player_problems
from .errors import InvalidHand, InvalidTile, InvalidVariant, refuse_together
from .hand_melds import read_melds
from .limits import RACK_TILES, SET_TILES
from .melded_value import loose_value, melded_by_player
from .names import (
    hidden_problem,
    lookalike_problem,
    name_key,
    name_problem,
    tidy_name,
)
from .record import DECLARATIONS, HandRecord, PlayerHand, TableMeld
from .tile_codes import TileCode
from .tiles import Tile, TooManyTiles, parse_tile, parse_tiles
from .variant_data import variant_from_dict
from .variants import FINISHES, Variant, check_player_count, preset
from .words import and_list, words

__all__ = [
    "FINISH_WORDS",
    "HandRecord",
    "PlayerHand",
    "TableMeld",
    "loose_value",
    "melded_by_player",
    "read_hand",
    "read_variant",
]

PLAYER_FIELDS = {"name", *FIELD_WORDS}
HAND_FIELDS = {"variant", "players", "melds"}


def read_variant(value: Any) -> Variant:
    """A preset id or a full variant object, as a hand or series names it."""
    if isinstance(value, str):
        return preset(value)
    if isinstance(value, dict):
        return variant_from_dict(value)
    raise InvalidVariant(words("the variant must be a preset id or a variant object"))


def read_hand(
    data: Any, variant: Variant | None = None, players: list[str] | None = None
) -> HandRecord:
    """Check a hand in the JSON format and return the record, or raise InvalidHand.

    `variant` and `players` come from the series when the hand is part of one.
    """
    if not isinstance(data, dict):
        raise InvalidHand(words("a hand must be a JSON object"))
    _no_unknown(data, HAND_FIELDS)
    if variant is None:
        if "variant" not in data:
            raise InvalidHand(words("the hand needs a variant (a preset id)"), field="variant")
        try:
            variant = read_variant(data["variant"])
        except InvalidVariant as error:
            raise InvalidHand(error.detail, field="variant") from None
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise InvalidHand(
            words("the players must be a list with one entry per player in seat order"),
            field="players",
        )
    # Counted before any entry is read: a list of thousands of players is refused at once.
    check_player_count(variant, len(raw_players), InvalidHand)
    hand_players = _read_players(raw_players, variant, has_melds=bool(data.get("melds")))
    names = [p.name for p in hand_players]
    _check_names(names, variant, players)
    if players is not None and names != list(players):
        # The series' players written another way ("ștefan" for "Ștefan"): the hand
        # keeps the names as the series spells them, so its scores are theirs.
        hand_players = tuple(
            p._replace(name=seated) for p, seated in zip(hand_players, players, strict=True)
        )
        names = list(players)
    melds = read_melds(data.get("melds"), names, variant)
    hand_players = _with_jokers_used(hand_players, raw_players, melds)
    record = HandRecord(variant, hand_players, melds)
    check_hand(record)
    return record


def read_player(raw: Any, v: Variant) -> PlayerHand:
    """One player's part of a hand on its own (a rack counted on the player's phone),
    read as a hand reads it; raise InvalidHand."""
    return _read_player(raw, 0, v)


def _read_players(raw_players: list[Any], v: Variant, has_melds: bool) -> tuple[PlayerHand, ...]:
    """Each player's entry, read on its own: when one cannot be read, the refusal
    carries what is wrong with every entry, in seat order, not just the first."""
    read: list[PlayerHand | InvalidHand] = []
    for i, raw in enumerate(raw_players):
        try:
            read.append(_read_player(raw, i, v))
        except InvalidHand as error:
            read.append(error)
    readable = tuple(p for p in read if isinstance(p, PlayerHand))
    if len(readable) < len(read):
        refuse_together(
            [
                found
                for p in read
                for found in (
                    p.problems if isinstance(p, InvalidHand) else player_problems(p, v, has_melds)
                )
            ]
        )
    return readable


def _no_unknown(data: dict[str, Any], known: set[str], **about: Any) -> None:
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        raise InvalidHand(words("unknown field '{unknown}'", unknown=unknown[0][:40]), **about)


def _check_names(names: list[str], v: Variant, series_players: list[str] | None) -> None:
    keys = [name_key(name) for name in names]
    for seat, key in enumerate(keys):
        if key in keys[:seat]:
            raise InvalidHand(
                words("the name appears twice in this hand"), player=names[seat], field="name"
            )
        problem = lookalike_problem(names[seat], names[:seat]) or (
            hidden_problem(names[seat]) if series_players is None else None
        )
        if problem:
            raise InvalidHand(problem, player=names[seat], field="name")
    check_player_count(v, len(names), InvalidHand)
    if (
        series_players is not None
        and names != list(series_players)
        and keys != [name_key(name) for name in series_players]
    ):
        raise InvalidHand(
            words(
                "the hand's players ({players}) must be the series' players in seat order "
                "({seated})",
                players=and_list(names),
                seated=and_list(series_players),
            ),
            field="players",
        )


# Counts a player entry may give, with their highest value. A null is allowed only
# for the two without a default (rack points, melded points): an explicit null for a
# count such as swapped jokers or jokers used is bad input, not zero.
COUNTS = {
    "jokers_used": 2,
    "rack_jokers": 2,
    "swapped_jokers": 2,
    "credited_jokers": 2,
    "rack_points": 10_000,
    "melded_points": 10_000,
}
NULLABLE = {"rack_points", "melded_points"}
FLAGS = {"went_out", "all_at_once"}


def _count(value: Any, field: str, name: str) -> int | None:
    if value is None and field in NULLABLE:
        return None
    high = COUNTS[field]
    if type(value) is not int or not 0 <= value <= high:
        raise InvalidHand(
            words(
                "{what} must be a whole number from 0 to {high}", what=FIELD_WORDS[field], high=high
            ),
            player=name,
            field=field,
        )
    return value


def _flag(value: Any, field: str, name: str) -> bool:
    if value is not True and value is not False:
        raise InvalidHand(
            words("{what} must be true or false", what=FIELD_WORDS[field]), player=name, field=field
        )
    return value


def _read_player(raw: Any, index: int, v: Variant) -> PlayerHand:
    if not isinstance(raw, dict):
        raise InvalidHand(words("each player must be a JSON object with a name"), seat=index)
    name = _read_name(raw.get("name"), index)
    if not raw.keys() <= PLAYER_FIELDS:
        _no_unknown(raw, PLAYER_FIELDS, player=name)
    # Only the fields given are read (most entries give two or three); the rest
    # keep the defaults of PlayerHand.
    given: dict[str, Any] = {}
    for field, value in raw.items():
        if field in COUNTS:
            given[field] = _count(value, field, name)
        elif field in FLAGS:
            given[field] = _flag(value, field, name)
    if "rack" in raw:
        given["rack"] = _read_rack(raw, name)
    if "melded_tiles" in raw:
        given["melded_tiles"] = _read_loose_tiles(raw["melded_tiles"], v, name)
    if "declared" in raw:
        given["declared"] = _read_declared(raw, name)
    if "finish" in raw or given.get("went_out"):
        given["finish"] = _read_finish(raw, name, given.get("went_out", False), v)
    return PlayerHand(name=name, **given)


def _read_name(value: Any, index: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidHand(words("a player needs a name"), seat=index, field="name")
    name = tidy_name(value)  # name_problem answers a plain ASCII name at once
    if problem := name_problem(name, hidden_ok=True):  # checked in _check_names
        raise InvalidHand(problem, seat=index, field="name")
    return name


def _read_rack(raw: dict[str, Any], name: str) -> tuple[Tile, ...] | None:
    if "rack" not in raw:
        return None
    if "rack_points" in raw or "rack_jokers" in raw:
        raise InvalidHand(
            words("give the rack as tiles or as rack points, not both"), player=name, field="rack"
        )
    if not isinstance(raw["rack"], str):
        raise InvalidHand(
            words('the rack must be tiles written as text, e.g. "r12 k3 j"'),
            player=name,
            field="rack",
        )
    try:
        return tuple(parse_tiles(raw["rack"], in_meld=False, most=RACK_TILES))
    except InvalidTile as error:
        raise InvalidHand(error.detail, player=name, field="rack", tile=error.tile) from None


def _read_finish(raw: dict[str, Any], name: str, went_out: bool, v: Variant) -> str | None:
    finish = raw.get("finish")
    if finish is not None and finish not in FINISHES:
        shown = finish if isinstance(finish, str) else "that"
        raise InvalidHand(
            words(
                "'{shown}' is not a way to go out ({ways})", shown=shown, ways=", ".join(FINISHES)
            ),
            player=name,
            field="finish",
        )
    if finish is not None and not went_out:
        raise InvalidHand(
            words("finish is only for the player who went out"), player=name, field="finish"
        )
    return (finish or v.finishes[0]) if went_out else None


def _read_declared(raw: dict[str, Any], name: str) -> tuple[str, ...]:
    declared = raw.get("declared", [])
    if not isinstance(declared, list) or any(d not in DECLARATIONS for d in declared):
        raise InvalidHand(
            words("declared may hold {allowed}", allowed=and_list(DECLARATIONS)),
            player=name,
            field="declared",
        )
    if len(set(declared)) != len(declared):
        raise InvalidHand(words("a declaration is listed twice"), player=name, field="declared")
    return tuple(declared)


def _read_loose_tiles(text: Any, v: Variant, name: str) -> tuple[tuple[Tile, str | None], ...]:
    """Melded tiles listed without their melds; an ace says where it lies
    (`b1/low`, `b1/high`, `b1/set`) when that changes its value."""
    about: dict[str, Any] = {"player": name, "field": "melded_tiles"}
    if not isinstance(text, str):
        raise InvalidHand(words("melded tiles must be tiles written as text"), **about)
    try:
        written = placed_tokens(text, SET_TILES)
    except TooManyTiles as error:
        raise InvalidHand(error.detail, **about) from None
    loose = []
    for token, place in written:
        try:
            tile = parse_tile(token, in_meld=True)
        except InvalidTile as error:
            raise InvalidHand(error.detail, tile=error.tile, **about) from None
        if tile.joker and v.melded_joker_bonus is not None:
            raise InvalidHand(
                words(
                    "count jokers as jokers credited, not among the melded tiles ('{token}')",
                    token=TileCode(token),
                ),
                tile=token,
                **about,
            )
        if tile.joker and tile.as_number is None:
            raise InvalidHand(
                words(
                    "say which tile the joker stands for, e.g. {example} ('{token}')",
                    example=TileCode("j=r7"),
                    token=TileCode(token),
                ),
                tile=token,
                **about,
            )
        if tile.face_number == 1 and place is None and v.ace_place_matters:
            raise InvalidHand(
                words(
                    "say where the ace lies: {token}/low (low run), {token}/high (high run) "
                    "or {token}/set",
                    token=TileCode(token),
                ),
                tile=token,
                **about,
            )
        loose.append((tile, place))
    return tuple(loose)


def _with_jokers_used(
    players: tuple[PlayerHand, ...], raw_players: list[Any], melds: tuple[TableMeld, ...]
) -> tuple[PlayerHand, ...]:
    """The jokers used going out all at once (Tile Rummy's bonus depends on them),
    taken from what the hand shows when not given: the melds when the table is
    given, else the jokers credited and listed. A count the hand contradicts is
    refused: with the table given it shows every joker laid; in count mode the
    player used at least the jokers shown (one swapped in may be credited elsewhere)."""
    result = []
    for p, raw in zip(players, raw_players, strict=True):
        if p.all_at_once:
            p = _jokers_used_checked(p, "jokers_used" in raw, melds)
        result.append(p)
    return tuple(result)


def _jokers_used_checked(p: PlayerHand, given: bool, melds: tuple[TableMeld, ...]) -> PlayerHand:
    if melds:
        shown = sum(
            t.joker
            for tm in melds
            for t, who in zip(tm.meld.tiles, tm.by, strict=True)
            if who == p.name
        )
        wrong = given and p.jokers_used != shown
    else:
        shown = p.counted_jokers
        wrong = given and p.jokers_used < shown
    if wrong:
        values = {"used": p.jokers_used, "shown": shown, "player": p.name}
        said = (
            words("{used} jokers used, but the melds show {shown} laid by {player}", **values)
            if melds
            else words("{used} jokers used, but the hand shows {shown} laid by {player}", **values)
        )
        raise InvalidHand(said, player=p.name, field="jokers_used")
    return p if given else p._replace(jokers_used=shown)
