"""Series: storing one with its players and frozen variant, reading it back, who deals next
and who plays first."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..engine import SeriesEnd, SeriesTally, Variant, variant_from_dict
from ..engine.play_order import turn_words
from ..engine.words import Words, and_list, words
from . import join_codes, players, tallies
from .db import insert, now, write_lock


@dataclass(frozen=True)
class Series:
    """A stored series with its frozen variant."""

    id: int
    night_id: int
    name: str | None
    variant_id: str
    variant: Variant
    names: list[str]
    end: SeriesEnd
    first_dealer: int
    # How `names` was entered: "play" (the order of play) or "seats" (clockwise seat order,
    # every series stored before the form asked for the order of play; engine.play_order).
    listing: str = "play"

    @property
    def title(self) -> Words | str:
        """What people call the series."""
        # In words, so that a page shows a preset's name in its reader's language.
        return self.name or words(
            "{variant}: {players}", variant=self.variant.name, players=and_list(self.names)
        )


def create_series(
    db: Database,
    night_id: int,
    name: str | None,
    variant: Variant,
    names: list[str],
    end: SeriesEnd,
    first_dealer: int,
    listing: str = "play",
) -> int:
    """Store a new series with a frozen copy of its variant's rules; `names` in the order they
    take turns (a rematch of a series stored in seat order passes its "seats" on)."""
    with write_lock(db):
        series_id = insert(
            db,
            "series",
            {
                "night_id": night_id,
                "name": name or None,
                "variant_id": variant.id,
                # The frozen copy: editing a custom variant later never changes this series.
                "variant_rules": variant.to_json(),
                "end_kind": end.kind,
                "end_value": end.value,
                "first_dealer": first_dealer,
                "listing": listing,
                "created": now(),
            },
        )
        for seat, player_name in enumerate(names):
            db.table("series_players").insert(
                {
                    "series_id": series_id,
                    "seat": seat,
                    "player_id": players.add_player(db, player_name),
                }
            )
        join_codes.add_code(db, series_id)
    return series_id


def seats(db: Database, series_ids: list[int]) -> dict[int, list[tuple[int, str]]]:
    """Each series' players in seat order, as (player id, name)."""
    found: dict[int, list[tuple[int, str]]] = {i: [] for i in series_ids}
    marks = ",".join("?" * len(series_ids))
    for row in db.query(
        "SELECT series_id, player_id, name FROM series_players JOIN players"
        f" ON players.id = player_id WHERE series_id IN ({marks})"
        " ORDER BY series_id, seat",
        series_ids,
    ):
        found[row["series_id"]].append((row["player_id"], row["name"]))
    return found


def get_series(db: Database, series_id: int) -> Series | None:
    """The series with this id, or None."""
    row = next(db.table("series").rows_where("id = ?", [series_id]), None)
    if row is None:
        return None
    names = [name for _, name in seats(db, [series_id])[series_id]]
    return Series(
        id=row["id"],
        night_id=row["night_id"],
        name=row["name"],
        variant_id=row["variant_id"],
        variant=variant_from_dict(json.loads(row["variant_rules"])),
        names=names,
        end=SeriesEnd(row["end_kind"], row["end_value"]),
        first_dealer=row["first_dealer"],
        listing=row["listing"],
    )


def series_of(db: Database, series_id: int) -> Series:
    """The stored series with this id, which must be there (a stored row names it)."""
    series = get_series(db, series_id)
    if series is None:
        raise LookupError(f"there is no series {series_id}")
    return series


def standing(db: Database, series: Series) -> SeriesTally:
    """Where the series stands (totals, hands won, finished, who deals next and who plays
    first), as kept with it: a few numbers read, never every hand tallied again
    (store.tallies)."""
    return tallies.series_tally(
        db, series.variant, series.names, series.end, series.first_dealer, series.id, series.listing
    )


def dealer_next(series: Series, tally: SeriesTally) -> str | None:
    """Who deals the next hand, or None when the series is over."""
    return None if tally.dealer is None else series.names[tally.dealer]


def starter_next(series: Series, tally: SeriesTally) -> str | None:
    """Who plays first in the next hand, or None when the series is over."""
    return None if tally.starter is None else series.names[tally.starter]


def turn_next(series: Series, tally: SeriesTally) -> Words | None:
    """Who deals and who plays first in the hand being played, in words ("Hand 3: Ana deals,
    Bo plays first."), or None when the series is over."""
    if tally.dealer is None or tally.starter is None:
        return None
    return turn_words(
        series.variant,
        tally.played + 1,
        series.names[tally.dealer],
        series.names[tally.starter],
    )
