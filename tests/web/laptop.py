"""The laptop of the browser tests: the app served on one port and database, which a test
can stop and start again (a Wi-Fi blip, a restarted server) and whose hands it can count."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from conftest import app_settings
from werkzeug.serving import make_server

from scorekeeper import create_app


class Laptop:
    """The app served on one port and database that a test can stop and start again."""

    def __init__(self, tmp_path: Path):
        self.app = create_app(app_settings(tmp_path, WTF_CSRF_ENABLED=True))
        self.database = tmp_path / "scorekeeper.db"
        self.port = 0
        self.start()

    def start(self) -> None:
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)

    def hands(self) -> list[tuple]:
        with sqlite3.connect(self.database) as db:
            found = db.execute("SELECT number, scores FROM hands ORDER BY number").fetchall()
        return [(number, json.loads(scores)) for number, scores in found]
