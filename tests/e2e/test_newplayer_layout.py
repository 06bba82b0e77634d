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
