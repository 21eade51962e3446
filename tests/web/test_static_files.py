"""Static files are kept by the phones: each page gives them under a fingerprint of their
content, and such an address is answered to be kept for a year; any other address of a
static file still answers 304 when the phone's copy is current."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from scorekeeper import shipped


def static_addresses(page: str) -> list[str]:
    """Every address of a static file a page's HTML gives."""
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_every_static_address_on_a_page_carries_its_contents_fingerprint(client):
    page = client.get("/").get_data(as_text=True)
    addresses = static_addresses(page)
    assert any(a.startswith("/static/reach.js?v=") for a in addresses), addresses
    # The manifest is the page language's, at an address of its own that never changes (an
    # app on a phone's home screen may be known by it), not a static file's.
    assert '<link rel="manifest" href="/manifest/en.webmanifest">' in page
    for address in addresses:
        path, _, version = address.partition("?v=")
        content = (Path(shipped("static")) / path.removeprefix("/static/")).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:16], address


def test_a_fingerprinted_file_is_kept_for_a_year_without_asking_again(client):
    page = client.get("/rules/check").get_data(as_text=True)
    address = next(a for a in static_addresses(page) if a.startswith("/static/tilepad.js?v="))
    response = client.get(address)
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    kept = response.cache_control
    assert kept.max_age == 365 * 24 * 60 * 60 and kept.public and kept.immutable
    assert not kept.no_cache
    # The security headers are still there.
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_an_old_fingerprint_or_none_is_asked_again_and_answered_304(client):
    for address in ("/static/tilepad.js", "/static/tilepad.js?v=0123456789abcdef"):
        response = client.get(address)
        assert response.status_code == 200
        assert response.cache_control.no_cache and not response.cache_control.immutable
        again = client.get(address, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304, address


def test_a_changed_file_gets_a_new_address(app, client, tmp_path):
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.css").write_text("body { color: black; }")
    app.static_folder = str(folder)
    first = client.get("/").get_data(as_text=True)
    (folder / "app.css").write_text("body { color: navy; }")
    second = client.get("/").get_data(as_text=True)
    before = [a for a in static_addresses(first) if a.startswith("/static/app.css?v=")]
    after = [a for a in static_addresses(second) if a.startswith("/static/app.css?v=")]
    assert before and after and before != after
    assert client.get(before[0]).cache_control.immutable is False
    assert client.get(after[0]).cache_control.immutable is True
