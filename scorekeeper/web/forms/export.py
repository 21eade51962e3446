"""The form that brings an export file in."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

# An export of years of game nights is a few megabytes; the app refuses larger bodies elsewhere.
UPLOAD_LIMIT = 32 * 1024 * 1024


class ImportForm(FlaskForm):
    """Upload an export file."""

    file = FileField("Export file (JSON)", validators=[FileRequired("Choose an export file.")],
                     description="A file downloaded from Scorekeeper's History page.")
