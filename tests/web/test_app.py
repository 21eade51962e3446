"""The app's settings: a secret key of its own, limits, and error pages in its layout."""

import re
import stat

import pytest

import scorekeeper
from scorekeeper import create_app


@pytest.fixture
def instance(tmp_path, monkeypatch):
    """An empty instance folder in place of the real one, chosen as people do: by
    SCOREKEEPER_INSTANCE."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    return tmp_path


def test_secret_key_is_generated_into_the_instance_on_first_start(instance):
    app = create_app({"TESTING": True})
    key_file = instance / "secret_key"
    assert app.config["SECRET_KEY"] == key_file.read_text().strip()
    assert len(app.config["SECRET_KEY"]) == 64
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert sorted(path.name for path in instance.iterdir() if "secret" in path.name) == [
        "secret_key"
    ]


def test_secret_key_is_reused_on_the_next_start(instance):
    first = create_app({"TESTING": True}).config["SECRET_KEY"]
    assert create_app({"TESTING": True}).config["SECRET_KEY"] == first


def test_each_instance_has_its_own_secret_key(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert scorekeeper.load_secret_key(tmp_path / "a") != scorekeeper.load_secret_key(
        tmp_path / "b"
    )


def test_database_is_created_in_the_instance_on_first_start(instance):
    create_app({"TESTING": True})
    assert (instance / "scorekeeper.db").exists()


def test_a_request_too_large_is_refused_with_a_page(client):
    response = client.post("/nights/new", data={"note": "x" * (3 * 1024 * 1024)})
    assert response.status_code == 413
    assert "Too much to send" in response.get_data(as_text=True)


def test_pages_use_the_local_stylesheet_and_no_outside_asset(client):
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="stylesheet" href="/static/app.css?v=' in page
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert re.findall(r'(?:src|href)="(?:https?:)?//', page) == []
