"""Why table mode saved nothing, in the page's language: a page loaded before another
phone's action, or a hand the engine or the series refuses."""

from __future__ import annotations

from flask_babel import gettext

from ...store import hands, live_tables
from ..forms.common import sentence


def table_changed() -> str:
    """Why an action from a page loaded before another phone's was not saved."""
    return gettext(
        "The table changed since this page was loaded (another phone recorded an action). "
        "Nothing was saved: check the table below and enter it again."
    )


def refusal_words(refused: hands.HandRefused) -> str:
    """A refused hand's reason, in the page's language."""
    if isinstance(refused.error, live_tables.TableChanged):
        return table_changed()
    return sentence(refused.words)
