"""Shared steps of the web tests: start a night, a series, fill a tally, read a page's words
and the stored rows, set the scorer passcode."""

import html
import re
from pathlib import Path

from flask import Flask

from scorekeeper.web.access import passcode
from scorekeeper.web.shell.db import get_db

PASSCODE = "tile rummy"  # the scorer passcode of the tests' tables

SOURCE_HANDS = [  # the Rummikub rules' four-hand score table, as racks
    {"A": "went_out", "B": "r5", "C": "b10 k6", "D": "y3"},
    {"A": "k6", "B": "r11", "C": "went_out", "D": "b5"},
    {"A": "j y2", "B": "r13", "C": "k2", "D": "went_out"},
    {"A": "r10", "B": "b12 b13", "C": "went_out", "D": "k6"},
]


def rows(app, table):
    """Every row of a table."""
    with app.app_context():
        return list(get_db()[table].rows)


def page_text(page) -> str:
    """A page's visible words, one space between them: from a response or from its HTML."""
    markup = page if isinstance(page, str) else page.get_data(as_text=True)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))).strip()


def start_night(client) -> int:
    client.post("/nights/new", data={"date": "2025-11-22", "place": "", "note": ""})
    return 1


def series_form(
    variant="rummikub",
    seats=("A", "B", "C", "D"),
    end_kind="rounds",
    end_value=1,
    first_dealer=0,
    name="",
):
    form = {
        "variant": variant,
        "end_kind": end_kind,
        "end_value": str(end_value),
        "first_dealer": str(first_dealer),
        "name": name,
    }
    for i in range(6):
        form[f"seats-{i}"] = seats[i] if i < len(seats) else ""
    return form


def start_series(client, **kwargs) -> int:
    night = start_night(client)
    response = client.post(f"/nights/{night}/series/new", data=series_form(**kwargs))
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def tally(names, hand, **extra):
    """The quick tally form for a hand given as {name: rack or "went_out"}."""
    form = {"went_out": "-", "save": "Save hand", **extra}
    for i, name in enumerate(names):
        if hand.get(name) == "went_out":
            form["went_out"] = name
        else:
            form[f"players-{i}-rack"] = hand.get(name, "")
    return form


def set_scorer_passcode(app: Flask, code: str = PASSCODE) -> None:
    """Set the scorer passcode: from then on only a phone that gives it changes anything."""
    passcode.set_passcode(Path(app.instance_path), code)
