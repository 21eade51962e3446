"""The installed app (issue 28): the service worker a phone keeps, and the page it shows
when the machine that keeps the scores cannot be reached.

The worker is served from the site's root (`/sw.js`), so its scope is the whole app without
a `Service-Worker-Allowed` header. It is drawn from `templates/offline/sw.js` with what it
keeps: every static file at its fingerprinted address (web/shell/static_files.py; the same
addresses the pages ask for) and the offline page in each language. Its cache's name holds
the app's version and a digest of those files, the offline page's templates and the
catalogues, so a new release or any changed file makes a new worker, which the phone finds
at its next visit: the worker is sent `no-cache`, asked for again on every check.

Over plain http on the LAN a phone's browser runs no service worker: the page registers
none (static/install.js), and the app works as it always did.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel import force_locale

from .shell.language import CATALOGUES, LANGUAGES
from .shell.static_files import PLAIN

bp = Blueprint("offline", __name__)

# The templates the offline page is drawn from, and the worker's own: a change to any of
# them is a change of what the worker keeps.
TEMPLATES = ("base.html", "_language.html", "offline/page.html", "offline/sw.js")


def app_version() -> str:
    """The installed app's version ("0.3.0"), or "dev" for a checkout never installed."""
    try:
        return version("scorekeeper")
    except PackageNotFoundError:
        return "dev"


def static_names() -> list[str]:
    """Every static file the pages may ask for, by its path under the static folder. The
    manifest is left to the browser, which asks for it itself at its plain address."""
    folder = Path(current_app.static_folder or "static")
    names = [p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()]
    return sorted(name for name in names if name not in PLAIN)


def offline_addresses() -> list[str]:
    """The offline page's address in each of the app's languages."""
    return [url_for("offline.page", language=code) for code in LANGUAGES]


def kept_files() -> list[str]:
    """What the worker keeps: each static file at its current fingerprinted address, and
    the offline page in every language."""
    return [url_for("static", filename=name) for name in static_names()] + offline_addresses()


def digest() -> str:
    """A digest of everything the worker keeps: the static files (by their fingerprints, in
    their addresses), the templates the offline page and the worker are drawn from, and the
    compiled catalogues that word them."""
    found = hashlib.sha256("\n".join(kept_files()).encode())
    templates = current_app.jinja_env
    for name in TEMPLATES:
        found.update(templates.loader.get_source(templates, name)[0].encode())  # type: ignore[union-attr]
    for catalogue in sorted(CATALOGUES.glob("*/LC_MESSAGES/messages.mo")):
        found.update(catalogue.read_bytes())
    return found.hexdigest()[:16]


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker, from the root so that it serves the whole app."""
    script = render_template(
        "offline/sw.js",
        cache=f"scorekeeper-{app_version()}-{digest()}",
        files=kept_files(),
        offline={code: url_for("offline.page", language=code) for code in LANGUAGES},
        languages=list(LANGUAGES),
    )
    answer = Response(script, mimetype="text/javascript")
    # Asked again on every check, so an update is found at the next visit; an unchanged
    # worker costs a 304.
    answer.cache_control.no_cache = True
    answer.set_etag(hashlib.sha256(script.encode()).hexdigest()[:16])
    answer.make_conditional(request)
    return answer


@bp.get("/offline/<language>")
def page(language: str) -> str:
    """The page the worker shows when a page cannot be fetched, in one language: each
    language has its own address, so the worker keeps all four and picks the phone's."""
    if language not in LANGUAGES:
        abort(404)
    with force_locale(language):
        # Its language switcher leads to the home page: this address keeps its language.
        back = url_for("nights.home")
        return render_template("offline/page.html", page_language=language, language_back=back)
