"""The home page lists tonight's and recent nights and tells other phones how to join."""

from datetime import date, timedelta

import pytest

from scorekeeper.store.nights import create_night
from scorekeeper.web.access import address
from scorekeeper.web.shell.db import get_db


@pytest.fixture(autouse=True)
def lan(monkeypatch):
    """Give this machine a fixed LAN address."""
    monkeypatch.setattr(address, "lan_ip", lambda: "192.168.1.20")


def test_empty_home_page_offers_a_new_game_night(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/nights/new"' in page
    assert "New game night" in page
    assert "No game night today yet." in page
    assert "Recent nights" not in page


def test_home_lists_tonight_apart_from_recent_nights(app, client):
    today = date.today()
    with app.app_context():
        db = get_db()
        create_night(db, today - timedelta(days=7), "Ana's kitchen", None)
        create_night(db, today, "The club", None)
    page = client.get("/").get_data(as_text=True)
    assert "No game night today yet." not in page
    tonight, recent = page.split("Recent nights")
    assert "The club" in tonight and "Ana&#39;s kitchen" not in tonight
    assert "Ana&#39;s kitchen" in recent and "0 series" in recent
    assert 'href="/nights/2"' in tonight


def test_home_opened_on_this_machine_shows_the_lan_address_and_its_qr_code(client):
    page = client.get("/", base_url="http://localhost:8000").get_data(as_text=True)
    assert '<p class="address">http://192.168.1.20:8000</p>' in page
    assert 'aria-label="QR code of http://192.168.1.20:8000"' in page
    assert '<svg viewBox="0 0 ' in page


def test_home_opened_from_another_phone_shares_the_address_it_was_opened_on(app, client):
    app.config["ALLOWED_HOSTS"] = ["Laptop.local"]  # as instance/config.py would list it
    page = client.get("/", base_url="http://laptop.local:8000").get_data(as_text=True)
    assert '<p class="address">http://laptop.local:8000</p>' in page


def test_navigation_links_only_pages_that_exist(client):
    page = client.get("/").get_data(as_text=True)
    assert '<a href="/" aria-current="page">Home</a>' in page
    assert '<a href="/variants/">Variants</a>' in page
    assert '<a href="/history">History</a>' in page
