"""A hand's melds as the hand format gives them (docs/hand-format.md, "melds"): each meld's
tiles, checked under the variant, and who laid each tile."""

from __future__ import annotations

from typing import Any

from .errors import InvalidHand, InvalidMeld, InvalidTile
from .limits import MELD_TILES, SET_TILES, TABLE_MELDS
from .melds import Meld, check_meld
from .names import name_key, tidy_name
from .record import TableMeld
from .tiles import TooManyTiles, format_tiles, parse_tiles, tokens
from .variants import Variant
from .words import and_list, words


def read_melds(raw: Any, names: list[str], v: Variant) -> tuple[TableMeld, ...]:
    """The hand's melds, each with who laid each tile, checked under the variant; the
    players are named as `names` (the hand's) spell them. Raise InvalidHand."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise InvalidHand(words("the melds must be a list of melds"), field="melds")
    if len(raw) > TABLE_MELDS:
        raise InvalidHand(
            words(
                "{count} melds: a table holds at most {most}, since each meld "
                "has at least three of the {tiles} tiles in the box",
                count=len(raw),
                most=TABLE_MELDS,
                tiles=SET_TILES,
            ),
            field="melds",
        )
    known = {name_key(n): n for n in names}
    return tuple(_read_meld(item, i, known, v) for i, item in enumerate(raw))


def _read_meld(item: Any, index: int, known: dict[str, str], v: Variant) -> TableMeld:
    if not isinstance(item, dict) or not isinstance(item.get("tiles"), str):
        raise InvalidHand(words('a meld needs "tiles" written as text and "by"'), meld=index)
    if not item.keys() <= MELD_FIELDS:
        unknown = sorted(str(k) for k in set(item) - MELD_FIELDS)
        raise InvalidHand(words("unknown field '{unknown}'", unknown=unknown[0][:40]), meld=index)
    checked = _checked_melds(v).get(item["tiles"])
    if checked is not None:
        return TableMeld(checked, _read_by(item.get("by"), len(checked.tiles), known, index))
    try:
        tiles = parse_tiles(item["tiles"], most=MELD_TILES)
    except TooManyTiles as error:
        raise InvalidHand(error.detail, meld=index, field="tiles") from None
    except InvalidTile as error:
        # A refusal names the player as well as the tile (RULES.md, "Checks every
        # hand must pass"): the one who supplied the bad token, when "by" says.
        raise InvalidHand(
            error.detail, meld=index, tile=error.tile, player=_supplier(item, error.tile or "")
        ) from None
    by = _read_by(item.get("by"), len(tiles), known, index)
    try:
        meld = check_meld(tiles, v)
    except InvalidMeld as error:
        who = list(dict.fromkeys(by))
        if len(who) > 1:
            said = words(
                "{tiles}, laid by {players}: {why}",
                tiles=format_tiles(tiles),
                players=and_list(who),
                why=error.detail,
            )
        else:
            said = words("{tiles}: {why}", tiles=format_tiles(tiles), why=error.detail)
        raise InvalidHand(
            said, meld=index, tile=error.tile, player=who[0] if len(who) == 1 else None
        ) from None
    _remember(v, item["tiles"], meld)
    return TableMeld(meld, by)


MELD_FIELDS = {"tiles", "by"}
# Legal melds already checked, per variant, by the text they were written as: a
# night's hands lay the same melds again and again, and a meld is a pure function
# of its text and the variant. Keyed by the variant's identity (kept alive in the
# entry, so the id cannot be reused); bounded so that it never grows without end.
_CHECKED: dict[int, tuple[Variant, dict[str, Meld]]] = {}
_MAX_VARIANTS, _MAX_MELDS = 64, 4096


def _checked_melds(v: Variant) -> dict[str, Meld]:
    entry = _CHECKED.get(id(v))
    if entry is None or entry[0] is not v:
        if len(_CHECKED) >= _MAX_VARIANTS:
            _CHECKED.clear()
        entry = _CHECKED[id(v)] = (v, {})
    return entry[1]


def _remember(v: Variant, text: str, meld: Meld) -> None:
    melds = _checked_melds(v)
    if len(melds) >= _MAX_MELDS:
        melds.clear()
    melds[text] = meld


def _supplier(item: dict[str, Any], token: str) -> str | None:
    """The player who supplied `token`, as far as "by" tells."""
    by = item.get("by")
    written = tokens(item["tiles"])
    if isinstance(by, list) and len(by) == len(written) and token in written:
        by = by[written.index(token)]
    return tidy_name(by) if isinstance(by, str) and by.strip() else None


def _read_by(by: Any, count: int, known: dict[str, str], index: int) -> tuple[str, ...]:
    if isinstance(by, str):
        return (_player_named(by, known, index),) * count
    if not isinstance(by, list) or len(by) != count:
        _refuse_by(by, count, index)
    if all(name in known.values() for name in by):
        return tuple(by)  # each name as the players' entries write it: the usual case
    return tuple([_player_named(name, known, index) for name in by])


def _refuse_by(by: Any, count: int, index: int) -> None:
    if not isinstance(by, list):
        raise InvalidHand(
            words('"by" must be one player\'s name or one name per tile'), meld=index, field="by"
        )
    raise InvalidHand(
        words('"by" names {players} players for {count} tiles', players=len(by), count=count),
        meld=index,
        field="by",
    )


def _player_named(name: Any, known: dict[str, str], index: int) -> str:
    if not isinstance(name, str):
        raise InvalidHand(
            words('"by" must be one player\'s name or one name per tile'), meld=index, field="by"
        )
    found = known.get(name_key(name))
    if found is None:
        raise InvalidHand(
            words("'{name}' is not a player of this hand", name=name[:40]), meld=index, field="by"
        )
    return found
