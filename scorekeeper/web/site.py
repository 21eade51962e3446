"""What every page shares: CSRF protection, the navigation bar and the error pages."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request, url_for
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException, NotFound, RequestEntityTooLarge

from . import clean_text, faults, hosts, ids, language
from .security import error_response

csrf = CSRFProtect()

# The pages in the navigation bar, each shown once its blueprint is registered.
NAVIGATION = [("Home", "nights.home"), ("Variants", "variants.index"),
              ("History", "history.index"), ("Rules", "rules.index")]

ERRORS = {
    CSRFError: ("This form has expired",
                "The page was open too long or the server restarted. Go back, reload the page "
                "and send it again."),
    NotFound: ("Page not found", "There is nothing at this address."),
    RequestEntityTooLarge: ("Too much to send", "That request is larger than the app accepts."),
}


def navigation() -> dict[str, Any]:
    """Give every template the navigation links of the pages that exist."""
    endpoints = current_app.view_functions
    links = [(label, url_for(endpoint)) for label, endpoint in NAVIGATION if endpoint in endpoints]
    return {"navigation": links, "current_path": request.path}


def error_page(error: HTTPException):
    """Show the error in the app's layout (JSON for the API), with its status code."""
    title, message = ERRORS[type(error)]
    return error_response(title, message, error.code or 400)


def init_app(app: Flask) -> None:
    """Protect every form post, and give templates the navigation and errors their pages."""
    ids.init_app(app)
    hosts.init_app(app)
    faults.init_app(app)
    clean_text.init_app(app)
    language.init_app(app)
    csrf.init_app(app)
    # Picking a language changes only the phone's own cookie: a page left open past the
    # forms' time limit can still switch (language.switch).
    csrf.exempt(language.bp)
    app.context_processor(navigation)
    for kind in ERRORS:
        app.register_error_handler(kind, error_page)
