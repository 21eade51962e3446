"""Fixtures of the web tests: the app behind a scorer passcode, bare or with rows to guard."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .routes import seed
from .steps import set_scorer_passcode


@pytest.fixture
def app_with_passcode(app: Flask) -> Flask:
    """The app on an empty database with the scorer passcode set."""
    set_scorer_passcode(app)
    return app


@pytest.fixture
def seeded_behind_passcode(app: Flask, client: FlaskClient) -> dict[str, int]:
    """The ids of rows in every table (a night, a series with hands, a custom variant), stored
    while every phone could still change scores; the scorer passcode is set afterwards."""
    ids = seed(app, client)
    set_scorer_passcode(app)
    return ids
