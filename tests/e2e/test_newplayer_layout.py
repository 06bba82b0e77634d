"""Issue #20, what a new player met on a phone and a laptop: the layout, the state
map and Link-up's controls (items 1, 4, 5, 7, 8 and parts of 10)."""

import re

import pytest
from playwright.sync_api import expect

from puzzles.linkup import generate

pytestmark = pytest.mark.e2e


def lu_status(page):
    return page.locator("#linkup-status")


# ---------------------------------------------------------------- 1. New board is a new board
def test_new_board_is_a_new_board_each_press_and_a_typed_seed_reproduces_one(open_app):
    page = open_app("?game=linkup&lang=zh")
    new = page.get_by_role("button", name="新棋盘")
    seen = [page.evaluate("gameHandler.getBoard()")]
    seeds = []
    for _ in range(3):
        before = lu_status(page).text_content()
        new.click()
        expect(lu_status(page)).not_to_have_text(before)
        expect(lu_status(page)).to_have_text(re.compile(r"^新棋盘：种子 \d+。$"))
        seed = int(re.search(r"\d+", lu_status(page).text_content()).group())
        board = page.evaluate("gameHandler.getBoard()")
        assert board == generate(4, 6, 6, 4, seed).grid(), "the seed shown makes the board shown"
        expect(page.get_by_label("种子")).to_have_value(str(seed))  # shown, so it can be reproduced
        assert board not in seen, "each press gives a board not seen before"
        seen.append(board)
        seeds.append(seed)
    # a seed typed on purpose reproduces its board, once; the next press is new again
    page.get_by_label("种子").fill(str(seeds[0]))
    new.click()
    expect(lu_status(page)).to_have_text("新棋盘：种子 %d。" % seeds[0])
    assert page.evaluate("gameHandler.getBoard()") == seen[1]
    new.click()
    expect(lu_status(page)).not_to_have_text("新棋盘：种子 %d。" % seeds[0])
    assert page.evaluate("gameHandler.getBoard()") != seen[1]
    # an emptied box: a random board, and the next press is another one
    page.get_by_label("种子").fill("")
    before = lu_status(page).text_content()
    new.click()
    expect(lu_status(page)).not_to_have_text(before)
    first = page.evaluate("gameHandler.getBoard()")
    before = lu_status(page).text_content()
    new.click()
    expect(lu_status(page)).not_to_have_text(before)
    assert page.evaluate("gameHandler.getBoard()") != first


# ---------------------------------------------------------------- 10. smaller friction
BOARDS = {"huarong": "#hr-board", "linkup": "#lu-board", "sliding": "#sp-board"}
STATUS_LINES = """(id) => { const r = document.createRange(); r.selectNodeContents(document.getElementById(id));
  return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
WORDS = {"en": ("Hint", "Solve"), "zh": ("提示", "求解")}


@pytest.mark.parametrize("game", ["huarong", "linkup", "sliding"])
def test_the_board_stays_put_when_the_status_takes_one_line_or_two(open_on, game):
    lines = set()
    for lang in ("en", "zh"):
        tops = set()
        page = open_on("?game=%s&lang=%s&speed=0" % (game, lang), "phone", solver=True)
        panel = page.get_by_role("tabpanel")
        status = panel.get_by_role("status")

        def look(page=page, tops=tops):
            lines.add(page.evaluate(STATUS_LINES, game + "-status"))
            tops.add(round(page.locator(BOARDS[game]).evaluate("b => b.getBoundingClientRect().top + scrollY")))

        look()
        hint, solve = WORDS[lang]
        before = status.text_content()
        panel.get_by_role("button", name=hint, exact=True).click()
        expect(status).not_to_have_text(before)
        look()
        before = status.text_content()
        panel.get_by_role("button", name=solve, exact=True).click()
        expect(status).not_to_have_text(before, timeout=30_000)
        page.wait_for_selector("html[data-solver-state=idle]")
        look()
        assert len(tops) == 1, "the board moved as the status changed: its top at %r (%s)" % (sorted(tops), lang)
    assert {1, 2} <= lines, "the status said one line and two"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_link_up_sizes_are_named_by_their_dimensions(open_on, lang):
    page = open_on("?game=linkup&lang=%s" % lang, "desktop")
    sizes = page.get_by_role("tabpanel").get_by_label("Size" if lang == "en" else "大小")
    texts = [t.strip() for t in sizes.locator("option").all_text_contents()]
    assert texts == ["4 × 6", "8 × 18", "10 × 20"]


def test_tab_goes_through_the_huarong_pieces_in_reading_order(open_on):
    page = open_on("?game=huarong&lang=en", "desktop")
    board = page.locator("#hr-board")

    def tab_order():
        page.get_by_role("tabpanel").get_by_role("button", name="Map").focus()
        order = []
        for _ in range(10):
            page.keyboard.press("Tab")
            pid = page.evaluate("document.activeElement.dataset.pid || ''")
            if not pid:
                break
            order.append(int(pid))
        return order

    def reading_order():
        grid = page.evaluate("gameHandler.getBoard()")
        seen = []
        for row in grid:
            for pid in row:
                if pid and pid not in seen:
                    seen.append(pid)
        return seen

    expect(board.locator(".hr-piece")).to_have_count(10)
    assert tab_order() == reading_order()
    assert tab_order()[0] == page.evaluate("gameHandler.getBoard()")[0][0], "the first stop is the top-left piece"
    # after moves the order follows the board, and the moved piece keeps the focus
    piece = board.locator(".hr-piece[data-pid='10']")
    piece.focus()
    page.keyboard.press("ArrowLeft")
    expect(piece).to_be_focused()
    assert page.evaluate("gameHandler.moveCount") == 1
    assert tab_order() == reading_order()
