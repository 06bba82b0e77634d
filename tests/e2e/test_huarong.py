"""Huarong Road in Chromium, as a user plays it: mouse, keyboard and touch, the console's gameHandler,
a long search cancelled with the page responsive, the pieces' tab order. (Pasted boards, move scripts and
Hint are checked on the midend, without a browser, in tests/test_midend_play.py; Solve in either metric, no
solution and the comparison, Share and a reload in tests/test_midend_views.py.)"""

import re

import pytest
from playwright.sync_api import expect
from test_longtask import long_tasks, watch

from app.i18n import t

pytestmark = pytest.mark.e2e


def test_mouse_keyboard_drag_undo_redo_and_the_pieces_tab_order(open_game):
    """The board played by tap-and-tap, the keyboard and a mouse drag, then undone and redone (in a page of
    its own: a drag just after a console move and an undo can race their redraw on a loaded machine); then
    ``gameHandler.move`` from the console answers true for a move made, false for one refused, and the moved
    piece's name follows. Then Tab goes through the pieces in reading order, the top-left piece first,
    and after a move the order follows the board, the moved piece keeping the focus."""
    page = open_game("?lang=en")
    # pieces glide for 0.12 s; a box read mid-glide puts the drag's press beside the piece once it lands
    page.emulate_media(reduced_motion="reduce")
    # tap-and-tap: select soldier 10, tap the empty cell to its left
    page.piece("Soldier (piece 10)").click()
    page.locator('.hr-slot[data-r="4"][data-c="2"]').click(force=True)
    assert page.board()[4] == [9, 0, 10, 0]
    # keyboard: focus soldier 9 and press the right arrow
    page.piece("Soldier (piece 9)").focus()
    page.keyboard.press("ArrowRight")
    assert page.board()[4] == [0, 9, 10, 0]
    # drag soldier 10 right by one cell with the mouse
    box = page.piece("Soldier (piece 10)").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + box["width"], y, steps=6)
    page.mouse.up()
    assert page.board()[4] == [0, 9, 0, 10]
    assert page.move_count() == 3
    page.undo()
    page.undo()
    assert page.move_count() == 1
    page.redo()
    assert page.board()[4] == [0, 9, 10, 0]
    expect(page.locator("#huarong-moves")).to_have_text("Moves: 2")
    # the console's gameHandler.move answers whether the piece moved, and its name follows
    assert page.evaluate("gameHandler.move(10, 'right')") is True
    assert page.evaluate("gameHandler.move(1, 'down')") is False
    expect(page.piece("Soldier (piece 10)")).to_have_attribute("aria-label", re.compile("row 5, column 4"))

    # the keyboard's order: the pieces in reading order
    board = page.locator("#hr-board")

    def tab_order():
        page.panel.get_by_role("button", name="Map").focus()
        order = []
        for _ in range(10):
            page.keyboard.press("Tab")
            pid = page.evaluate("document.activeElement.dataset.pid || ''")
            if not pid:
                break
            order.append(int(pid))
        return order

    def reading_order():
        grid = page.board()
        seen = []
        for row in grid:
            for pid in row:
                if pid and pid not in seen:
                    seen.append(pid)
        return seen

    expect(board.locator(".hr-piece")).to_have_count(10)
    assert tab_order() == reading_order()
    assert tab_order()[0] == page.board()[0][0], "the first stop is the top-left piece"
    # after moves the order follows the board, and the moved piece keeps the focus
    moves = page.move_count()
    piece = board.locator(".hr-piece[data-pid='10']")
    piece.focus()
    page.keyboard.press("ArrowLeft")
    expect(piece).to_be_focused()
    assert page.move_count() == moves + 1
    assert tab_order() == reading_order()


@pytest.mark.longtask
def test_cancel_a_long_solve_keeps_the_page_responsive(open_game):
    page = open_game("?lang=en")
    # an 8x8 board with few pieces: far too many positions to finish quickly
    big = [[0] * 8 for _ in range(8)]
    big[0][3] = big[0][4] = big[1][3] = big[1][4] = 1
    for i, (r, c) in enumerate([(r, c) for r in (3, 5, 7) for c in range(0, 8, 2)] + [(2, 7), (4, 3), (6, 5)]):
        big[r][c] = 7 + i
    page.paste_board(str(big))
    watch(page)
    page.solve()
    expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
    expect(page.status()).to_contain_text("positions explored", timeout=20_000)
    page.wait_for_timeout(1500)
    # the main thread still answers: a move goes through while the worker searches
    assert page.evaluate("gameHandler.move(7, 'up')") is True
    assert page.evaluate("gameHandler.move(7, 'down')") is True
    page.get_by_role("button", name="Cancel").click()
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.", timeout=10_000)
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle")
    assert page.board() == big
    assert long_tasks(page) == [], "a main-thread task took over 50 ms of CPU"


def touch_drag(page, locator, dx, dy):
    """One finger drags ``locator`` by ``dx``, ``dy`` pixels through Chromium's touch input."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page.page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 7):
        point = {"x": x + dx * i / 6, "y": y + dy * i / 6}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_touch_tap_and_tap_and_the_first_tap_after_a_touch_drag_on_a_phone(open_game):
    """On a phone, in 中文 then in English (the language switched): a tap on a piece then on a cell two
    cells away slides the soldier twice (Undo then enabled); a touch drag ends with no click (the finger
    moved), so the next tap's click is a tap of its own: it selects the piece, said in its name."""
    page = open_game("?lang=zh", "phone", solver=False)
    page.locator("#hr-board").get_by_role("button", name=re.compile(r"^兵（10 号）")).tap()
    page.locator('.hr-slot[data-r="4"][data-c="1"]').tap(force=True)
    assert page.board()[4] == [9, 10, 0, 0], "a tap two cells away slides the soldier twice"
    assert page.move_count() == 2
    expect(page.get_by_role("button", name="撤销")).to_be_enabled()

    page.emulate_media(reduced_motion="reduce")
    for lang in ("zh", "en"):
        if lang == "en":
            page.switch_language()
            expect(page.locator("html")).to_have_attribute("lang", "en")
        page.button(t("reset", lang), exact=True).click()
        assert page.board()[4] == [9, 0, 0, 10] and page.move_count() == 0
        ten = page.piece("Soldier (piece 10)" if lang == "en" else "兵（10 号）")
        nine = page.piece("Soldier (piece 9)" if lang == "en" else "兵（9 号）")
        touch_drag(page, ten, -ten.bounding_box()["width"], 0)
        assert page.board()[4] == [9, 0, 10, 0] and page.move_count() == 1
        nine.tap()
        expect(nine).to_have_attribute("aria-pressed", "true")
        selected = "selected" if lang == "en" else "已选中"
        expect(nine).to_have_attribute("aria-label", re.compile(selected + "$"))
