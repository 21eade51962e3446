"""What the pages say once a hand is saved or fixed: each a whole sentence with the hand's
row on the sheet and who won it as values, never a sentence joined from pieces (a language
may put the number and the winner anywhere)."""

from __future__ import annotations

from flask_babel import gettext
from markupsafe import Markup

from ...engine import HandResult
from ..shell.names import isolate, isolating


def _said(won: str, nobody: str, number: int, result: HandResult) -> Markup:
    """`won` (with the winner and their score) or `nobody`, both already translated and
    given without values, so the name goes in isolated (web/shell/names.py)."""
    if result.winner is None:
        return isolating(nobody, number=number)
    return isolating(
        won,
        number=number,
        player=isolate(result.winner),
        score=f"{result.scores[result.winner]:+d}",
    )


def hand_saved(number: int, result: HandResult) -> Markup:
    """The message after a hand is saved with the quick tally."""
    return _said(
        gettext("Hand %(number)d saved. %(player)s won the hand (%(score)s)."),
        gettext("Hand %(number)d saved. Nobody won the hand."),
        number,
        result,
    )


def hand_changed(number: int, result: HandResult) -> Markup:
    """The message after a hand is fixed with the quick tally."""
    return _said(
        gettext("Hand %(number)d changed. %(player)s won the hand (%(score)s)."),
        gettext("Hand %(number)d changed. Nobody won the hand."),
        number,
        result,
    )


def saved_from_table(number: int, result: HandResult) -> Markup:
    """The message after a hand followed in table mode is saved."""
    return _said(
        gettext("Hand %(number)d saved from the table. %(player)s won the hand (%(score)s)."),
        gettext("Hand %(number)d saved from the table. Nobody won the hand."),
        number,
        result,
    )


def table_fixed(number: int, result: HandResult) -> Markup:
    """The message after a saved hand's table is fixed."""
    return _said(
        gettext("The table of hand %(number)d was fixed. %(player)s won the hand (%(score)s)."),
        gettext("The table of hand %(number)d was fixed. Nobody won the hand."),
        number,
        result,
    )
