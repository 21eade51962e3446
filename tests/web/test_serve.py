"""Starting the server says where to go, shows a QR code, and serves with waitress."""

from scorekeeper import serve
from scorekeeper.web import address


class Waiting:
    """A server that was listening and returns at once when asked to serve."""

    def run(self) -> None:
        return None


def test_serve_prints_the_address_and_its_qr_code_then_serves(app, monkeypatch, capsys):
    served = {}
    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "try_port", lambda host, port: None)
    monkeypatch.setattr(serve, "create_server",
                        lambda app, **options: served.update(options, app=app) or Waiting())
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")
    serve.main()
    out = capsys.readouterr().out
    first, *qr = out.splitlines()
    assert first == ("Scorekeeper is running. Open http://192.168.1.20:8000 on any phone "
                     "on this network.")
    assert len(qr) > 10 and "█" in qr[0]
    assert served == {"app": app, "host": "0.0.0.0", "port": 8000, "threads": 8}


def test_serving_on_one_address_names_that_address(app, monkeypatch, capsys):
    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "try_port", lambda host, port: None)
    monkeypatch.setattr(serve, "create_server", lambda app, **options: Waiting())
    serve.main(host="127.0.0.1", port=8123)
    assert "Open http://127.0.0.1:8123 on" in capsys.readouterr().out
