"""The cookies the app gives a phone: HttpOnly, SameSite=Lax, and Secure whenever the request
came over HTTPS (behind a proxy, as its X-Forwarded-Proto says: access/proxies.py), so that a
cookie set over HTTPS is never sent back over plain http. Over plain http a Secure cookie
would be dropped by the phone, so there it is not marked."""

from __future__ import annotations

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.wrappers import Response


def give(response: Response, name: str, value: str, max_age: int) -> None:
    """Set one of the phone's cookies on the answer, kept for max_age seconds."""
    response.set_cookie(
        name, value, max_age=max_age, httponly=True, samesite="Lax", secure=request.is_secure
    )


class SessionCookie(SecureCookieSessionInterface):
    """Flask's signed session cookie (the scorer's session, the forms' token), Secure when the
    request came over HTTPS, or always when SESSION_COOKIE_SECURE says so."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Whether this answer's session cookie is marked Secure."""
        return request.is_secure or super().get_cookie_secure(app)
