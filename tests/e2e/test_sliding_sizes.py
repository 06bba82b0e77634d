"""The sliding puzzle's 3 × 5 and 5 × 3 boards in the page: the 3 × 5 tables
are fetched for the first fewest-moves search (and serve 5 × 3 turned), and
the answer is the fewest moves CPython's own search finds."""

import json
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from puzzles import sliding
from puzzles.sliding.solver import solve

pytestmark = pytest.mark.e2e


def test_3x5_and_5x3_fewest_moves_with_the_shipped_tables(open_game):
    """3 × 5 opened by its link and solved: the 3 × 5 tables fetched, once; then 5 × 3 pasted in the same page
    and solved with them (turned), nothing more fetched. Each answer is the fewest moves of CPython's own
    search."""
    fetched = []
    page = None
    for rows, cols, seed in ((3, 5, 2), (5, 3, 6)):
        board = sliding.shuffled(rows, cols, seed)
        fewest = len(solve(board).moves)
        grid = [list(board.cells[r * cols : (r + 1) * cols]) for r in range(rows)]
        if page is None:
            page = open_game("?game=sliding&lang=en&speed=0&board=" + quote(json.dumps(grid)))
            page.on("request", lambda r: "sliding-" in r.url and fetched.append(r.url.rsplit("/", 1)[1]))
        else:
            page.paste_board(json.dumps(grid))
            assert page.board() == grid
        page.solve()
        expect(page.status()).to_have_text("Solved: %d moves" % fewest, timeout=90_000)
        page.wait_for_function("gameHandler.isSolved()")
        assert fetched == ["sliding-3x5.pdb"], (rows, cols, fetched)


def test_large_sizes_open_fast_and_say_what_fewest_moves_costs(open_game):
    """4 × 5 opens in the fast mode; fewest moves says what it costs (in English, then in 中文 after the
    language switch); 3 × 5 needs no such note."""
    page = open_game("?game=sliding&lang=en")
    panel = page.panel
    panel.locator("#sp-size").select_option("4x5")
    mode = panel.locator("#sliding-mode")
    expect(mode).to_have_value("fast")
    expect(panel.locator(".sp-mode-note")).to_be_hidden()
    mode.select_option("optimal")
    expect(panel.locator(".sp-mode-note")).to_be_visible()
    expect(panel.locator(".sp-mode-note")).to_contain_text("gives up after 50,000,000 positions")
    page.switch_language()
    expect(panel.locator(".sp-mode-note")).to_contain_text("50,000,000 个局面")
    panel.locator("#sp-size").select_option("3x5")
    expect(panel.locator(".sp-mode-note")).to_be_hidden()
