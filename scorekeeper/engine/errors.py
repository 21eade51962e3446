"""What the engine refuses, as noun exceptions that carry what they are about.

`str(error)` is the message for people. What the refusal is about is data, in
attributes, so that a page or the API can put it beside the right field without
reading the words:

- `player`: the player's name, or `seat` (counted from 0) when the entry has no name yet;
- `field`: the hand-format, series or variant field, or the table-action field
  (`"rack"`, `"melded_tiles"`, `"went_out"`, `"end"`, `"opening_min"`, `"tiles"`, ...);
- `tile`: the token of the tile at fault, as it was written;
- `meld`: the meld's index, counted from 0 (messages for people count from 1);
- `action`: the table action's index, counted from 0;
- `hand`: the hand's number in a series, counted from 1.

`detail` is the message alone; `where` is the place in words ("player Ana, rack"),
built from the attributes, which is what the command line and the API print.
"""

from __future__ import annotations

from typing import Any

from .words import Words, english, joined, words

# The fields a place names, in words a translation can choose (the English is the field's
# own name, which the API's `where` has always said).
FIELDS = {
    "rack": words("rack"),
    "melded_tiles": words("melded_tiles"),
    "melded_points": words("melded_points"),
    "went_out": words("went_out"),
    "finish": words("finish"),
    "jokers_used": words("jokers_used"),
    "swapped_jokers": words("swapped_jokers"),
    "all_at_once": words("all_at_once"),
    "declared": words("declared"),
    "rack_jokers": words("rack_jokers"),
    "rack_points": words("rack_points"),
    "players": words("players"),
    "end": words("end"),
    "first_dealer": words("first_dealer"),
    "variant": words("variant"),
    "tiles": words("tiles"),
    "melds": words("melds"),
    "added": words("added"),
    "run": words("run"),
    "by": words("by"),
    "meld_index": words("meld_index"),
    "same_turn": words("same_turn"),
    "ace": words("ace"),
    "player": words("player"),
    "name": words("name"),
}


def field_words(field: str) -> Words | str:
    """A field named in a place: in words where it is one players meet, else as it is."""
    return FIELDS.get(field, field)


class RuleError(ValueError):
    """Base of every refusal: `str(error)` is the message to show."""

    # Whether `str(error)` starts with the place ("player Ana, rack: ..."); the
    # refusals of a hand and of a series name their place, a tile or meld says it itself.
    names_place = False

    def __init__(
        self,
        message: Words | str,
        *,
        player: str | None = None,
        seat: int | None = None,
        field: str | None = None,
        tile: str | None = None,
        meld: int | None = None,
        action: int | None = None,
        hand: int | None = None,
    ):
        self.detail = message
        self.player = player
        self.seat = seat
        self.field = field
        self.tile = tile
        self.meld = meld
        self.action = action
        self.hand = hand
        super().__init__(self._text())

    @property
    def where(self) -> Words | str | None:
        """The place the refusal is about, in words, or None."""
        parts: list[Words | str] = []
        if self.hand is not None:
            parts.append(words("hand {hand}", hand=self.hand))
        if self.action is not None:
            parts.append(words("action {action}", action=self.action + 1))
        if self.meld is not None:
            parts.append(words("meld {meld}", meld=self.meld + 1))
        if self.player is not None:
            parts.append(words("player {player}", player=self.player))
        elif self.seat is not None:
            parts.append(words("player {seat}", seat=self.seat + 1))
        if self.field is not None:
            parts.append(field_words(self.field))
        return joined(parts) or None

    def about(self, **more: object) -> RuleError:
        """The same refusal with more of its place filled in (a hand number, a player)."""
        for name, value in more.items():
            if getattr(self, name) is None:
                setattr(self, name, value)
        self.args = (self._text(),)
        return self

    def _text(self) -> Words | str:
        where = self.where if self.names_place else None
        if where:
            return words("{where}: {detail}", where=where, detail=self.detail)
        return self.detail

    def __str__(self) -> str:
        # The message in English, for the logs and the command line; a page reads
        # `words` in its own language.
        return english(self._text())

    @property
    def words(self) -> Words | str:
        """The whole message (with its place where the class names it) as Words."""
        return self._text()


class InvalidTile(RuleError):
    """A token that is no tile."""

    def __init__(self, token: str, message: Words | str, **about: Any) -> None:
        super().__init__(message, tile=token, **about)

    @property
    def token(self) -> str:
        """The token that is no tile (the same as `tile`)."""
        return self.tile or ""


class InvalidMeld(RuleError):
    """Tiles that are not a legal set or run under the variant."""


class InvalidVariant(RuleError):
    """Rule parameters that do not make a playable variant; `field` is the parameter."""


class InvalidHand(RuleError):
    """A hand record that cannot be scored. `problems` is every refusal found in the
    hand, this one first, so that a page can show them all at once."""

    names_place = True
    _together: list[InvalidHand] | None = None

    @property
    def problems(self) -> list[InvalidHand]:
        """Every refusal of the hand, this one first (just this one unless gathered)."""
        return self._together or [self]


def refuse_together(problems: list[InvalidHand]) -> None:
    """Raise the first of a hand's refusals carrying all of them, if there are any."""
    if problems:
        first = problems[0]
        first._together = list(problems)
        raise first


class InvalidSeries(RuleError):
    """A series that cannot be scored or set up (bad end, players, hand after the end)."""

    names_place = True


class InvalidEvent(RuleError):
    """An event (a club night, a tournament) that cannot be set up or seated (engine.events,
    engine.seating); `field` is what it is about: "players", "rounds", "table_size",
    "round_end", "seating", "points", "place_points" or "name"."""
