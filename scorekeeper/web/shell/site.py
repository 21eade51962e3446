"""What every page shares: CSRF protection, the navigation bar and the error pages."""

from __future__ import annotations

from typing import Any

from flask import current_app, flash, redirect, request, url_for
from flask_babel import gettext, lazy_gettext
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, NotFound, RequestEntityTooLarge

from ...engine.notation import notation
from . import language, tile_letters
from .security import error_response

csrf = CSRFProtect()

# The pages in the navigation bar, each shown once its blueprint is registered.
NAVIGATION = [
    (lazy_gettext("Home"), "nights.home"),
    (lazy_gettext("Variants"), "variants.index"),
    (lazy_gettext("History"), "history.index"),
    (lazy_gettext("Rules"), "rules.index"),
]

ERRORS = {
    CSRFError: (
        lazy_gettext("This form has expired"),
        lazy_gettext(
            "The page was open too long or the server restarted. Go back, "
            "reload the page and send it again."
        ),
    ),
    NotFound: (lazy_gettext("Page not found"), lazy_gettext("There is nothing at this address.")),
    RequestEntityTooLarge: (
        lazy_gettext("Too much to send"),
        lazy_gettext("That request is larger than the app accepts."),
    ),
}


def tile_notation() -> dict[str, Any]:
    """The engine's tile notation for the tile pad, each colour and suit named in the
    page's language, with the letters its players type: the pad reads the notation from
    the page, never a copy of its own."""
    data = notation()
    data["letters"].update(tile_letters.page_letters() or {})
    for key in ("tile_name", "card_name"):
        data[key] = language.say(data[key])
    # A key's face starts with a capital ("Kék"); a tile in words has the word as it stands
    # inside the words ("5 albastru").
    for key, inside in (("names", "colour_words"), ("suits", "suit_words")):
        data[inside] = {letter: language.say(name) for letter, name in data[key].items()}
        data[key] = {letter: language.sentence(name) for letter, name in data[key].items()}
    return data


def navigation() -> dict[str, Any]:
    """Give every template the navigation links of the pages that exist."""
    endpoints = current_app.view_functions
    links = [(label, url_for(endpoint)) for label, endpoint in NAVIGATION if endpoint in endpoints]
    return {"navigation": links, "current_path": request.path}


# Forms whose phone keeps what was typed in browser storage (static/entry.js) until it is
# saved: an expired one brings the scorer back to the form, where it is filled in again.
KEPT_ON_THE_PHONE = {"hands.new"}


def error_page(error: HTTPException):
    """Show the error in the app's layout (JSON for the API), with its status code."""
    if isinstance(error, CSRFError) and request.endpoint in KEPT_ON_THE_PHONE:
        return form_again()
    title, message = ERRORS[type(error)]
    return error_response(title, message, error.code or 400)


def form_again():
    """Back to a form that expired (left open too long, the server restarted, the scorer
    session ended): nothing posted is used, the form is shown afresh (after the passcode,
    if this phone is no longer the scorer) and the phone fills in what it kept."""
    flash(gettext("That form had expired, so the hand was not saved."), "error")
    return redirect(request.path, code=303)
