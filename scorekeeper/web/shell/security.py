"""Headers that keep pages from being framed, sniffed or scripted from elsewhere; kind errors."""

from __future__ import annotations

from flask import Response, jsonify, render_template, request
from flask_babel import lazy_gettext
from werkzeug.exceptions import HTTPException, InternalServerError

# Scripts and stylesheets come only from /static: no inline script or style attribute runs.
# QR codes are inline SVG markup, which needs no source; the icons and the web app manifest
# (for the phone's home screen) come from /static too.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}

SERVER_ERROR = (
    lazy_gettext("Something went wrong on our side"),
    lazy_gettext(
        "The app could not finish that. Go back to the series and reload "
        "it to see whether the change was saved."
    ),
)


def add_headers(response: Response) -> Response:
    """Give every response the security headers, unless a view chose its own."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def error_response(title: str, message: str, status: int):
    """An error as JSON for the API, as a page in the app's layout otherwise (title and message
    in the request's language, or lazy words that become it here)."""
    title, message = str(title), str(message)
    if request.path.startswith("/api/"):
        return jsonify({"error": f"{title.lower()}: {message}"}), status
    return render_template("error.html", title=title, message=message), status


# The refusals a phone can meet besides those shell/site.py names, in the app's own words; any
# rarer one keeps the web server's English.
HTTP_WORDS = {
    400: (lazy_gettext("Bad request"), lazy_gettext("The app could not read that request.")),
    405: (lazy_gettext("Not here"), lazy_gettext("This address does not take that request.")),
}


def http_error(error: HTTPException):
    """Any other refusal Flask raises (wrong method, bad request) in the app's own words."""
    if error.code is None or error.code < 400:
        return error
    title, message = HTTP_WORDS.get(error.code, (error.name, error.description or ""))
    return error_response(title, message, error.code)


def server_error(error: InternalServerError):
    """Say something went wrong, without a traceback."""
    return error_response(*SERVER_ERROR, 500)
