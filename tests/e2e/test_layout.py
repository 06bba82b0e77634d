"""Every game's board on a phone (390 × 844, touch) as the page first shows it, Link-up's large boards
on a phone's width (a desktop's: tests/e2e/test_screen_layout.py); and an accessibility audit
(axe-core, from npm) of every game, the editors and the records, in both languages, on both."""

from urllib.parse import quote

import pytest
from pages import BOARD_IDS, DEVICES, KSHISEN, LARGE, RECORDS, assert_in_viewport, axe_serious
from playwright.sync_api import expect

from puzzles.games import NAMES as GAMES

pytestmark = pytest.mark.e2e
LANGS = ("en", "zh")
def test_the_whole_board_is_on_a_phone_screen_at_open_and_during_playback(open_game):
    """Each game opened by its link, the first by the page's own load and the others by their tab in the
    same page (the same layout either way): the board, its buttons, the tabs and the status all on screen.
    In English, then the same after the page's switch to 中文 (every label's length changes). Then, in
    English again, Huarong solved at 300 ms a move: during the playback its board, the exit and Pause stay
    on the screen, and Pause pauses."""
    first = open_game("?game=%s&lang=en" % GAMES[0], "phone", solver=False)
    for lang in LANGS:
        if lang != "en":
            first = first.show(GAMES[0])
            first.switch_language()
        for game in GAMES:
            page = first.show(game) if game != GAMES[0] else first
            assert_in_viewport(page, BOARD_IDS[game])
            if game == "huarong":
                assert_in_viewport(page, "#hr-board .hr-exit")
            for name in ("Solve", "Undo", "Share") if lang == "en" else ("求解", "撤销", "分享"):
                assert_in_viewport(page, "#panel-%s .buttons >> text=%s" % (game, name))
            tops = {round(page.get_by_role("tab").nth(i).bounding_box()["y"]) for i in range(len(GAMES))}
            assert len(tops) == 1, "the tabs take one line (%s, %s)" % (game, lang)
            expect(page.panel.get_by_role("status")).to_be_in_viewport()

    page = first.show("huarong")
    page.switch_language()
    page.set_speed(300)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
    page.get_by_role("button", name="Solve").tap()
    page.wait_for_selector("#huarong-moves[data-playing]", timeout=30_000)
    assert_in_viewport(page, "#hr-board")
    assert_in_viewport(page, "#hr-board .hr-exit")
    pause = page.get_by_role("button", name="Pause")
    expect(pause).to_be_enabled()
    expect(pause).to_be_in_viewport(ratio=1)
    pause.tap()
    expect(page.get_by_role("button", name="Resume")).to_be_visible()


def test_a_large_linkup_board_fits_the_phone_width(open_game):
    """8 x 18 opened by its link on a phone, then 10 x 20 pasted in the same page; then the phone's screen
    made a small phone's (360 x 640: the same page, as a phone in split screen), and 8 x 18 pasted again:
    each board's tiles stay big enough to tap and nothing scrolls sideways, on each screen."""
    page = open_game("?game=linkup&lang=en&board=" + quote(KSHISEN), "phone", solver=False)
    for device, codes in (("phone", (KSHISEN, LARGE)), ("small-phone", (LARGE, KSHISEN))):
        if device == "small-phone":
            cell = "() => getComputedStyle(document.querySelector('#lu-board')).getPropertyValue('--lu-cell')"
            before = page.evaluate(cell)
            page.set_viewport_size(DEVICES[device]["viewport"])
            # the board is fitted to the narrower screen a moment later (its resize observer's call)
            page.wait_for_function("(before) => (%s)() !== before" % cell, arg=before)
        for i, code in enumerate(codes):
            if i:  # the first is on the screen already (by the link; on the resized screen, the last pasted)
                page.paste_board(code)
                tiles = 200 if code == LARGE else 144
                expect(page.locator("#lu-board .lu-tile")).to_have_count(tiles)
            box = page.locator("#lu-board").bounding_box()
            width = page.viewport_size["width"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (device, box, width)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, "nothing scrolls sideways"
            tile = page.locator("#lu-board .lu-tile").first.bounding_box()
            assert tile["width"] >= 24 and tile["height"] >= 24, "tiles stay big enough to tap: %r" % tile
            if device == "phone" and code == KSHISEN:  # 32 px tiles: the page scrolls, and the whole board shows
                page.locator("#lu-board").scroll_into_view_if_needed()
                assert_in_viewport(page, "#lu-board")


# The audits below open one page per device and show each game by its tab (every game's panel is built at
# start), rather than a page per game, and then the same in the other language after the page's switch.
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_no_serious_accessibility_violation(open_game, server_url, device):
    """Every game in both languages, then the records panel (a few earlier wins kept) in both; then, in the
    same page, a win's moment on a phone (a 2 x 3 board pasted and played to the goal by taps) or a solved
    board's chart on a desktop (横刀立马 solved), each in both languages; then the board editors of Huarong
    and Sliding, in both."""
    page = open_game.blank(device)
    page.store({"bfs-puzzles.records": RECORDS})
    page = page.open("?game=%s&lang=en" % GAMES[0], solver=False)
    for lang in LANGS:
        if lang != "en":
            page.switch_language()
        for game in GAMES:
            assert axe_serious(page.show(game), server_url) == [], (game, lang)
    # the records panel, in 中文 (the page's language now), then in English: it stays open, its words switched
    page.locator("#records-button").click()
    expect(page.locator("#records-panel table")).to_have_count(3)
    expect(page.locator("#records-panel")).to_contain_text("最佳")
    assert axe_serious(page, server_url) == [], "records, zh"
    page.switch_language()
    expect(page.locator("#records-panel table")).to_have_count(3)
    expect(page.locator("#records-panel")).to_contain_text("Best")
    assert axe_serious(page, server_url) == [], "records, en"
    page.locator("#records-button").click()
    expect(page.locator("#records-panel")).to_be_hidden()
    if device == "phone":  # a win's moment
        page = page.show("sliding")
        page.paste_board("2x3-412503")
        expect(page.locator("#sp-board [data-tile]")).to_have_count(5)
        for tile in (5, 4, 1, 2, 3):
            page.locator("#sp-board [data-tile='%d']" % tile).tap()
        expect(page.locator("#sliding-result")).to_be_visible()
        assert axe_serious(page, server_url) == [], "a win, en"
        page.switch_language()
        expect(page.locator("#sliding-result")).to_be_visible()
        assert axe_serious(page, server_url) == [], "a win, zh"
    else:  # a solved board's chart
        page = page.show("huarong")
        page.set_speed(0)
        page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
        page.locator("#panel-huarong .buttons .primary").click()
        expect(page.locator("#hr-chart .chart-x span").first).to_be_attached(timeout=30_000)
        assert axe_serious(page, server_url) == [], "a solve's chart, en"
        page.switch_language()
        assert axe_serious(page, server_url) == [], "a solve's chart, zh"
    # the editors of Huarong and Sliding, opened in 中文 (the page's language now), then in English: they stay
    # open, their words switched
    for game in ("huarong", "sliding"):
        page = page.show(game)
        page.locator("#%s-edit" % game).click()
        expect(page.locator("#panel-%s" % game)).to_have_class("panel editing")
        page.locator("#panel-%s .editbar .btn" % game).first.click()
        assert axe_serious(page, server_url) == [], ("editor", game, "zh")
    page.switch_language()
    for game in ("huarong", "sliding"):
        page = page.show(game)
        expect(page.locator("#panel-%s" % game)).to_have_class("panel editing")
        assert axe_serious(page, server_url) == [], ("editor", game, "en")
