"""Draws the app's icons (static/icons/*.png) from static/icons/icon.svg with Chromium, at the sizes the
web app manifest and iOS ask for. The PNGs are committed; run this again after editing the SVG:

    .venv/bin/python tools/icons.py

``icon-*.png`` (purpose ``any``): the board on a rounded square, its corners transparent.
``maskable-*.png`` (purpose ``maskable``) and ``apple-touch-icon.png`` (iOS rounds it itself): full-bleed,
the board inside the middle 80 % circle a launcher's mask always keeps.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
# name -> (size in px, full-bleed)
OUTPUTS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-192.png": (192, True),
    "maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def render() -> None:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for name, (size, bleed) in OUTPUTS.items():
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                drawn = svg if bleed else svg.replace('rx="0"', 'rx="96"', 1)
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}svg{display:block;width:%dpx;height:%dpx}"
                    "</style>%s" % (size, size, drawn)
                )
                page.screenshot(path=str(ICONS / name), omit_background=True)
                page.close()
        finally:
            browser.close()


if __name__ == "__main__":
    render()
    sys.exit(0)
