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


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_show_the_search_is_with_the_boards_controls(open_game, device):
    """In English, then in 中文 after the page's language switch (every label's length changes): the box and
    the controls on the screen, above the board and the Race panel, nothing scrolled sideways. Then, ticked,
    the box is saved with the game (a reload)."""
    page = open_game("?game=linkup&lang=en&board=%s" % quote(KSHISEN), device, solver=False)
    for lang in ("en", "zh"):
        if lang != "en":
            page.switch_language()
        check = page.panel.get_by_role("checkbox", name=NAMES[lang])
        expect(check).to_be_visible()
        assert page.evaluate("scrollY") == 0
        on_screen(page, check)
        on_screen(page, page.panel.locator("#lu-preset"))
        on_screen(page, page.panel.get_by_role("button", name=t("solve", lang), exact=True))
        board = page.locator("#lu-board").bounding_box()
        mine = check.bounding_box()
        assert mine["y"] < board["y"], (lang, mine, board)  # above the board, not under it
        race = page.locator("#race").bounding_box()
        assert mine["y"] < race["y"], (lang, mine, race)
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    # still a working toggle: ticked, it is saved with the game
    check.check()
    page.reload()
    expect(page.panel.get_by_role("checkbox", name=NAMES["zh"])).to_be_checked()
