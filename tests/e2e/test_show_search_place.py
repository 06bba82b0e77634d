"""Link-up's "Show the search" check box sits with the board's own controls: on a 390 x 844 phone it is on
screen together with the board's top and its buttons (not under the Race panel, below the board); on a
desktop it is in the controls' row too. Both languages."""

from urllib.parse import quote

import pytest
from pages import KSHISEN
from playwright.sync_api import expect

from app.i18n import t

pytestmark = pytest.mark.e2e

NAMES = {"en": "Show the search", "zh": "显示搜索过程"}


def on_screen(page, locator) -> dict:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"] + 0.5, box
    assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"] + 0.5, box
    return box


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_show_the_search_is_with_the_boards_controls(open_game, lang, device):
    page = open_game("?game=linkup&lang=%s&board=%s" % (lang, quote(KSHISEN)), device, solver=False)
    box_name = NAMES[lang]
    check = page.panel.get_by_role("checkbox", name=box_name)
    expect(check).to_be_visible()
    assert page.evaluate("scrollY") == 0
    on_screen(page, check)
    on_screen(page, page.panel.locator("#lu-preset"))
    on_screen(page, page.panel.get_by_role("button", name=t("solve", lang), exact=True))
    board = page.locator("#lu-board").bounding_box()
    mine = check.bounding_box()
    assert mine["y"] < board["y"], (mine, board)  # above the board, not under it
    race = page.locator("#race").bounding_box()
    assert mine["y"] < race["y"], (mine, race)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    # still a working toggle: ticked, it is saved with the game
    check.check()
    page.reload()
    expect(page.panel.get_by_role("checkbox", name=box_name)).to_be_checked()
