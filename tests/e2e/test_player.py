"""What a player meets beyond the rules, in Chromium: the board editors, shortcuts, the Link-up cursor,
swipes, refusals, playback held while the page or the game's tab is hidden, the chart's bars, a win's
moment. (The clock, par and the solved mark, sharing the position now: tests/test_midend_play.py; a win's
records over reloads and their reset, the counter while a solution plays: tests/test_midend_views.py.)"""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


# ====================================================================== a laptop's mouse and keys
def test_keys_clicks_and_refusals_reach_every_game_and_the_editor(open_game):
    """One page, every game by its tab:
    - Huarong, then the sliding puzzle: a move the rules refuse is marked on its piece or tile (the mark
      goes again); u / r and Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z undo and redo, but typed into a text field
      they are typing;
    - a win by hand on the sliding puzzle: the panel celebrates (a glow, then not); the same win again
      for a reader who asked for less motion: celebrated again, with no animation;
    - Link-up's grid is one Tab stop with an arrow-key cursor (a refused step marked, Enter picks, End);
    - clicks and keys reach Huarong's editor: a tool and a cell place a piece; a piece that does not fit
      is refused, said and marked on its cell; a piece clicked is selected, an arrow key that would
      overlap is refused and Delete removes it; Play this board with no piece 1 says so in the alert and
      stays in the editor. (The classic board built, every refusal's words, Solve from the editor, the
      course's numbering, the 5-column note and Share from the editor: tests/test_midend_views.py.)"""
    page = open_game("?lang=en")
    soldier = page.locator("#hr-board").get_by_role("button", name=re.compile(r"^Soldier \(piece 10\)"))
    soldier.focus()
    page.watch_refusals()
    page.keyboard.press("ArrowRight")  # the wall
    page.expect_refused(soldier)
    expect(soldier).not_to_have_class(re.compile("refused"))
    assert page.move_count() == 0
    page.evaluate("gameHandler.move(10, 'left'); gameHandler.move(9, 'right')")
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+z")
    assert page.move_count() == 1
    page.keyboard.press("u")
    assert page.move_count() == 0
    page.keyboard.press("Control+y")
    page.keyboard.press("r")
    assert page.move_count() == 2
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+Z")
    assert page.move_count() == 2
    # typing in a text field is typing
    page.panel.get_by_text("Paste a board", exact=True).click()
    page.get_by_role("textbox", name="Paste a board").type("ur")
    assert page.move_count() == 2
    # the other games too
    page.get_by_role("tab", name="Sliding puzzle").click()
    tile = page.locator("#sp-board [data-tile='4']")
    tile.click()  # not in the blank's row or column
    page.expect_refused(tile)
    page.evaluate("gameHandler.move(5)")
    page.get_by_role("tab", name="Sliding puzzle").press("u")
    assert page.move_count() == 0

    # a win by hand, on the sliding puzzle's first board
    sliding = page.show("sliding")
    panel = sliding.panel
    moves = _sliding_solution("2x3-412503")
    assert sliding.board() == [[4, 1, 2], [5, 0, 3]]
    for i, motion in enumerate(("no-preference", "reduce")):
        page.emulate_media(reduced_motion=motion)
        if i:
            sliding.undo()
        else:
            for tile in moves[:-1]:
                assert page.evaluate("gameHandler.move(%d)" % tile)
            assert panel.get_attribute("data-celebrated") is None
        assert page.evaluate("gameHandler.move(%d)" % moves[-1])
        expect(panel).to_have_attribute("data-celebrated", str(i + 1))
        expect(panel).to_have_class(re.compile("celebrating"))
        animation = page.evaluate("getComputedStyle(document.querySelector('#sp-board')).animationName")
        assert animation == ("none" if motion == "reduce" else "celebrate"), motion
        expect(panel).not_to_have_class(re.compile("celebrating"), timeout=5_000)

    # Link-up's grid: one Tab stop, an arrow-key cursor
    page = page.show("linkup")
    grid = [[3, 6, 3, 6, 6, 3], [4, 5, 1, 1, 5, 2], [4, 1, 4, 1, 4, 6], [5, 3, 5, 2, 2, 2]]
    assert page.board() == grid
    expect(page.locator("#lu-board .lu-tile[tabindex='0']")).to_have_count(1)
    page.get_by_role("button", name="Share").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")  # back past the buttons row into the board
    page.locator("#lu-board .lu-tile[tabindex='0']").focus()
    focused = "document.activeElement.dataset.cell"
    assert page.evaluate(focused) == "0"
    page.keyboard.press("ArrowUp")  # nothing above: refused
    page.expect_refused(page.locator("#lu-board [data-cell='0']"))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "8"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.board()[1] == [4, 5, 0, 0, 5, 2]
    expect(page.locator("#lu-board .lu-tile[tabindex='0']")).to_have_count(1)
    page.keyboard.press("End")
    assert page.evaluate(focused) == "11"

    # Huarong's editor
    page = page.show("huarong")
    panel = page.panel
    panel.get_by_role("button", name="Edit").click()
    panel.get_by_role("button", name="Clear").click()
    status = panel.get_by_role("status")
    page.place("Cao Cao", 0, 1)
    page.place("Down", 0, 0)
    expect(page.locator("#hr-edit-board .hr-piece.boss")).to_have_count(1)
    page.place("Down", 4, 1)
    expect(status).to_have_text("That does not fit on the board.")
    page.expect_refused(page.locator("#hr-edit-board .ed-cell[data-r='4'][data-c='1']"))
    boss = page.locator("#hr-edit-board .hr-piece.boss")
    boss.click()  # select, then keys move it (any free cell) and Delete removes it
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text("That would overlap another piece.")
    page.keyboard.press("Delete")
    expect(page.locator("#hr-edit-board .hr-piece.boss")).to_have_count(0)
    panel.get_by_role("button", name="Play this board").click()
    expect(panel.get_by_role("alert")).to_have_text(re.compile("^This board cannot be played yet: there is no piece 1"))
    expect(page.locator("#panel-huarong")).to_have_class("panel editing")


