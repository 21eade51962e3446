"""Where looking back links an event to: its standings page, which the club night's pages
(web/events) serve; a page of history still shows the event's name where the app has none."""

from __future__ import annotations

from flask import current_app, url_for

STANDINGS = "event_public.standings"


def event_address(event_id: int) -> str | None:
    """The address of the event's standings page, or None where the app serves none."""
    if STANDINGS not in current_app.view_functions:
        return None
    return url_for(STANDINGS, event_id=event_id)
