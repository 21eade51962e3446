"""What a refusal of a table action is about, and the readings every action shares:
the player's seat, tiles and melds, each refused with the field it was typed into."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import InvalidMeld, InvalidTile
from ..melds import Meld, check_meld
from ..names import name_key
from ..sources import SOURCES, cite, ruling
from ..table_actions import InvalidAction
from ..tiles import Tile, format_tiles, parse_tiles
from ..variants import Variant
from ..words import Words, and_list, words

# The fields of an action a refusal can point at (table_actions.InvalidAction says more).
ActionField = Literal[
    "player", "meld_index", "tiles", "melds", "new_meld_tiles", "same_turn", "first_round_over"
]


@dataclass(frozen=True)
class At:
    """Where the checks of an action are reading: who acts, the field, and which
    meld of a new meld. Every refusal carries these, so a page can place it."""

    player: str
    field: ActionField | None = None
    meld: int | None = None

    def reading(self, field: ActionField, meld: int | None = None) -> At:
        """The place of the next checks: this field (and meld of a new meld)."""
        return At(self.player, field, meld)


def refuse(at: At, message: Words | str, tile: str | None = None) -> InvalidAction:
    """A refusal of the action, about the player and the field being read."""
    return InvalidAction(message, player=at.player, field=at.field, meld=at.meld, tile=tile)


def cite_rule(v: Variant, topic: str) -> Words:
    """Source and section of a table rule for this variant, or the ruling behind it
    where the source is silent (sources/ holds both)."""
    section = SOURCES[v.source].sections.get(topic)
    if section is not None:
        return cite(v.source, section)
    fallback = SOURCES["scorekeeper"].rulings.get(topic)
    return ruling(fallback.about if fallback else words("table mode ({topic})", topic=topic))


def seat_name(players: tuple[str, ...], player: object, field: str = "player") -> str:
    """The player's name as seated; `field` is where the name was typed."""
    if isinstance(player, str):
        for name in players:
            if name_key(name) == name_key(player):
                return name
    raise InvalidAction(
        words(
            "{player!r} is not a player of this hand ({join})",
            player=player,
            join=and_list(players),
        ),
        field=field,
    )


def read_tiles(at: At, text: str, what: Words | str) -> list[Tile]:
    """The tiles the player typed as `what`; at least one."""
    try:
        tiles = parse_tiles(text)
    except InvalidTile as error:
        raise refuse(
            at,
            words("{player}'s {what}: {error}", player=at.player, what=what, error=error),
            tile=error.tile,
        ) from None
    if not tiles:
        raise refuse(at, words("{player}'s {what}: no tiles given", player=at.player, what=what))
    return tiles


def read_meld(v: Variant, at: At, tiles: list[Tile], what: Words | str) -> Meld:
    """The legal meld these tiles make, or the refusal saying why they make none."""
    try:
        return check_meld(tiles, v)
    except InvalidMeld as error:
        raise refuse(
            at,
            words(
                "{player}'s {what} {tiles} is not a legal meld: {error} ({cite_rule})",
                player=at.player,
                what=what,
                tiles=format_tiles(tiles),
                error=error,
                cite_rule=cite_rule(v, "melds"),
            ),
            tile=error.tile,
        ) from None
