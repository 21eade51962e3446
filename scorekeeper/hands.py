"""Hands of a series: record, preview, edit, delete with undo, and the audit trail."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from sqlite_utils import Database

from . import live_tables, tally
from .db import get_db, now, write_lock
from .engine import (
    HandResult,
    InvalidHand,
    InvalidSeries,
    SeriesResult,
    read_hand,
    score_hand,
    score_series,
)
from .engine.table import Table, replay

if TYPE_CHECKING:
    from .series import Series

bp = Blueprint("hands", __name__)


class HandRefused(Exception):
    """A hand the engine refuses, or one that does not fit the series."""

    def __init__(self, error: InvalidHand | InvalidSeries | live_tables.TableChanged):
        super().__init__(str(error))
        self.error = error


# --- Store --------------------------------------------------------------------


def series_hands(db: Database, series_id: int) -> list[dict]:
    """The series' hands that are not deleted, in the order they were played."""
    return list(db["hands"].rows_where("series_id = ? AND deleted_at IS NULL", [series_id],
                                       order_by="number"))


def get_hand(db: Database, hand_id: int) -> dict | None:
    """The hand with this id (deleted or not), or None."""
    return next(db["hands"].rows_where("id = ?", [hand_id]), None)


def last_deleted(db: Database, series_id: int) -> dict | None:
    """The series' most recently deleted hand, which can still be brought back."""
    return next(db["hands"].rows_where("series_id = ? AND deleted_at IS NOT NULL",
                                       [series_id], order_by="deleted_at DESC, id DESC",
                                       limit=1), None)


def score(series: Series, rows: list[dict]) -> SeriesResult:
    """Score the stored hands with the series' frozen variant."""
    records = [read_hand(json.loads(r["record"]), series.variant, series.names) for r in rows]
    return score_series(series.variant, series.names, series.end, records)


def check_series(series: Series, records: list[dict]) -> SeriesResult:
    """Score the series as it would be with these hand records, or raise HandRefused."""
    try:
        checked = [read_hand(r, series.variant, series.names) for r in records]
    except InvalidHand as error:
        raise HandRefused(error) from None
    try:
        return score_series(series.variant, series.names, series.end, checked)
    except (InvalidSeries, InvalidHand) as error:
        raise HandRefused(error) from None


def _records(rows: list[dict]) -> list[dict]:
    return [json.loads(r["record"]) for r in rows]


def _audit(db: Database, hand_id: int, action: str, old: dict | None, new: dict | None) -> None:
    db["hand_audit"].insert({
        "hand_id": hand_id, "at": now(), "action": action,
        "old": json.dumps(old, sort_keys=True) if old is not None else None,
        "new": json.dumps(new, sort_keys=True) if new is not None else None,
    })


def _scores(result: HandResult) -> dict:
    return {"scores": json.dumps(result.scores), "winner": result.winner}


def record_hand(db: Database, series: Series, record: dict,
                table_actions: list[dict] | None = None) -> dict:
    """Check the hand against the whole series and store it; return the stored row.

    A hand played in table mode keeps its `table_actions`, which must be the
    series' table in play. Either way the table in play was this hand's, so it is
    cleared in the same transaction: the next hand starts with an empty table."""
    with write_lock(db):
        if table_actions is not None and live_tables.live_actions(db, series.id) != table_actions:
            raise HandRefused(live_tables.TableChanged())
        rows = series_hands(db, series.id)
        result = check_series(series, [*_records(rows), record])
        number = (db.execute("SELECT max(number) FROM hands WHERE series_id = ?",
                             [series.id]).fetchone()[0] or 0) + 1
        stamp = now()
        hand_id = db["hands"].insert({
            "series_id": series.id, "number": number, "record": json.dumps(record),
            "created": stamp, "updated": stamp, **_scores(result.hands[-1]),
            "table_actions": json.dumps(table_actions) if table_actions is not None else None,
        }).last_pk
        _audit(db, hand_id, "created", None, record)
        live_tables.clear_table(db, series.id)
    return get_hand(db, hand_id)


def hand_table(series: Series, hand: dict) -> Table | None:
    """The table of a hand played in table mode, rebuilt from its actions; else None."""
    if not hand.get("table_actions"):
        return None
    return replay(series.variant, series.names, json.loads(hand["table_actions"]))


def hand_export(series: Series, hand: dict) -> dict:
    """The hand in the JSON hand format, with its variant, as `scorekeeper score` reads it."""
    variant = series.variant.to_dict() if series.variant.custom else series.variant.id
    return {"variant": variant, **json.loads(hand["record"])}


