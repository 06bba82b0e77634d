"""Link-up in Chromium, as a user plays it. (Its pickers, New board, Share, bad links and pastes, and a
Shuffle during a Hint are checked on the midend, without a browser, in tests/test_midend_play.py.)"""

import pytest
from playwright.sync_api import expect

from puzzles.linkup import generate

pytestmark = pytest.mark.e2e


# Notes the cells of each path drawn over the board (``data-cells`` of each polyline added to its overlay).
PATHS_DRAWN = """() => { window.__paths = [];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.tagName === 'polyline') window.__paths.push(n.getAttribute('data-cells')); })
  .observe(document.querySelector('#lu-board > svg.lu-path:not(.lu-search-layer)'), {childList: true}); }"""

def test_pairs_joined_by_gamehandler_by_keys_and_by_clicks_boards_that_cannot_be_cleared_and_solve(open_game):
    """One page, the board [[1,2,2,1],[3,0,0,3]] pasted: ``gameHandler.connect`` answers the course's path
    or ``[]``; Tab then Enter on two tiles joins them and Undo takes the join back; pasted again, a click on
    each tile of a pair joins it over the top ring (the path drawn, the counter follows); on [[1,2],[2,1]]
    a pair that cannot be joined stays, and the status says so. On that board Solve says it cannot be
    cleared; Hint too, and as no pair was taken from it, it offers Shuffle, not Undo (never "can no longer
    be cleared — undo or shuffle" with Undo off). Then a new 8 × 18 board of seed 3, the generator's own, is
    cleared by Solve."""
    page = open_game("?game=linkup&lang=en")
    page.paste_board("[[1,2,2,1],[3,0,0,3]]")
    assert page.evaluate("gameHandler.connect(1, 0, 1, 3)") == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert page.evaluate("gameHandler.connect(0, 0, 0, 1)") == []
    assert page.evaluate("gameHandler.isCleared()") is False
    page.keyboard.press("Tab")  # keyboard: Tab to the tiles, Enter selects
    page.tile(0, 1).focus()
    page.keyboard.press("Enter")
    page.tile(0, 2).focus()
    page.keyboard.press("Enter")
    assert page.board() == [[1, 0, 0, 1], [0, 0, 0, 0]]
    page.undo()
    assert page.board()[0] == [1, 2, 2, 1]
    # clicks
    page.paste_board("[[1,2,2,1],[3,0,0,3]]")
    page.evaluate(PATHS_DRAWN)  # the path is shown for 0.45 s: noted as it is drawn
    page.tile(0, 0).click()
    page.tile(0, 3).click()  # the row between is full: the path runs over the top ring
    page.wait_for_function("window.__paths.length > 0")
    assert page.evaluate("window.__paths") == ["6"]
    assert page.board() == [[0, 2, 2, 0], [3, 0, 0, 3]]
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 4")
    # a pair that cannot be joined shakes and stays
    page.paste_board("[[1,2],[2,1]]")
    page.tile(0, 0).click()
    page.tile(1, 1).click()
    expect(page.status()).to_have_text("Those two cannot be joined.")
    assert page.board() == [[1, 2], [2, 1]]
    # a board that cannot be cleared
    page.solve()
    expect(page.status()).to_have_text("Cannot be cleared", timeout=30_000)
    assert page.board() == [[1, 2], [2, 1]]
    page.hint()
    expect(page.status()).to_have_text("This board cannot be cleared — shuffle to try another arrangement.")

    # a generated 8 x 18 board (seed 3), solved at once to the last pair
    page.set_speed(0)
    page.panel.get_by_label("Size").select_option("kshisen")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="New board").click()
    expect(page.status()).to_have_text("New board: seed 3.", timeout=30_000)
    assert page.board() == generate(8, 18, 36, 4, 3).grid()
    page.solve()
    expect(page.status()).to_have_text("Cleared: 72 pairs", timeout=60_000)
    page.wait_for_function("gameHandler.isCleared()", timeout=30_000)
    expect(page.locator("#linkup-moves")).to_have_text("Tiles left: 0")
