"""Headers that keep pages from being framed, sniffed or scripted from elsewhere; kind errors."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

# Scripts and stylesheets come only from /static: no inline script or style attribute runs.
# QR codes are inline SVG markup, which needs no source; the icons and the web app manifest
# (for the phone's home screen) come from /static too.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}

SERVER_ERROR = ("Something went wrong on our side",
                "The app could not finish that. Go back to the series and reload it to see "
                "whether the change was saved.")


def add_headers(response: Response) -> Response:
    """Give every response the security headers, unless a view chose its own."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def error_response(title: str, message: str, status: int):
    """An error as JSON for the API, as a page in the app's layout otherwise."""
    if request.path.startswith("/api/"):
        return jsonify({"error": f"{title.lower()}: {message}"}), status
    return render_template("error.html", title=title, message=message), status


def http_error(error: HTTPException):
    """Any other refusal Flask raises (wrong method, bad request) in the app's own words."""
    if error.code is None or error.code < 400:
        return error
    return error_response(error.name, error.description or "", error.code)


def server_error(error: InternalServerError):
    """Say something went wrong, without a traceback."""
    return error_response(*SERVER_ERROR, 500)


def init_app(app: Flask) -> None:
    """Add the headers to every response and the friendly pages for unexpected errors."""
    app.after_request(add_headers)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, server_error)