def edit_hand(db: Database, series: Series, hand_id: int, record: dict) -> None:
    """Replace a hand's record; the whole series must still score."""
    with write_lock(db):
        rows = series_hands(db, series.id)
        index = next((i for i, r in enumerate(rows) if r["id"] == hand_id), None)
        if index is None:  # deleted from another phone since the form was opened
            raise HandRefused(InvalidSeries("this hand was deleted in the meantime"))
        records = _records(rows)
        old = records[index]
        records[index] = record
        result = check_series(series, records)
        db["hands"].update(hand_id, {"record": json.dumps(record), "updated": now(),
                                     **_scores(result.hands[index])})
        _audit(db, hand_id, "edited", old, record)


def delete_hand(db: Database, hand_id: int) -> None:
    """Set a hand aside; it can be brought back."""
    with write_lock(db):
        hand = get_hand(db, hand_id)
        db["hands"].update(hand_id, {"deleted_at": now()})
        _audit(db, hand_id, "deleted", json.loads(hand["record"]), None)


def restore_hand(db: Database, series: Series, hand_id: int) -> None:
    """Bring a deleted hand back in its place, if the series still has room for it."""
    with write_lock(db):
        hand = get_hand(db, hand_id)
        rows = [*series_hands(db, series.id), hand]
        rows.sort(key=lambda r: r["number"])
        check_series(series, _records(rows))
        db["hands"].update(hand_id, {"deleted_at": None})
        _audit(db, hand_id, "restored", None, json.loads(hand["record"]))


def hand_audit(db: Database, hand_id: int) -> list[dict]:
    """Every change to the hand, oldest first, with old and new records."""
    entries = list(db["hand_audit"].rows_where("hand_id = ?", [hand_id], order_by="id"))
    for entry in entries:
        entry["old"] = json.loads(entry["old"]) if entry["old"] else None
        entry["new"] = json.loads(entry["new"]) if entry["new"] else None
    return entries


PLAYER_FIELD_WORDS = {
    "went_out": "went out", "finish": "how", "all_at_once": "all at once",
    "jokers_used": "jokers used", "rack": "rack", "rack_points": "rack points",
    "rack_jokers": "jokers on rack", "swapped_jokers": "swapped jokers",
    "melded_tiles": "melded tiles", "melded_points": "melded points",
    "credited_jokers": "credited jokers", "declared": "declared",
}


def changes(entry: dict) -> list[dict]:
    """What an edit changed, player by player and field by field, in words."""
    old, new = entry.get("old") or {}, entry.get("new") or {}
    olds = {p["name"]: p for p in old.get("players", [])}
    found = []
    for player in new.get("players", []):
        before = olds.get(player["name"], {})
        for key, word in PLAYER_FIELD_WORDS.items():
            if before.get(key) != player.get(key):
                found.append({"player": player["name"], "field": word,
                              "old": _shown(before.get(key)), "new": _shown(player.get(key))})
    if old.get("melds") != new.get("melds"):
        found.append({"player": "Table", "field": "melds", "old": _melds(old), "new": _melds(new)})
    return found


def _shown(value) -> str:
    if value is None or value == "" or value == []:
        return "(none)"
    if value is True:
        return "yes"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _melds(record: dict) -> str:
    return " | ".join(m["tiles"] for m in record.get("melds") or []) or "(none)"


@bp.app_template_filter("changes")
def changes_filter(entry: dict) -> list[dict]:
    """Template filter: what an audit entry changed."""
    return changes(entry)


@bp.app_template_filter("when")
def when(stamp: str) -> str:
    """A stored UTC time as people read it: 22 Nov 21:05 UTC."""
    from datetime import datetime

    moment = datetime.fromisoformat(stamp)
    return f"{moment.day} {moment:%b %H:%M} UTC"


# --- Pages --------------------------------------------------------------------


class EmptyForm(FlaskForm):
    """A button that posts: it carries only the CSRF token."""


def _series_or_404(db: Database, series_id: int) -> Series:
    from .series import get_series

    return get_series(db, series_id) or abort(404)


def _hand_or_404(db: Database, series: Series, hand_id: int) -> dict:
    hand = get_hand(db, hand_id)
    if hand is None or hand["series_id"] != series.id:
        abort(404)
    return hand


def _entry_page(series: Series, form: tally.HandForm, *, hand: dict | None,
                preview: HandResult | None = None):
    shows = tally.shows(series.variant)
    table_mode = bool(hand and hand.get("table_actions"))
    if table_mode:
        # The melds come from the table as it was recorded; only the end of the hand is edited.
        shows = {**shows, "melded": False}
    # Recording the hand in play here would drop the table being followed for it: say so first.
    in_play = len(live_tables.live_actions(get_db(), series.id)) if hand is None else 0
    return render_template("hands/form.html", series=series, form=form, hand=hand,
                           preview=preview, shows=shows, table_mode=table_mode,
                           in_play=in_play)


