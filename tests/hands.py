"""A player's part of a hand in the hand format (docs/hand-format.md), for tests at every
layer: `{"players": [went_out("Ana"), rack("Bo", "r5 j"), rack("Cy", "b10")]}`."""

from __future__ import annotations

from typing import Any


def went_out(name: str, **extra: Any) -> dict[str, Any]:
    """The player who went out (nothing left on the rack), with any other fields given."""
    return {"name": name, "went_out": True, **extra}


def rack(name: str, tiles: str, **extra: Any) -> dict[str, Any]:
    """A player holding these tiles at the end of the hand, with any other fields given."""
    return {"name": name, "rack": tiles, **extra}
