"""Merging two players who are one person, from the players page: the page asks first."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ..store.db import now, write_lock
from ..store.history import played
from ..store.merge import MergeRefused, merge_players, plan_merge
from .db import get_db
from .faults import refresh_figures
from .forms.common import EmptyForm
from .forms.history import merge_form

bp = Blueprint("merge", __name__)


@bp.route("/players/merge", methods=["GET", "POST"])
def merge():
    """Ask whether to merge one player into another (GET), then merge them (POST)."""
    db = get_db()
    refresh_figures(db)
    everyone = played(db)
    posted = request.method == "POST"
    form = merge_form(everyone, request.form if posted else request.args, posted)
    if not form.validate():  # a player merged or gone since the page was drawn
        flash("Choose two players from the lists, as they are now.", "error")
        return redirect(url_for("history.players"))
    try:
        if not posted:
            plan = plan_merge(db, form.merged.data, form.kept.data) or abort(404)
            return render_template("history/merge.html", plan=plan, answer=EmptyForm())
        with write_lock(db):
            done = merge_players(db, form.merged.data, form.kept.data, now())
    except MergeRefused as refused:
        form.merged.errors = [f"{str(refused)[:1].upper()}{str(refused)[1:]}."]
        return render_template("history/players.html", players=everyone, form=form), 400
    flash(f"{done.merged['name']} was merged into {done.kept['name']}: every hand, series "
          f"and figure of theirs now counts for {done.kept['name']}.")
    return redirect(url_for("history.player", player_id=done.kept["id"]))