def _preview_or_save(db: Database, series: Series, form: tally.HandForm,
                     hand: dict | None):
    """Score what was typed: show the preview, or store it when Save was pressed."""
    record = tally.form_to_record(form, series.names)
    if hand is not None and hand.get("table_actions"):
        record["melds"] = json.loads(hand["record"]).get("melds", [])
    try:
        checked = read_hand(record, series.variant, series.names)
        result = score_hand(checked)
        if not form.save.data:
            return _entry_page(series, form, hand=hand, preview=result)
        if hand is None:
            row = record_hand(db, series, record)
            flash(f"Hand {row['number']} saved. " + _summary(result))
        else:
            edit_hand(db, series, hand["id"], record)
            flash(f"Hand {hand['number']} changed. " + _summary(result))
    except InvalidHand as error:
        tally.attach_error(form, series.names, error)
        return _entry_page(series, form, hand=hand), 422
    except HandRefused as refused:
        form.form_errors.append(str(refused))
        return _entry_page(series, form, hand=hand), 422
    return redirect(url_for("series.show", series_id=series.id))


def _summary(result: HandResult) -> str:
    if result.winner is None:
        return "Nobody won the hand."
    return f"{result.winner} won the hand ({result.scores[result.winner]:+d})."


@bp.route("/series/<int:series_id>/hands/new", methods=["GET", "POST"])
def new(series_id: int):
    """Record the hand just played (quick tally)."""
    db = get_db()
    series = _series_or_404(db, series_id)
    form = tally.hand_form(series.variant, series.names, formdata=request.form or None)
    if request.method == "POST" and form.validate():
        return _preview_or_save(db, series, form, hand=None)
    status = 422 if request.method == "POST" else 200
    return _entry_page(series, form, hand=None), status


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/edit", methods=["GET", "POST"])
def edit(series_id: int, hand_id: int):
    """Change a hand already recorded; totals follow."""
    db = get_db()
    series = _series_or_404(db, series_id)
    hand = _hand_or_404(db, series, hand_id)
    if hand["deleted_at"]:
        abort(404)
    form = tally.hand_form(series.variant, series.names, formdata=request.form or None,
                           record=json.loads(hand["record"]))
    if request.method == "POST" and form.validate():
        return _preview_or_save(db, series, form, hand=hand)
    status = 422 if request.method == "POST" else 200
    return _entry_page(series, form, hand=hand), status


@bp.route("/series/<int:series_id>/hands/<int:hand_id>")
def show(series_id: int, hand_id: int):
    """Every player's score for the hand, line by line, and its history."""
    db = get_db()
    series = _series_or_404(db, series_id)
    hand = _hand_or_404(db, series, hand_id)
    rows = series_hands(db, series_id)
    position = next((i for i, r in enumerate(rows) if r["id"] == hand_id), None)
    record = json.loads(hand["record"])
    result = score_hand(read_hand(record, series.variant, series.names))
    return render_template("hands/show.html", series=series, hand=hand, record=record,
                           result=result, position=position, audit=hand_audit(db, hand_id),
                           form=EmptyForm(), table=hand_table(series, hand))


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/hand.json")
def export(series_id: int, hand_id: int):
    """Download the hand in the JSON hand format, to score it with `scorekeeper score`."""
    db = get_db()
    series = _series_or_404(db, series_id)
    hand = _hand_or_404(db, series, hand_id)
    response = jsonify(hand_export(series, hand))
    name = f"series-{series.id}-hand-{hand['number']}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/delete", methods=["POST"])
def delete(series_id: int, hand_id: int):
    """Delete a hand; the series page offers to bring it back."""
    db = get_db()
    series = _series_or_404(db, series_id)
    hand = _hand_or_404(db, series, hand_id)
    if EmptyForm().validate_on_submit() and not hand["deleted_at"]:
        delete_hand(db, hand_id)
        flash(f"Hand {hand['number']} deleted. You can undo this on the series page.")
    return redirect(url_for("series.show", series_id=series_id))


@bp.route("/series/<int:series_id>/hands/<int:hand_id>/restore", methods=["POST"])
def restore(series_id: int, hand_id: int):
    """Undo the deletion of a hand."""
    db = get_db()
    series = _series_or_404(db, series_id)
    hand = _hand_or_404(db, series, hand_id)
    if EmptyForm().validate_on_submit() and hand["deleted_at"]:
        try:
            restore_hand(db, series, hand_id)
            flash(f"Hand {hand['number']} is back.")
        except HandRefused as refused:
            flash(f"Hand {hand['number']} cannot come back: {refused}", "error")
    return redirect(url_for("series.show", series_id=series_id))
