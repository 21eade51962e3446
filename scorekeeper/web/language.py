"""The language each phone reads the app in: chosen from the phone's own languages on a first
visit, then kept in a cookie once the player picks one, so the scorer's phone and each viewer's
phone can differ."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, request
from flask_babel import Babel

# The languages the app speaks, each named in itself for the switcher.
LANGUAGES = {"en": "English", "ro": "Română", "hu": "Magyar", "fr": "Français"}
COOKIE = "language"
# The gettext catalogues travel inside the package, so an installed wheel has them too.
CATALOGUES = Path(__file__).resolve().parents[1] / "translations"

babel = Babel()


def chosen_language() -> str:
    """The phone's choice if it made one, else its best match among the app's languages."""
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def language_of_page() -> dict[str, Any]:
    """Give every template the page's language (for `<html lang>`) and the ones to switch to."""
    return {"page_language": chosen_language(), "languages": LANGUAGES}


def init_app(app: Flask) -> None:
    """Translate pages into the chosen language, from the catalogues kept in the package."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(CATALOGUES))
    babel.init_app(app, locale_selector=chosen_language)
    app.context_processor(language_of_page)
