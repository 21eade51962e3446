"""The language each phone reads the app in: chosen from the phone's own languages on a first
visit, then kept in a cookie once the player picks one, so the scorer's phone and each viewer's
phone can differ.

The engine's words (refusals, breakdown lines, rule texts) arrive as `Words`, a message key
with its values; they are read in the page's language here, where the page is drawn: Jinja
draws a `Words` through its `__html__`, which asks the reader installed below, and `say(x)`
does the same for a template that needs the text itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any, Literal

from babel.dates import format_date, format_skeleton, format_time
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    has_request_context,
    jsonify,
    redirect,
    request,
    url_for,
)
from flask_babel import force_locale, get_translations, gettext
from jinja2 import pass_context

from ...engine.words import Reading, Words, capitalised
from ...engine.words import say as say_in
from ..access.scorer import safe_next
from . import cookies, tile_letters

# The languages the app speaks, each named in itself for the switcher.
LANGUAGES = {"en": "English", "ro": "Română", "hu": "Magyar", "fr": "Français"}
COOKIE = "language"
# A picked language is remembered on the phone for a year.
COOKIE_SECONDS = 365 * 24 * 60 * 60
# What a figure shows when there is none yet (an en dash, as the pages always showed).
NONE_YET = "\u2013"
# The gettext catalogues travel inside the package, so an installed wheel has them too.
CATALOGUES = Path(__file__).resolve().parents[2] / "translations"

bp = Blueprint("language", __name__)


def chosen_language() -> str:
    """The phone's choice if it made one, else its best match among the app's languages."""
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(LANGUAGES, default="en") or "en"


def page_language() -> str:
    """The language of the page being drawn; English outside a request (the logs)."""
    return chosen_language() if has_request_context() else "en"


def page_translations() -> Reading | None:
    """How the page being drawn reads the engine's words: its catalogue, its language's
    way of writing a list and the letters its players type tiles with."""
    if not has_request_context():
        return None
    return Reading(get_translations(), lists=page_list, letters=tile_letters.page_letters())


# Babel's names for a list joined by "and" and by "or".
LIST_STYLES: dict[str, Literal["standard", "or"]] = {"and": "standard", "or": "or"}


def page_list(items: Sequence[str], style: str) -> str:
    """Texts as one list in the page's language ("Ana, Bo și Cai", "Ana, Bo ou Cai")."""
    return format_list(list(items), style=LIST_STYLES[style], locale=page_language())


def say(text: object) -> str:
    """An engine message (or any text) in the page's language."""
    return say_in(text, page_translations())


def sentence(text: object) -> str:
    """An engine message as a sentence, starting with a capital, in the page's language."""
    if isinstance(text, Words):
        return say(text.as_sentence())
    return capitalised(say(text))


def per_page(function: Callable[..., Any]) -> Callable[..., Any]:
    """A template filter whose answer depends on the page's language. Jinja works out a plain
    filter applied to a constant once, when it compiles the template (`{{ "r12 k3 j" |
    page_tiles }}` would keep the letters of whichever page was drawn first); a filter that
    takes the template's context is worked out each time a page is drawn."""

    @pass_context
    def drawn(_context: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        return function(value, *args, **kwargs)

    return drawn


def language_of_page() -> dict[str, Any]:
    """Give every template the page's language (for `<html lang>`), the ones to switch to,
    and where the switcher brings the phone back to."""
    back = request.full_path.rstrip("?") if request.query_string else request.path
    return {"page_language": chosen_language(), "languages": LANGUAGES, "language_back": back}


@bp.post("/language")
def switch():
    """Keep the language picked on this phone for a year and go back to the same page.
    It changes nothing stored and no score, so it needs no form token: a page left open
    for days can still switch."""
    picked = request.form.get("language", "")
    answer = redirect(safe_next(request.form.get("next")), 303)
    if picked in LANGUAGES:
        cookies.give(answer, COOKIE, picked, COOKIE_SECONDS)
    return answer


# The web app manifest: the English one is a static file; each language's is drawn from it
# (a phone fetches it without cookies, so its address names the language).


@bp.get("/manifest/<language>.webmanifest")
def manifest(language: str) -> Response:
    """The web app manifest in a language: the name and description a phone shows when the
    app is added to its home screen."""
    if language not in LANGUAGES:
        abort(404)
    shipped = Path(current_app.static_folder or "static") / "manifest.webmanifest"
    found = json.loads(shipped.read_text(encoding="utf-8"))
    with force_locale(language):
        found["description"] = gettext(
            "Scores for tile rummy game nights: every hand recorded, every score explained "
            "with its rule."
        )
    found["lang"] = language
    for icon in found["icons"]:
        icon["src"] = url_for("static", filename=icon["src"])
    answer = jsonify(found)
    answer.mimetype = "application/manifest+json"
    return answer


# --- Dates, times and numbers in the page's language ---------------------------------------
# English keeps the app's own forms ("Saturday 22 November 2025", "22 Nov 22:05"); the other
# languages take their own order and names from the locale data (CLDR, through Babel).


def long_date(day: date) -> str:
    """A date the way people say it in the page's language."""
    language = page_language()
    if language == "en":
        return f"{day:%A} {day.day} {day:%B %Y}"
    return format_date(day, "full", locale=language)


def short_time(moment: datetime) -> str:
    """A day and time of day in the page's language, without the year."""
    language = page_language()
    if language == "en":
        return f"{moment.day} {moment:%b %H:%M}"
    return (
        f"{format_skeleton('MMMd', moment, locale=language)} "
        f"{format_time(moment, 'short', locale=language)}"
    )


def chart_day(day: date) -> str:
    """A day as a chart's axis writes it, in the page's language ("3 Oct", "3 oct.",
    "okt. 3.")."""
    language = page_language()
    if language == "en":
        return f"{day.day} {day:%b}"
    return format_skeleton("MMMd", day, locale=language)


def short_date(day: date | str) -> str:
    """A day with its month's short name and its year, in the page's language ("3 Oct 2025",
    "3 oct. 2025", "2025. okt. 3.")."""
    if isinstance(day, str):
        day = date.fromisoformat(day)
    language = page_language()
    if language == "en":
        return f"{day.day} {day:%b %Y}"
    return format_skeleton("yMMMd", day, locale=language)


def percent(fraction: float | None) -> str:
    """A share as a whole percentage ("46%", "46 %"); a dash when there is none."""
    if fraction is None:
        return NONE_YET
    return format_percent(fraction, locale=page_language())


def signed_decimal(value: float | None) -> str:
    """A number with its sign and one decimal ("+3.5", "-3,2"); a dash when there is none."""
    if value is None:
        return NONE_YET
    return format_decimal(value, format="+#,##0.0;-#,##0.0", locale=page_language())


def number(value: int | float) -> str:
    """A whole number with the language's grouping ("1,234", "1.234", "1 234")."""
    return format_decimal(value, locale=page_language())
