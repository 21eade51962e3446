"""House rulings: the form on the series page that records what a table agreed."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext

from ...store.rulings import add_ruling
from ...store.series import standing
from ..shell.db import get_db
from ..shell.lookup import series_or_404
from .pages import series_page
from .ruling_form import RulingForm

bp = Blueprint("rulings", __name__)


@bp.route("/series/<int:series_id>/rulings", methods=["POST"])
def add(series_id: int):
    """Record a house ruling on the series page."""
    db = get_db()
    one = series_or_404(db, series_id)
    form = RulingForm(hands_played=standing(db, one).played)
    if not form.validate_on_submit():
        # The series page again, the ruling as typed and what is wrong with it.
        return series_page(db, one, ruling_form=form), 422
    add_ruling(db, series_id, form.text.data or "", form.hand(), form.agreed_by.data)
    flash(gettext("House ruling recorded."))
    return redirect(url_for("series.show", series_id=series_id, _anchor="rulings"))
