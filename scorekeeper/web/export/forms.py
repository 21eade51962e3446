"""The form that brings an export file in."""

from __future__ import annotations

from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

from ...store.import_limits import MAX_BYTES

# The largest import file, and room for the form around it; other pages take far less.
UPLOAD_LIMIT = MAX_BYTES + 1024 * 1024


class ImportForm(FlaskForm):
    """Upload an export file."""

    file = FileField(
        lazy_gettext("Export file (JSON)"),
        validators=[FileRequired(lazy_gettext("Choose an export file."))],
        description=lazy_gettext("A file downloaded from Scorekeeper's History page."),
    )
