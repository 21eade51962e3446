"""Settling disputes: a series' own rules, two variants compared, the meld checker and
the best opening of a rack. The pages only read and ask the engine; nothing is stored."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext
from sqlite_utils import Database
from wtforms import Field

from ..engine import PRESETS, RuleError, Variant, format_tiles, parse_tiles, tile_label
from ..engine.ace_places import placed_tiles
from ..engine.opening_words import at_once_words, opening_needs, opening_verdict
from ..engine.openings import MAX_RACK, best_opening, check, check_placed, left_on_rack
from ..engine.reference import GROUPS, compare
from ..engine.tile_worth import tile_worths
from ..engine.words import Words, joined
from ..store import variants
from ..store.series import Series
from .clock import state as clock_state
from .forms.common import sentence
from .forms.rules import CompareForm, LookupForm, MeldForm, RackForm
from .shell import ids
from .shell.db import get_db
from .shell.language import say
from .shell.lookup import series_or_404, variant_or_404
from .variants import changed_by_group, origin, rule_groups

bp = Blueprint("rules", __name__)

# The variant menu's choice for the frozen copy of the series the page was opened from.
THIS_SERIES = "series"


# --- Which variant ------------------------------------------------------------------


def opened_from(db: Database) -> Series | None:
    """The series the page was opened from (`?series=ID`), or None; an unknown one is a 404."""
    if "series" not in request.args:
        return None
    series_id = request.args.get("series", type=ids.sqlite_int)
    if series_id is None:
        abort(404)
    return series_or_404(db, series_id)


def variant_menu(db: Database, series: Series | None) -> list[tuple[str, Words | str]]:
    """Every variant to choose from; first the series' own frozen rules when there is one."""
    menu = variants.variant_choices(db)
    if series is not None:
        menu.insert(
            0, (THIS_SERIES, gettext("This series: %(variant)s", variant=say(series.variant.name)))
        )
    return menu


def chosen(db: Database, choice: str, series: Series | None) -> Variant:
    """The variant of a menu choice (the menu's own check refuses anything else)."""
    if choice == THIS_SERIES and series is not None:
        return series.variant
    return variant_or_404(db, choice)


def asked(form: LookupForm) -> bool:
    """Whether the form was sent (not just opened) and is valid."""
    return any(name in request.args for name in form.data) and form.validate()


def lookup_form(form_class: type[LookupForm], db: Database, series, **defaults) -> LookupForm:
    """A form read from the address, each variant menu filled and preset."""
    form = form_class(formdata=request.args if request.args else None, data=defaults)
    for name in ("variant", "a", "b"):
        if name in form:
            form[name].choices = variant_menu(db, series)
    return form


def refuse(field: Field, error: RuleError) -> None:
    """Show the engine's refusal beside the field, as a sentence."""
    field.errors = [*field.errors, sentence(error)]


# --- Pages ---------------------------------------------------------------------------


@bp.route("/rules/")
def index():
    """The ways to settle a dispute at the table."""
    return render_template("rules/index.html")


@bp.route("/series/<int:series_id>/rules")
def series_rules(series_id: int):
    """The rules a series is played with: its frozen copy, whatever became of the variant."""
    db = get_db()
    series = series_or_404(db, series_id)
    return render_template(
        "rules/series.html",
        series=series,
        variant=series.variant,
        origin=origin(series.variant),
        groups=rule_groups(series.variant),
        own_limit=clock_state.own_limit_words(series),
    )


@bp.route("/rules/compare")
def compare_page():
    """Two variants side by side, rule by rule, with their differences marked."""
    db = get_db()
    series = opened_from(db)
    first = series.variant_id if series else "rummikub"
    other = next(v for v in PRESETS if v != first and v != (series and series.variant.based_on))
    form = lookup_form(CompareForm, db, series, a=THIS_SERIES if series else first, b=other)
    only = request.args.get("only") == "differences"
    groups = names = None
    if asked(form):
        left, right = chosen(db, form.a.data, series), chosen(db, form.b.data, series)
        names = (left.name, right.name)
        rows = compare(left, right)
        for row in rows:
            row["a"]["changed"] = changed_by_group(left, row["param"])
            row["b"]["changed"] = changed_by_group(right, row["param"])
        groups = compared_groups(rows, only)
    status = 422 if form.errors else 200
    return render_template(
        "rules/compare.html", form=form, series=series, groups=groups, names=names, only=only
    ), status