# ====================================================================== a phone's touch
def swipe(page, box, dx, dy):
    """A one-finger swipe through Chromium's touch input (pointer events of type touch)."""
    cdp = page.context.new_cdp_session(page.page)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 6):
        point = {"x": x + dx * i / 5, "y": y + dy * i / 5}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_touch_reaches_the_sliding_puzzle_and_its_editor(open_game):
    """On a phone: a swipe slides the tile toward the blank (the tile left of the blank right, the tile
    above it down), a swipe with nothing to slide is refused and moves nothing, and a tap still slides;
    then, on a board pasted in, taps on the editor's draft cells (named by tile and place) reach the
    editor: two tiles swapped are marked unsolvable at once. (What each swap says, Solve and Reset from
    the editor: tests/test_midend_views.py.)"""
    page = open_game("?game=sliding&lang=en&board=2x3-412503", "phone", solver=False)
    board = page.locator("#sp-board").bounding_box()
    swipe(page, board, 80, 0)  # right: the tile left of the blank slides right
    expect(page.locator("#sliding-moves")).to_have_text("Moves: 1")
    assert page.board() == [[4, 1, 2], [0, 5, 3]]
    swipe(page, board, 0, 80)  # down: the tile above the blank slides down
    assert page.board() == [[0, 1, 2], [4, 5, 3]]
    page.watch_refusals()
    swipe(page, board, 0, 80)  # nothing above the blank now: refused, nothing moves
    page.expect_refused(page.locator("#sp-board"))
    assert page.move_count() == 2
    page.locator("#sp-board [data-tile='1']").tap()  # and a tap still slides
    assert page.board() == [[1, 0, 2], [4, 5, 3]]

    page.paste_board("3x3-123456780")
    expect(page.locator("#sp-board [data-tile='8']")).to_have_count(1)
    panel = page.panel
    panel.get_by_role("button", name="Edit").tap()
    status = panel.get_by_role("status")
    expect(status).to_contain_text("this is the goal")
    edit = page.locator("#sp-edit-board")
    edit.get_by_role("button", name=re.compile("^Tile 1,")).tap()
    edit.get_by_role("button", name=re.compile("^Tile 2,")).tap()
    expect(status).to_contain_text("unsolvable")
    expect(edit).to_have_class(re.compile("unsolvable"))
    expect(edit.get_by_role("button", name=re.compile(r"^Tile 1, row 1, column 2"))).to_be_visible()


# ====================================================================== the fixes
HIDE = """(state) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_playback_waits_while_the_page_is_hidden_and_the_chart_draws_its_bars(open_game):
    """The browser's visibilitychange and a click on another game's tab reach the playback: hidden, it
    holds; shown, it goes on; the tab left, it holds (the rule itself: tests/test_midend_views.py). The
    search's chart has bars drawn by the page's drawBars, each titled with its new positions."""
    page = open_game("?lang=en&speed=120")
    page.solve()
    page.wait_for_function("gameHandler.moveCount > 3", timeout=30_000)
    page.evaluate(HIDE, "hidden")
    held = page.move_count()
    page.wait_for_timeout(1000)
    assert page.move_count() <= held + 1
    page.evaluate(HIDE, "visible")
    page.wait_for_function("gameHandler.moveCount > %d" % (held + 3))
    expect(page.locator("#hr-chart .bar").first).to_have_attribute("title", "depth 0: 1 new position")
    # leaving the game's tab holds it too
    page.get_by_role("tab", name="Link-up").click()
    held = page.evaluate("document.querySelector('#huarong-moves').dataset.playing")
    page.wait_for_timeout(800)
    assert page.evaluate("document.querySelector('#huarong-moves').dataset.playing") == held


# ----------------------------------------------------------------- a win's moment
def _sliding_solution(code):
    from puzzles.sliding import Board as SlidingBoard
    from puzzles.sliding.solver import solve

    return solve(SlidingBoard.parse(code)).moves
