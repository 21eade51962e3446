"""Every route of the app, with its address filled in from rows that exist."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import Rule

from scorekeeper.store.variants import create_custom
from scorekeeper.web.shell.db import get_db

from .steps import SOURCE_HANDS, start_series, tally

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def seed(app: Flask, client) -> dict:
    """A night, a series with two hands (one deleted) and a custom variant; their ids."""
    from scorekeeper.engine import PRESETS

    series_id = start_series(client)
    for hand in SOURCE_HANDS[:2]:
        client.post(f"/series/{series_id}/hands/new", data=tally("ABCD", hand))
    client.post(f"/series/{series_id}/hands/2/delete")
    with app.app_context():
        variant_id = create_custom(get_db(), PRESETS["romanian"], "Friday rules", {})
    return {"night_id": 1, "series_id": series_id, "hand_id": 1, "variant_id": variant_id}


def address(app: Flask, rule: Rule, ids: dict) -> str:
    """The rule's address with every part filled from ids (any other number is 1)."""
    values = {arg: ids.get(arg, first_choice(rule, arg)) for arg in rule.arguments}
    with app.test_request_context():
        from flask import url_for

        return url_for(rule.endpoint, **values)


def first_choice(rule: Rule, arg: str):
    """A value the rule takes for arg: the first of an any() converter's words, else 1."""
    words = getattr(rule._converters[arg], "items", None)
    return sorted(words)[0] if words else 1


def rules(app: Flask, method: str, api: bool) -> list[Rule]:
    """The app's rules that take this method, in or out of the JSON API."""
    return sorted(
        (
            r
            for r in app.url_map.iter_rules()
            if method in (r.methods or ())
            and r.endpoint != "static"
            and r.rule.startswith("/api/") == api
        ),
        key=lambda r: r.rule,
    )


def dump(app: Flask) -> list[str]:
    """Every row of every table, to show that nothing changed."""
    with app.app_context():
        return list(get_db().conn.iterdump())
