"""The screenshots in docs/screens/ and the README: every game on a phone (390 × 844)
and a desktop (1280 × 800), in English and 中文, in a state a player meets, plus the
editor and the records. Run only when asked:

    UPDATE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/e2e/test_screenshots.py -p no:cacheprovider

Each shot is also checked: its game's board is wholly on the screen."""

import os
import pathlib
import re
from urllib.parse import quote

import pytest
from pages import BOARD_IDS, KSHISEN, LARGE, assert_in_viewport
from playwright.sync_api import expect

from puzzles.games import NAMES
from puzzles.sliding import shuffled

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not os.environ.get("UPDATE_SCREENSHOTS"), reason="UPDATE_SCREENSHOTS=1 writes docs/screens"),
]
OUT = pathlib.Path(__file__).resolve().parent.parent.parent / "docs" / "screens"
SHUFFLED_4X4 = shuffled(4, 4, 3).to_code()  # a 4 × 4 game under way


def shot(page, name):
    OUT.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(400)  # the last slide's animation
    page.screenshot(path=str(OUT / (name + ".png")))


def huarong(page, device):
    if device == "phone":  # a game under way, a piece picked up
        for pid, d in ((10, "left"), (9, "right"), (10, "right")):
            page.evaluate("([p, d]) => gameHandler.move(p, d)", [pid, d])
            page.wait_for_timeout(700)  # a player's pace, for the clock
        page.locator("#hr-board .hr-piece[data-pid='8']").click()
    else:  # a solution playing, paused, with the BFS chart
        page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        page.locator("#panel-huarong .buttons .primary").click()
        page.wait_for_function("gameHandler.moveCount >= 30", timeout=60_000)
        page.locator("#panel-huarong .playback .btn").first.click()


def linkup(page, device):
    page.locator("#lu-board .lu-tile").nth(5).click()
    page.locator("#lu-board").scroll_into_view_if_needed()  # 8 x 18 on a phone: 32 px tiles, the page scrolls


def sliding(page, device):
    if device == "phone":
        page.locator("#sp-board").focus()
        for key in ("ArrowDown", "ArrowRight"):
            page.keyboard.press(key)
    else:  # a win by hand: moves against par and the record
        page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        for tile in (5, 4, 1, 2, 3):
            page.locator("#sp-board [data-tile='%d']" % tile).click()
            page.wait_for_timeout(700)  # a player's pace, for the clock
        expect(page.locator("#sliding-result [data-result=par]")).not_to_contain_text("…", timeout=30_000)


QUERIES = {
    ("huarong", "phone"): "?game=huarong&lang=%s",
    ("huarong", "desktop"): "?game=huarong&lang=%s&speed=40",
    ("linkup", "phone"): "?game=linkup&lang=%s&board=" + quote(KSHISEN),
    ("linkup", "desktop"): "?game=linkup&lang=%s&board=" + quote(LARGE),
    ("sliding", "phone"): "?game=sliding&lang=%s&board=" + SHUFFLED_4X4,
    ("sliding", "desktop"): "?game=sliding&lang=%s",
}
STAGE = {"huarong": huarong, "linkup": linkup, "sliding": sliding}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("game", NAMES)
def test_screenshot(open_game, game, device, lang):
    page = open_game(QUERIES[(game, device)] % lang, device, solver=False)
    STAGE[game](page, device)
    assert_in_viewport(page, BOARD_IDS[game])
    shot(page, "%s-%s-%s" % (game, device, lang))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_screenshot_of_the_editor_and_the_records(open_game, lang):
    page = open_game("?game=huarong&lang=%s" % lang, "phone", solver=False)
    page.locator("#huarong-edit").click()
    page.locator("#hr-edit-board .hr-piece.boss").click()
    assert_in_viewport(page, "#hr-edit-board")
    shot(page, "editor-phone-%s" % lang)
    page = open_game("?game=sliding&lang=%s" % lang, "desktop", solver=False)
    page.with_records()
    page.locator("#records-button").click()
    page.locator("#sliding-edit").click()
    page.locator("#sp-edit-board [data-cell='0']").click()
    page.locator("#sp-edit-board [data-cell='1']").click()
    shot(page, "records-editor-desktop-%s" % lang)


MAP_NAMES = {"en": ("Map", "Solve", "Pause"), "zh": ("状态图", "求解", "暂停")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_screenshot_of_the_state_map(open_game, lang):
    """The map on a desktop while a solution plays (the wavefront lit, the path, the marker), and the
    3 × 3 sliding puzzle's 181,440 positions on a phone."""
    map_name, solve_name, pause_name = MAP_NAMES[lang]
    page = open_game("?game=huarong&lang=%s&speed=40" % lang, "desktop")
    panel = page.panel
    panel.get_by_role("button", name=map_name, exact=True).click()
    expect(page.locator("#huarong-map-figure")).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    panel.get_by_role("button", name=solve_name, exact=True).click()
    page.wait_for_function("gameHandler.moveCount >= 40", timeout=60_000)
    panel.get_by_role("button", name=pause_name, exact=True).click()
    assert_in_viewport(page, "#huarong-map-figure")  # beside the board: no scrolling
    shot(page, "map-desktop-%s" % lang)
    board = quote("[[8,6,7],[2,5,4],[3,0,1]]")
    page = open_game("?game=sliding&lang=%s&board=%s" % (lang, board), "phone")
    page.panel.get_by_role("button", name=map_name, exact=True).click()
    fig = page.locator("#sliding-map-figure")
    expect(fig).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    page.evaluate("document.querySelector('#sliding-map').scrollIntoView()")
    shot(page, "map-phone-%s" % lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_screenshot_of_the_code_panel(open_game, lang):
    """The Code panel: on a phone, the starter run on Huarong (its output, its move played); on a
    desktop, Link-up's Check of a connect that allows three turns (the table, the failing case)."""
    from code_programs import connect_with

    page = open_game("?game=huarong&lang=%s&speed=0" % lang, "phone")
    code = page.code_panel().open()
    code.run()
    expect(code.log()).not_to_be_empty(timeout=60_000)
    page.wait_for_function("gameHandler.moveCount === 1")
    page.locator("#huarong-code .code-editor").scroll_into_view_if_needed()
    shot(page, "code-phone-%s" % lang)
    page = open_game("?game=linkup&lang=%s" % lang, "desktop")
    code = page.code_panel().open()
    code.write(connect_with(3))
    code.check()
    code.checked()
    page.evaluate("document.querySelector('#linkup-code .code-status').scrollIntoView()")
    shot(page, "code-desktop-%s" % lang)
