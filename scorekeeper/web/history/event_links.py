"""Where looking back links an event to: its standings page (web/events/public.py)."""

from __future__ import annotations

from flask import url_for


def event_address(event_id: int) -> str:
    """The address of the event's standings page."""
    return url_for("event_public.standings", event_id=event_id)
