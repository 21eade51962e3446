"""The language a page is drawn in: the phone's own on a first visit, the one it picked after."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    "asked, answered",
    [
        ("ro-RO,ro;q=0.9,en;q=0.5", "ro"),
        ("hu", "hu"),
        ("fr-CA,fr;q=0.8", "fr"),
        ("en-GB", "en"),
        ("de-DE,de;q=0.9", "en"),  # no German yet: English, not an error
        ("", "en"),
    ],
)
def test_a_first_visit_is_drawn_in_the_phones_language(client: FlaskClient, asked, answered):
    page = client.get("/", headers={"Accept-Language": asked})
    assert page.status_code == 200
    assert f'<html lang="{answered}">' in page.text


def test_a_language_the_phone_picked_outranks_the_phones_own(client: FlaskClient):
    client.set_cookie("language", "hu")
    page = client.get("/rules/", headers={"Accept-Language": "fr"})
    assert '<html lang="hu">' in page.text


def test_an_unknown_language_in_the_cookie_is_ignored(client: FlaskClient):
    client.set_cookie("language", "xx")
    page = client.get("/", headers={"Accept-Language": "ro"})
    assert '<html lang="ro">' in page.text
