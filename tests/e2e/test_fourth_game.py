"""The tests' own game (tests/toygame/lights/, 3 × 3 lights out) played in Chromium through the
product's shell, as a fourth tab: the test server's page ``?testgame=lights`` ships its folder and
registers it (tests/toygame/serving.py); the shell, the midend, the worker, the map and the Code
panel meet it only through its spec."""

import re

from pages import GamePage
from playwright.sync_api import expect

from toygame.lights import CELLS, DEFAULT, SIDE, Board
from toygame.lights.texts import TEXTS

QUERY = "?testgame=lights&game=lights&lang=en"
DEFAULT_GRID = Board.parse(DEFAULT).grid()
# A learner's right answer: breadth-first search over the positions, each a tuple of lights.
BFS = '''from collections import deque


def lightsOut(board):
    n = len(board)
    start = tuple(v for row in board for v in row)
    seen = {start: 0}
    q = deque([start])
    while q:
        s = q.popleft()
        if not any(s):
            return seen[s]
        for cell in range(n * n):
            r, c = divmod(cell, n)
            t = list(s)
            for rr, cc in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= rr < n and 0 <= cc < n:
                    t[rr * n + cc] ^= 1
            t = tuple(t)
            if t not in seen:
                seen[t] = seen[s] + 1
                q.append(t)
    return -1
'''
# A wrong one: the number of lights on (right for the default board's three separate lights, not in general).
LIT = '''def lightsOut(board):
    return sum(sum(row) for row in board)
'''


class LightsPage(GamePage):
    game = "lights"
    BOARD_ID = "#lo-board"

    def light(self, r: int, c: int):
        """The light at row ``r``, column ``c`` (from 1), by its name on the board."""
        name = TEXTS["lo_light"][0].format(r=r, c=c)
        board = self.page.get_by_role("group", name=TEXTS["board_lights"][0])
        return board.get_by_role("button", name=name, exact=True)


def pressed(grid: list, cell: int) -> list:
    """``grid`` after pressing ``cell``, by the game's own rule."""
    return Board.from_grid(grid).press(cell).grid()


def test_the_fourth_game_is_played_through_the_shell(open_game):
    """Its tab; a move by a click and by ``gameHandler``; a reload keeps the moves; Undo and Redo; Hint;
    Solve in place; its map; its Code-panel exercise run and checked (a right and a wrong program); then its
    worker killed: the fresh worker started from the same config knows the game, and Solve works on it."""
    opened = open_game(QUERY)
    page = LightsPage(opened.page, opened.base, opened._watch, opened.device)
    tabs = page.get_by_role("tablist").get_by_role("tab")
    expect(tabs).to_have_count(4)
    expect(page.get_by_role("tab", name=TEXTS["tab_lights"][0])).to_have_attribute("aria-selected", "true")
    expect(page.status()).to_have_text(TEXTS["lo_ready"][0])
    assert page.board() == DEFAULT_GRID

    # a move by a click on a light, then by gameHandler; an illegal one changes nothing
    page.light(1, 2).click()
    after_click = pressed(DEFAULT_GRID, 1)
    assert page.board() == after_click
    expect(page.light(1, 1)).to_have_attribute("aria-pressed", "true" if after_click[0][0] else "false")
    assert page.move(4) is True and page.board() == pressed(after_click, 4)
    assert page.move(CELLS) is False and page.move("4") is False
    assert page.move_count() == 2
    expect(page.counter()).to_contain_text("2")

    # a reload keeps the moves and the undo history
    before = page.board()
    page.reload(solver=True)
    assert page.board() == before and page.move_count() == 2
    expect(page.get_by_role("tab", name=TEXTS["tab_lights"][0])).to_have_attribute("aria-selected", "true")
    page.undo()
    assert page.board() == after_click
    page.redo()
    assert page.board() == before

    # Hint names a light and the presses to go, as the exact search counts them
    page.hint()
    hint = re.compile(r"Hint: press the light at row (\d), column (\d) \((\d) presses to go\)\.")
    expect(page.status()).to_have_text(hint)
    r, c, n = (int(x) for x in hint.search(page.status().text_content()).groups())
    assert 1 <= r <= SIDE and 1 <= c <= SIDE and 1 <= n <= CELLS

    # Solve plays the fewest presses on this board, in place
    page.solve("Solved: %d moves" % n)
    page.wait_solved()
    assert page.board() == [[0] * SIDE for _ in range(SIDE)] and page.move_count() == 2 + n

    # its map: all 512 positions, the board's at distance 0
    page.undo()
    fig = page.open_map()
    expect(fig).to_have_attribute("aria-label", re.compile(r"\b512 positions; the board's position is 1 moves"))

    # its Code-panel exercise, on the start board again (Reset): the learner's function, Run, then Check
    page.button("Reset", exact=True).click()
    assert page.board() == DEFAULT_GRID
    code = page.code_panel().open()
    expect(code.editor()).to_contain_text("def lightsOut(board):")
    code.write(BFS)
    code.run()
    right = TEXTS["code_lights_answer_ok"][0].format(yours=3)
    expect(code.status()).to_have_text(right, timeout=60_000)
    code.check()
    passed, n = code.checked()
    assert passed == n >= 10
    all_passed = code.status().text_content()
    code.write(LIT)
    code.check()
    expect(code.status()).not_to_have_text(all_passed)  # this Check's result, not the last one's
    passed, n = code.checked()
    assert 0 < passed < n

    # a worker that dies is replaced by one started from the same config as the first, so the page's games
    # are its games
    page.evaluate("window.solverWorkers.all[0].worker.terminate()")
    page.move(0)  # a board the look-ahead has not worked out: Solve asks the dead worker
    page.solve()  # its call goes unanswered: said, and a fresh worker starts
    expect(page.status()).to_contain_text("The solver stopped", timeout=30_000)
    expect(page.locator("#solver-note")).to_contain_text("ready", timeout=60_000)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
    configs = page.evaluate("window.solverWorkers.all.map(w => w.config)")
    assert configs == ["./worker.lights.toml", "./worker.lights.toml"]
    page.solve(re.compile(r"Solved: \d moves"))
    page.wait_solved()
