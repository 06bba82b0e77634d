"""The sliding puzzle in Chromium, as a user plays it. (Its sizes and Shuffle, Hint, pasted boards, bad links and
their alert, and the parity rule's answer are checked on the midend, without a browser, in
tests/test_midend_play.py; Solve on LeetCode's example, what takes a refused paste's alert away and the tiles'
中文 names, in tests/test_midend_views.py.)"""

import json
import random
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles.sliding import Board

pytestmark = pytest.mark.e2e


def open_board(open_game, grid, extra=""):
    return open_game("?game=sliding&lang=en&board=%s%s" % (quote(json.dumps(grid)), extra))


def test_4x4_solves_in_place_a_long_search_cancelled_then_clicks_keys_and_undo_on_3x3(open_game):
    """One page: a 4 × 4 board about 30-40 moves away solved in place in its fewest moves; then Korf's
    third board (59 moves, seconds of search) pasted: Solve shows the search's bound, Cancel stops it and
    the board stays. Then a 3 × 3 board pasted and played by clicks (a line of tiles at once), keys, Undo,
    Redo and ``gameHandler.move``."""
    start = Board.goal(4, 4)
    rng = random.Random(4)
    for _ in range(60):  # a random walk from the goal: a position about 30-40 moves away
        start = start.slide(rng.choice(start.movable()))
    page = open_board(open_game, start.grid(), "&speed=0")
    page.wait_for_selector("html[data-solver-state=idle]")
    page.solve()
    expect(page.status()).to_have_text(re.compile(r"^Solved: \d+ moves$"), timeout=60_000)
    page.wait_for_function("gameHandler.isSolved()")
    n = int(re.search(r"\d+", page.status().text_content()).group())
    from puzzles.sliding.solver import solve

    assert n == len(solve(start).moves)
    assert page.move_count() == n
    assert page.board() == Board.goal(4, 4).grid()
    # a long search: its bound, then Cancel
    korf3 = [[1, 15, 10, 13], [0, 11, 4, 7], [12, 6, 5, 3], [14, 8, 9, 2]]
    page.paste_board(json.dumps(korf3))
    page.solve()
    expect(page.status()).to_contain_text("bound", timeout=30_000)
    expect(page.locator("html")).to_have_attribute("data-solver-state", "solving")
    page.get_by_role("button", name="Cancel").click()
    expect(page.status()).to_have_text("Solve cancelled; the board is as it was.")
    expect(page.locator("html")).to_have_attribute("data-solver-state", "idle")
    assert page.board() == korf3
    assert page.move_count() == 0

    # a 3 x 3 board pasted: a click slides a line of tiles, a key one tile, Undo and Redo, gameHandler
    page.paste_board("[[1,2,3],[4,5,6],[7,8,0]]")
    expect(page.locator("#sliding-moves")).to_have_text("Moves: 0")
    page.tile(7).click()  # two cells left of the blank: 8 then 7 slide right
    assert page.board() == [[1, 2, 3], [4, 5, 6], [0, 7, 8]]
    expect(page.locator("#sliding-moves")).to_have_text("Moves: 2")
    page.tile(5).click()  # not in the blank's row or column: nothing moves
    assert page.board() == [[1, 2, 3], [4, 5, 6], [0, 7, 8]]
    page.locator("#sp-board").focus()
    page.keyboard.press("ArrowDown")  # the tile above the blank moves down
    assert page.board() == [[1, 2, 3], [0, 5, 6], [4, 7, 8]]
    page.undo()
    page.undo()
    assert page.board() == [[1, 2, 3], [4, 5, 6], [7, 0, 8]]
    page.redo()
    assert page.board() == [[1, 2, 3], [4, 5, 6], [0, 7, 8]]
    # the console handler: one tile per call, into the neighbouring blank only
    assert page.evaluate("gameHandler.move(9)") is False
    assert page.evaluate("gameHandler.move(3)") is False
    assert page.evaluate("gameHandler.move(7)") is True
    assert page.evaluate("gameHandler.move(8)") is True
    assert page.evaluate("gameHandler.isSolved()") is True
    expect(page.status()).to_have_text("Solved in 4 moves!")
