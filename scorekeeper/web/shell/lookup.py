"""What an address names (a night, a series, a hand, a variant), or the not-found page."""

from __future__ import annotations

from flask import abort
from sqlite_utils import Database

from ...engine import Variant
from ...store.hands import get_hand
from ...store.nights import get_night
from ...store.series import Series, get_series
from ...store.variants import get_variant


def night_or_404(db: Database, night_id: int) -> dict:
    """The night with this id, or a 404 page."""
    night = get_night(db, night_id)
    if night is None:
        abort(404)
    return night


def series_or_404(db: Database, series_id: int) -> Series:
    """The series with this id, or a 404 page."""
    series = get_series(db, series_id)
    if series is None:
        abort(404)
    return series


def hand_or_404(db: Database, series: Series, hand_id: int) -> dict:
    """The series' hand with this id (deleted or not), or a 404 page."""
    hand = get_hand(db, hand_id)
    if hand is None or hand["series_id"] != series.id:
        abort(404)
    return hand


def variant_or_404(db: Database, variant_id: str) -> Variant:
    """The preset or custom variant with this id, or a 404 page."""
    variant = get_variant(db, variant_id)
    if variant is None:
        abort(404)
    return variant
