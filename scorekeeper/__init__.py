"""Scorekeeper: a score pad for tile rummy game nights, served to every phone at the table."""

from __future__ import annotations

import os
import runpy
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .instance import environment_settings, instance_folder

if TYPE_CHECKING:
    from flask import Flask

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent


def load_secret_key(instance: Path) -> str:
    """Return the instance's secret key, generating it on first start."""
    path = instance / "secret_key"
    if not path.exists():
        draft = instance / f"secret_key.{os.getpid()}"
        draft.write_text(secrets.token_hex(32) + "\n")
        draft.chmod(0o600)
        try:
            # A link fails if the key exists, so two servers starting at once agree.
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def instance_settings(instance: Path) -> dict[str, Any]:
    """The settings in the instance's config.py (its upper-case names), or none without one."""
    path = instance / "config.py"
    if not path.is_file():
        return {}
    return {k: v for k, v in runpy.run_path(str(path)).items() if k.isupper()}


def database_path(instance: Path) -> str:
    """The app's database file: config.py or SCOREKEEPER_DATABASE may name another."""
    settings = {**instance_settings(instance), **environment_settings()}
    return str(settings.get("DATABASE", instance / "scorekeeper.db"))


def shipped(folder: str) -> Path:
    """The pages' or static files' folder: inside the installed package, or at the top of a
    checkout, where they are kept (see pyproject.toml)."""
    installed = PACKAGE / folder
    return installed if installed.is_dir() else ROOT / folder


