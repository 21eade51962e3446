"""On the phone's home screen, in Debian's Chromium at 390x844: the manifest is valid, its icons
and the favicon load, and nothing of it is refused by the Content-Security-Policy."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Each icon the page and its manifest name, loaded as the browser loads an image.
ICON_SIZES = """async urls => Promise.all(urls.map(url => new Promise(done => {
  const image = new Image();
  image.onload = () => done([url, image.naturalWidth, image.naturalHeight]);
  image.onerror = () => done([url, 0, 0]);
  image.src = url;
})))"""


def manifest_of(page) -> dict:
    """What Chromium makes of the page's web app manifest: its address, errors and fields."""
    session = page.context.new_cdp_session(page)
    return session.send("Page.getAppManifest")


def test_chromium_finds_the_manifest_valid_and_every_icon_loads(browser_page, screenshot):
    page = browser_page
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.reload()
    expect(page.locator("meta[name=description]")).to_have_attribute(
        "content",
        "Scores for tile rummy game nights: every hand recorded, every score "
        "explained with its rule.",
    )
    found = manifest_of(page)
    assert found["url"].endswith("/manifest/en.webmanifest")
    assert found["errors"] == []
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", found["url"])
    assert (manifest["name"], manifest["short_name"]) == ("Scorekeeper", "Scorekeeper")
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    assert [icon["purpose"] for icon in manifest["icons"]].count("maskable") == 1

    icons = [
        page.evaluate(
            "src => new URL(src, document.querySelector('link[rel=manifest]').href).href",
            icon["src"],
        )
        for icon in manifest["icons"]
    ]
    links = page.eval_on_selector_all(
        "link[rel=icon], link[rel=apple-touch-icon]", "links => links.map(l => l.href)"
    )
    # The page's own links carry their content's fingerprint (?v=), the manifest's do not.
    sizes = {
        url.rsplit("/", 1)[1].split("?v=")[0]: (width, height)
        for url, width, height in page.evaluate(ICON_SIZES, icons + links)
    }
    # The drawing has no size of its own: it loads at the browser's default for an image.
    assert sizes.pop("icon.svg") == (150, 150)
    assert sizes == {
        "icon-192.png": (192, 192),
        "icon-512.png": (512, 512),
        "icon-maskable-512.png": (512, 512),
        "icon-32.png": (32, 32),
        "apple-touch-icon.png": (180, 180),
    }
    assert refused == []


def test_a_phone_in_hungarian_finds_the_manifest_in_hungarian(browser_page):
    page = browser_page
    page.context.add_cookies([{"name": "language", "value": "hu", "url": page.url}])
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    found = manifest_of(page)
    assert found["url"].endswith("/manifest/hu.webmanifest") and found["errors"] == []
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", found["url"])
    assert manifest["lang"] == "hu"
    assert manifest["description"].startswith("Pontozás römi játékestekhez")


@pytest.mark.parametrize(
    ("scheme", "colour", "background"),
    [
        ("light", "#f5f4ef", "rgb(245, 244, 239)"),
        ("dark", "#111315", "rgb(17, 19, 21)"),
    ],
)
def test_the_browsers_bar_takes_the_pages_own_colour_light_and_dark(
    chromium, live_server, screenshot, scheme, colour, background
):
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server, color_scheme=scheme
    )
    page = context.new_page()
    page.goto("/")
    chosen = page.evaluate("""() => [...document.querySelectorAll('meta[name=theme-color]')]
        .filter(meta => matchMedia(meta.media).matches).map(meta => meta.content)""")
    assert chosen == [colour]
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
    screenshot(page, f"home-{scheme}")
    context.close()
