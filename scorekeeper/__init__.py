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


def create_app(test_config: dict[str, Any] | None = None,
               instance: Path | None = None) -> Flask:
    """Create and configure the Scorekeeper app, on the instance folder chosen or found."""
    # Imported here so that the engine, the store and the command line never load Flask.
    from flask import Flask

    from .web import (
        access,
        api,
        audit,
        db,
        draft_api,
        export,
        hands,
        history,
        join_codes,
        merge,
        nights,
        rack_drafts,
        racks,
        security,
        series,
        site,
        table_mode,
        variants,
        viewer,
    )
    from .web import rules as rules_pages
    from .web import rulings as house_rulings

    folder = instance_folder(instance)
    app = Flask(__name__, instance_path=str(folder), template_folder=str(shipped("templates")),
                static_folder=str(shipped("static")))
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

    site.init_app(app)
    db.init_app(app)
    audit.init_app(app)
    app.register_blueprint(nights.bp)
    app.register_blueprint(series.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(table_mode.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(draft_api.bp)
    app.register_blueprint(racks.bp)
    app.register_blueprint(join_codes.bp)
    rack_drafts.init_app(app)
    app.register_blueprint(variants.bp)
    access.init_app(app)
    security.init_app(app)
    app.register_blueprint(viewer.bp)
    app.register_blueprint(rules_pages.bp)
    app.register_blueprint(house_rulings.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(merge.bp)
    app.register_blueprint(export.bp)
    return app
