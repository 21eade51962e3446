"""No rack silently dropped (issue 25, point 6): the scorer's form keeps, per seat, a token of
the draft it last read (a hidden `draft-seen-N` box); Save hands them to the store, which
refuses the hand when a phone sent a newer rack since that the hand does not hold
(store.drafts.NewerDrafts). The form then says who sent it, shows it beside the player and
offers one button to take it; the tokens are those of the racks shown, so the next Save
goes through, with the newer rack or with what the scorer typed."""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _

from ...store.drafts import NewerDrafts
from ..forms import tally
from ..shell.tile_letters import page_tiles

# The name of a seat's hidden box, and of the button that takes a seat's newer rack.
SEEN_BOX = "draft-seen-{seat}"
TAKE_BUTTON = "take_rack"
# The name of a seat's hidden box holding the draft the form read (its boxes, as compared,
# and whether a phone sent it): the form then never calls that rack the scorer's change.
READ_BOX = "draft-read-{seat}"
# A draft read is a few short boxes; anything longer is no draft this page wrote.
_READ_LENGTH = 2000
# Counts of jokers start at 0 on the scorer's form: 0 there is an empty box on a phone.
_ZERO_IS_EMPTY = ("rack_jokers", "swapped_jokers", "credited_jokers")
# The boxes of tiles, written in the page's letters.
_TILE_FIELDS = ("rack", "melded_tiles")


def plain(field: str, value: object) -> str:
    """A draft's or a box's value as the two are compared: trimmed, a count of 0 empty."""
    text = "" if value is None else str(value).strip()
    return "" if field in _ZERO_IS_EMPTY and text == "0" else text


def read_tokens(seats: list[dict[str, Any]]) -> dict[int, str]:
    """The token of each seat's draft as the hand's drafts say now (the form reads them)."""
    return {seat["seat"]: seat["token"] for seat in seats if seat.get("token")}


def read_drafts(seats: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """What the form reads of each seat's draft as the hand's drafts say now: its boxes, as
    compared, and whether the player's phone sent it."""
    return {seat["seat"]: read_of(seat) for seat in seats if seat.get("draft")}


def read_of(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's draft as the form keeps what it read of it (READ_BOX)."""
    fields = {f: plain(f, v) for f, v in seat["draft"].items()}
    return {"fields": fields, "by_player": bool(seat.get("by_player"))}


def posted_reads(formdata: Any, players: int) -> dict[int, dict[str, Any]]:
    """The draft each seat's boxes were filled from, as the posted form carries it (none
    where it carries none, or not as this page writes it)."""
    found = {}
    for seat in range(players):
        text = str(formdata.get(READ_BOX.format(seat=seat), ""))[:_READ_LENGTH]
        try:
            read = json.loads(text) if text else None
        except ValueError:
            continue
        if (
            isinstance(read, dict)
            and isinstance(read.get("fields"), dict)
            and all(isinstance(v, str) for v in read["fields"].values())
        ):
            found[seat] = {"fields": read["fields"], "by_player": read.get("by_player") is True}
    return found


def from_earlier_draft(read: dict[str, Any] | None, boxes: dict[str, str]) -> bool:
    """Whether a seat's boxes (each as compared) hold just what the form read from its draft,
    so that any difference from a newer draft is the phone's, not the scorer's change."""
    if not read:
        return False
    return all(plain(f, v) == read["fields"].get(f, "") for f, v in boxes.items())


def posted_tokens(formdata: Any, players: int) -> dict[int, str]:
    """The token of each seat's draft the posted form last read (none: it read none)."""
    found = {}
    for seat in range(players):
        token = str(formdata.get(SEEN_BOX.format(seat=seat), "")).strip()[:64]
        if token:
            found[seat] = token
    return found


def summary(draft: dict[str, Any], sub: Any) -> str:
    """A draft in a line, as the page writes it: the tiles in the page's letters, each other
    box by its label and number."""
    shown = {
        f: page_tiles(plain(f, v)) if f in _TILE_FIELDS else plain(f, v)
        for f, v in draft.items()
        if f in sub.form and plain(f, v)
    }
    return ", ".join(
        v if f == "rack" else f"{sub.form[f].label.text} {v}" for f, v in shown.items()
    )


def refuse(form: Any, names: list[str], refused: NewerDrafts) -> None:
    """Say beside each player whose phone sent a newer rack that nothing was saved, with that
    rack, and let the form carry the newer tokens: it has shown those racks now."""
    for seat, draft in sorted(refused.newer.items()):
        sub = form.players[seat]
        rack = summary(draft["fields"], sub)
        # Not "Bo sent": the app knows only that this phone joined as Bo (issue 23).
        message = (
            _(
                "The phone that joined as %(name)s sent a newer rack: %(rack)s. Nothing was "
                "saved: use it, or save again to keep what you typed.",
                name=names[seat],
                rack=rack,
            )
            if draft["by_player"]
            else _(
                "A newer rack came for %(name)s: %(rack)s. Nothing was saved: use it, or "
                "save again to keep what you typed.",
                name=names[seat],
                rack=rack,
            )
        )
        sub.form.player_errors = [*getattr(sub.form, "player_errors", []), message]
        form.drafts_seen[seat] = draft["token"]


def begin(form: Any, method: str, formdata: Any, seats: list[dict[str, Any]]) -> bool:
    """Give the scorer's form its drafts: opened, the racks the phones sent in its boxes and
    their tokens; posted, the tokens it carries, and a newer rack taken when its button was
    pressed (then answer True: the form is shown again with it, nothing saved)."""
    if method == "GET":
        tally.fill_drafts(form, seats)
        form.drafts_seen = read_tokens(seats)
        form.drafts_read = read_drafts(seats)
        return False
    form.drafts_seen = posted_tokens(formdata, len(seats))
    form.drafts_read = posted_reads(formdata, len(seats))
    return take(form, formdata, seats)


def take(form: Any, formdata: Any, seats: list[dict[str, Any]]) -> bool:
    """The button beside a newer rack was pressed: put that seat's draft as it is now in its
    boxes (and its token in the form); whether it was pressed for a seat with a draft."""
    pressed = str(formdata.get(TAKE_BUTTON, ""))
    if not pressed.isdigit() or int(pressed) >= len(seats) or not seats[int(pressed)]["draft"]:
        return False
    seat = seats[int(pressed)]
    tally.take_draft(form, seat["seat"], seat["draft"])
    form.drafts_seen[seat["seat"]] = seat["token"]
    form.drafts_read[seat["seat"]] = read_of(seat)
    return True
