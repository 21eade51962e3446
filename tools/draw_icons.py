"""Draw the app's PNG icons from static/icons/icon.svg with Debian's Chromium.

Run after changing the drawing: `.venv/bin/python tools/draw_icons.py`, then commit the PNGs.
The maskable icon is the same drawing with a square background, which a phone crops to its own
shape; everything that matters already sits inside its safe middle circle.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
# (file, size in pixels, square background): the favicon, the iPhone's home-screen icon,
# and the manifest's icons.
PNGS = [
    ("icon-32.png", 32, False),
    ("apple-touch-icon.png", 180, True),
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
]


def drawing(square: bool) -> str:
    """The SVG source, its background's corners squared off for the icons a phone crops."""
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    return svg.replace('rx="112"', 'rx="0"') if square else svg


def main() -> None:
    """Write each PNG at its size, with a transparent outside where the corners are round."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size, square in PNGS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = drawing(square).replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<style>body{{margin:0}}svg{{display:block}}</style>{svg}")
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
