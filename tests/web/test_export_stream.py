"""The export of everything is sent a night at a time, and is the same file as before."""

from __future__ import annotations

import json
import re

from scorekeeper.store.db import connect
from scorekeeper.store.export import export_document
from scorekeeper.store.export_json import export_chunks, to_json

from .history_fixture import fill

STAMP = re.compile(r'"exported": "[^"]+"')


def test_everything_is_streamed_night_by_night_and_is_the_same_text(app, client):
    fill(app.config["DATABASE"])
    response = client.get("/export/everything.json")
    assert response.status_code == 200 and response.is_streamed
    assert response.headers["Content-Disposition"].startswith('attachment; filename="scorekeeper-')
    with connect(app.config["DATABASE"]) as db:
        whole = to_json(export_document(db))
        chunks = list(export_chunks(db))
        nights = db["nights"].count
    assert len(chunks) == nights + 2  # the players and variants, each night, the end
    assert STAMP.sub("", response.get_data(as_text=True)) == STAMP.sub("", whole)
    assert STAMP.sub("", "".join(chunks)) == STAMP.sub("", whole)


def test_an_empty_database_exports_an_empty_file(app, client):
    document = json.loads(client.get("/export/everything.json").get_data(as_text=True))
    assert (document["nights"], document["players"], document["scope"]) == ([], [], "everything")