def configure(app: Flask, folder: Path, test_config: dict[str, Any] | None) -> None:
    """Settle the app's settings: the defaults, then config.py and the environment (or the
    tests' own), and the secret key."""
    app.config.from_mapping(
        DATABASE=str(folder / "scorekeeper.db"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        # A form stays open on a phone through a whole game night; Flask-WTF's default
        # of one hour would refuse a hand recorded late in the evening.
        WTF_CSRF_TIME_LIMIT=24 * 60 * 60,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is None:
        app.config.from_mapping(instance_settings(folder), **environment_settings())
    else:
        app.config.from_mapping(test_config)
    # Tests (and a second deployment) keep the secret key and passcode somewhere else.
    app.instance_path = app.config.get("INSTANCE_PATH", app.instance_path)
    # Owner only: it holds the secret key, the passcode hash and the database.
    Path(app.instance_path).mkdir(parents=True, exist_ok=True, mode=0o700)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(Path(app.instance_path))


def create_app(test_config: dict[str, Any] | None = None, instance: Path | None = None) -> Flask:
    """Create and configure the Scorekeeper app, on the instance folder chosen or found.

    Everything the app is made of is listed here, in the order it runs: every blueprint,
    every hook on the requests, every error page and every name the templates read. The
    modules of `web/` only define them.
    """
    # Imported here so that the engine, the store and the command line never load Flask
    # (nor the engine sqlite3).
    import sqlite3

    from flask import Flask
    from flask_babel import Babel
    from werkzeug.exceptions import HTTPException, InternalServerError

    from .engine.notation import HOW_TO_WRITE
    from .engine.series import winner_words
    from .engine.tile_codes import install_letters
    from .engine.tiles import tile_face, tile_label
    from .engine.words import install_reader
    from .web import api, offline, rules, screen, variants, viewer
    from .web.access import address, guesses, hosts, proxies, scorer, table_codes
    from .web.clock import api as clock_api
    from .web.clock import pages as clock
    from .web.events import api as events_api
    from .web.events import pages as events
    from .web.events import printing as event_print
    from .web.events import public as event_public
    from .web.events import shown as event_shown
    from .web.export import pages as export
    from .web.forms.common import EmptyForm
    from .web.hands import audit
    from .web.hands import pages as hands
    from .web.history import merge, seasons
    from .web.history import pages as history
    from .web.nights import pages as nights
    from .web.racks import api as draft_api
    from .web.racks import drafts as rack_drafts
    from .web.racks import join_codes
    from .web.racks import pages as racks
    from .web.series import pages as series
    from .web.series import rulings
    from .web.shell import (
        clean_text,
        cookies,
        db,
        faults,
        ids,
        json_words,
        language,
        names,
        security,
        site,
        static_files,
        tile_letters,
    )
    from .web.table import pages as table_mode

    folder = instance_folder(instance)
    app = Flask(
        __name__,
        instance_path=str(folder),
        template_folder=str(shipped("templates")),
        static_folder=str(shipped("static")),
    )
    configure(app, folder, test_config)
    # Behind a reverse proxy, the phone's own address, scheme and name, as PROXY_COUNT proxies
    # forward them (none by default); the session cookie is Secure when those say HTTPS.
    trusted = proxies.trusting(app.wsgi_app, proxies.proxy_count(app.config))
    app.wsgi_app = trusted  # type: ignore[method-assign]
    app.session_interface = cookies.SessionCookie()
    # The API's JSON writes an engine message in English, its documented language.
    app.json = json_words.WordsJSONProvider(app)

    # What the app keeps between requests: the database, migrated at start and closed after
    # each request; the counts of wrong passcodes and of drafts sent; the 429 pages drawn.
    db.ready_database(app.config["DATABASE"])
    app.teardown_appcontext(db.close_db)
    app.extensions["passcode_guesses"] = guesses.GuessLimiter()
    app.extensions["waiting_pages"] = {}
    app.extensions["draft_sends"] = rack_drafts.SendLimiter()
    app.extensions["seat_changes"] = rack_drafts.SendLimiter()
    # Every `<int:...>` of every route is an id SQLite can hold: set before any route is added.
    app.url_map.converters["int"] = ids.IdConverter
    app.url_map.converters["id"] = ids.IdConverter
    # Pages in the phone's language, from the catalogues kept in the package. One Babel per
    # app: Flask-Babel caches the loaded catalogues on it, and each app may read its own.
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(language.CATALOGUES))
    Babel(app, locale_selector=language.chosen_language)
    # The engine's words drawn on any page are read in that page's language.
    install_reader(language.page_translations)
    # A tile code drawn on a page is in that page's letters ("k5" is blue on a Hungarian page).
    install_letters(tile_letters.page_letters)

    # Before each request, in this order. The Host check comes first; then a passcode guess
    # from a phone that must wait is answered at once, before the body, the text checks or
    # the CSRF token are read, as cheaply as can be (issue 15); then every text is checked,
    # every form post needs its CSRF token, and a change needs the scorer.
    app.before_request(hosts.check_host)
    app.before_request(scorer.refuse_early)
    app.before_request(clean_text.refuse_control_characters)
    site.csrf.init_app(app)
    app.before_request(scorer.guard)
    # After each request: a new phone gets its My rack id; every answer its security headers.
    app.after_request(rack_drafts.give_phone_id)
    app.after_request(security.add_headers)
    # A static file asked for under its content's fingerprint is kept by the phone for a year.
    app.after_request(static_files.keep_for_good)

    # Error pages in the app's layout (JSON for the API), never a traceback.
    app.register_error_handler(sqlite3.DatabaseError, faults.cannot_save)
    for kind in site.ERRORS:
        app.register_error_handler(kind, site.error_page)
    app.register_error_handler(HTTPException, security.http_error)
    app.register_error_handler(InternalServerError, security.server_error)

    # The pages.
    app.register_blueprint(language.bp)
    app.register_blueprint(nights.bp)
    app.register_blueprint(series.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(table_mode.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(events_api.bp)
    app.register_blueprint(draft_api.bp)
    app.register_blueprint(clock_api.bp)
    app.register_blueprint(clock.bp)
    app.register_blueprint(racks.bp)
    app.register_blueprint(join_codes.bp)
    app.register_blueprint(variants.bp)
    app.register_blueprint(scorer.bp)
    app.register_blueprint(table_codes.bp)
    app.register_blueprint(viewer.bp)
    app.register_blueprint(screen.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(rulings.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(seasons.bp)
    app.register_blueprint(merge.bp)
    app.register_blueprint(export.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(event_public.bp)
    app.register_blueprint(event_print.bp)
    # The service worker and its offline page (the installed app, issue 28).
    app.register_blueprint(offline.bp)
    # Requests without a CSRF token: the JSON API (a browser cannot send a cross-site JSON
    # body without a preflight, which this app never grants), and picking a language, which
    # changes only the phone's own cookie, so a page left open past the forms' time limit can
    # still switch. The import page checks its token itself, once its larger limit is set.
    site.csrf.exempt(api.bp)
    site.csrf.exempt(events_api.bp)
    site.csrf.exempt(draft_api.bp)
    # The clock's API takes JSON only (no form can post it from another site) and checks who
    # may press each button itself (web/clock/state.py).
    site.csrf.exempt(clock_api.bp)
    site.csrf.exempt(language.bp)

    # Every address of a static file that url_for builds carries its content's fingerprint.
    app.url_defaults(static_files.add_fingerprint)

    # What every template may read: the page's language, the navigation, the scorer's state.
    app.context_processor(language.language_of_page)
    app.context_processor(site.navigation)
    app.context_processor(scorer.state)
    # Whether the pages speak of a laptop on the Wi-Fi or of a club's machine behind a proxy
    # (a global, not a context value: the macros of an imported template read it too).
    app.add_template_global(address.behind_proxy, "behind_proxy")
    app.add_template_global(EmptyForm, "leave_form")
    # Engine words, dates and numbers in the page's language: each filter is worked out per
    # page (`language.per_page`), never once for all when a template is compiled.
    app.add_template_global(language.say, "say")
    app.add_template_filter(language.per_page(language.say), "say")
    app.add_template_filter(language.per_page(language.sentence), "sentence")
    # A player's name set apart from the words and numbers around it (bidirectional text).
    app.add_template_filter(names.isolate, "isolate")
    app.add_template_filter(language.per_page(language.percent), "percent")
    app.add_template_filter(language.per_page(language.signed_decimal), "signed_decimal")
    app.add_template_filter(language.per_page(language.number), "number")
    app.add_template_filter(language.per_page(language.short_date), "short_date")
    app.add_template_filter(language.per_page(nights.long_day), "day")
    app.add_template_filter(language.per_page(winner_words), "winner_words")
    # A hand's audit trail.
    app.add_template_filter(audit.changes_filter, "changes")
    app.add_template_filter(audit.renamed, "renamed")
    app.add_template_filter(language.per_page(audit.when), "when")
    app.jinja_env.globals["audit_actions"] = audit.AUDIT_ACTIONS
    # Table mode's melds, the viewer's link and QR code, and My rack on the scorer's pages.
    app.add_template_global(table_mode.lying, "lying_tiles")
    # What a tile's face shows (a card's A, J, Q, K), and the tile notation the pad reads, as
    # the engine writes them.
    app.add_template_global(tile_face, "tile_face")
    app.add_template_global(tile_label, "tile_label")
    app.add_template_global(site.tile_notation, "tile_notation")
    app.jinja_env.globals["how_to_write"] = HOW_TO_WRITE
    app.add_template_filter(language.per_page(tile_letters.page_tiles), "page_tiles")
    app.add_template_global(table_mode.colour_word, "colour_word")
    app.add_template_global(table_mode.meld_kind, "meld_kind")
    app.add_template_global(viewer.viewer_link, "viewer_link")
    app.add_template_global(racks.my_rack_for, "my_rack_for")
    app.add_template_global(racks.seat_phones, "seat_phones")
    app.add_template_global(racks.counting_now, "counting_now")
    app.add_template_global(racks.draft_marks, "draft_marks")
    # A club night: the banner of a table's series, the events on the home page, and how far
    # each table has got.
    app.add_template_global(event_shown.event_banner, "event_banner")
    app.add_template_global(event_shown.events_in_play, "events_in_play")
    app.add_template_global(event_shown.played_words, "played_words")
    app.add_template_global(event_shown.scorer_words, "scorer_words")
    return app