def compared_groups(
    rows: list[dict], only_differences: bool
) -> list[tuple[Words | str, list[dict]]]:
    """The compared rules group by group, only those that differ if asked; no empty group."""
    kept = [row for row in rows if row["differs"] or not only_differences]
    groups = [(group, [row for row in kept if row["group"] == group]) for group in GROUPS]
    return [(group, found) for group, found in groups if found]


@bp.route("/rules/check")
def check_meld_page():
    """Is it a legal set or run under these rules, what it is worth, or why not."""
    db = get_db()
    series = opened_from(db)
    form = lookup_form(MeldForm, db, series, variant=THIS_SERIES if series else "rummikub")
    result = variant = None
    if asked(form):
        variant = chosen(db, form.variant.data, series)
        try:
            # Tiles read as the record form reads melded tiles: an ace may say where it lies.
            result = check_placed(placed_tiles(form.tiles.data), variant)
        except RuleError as error:
            refuse(form.tiles, error)
    words = _labels(result.meld.in_order(), variant) if result and result.meld and variant else None
    # What each tile counts and why, from the engine (the variant's tile and joker values).
    worths = tile_worths(result.meld, variant) if result and result.meld and variant else ()
    status = 422 if form.errors else 200
    variant = variant or _menu_variant(db, form, series)
    return render_template(
        "rules/check.html",
        form=form,
        series=series,
        result=result,
        words=words,
        worths=worths,
        variant=variant,
        needs=opening_needs(variant),
    ), status


@bp.route("/rules/best-opening")
def best_opening_page():
    """The highest opening a rack can lay, its melds, and whether it all goes down at once."""
    db = get_db()
    series = opened_from(db)
    form = lookup_form(RackForm, db, series, variant=THIS_SERIES if series else "rummikub")
    opening = variant = None
    melds: list[dict] = []
    said: dict[str, object] = {}
    left: dict[str, object] = {}
    if asked(form):
        variant = chosen(db, form.variant.data, series)
        try:
            rack = parse_tiles(form.rack.data, in_meld=False)
            opening = best_opening(rack, variant)
        except RuleError as error:
            refuse(form.rack, error)
        else:
            kept = left_on_rack(rack, opening)
            left = {"tiles": format_tiles(kept), "words": _labels(kept, variant)} if kept else {}
            # Each meld's own share, as the meld checker counts it: they add up to the value.
            melds = [meld_row(meld, variant) for meld in opening.melds]
            # The engine says what the opening means under these rules.
            said = {
                "verdict": opening_verdict(opening, variant),
                "at_once": at_once_words(opening, variant),
            }
    status = 422 if form.errors else 200
    return render_template(
        "rules/best_opening.html",
        form=form,
        series=series,
        opening=opening,
        melds=melds,
        said=said,
        left=left,
        max_rack=MAX_RACK,
        variant=variant or _menu_variant(db, form, series),
    ), status


def meld_row(meld, variant: Variant) -> dict:
    """One meld of the best opening: its tiles, in words, set or run, and what it counts."""
    checked = check(meld, variant)
    return {
        "tiles": format_tiles(meld),
        "words": _labels(meld, variant),
        "kind": checked.kind,
        "value": checked.opening_value,
    }


def _menu_variant(db: Database, form: LookupForm, series) -> Variant:
    """The variant the menu shows, for the page's hints (card suits, the threshold)."""
    choice = form.variant.data
    if choice not in dict(form.variant.choices):
        choice = form.variant.choices[0][0]
    return chosen(db, choice, series)


def _labels(tiles, variant: Variant) -> Words | str:
    """Tiles in words, for people: red 12, red 13, joker as red 1 (read where it is drawn)."""
    return joined([tile_label(t, suits=variant.suits) for t in tiles])
