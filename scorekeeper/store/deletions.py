"""Which deleted hand the series page offers to bring back (its Undo)."""

from __future__ import annotations

from sqlite_utils import Database

# The last deletion, unless a hand was saved in the series since (its audit entry, whose id
# only grows, is later): the Undo is for the slip just made, not for a deletion two hands ago.
UNDOABLE = """
SELECT hands.* FROM hands JOIN hand_audit AS gone
  ON gone.hand_id = hands.id AND gone.action = 'deleted'
WHERE hands.series_id = :series AND hands.deleted_at IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM hand_audit AS later JOIN hands AS saved ON saved.id = later.hand_id
    WHERE saved.series_id = :series AND later.action = 'created' AND later.id > gone.id)
ORDER BY gone.id DESC LIMIT 1
"""


def deletion_to_undo(db: Database, series_id: int) -> dict | None:
    """The hand the series page offers to bring back: the last one deleted, as long as no
    hand was saved after the deletion."""
    return next(db.query(UNDOABLE, {"series": series_id}), None)
