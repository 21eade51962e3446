"""Export pages: download everything, a night or a series as JSON or CSV, print a score
sheet, and bring an export file in."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from datetime import UTC, datetime
from functools import partial
from typing import IO, TYPE_CHECKING

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext

from ...store import import_limits, stats
from ...store.db import open_database
from ...store.export import sheet_chunks
from ...store.export_json import ExportTooLarge, export_chunks
from ...store.export_refusals import BadExport
from ...store.history import night_series_ids
from ...store.import_limits import megabytes
from ...store.importer import import_file
from ...store.nights import get_night
from ..history import pages as history
from ..shell.db import get_db
from ..shell.faults import refresh_figures
from ..shell.language import page_translations
from ..shell.lookup import night_or_404, series_or_404
from ..shell.security import error_response
from ..shell.site import csrf
from .forms import UPLOAD_LIMIT, ImportForm
from .words import import_summary, sheet_words

if TYPE_CHECKING:
    from sqlite_utils import Database

bp = Blueprint("export", __name__)


def _download(text: str | Iterable[str] | Iterable[bytes], name: str, kind: str) -> Response:
    media = {"json": "application/json", "csv": "text/csv"}[kind]
    return Response(
        text,
        mimetype=media,
        headers={"Content-Disposition": f'attachment; filename="{name}.{kind}"'},
    )


# An export up to this size is written in memory before it is sent, a larger one on disk.
IN_MEMORY = 1024 * 1024


def _json_export(db: Database, name: str, **scope: int) -> Response:
    """An export file, written whole before it is sent (in memory, or on disk once large) so
    that one the import could not read back is refused with a page saying why, never sent
    half-way: every export can be imported again (issue 25)."""
    # Closed once sent (_read_out), or here when refused.
    written = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)  # noqa: SIM115
    try:
        for chunk in export_chunks(db, **scope):
            written.write(chunk.encode("utf-8"))
    except ExportTooLarge:
        written.close()
        return error_response(
            gettext("Too large to import again"),
            gettext(
                "This export would be larger than an import can read: at most %(most)d MB "
                "in all and %(part)d MB for one night. Export one night or series at a time, "
                "from its page.",
                most=megabytes(import_limits.MAX_BYTES),
                part=megabytes(import_limits.PART_CHARS),
            ),
            422,
        )
    size = written.tell()
    written.seek(0)
    response = _download(_read_out(written), name, "json")
    response.content_length = size
    return response


def _streamed(chunks: Callable[[Database], Iterator[str]]) -> Iterator[str]:
    """An export read on a connection of its own, open as long as it is sent: the request's
    own connection is closed before a streamed answer is sent, and so is its app context.
    It is opened before the answer starts, so a database that cannot be read is said in
    the answer's status and page, not found half-way through a download."""
    db, _ = open_database(current_app.config["DATABASE"])
    return _sent(db, chunks)


def _sent(db: Database, chunks: Callable[[Database], Iterator[str]]) -> Iterator[str]:
    with closing(db.conn):
        yield from chunks(db)


def _read_out(written: IO[bytes]) -> Iterator[bytes]:
    """The file's bytes a piece at a time, and the file closed after them."""
    with written:
        while piece := written.read(IN_MEMORY):
            yield piece


@bp.route("/export/everything.<any(json, csv):kind>")
def everything(kind: str):
    """Download every night, series, hand and ruling."""
    name = f"scorekeeper-{datetime.now(UTC).date().isoformat()}"
    if kind == "json":
        return _json_export(get_db(), name)
    # Sent a few score sheets at a time: years of game nights never sit in the server's memory.
    return _download(_streamed(partial(sheet_chunks, words=sheet_words())), name, kind)


@bp.route("/export/nights/<int:night_id>.<any(json, csv):kind>")
def night(night_id: int, kind: str):
    """Download one night."""
    db = get_db()
    found = night_or_404(db, night_id)
    name = f"scorekeeper-night-{found['date']}-{night_id}"
    if kind == "csv":
        return _download(
            _streamed(partial(sheet_chunks, night_id=night_id, words=sheet_words())), name, kind
        )
    return _json_export(db, name, night_id=night_id)


@bp.route("/export/series/<int:series_id>.<any(json, csv):kind>")
def series(series_id: int, kind: str):
    """Download one series."""
    db = get_db()
    series_or_404(db, series_id)
    name = f"scorekeeper-series-{series_id}"
    if kind == "csv":
        return _download(
            _streamed(partial(sheet_chunks, series_id=series_id, words=sheet_words())), name, kind
        )
    return _json_export(db, name, series_id=series_id)


@bp.route("/history/series/<int:series_id>/print")
def print_sheet(series_id: int):
    """A series' score sheet laid out for paper."""
    db = get_db()
    refresh_figures(db)
    one = series_or_404(db, series_id)
    # Only this series' sheet, numbered as on its night's page.
    number = night_series_ids(db, one.night_id).index(series_id) + 1
    sheet = history.series_sheet(
        db, series_id, number, stats.series_outcomes(db, [series_id])[series_id], shown=None
    )
    return render_template("history/print.html", s=sheet, night=get_night(db, one.night_id))


@bp.route("/import", methods=["GET", "POST"])
@csrf.exempt  # checked below, once this page's larger limit is set
def upload():
    """Bring an export file in; nothing is stored unless all of it is valid."""
    # Exports are larger than a form post; this page alone takes files up to the limit.
    request.max_content_length = UPLOAD_LIMIT
    if request.method == "POST" and current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()  # a missing or stale token gets the same answer as on every other form
    form = ImportForm()
    if form.validate_on_submit():
        try:
            # Read from the upload's temporary file a night at a time, never whole.
            added = import_file(get_db(), form.file.data.stream)
            stats.refresh(get_db())
        except BadExport as error:
            form.file.errors = [
                gettext(
                    "%(file)s: %(problem)s",
                    file=form.file.data.filename or gettext("The file"),
                    problem=error.read(page_translations()),
                )
            ]
        else:
            flash(import_summary(added))
            return redirect(url_for("history.index"))
    status = 422 if form.errors else 200
    # The page states the file's own limit; the request may be a little larger (the form).
    return render_template("history/import.html", form=form, limit=import_limits.MAX_BYTES), status
