"""Merging two players who are one person, from the players page: the page asks first."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from ...store.db import now, write_lock
from ...store.history import played
from ...store.merge import MergeRefused, merge_players, plan_merge
from ..forms.common import EmptyForm
from ..shell.db import get_db
from ..shell.faults import refresh_figures
from ..shell.language import say
from .forms import merge_form
from .pages import players_page

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
        flash(gettext("Choose two players from the lists, as they are now."), "error")
        return redirect(url_for("history.players"))
    try:
        if not posted:
            plan = plan_merge(db, form.merged.data, form.kept.data) or abort(404)
            return render_template("history/merge.html", plan=plan, answer=EmptyForm())
        with write_lock(db):
            done = merge_players(db, form.merged.data, form.kept.data, now())
    except MergeRefused as refused:
        form.merged.errors = [refusal_words(refused)]
        return players_page(db, everyone, form), 400
    flash(
        gettext(
            "%(merged)s was merged into %(kept)s: every hand, series and figure of theirs "
            "now counts for %(kept)s.",
            merged=done.merged["name"],
            kept=done.kept["name"],
        )
    )
    return redirect(url_for("history.player", player_id=done.kept["id"]))


def refusal_words(refused: MergeRefused) -> str:
    """Why two players cannot be merged, worded from the refusal's facts."""
    if refused.series is not None:
        return gettext(
            "%(player)s and %(other)s both sat at the series %(series)s on %(date)s: "
            "they are two people, not one.",
            player=refused.player,
            other=refused.other,
            series=say(refused.series),  # a preset's name in the page's language
            date=refused.date,
        )
    if refused.player is not None:
        return gettext(
            "%(player)s cannot be merged into themselves: choose two players.",
            player=refused.player,
        )
    return gettext("One of these players is no longer here.")
