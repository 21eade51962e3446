"""Starting the server says which instance folder it uses and where to go, shows a QR code,
serves with waitress, and writes one line per request."""

import logging

from scorekeeper import serve
from scorekeeper.web.access import address
from scorekeeper.web.shell import request_log


class Waiting:
    """A server that was listening and returns at once when asked to serve."""

    def run(self) -> None:
        return None


def listening(monkeypatch, served: dict | None = None) -> None:
    """Serve without a real port: record what waitress was asked for, and return at once."""
    monkeypatch.setattr(serve, "try_port", lambda host, port: None)
    monkeypatch.setattr(
        serve,
        "fair_server",
        lambda app, host, port, **options: (
            (served.update(options, app=app, host=host, port=port) if served is not None else None)
            or Waiting()
        ),
    )


def test_serve_prints_the_folder_the_address_and_its_qr_code_then_serves(app, monkeypatch, capsys):
    served: dict = {}
    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    listening(monkeypatch, served)
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    serve.main()
    out = capsys.readouterr().out
    folder, first, *qr = out.splitlines()
    assert folder == (f"Instance folder (database, secret key, passcode): {app.instance_path}")
    assert first == (
        "Scorekeeper is running. Open http://192.168.1.20:8000 on any phone on this network."
    )
    assert len(qr) > 10 and "█" in qr[0]
    assert served.pop("app").__name__ == "each_request"
    # Waitress's output buffer at 1 MB, not its 16 MB: bench/export_memory.py measures why.
    assert served == {
        "host": "0.0.0.0",
        "port": 8000,
        "threads": 8,
        "outbuf_high_watermark": 1024 * 1024,
        # No proxy in front (PROXY_COUNT 0): waitress drops any X-Forwarded header.
        "clear_untrusted_proxy_headers": True,
    }


def test_serving_on_one_address_names_that_address(app, monkeypatch, capsys):
    monkeypatch.setattr(serve, "create_app", lambda instance=None: app)
    listening(monkeypatch)
    serve.main(host="127.0.0.1", port=8123)
    assert "Open http://127.0.0.1:8123 on" in capsys.readouterr().out


def test_the_instance_chosen_is_the_one_the_app_is_created_on(monkeypatch, tmp_path, capsys):
    listening(monkeypatch)
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    serve.main(instance=tmp_path / "night")
    assert (tmp_path / "night" / "scorekeeper.db").is_file()
    assert (tmp_path / "night" / "secret_key").is_file()
    assert f"passcode): {tmp_path / 'night'}\n" in capsys.readouterr().out


def test_each_request_is_one_line_of_address_method_path_status_and_time(app, caplog):
    logged = request_log.logged(app.wsgi_app)
    client = app.test_client()
    app.wsgi_app = logged
    with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
        client.get("/?passcode=secret", headers={"Cookie": "session=private"})
        client.get("/static/app.css")
        client.get("/series/999")
        client.post("/scorer", data={"passcode": "secret"})
    lines = [record.getMessage() for record in caplog.records]
    assert [line.rsplit(" ", 2)[0] for line in lines] == [
        "127.0.0.1 GET / 200",
        "127.0.0.1 GET /static/app.css 200",
        "127.0.0.1 GET /series/999 404",
        "127.0.0.1 POST /scorer 302",
    ]
    assert all(line.endswith(" ms") and float(line.split()[-2]) >= 0 for line in lines)
    assert not [line for line in lines if "secret" in line or "private" in line]


def test_a_log_line_keeps_only_the_status_code():
    assert (
        request_log.line("192.168.1.7", "GET", "/history", "200 OK", 0.0123)
        == "192.168.1.7 GET /history 200 12.3 ms"
    )
