"""What several forms share: the button that only posts, and trimming typed text."""

from __future__ import annotations

from flask_wtf import FlaskForm


class EmptyForm(FlaskForm):
    """A button that posts: it carries only the CSRF token."""


def strip(value: str | None) -> str | None:
    """Drop spaces typed before or after the text."""
    return value.strip() if value else value
