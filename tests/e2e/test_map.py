"""The state map, used as a player would: the Map button, the
figure's accessible name, the numbers, the board following the map and the
map following the board, in both languages.

Truth the tests did not type in: distances come from the game's own solver run
here in CPython (an optimal search, not the map's breadth-first search), and
every position the map puts on the board is solved again here."""

import json
import re
from urllib.parse import quote

import pytest
from pages import BOARD_IDS, assert_in_viewport, axe_serious
from playwright.sync_api import expect

from puzzles import huarong, sliding
from puzzles.huarong import solver as huarong_solver
from puzzles.sliding import solver as sliding_solver

pytestmark = pytest.mark.e2e

NAMES = {
    "en": {"map": "Map", "far": "Go to the farthest position", "solve": "Solve", "hint": "Hint", "undo": "Undo",
           "positions": "positions", "moves": "moves from the goal", "jumped": "Put on the board from the map",
           "solved": "Solved: {n} moves", "table": "Positions per distance to the goal"},
    "zh": {"map": "状态图", "far": "去最远的局面", "solve": "求解", "hint": "提示", "undo": "撤销",
           "positions": "个局面", "moves": "离目标", "jumped": "已从状态图放到棋盘上",
           "solved": "已解出：{n} 步", "table": "各距离的局面数"},
}
SLIDING_3X3 = [[8, 6, 7], [2, 5, 4], [3, 0, 1]]  # one of the two 3 x 3 boards 31 moves from the goal


def distance_in(fig):
    """The board's distance to the goal, read from the figure's accessible name (digits)."""
    name = fig.get_attribute("aria-label")
    numbers = [int(s.replace(",", "")) for s in re.findall(r"\d[\d,]*", name)]
    assert len(numbers) == 2, name
    return numbers[1]


def huarong_distance(grid, metric="cell"):
    result = huarong_solver.solve(huarong.Board.from_grid(grid), metric)
    assert result.status == "solved"
    return huarong.count_steps(result.moves, metric)


def in_view(page, locator):
    box = locator.bounding_box()
    size = page.viewport_size
    bottom, right = box["y"] + box["height"], box["x"] + box["width"]
    return box["y"] >= 0 and bottom <= size["height"] + 0.5 and right <= size["width"] + 0.5


def solved_text(lang, n):
    return NAMES[lang]["solved"].format(n=n)


def test_huarong_map_follows_the_board_and_puts_the_farthest_position_on_it(open_game):
    """Made and followed in English; the farthest position and Solve after a switch to 中文."""
    page = open_game("?game=huarong&speed=0&lang=en")
    fig = page.open_map(NAMES["en"]["map"])
    # the figure's name: 25,955 positions, 116 moves at the start (counted by the worker's map job in CPython)
    expect(fig).to_have_attribute("aria-label", re.compile(r"25,955 .*116"))
    assert distance_in(fig) == 116 == huarong_distance(page.board())
    panel = page.panel
    numbers = panel.locator(".map-numbers")
    expect(numbers).to_contain_text("25,955")
    expect(numbers).to_contain_text("14,950,080")  # pieces told apart: the count the equivalence merges
    # one move along an optimal solution (the first move of CPython's own solution): 115
    pid, direction = huarong_solver.solve(huarong.Board.from_grid(page.board())).moves[0]
    assert page.evaluate("([p, d]) => gameHandler.move(p, d)", [pid, direction])
    expect(fig).to_have_attribute("aria-label", re.compile(r"25,955 .*115"))
    page.switch_language()
    lang = "zh"
    words = NAMES[lang]
    expect(fig).to_have_attribute("aria-label", re.compile(r"25,955 .*115"))
    # the farthest position: onto the board in one click; the status says its distance
    far = int(re.search(r"(\d+)", numbers.locator("dd").nth(3).text_content()).group(1))
    panel.get_by_role("button", name=words["far"]).click()
    expect(page.status()).to_contain_text(words["jumped"])
    expect(page.status()).to_contain_text(str(far))
    expect(fig).to_have_attribute("aria-label", re.compile(r"25,955 .*\b%d\b" % far))
    grid = page.board()
    assert huarong_distance(grid) == far > 116
    # Solve from there plays to the goal, and the search's wavefront lit the map on the way
    panel.get_by_role("button", name=words["solve"], exact=True).click()
    expect(page.status()).to_have_text(solved_text(lang, far), timeout=30_000)
    page.wait_for_function("gameHandler.isSolved()")
    expect(fig).to_have_attribute("aria-label", re.compile(r"\b0\b"))
    page.wait_for_function("document.querySelector('#huarong-map-figure').dataset.lit > 10000")
    assert page.move_count() == 1 + far  # the first move and the solution; the jump is no move


def test_on_a_desktop_the_map_beside_the_board_previews_and_jumps_by_pointer_and_by_keyboard(open_game):
    """On a desktop the map opens beside the board, both on the screen. Huarong: the pointer over a
    position previews it, a click puts it on the board (no move counted); a position picked by the keyboard
    does too, and both stay on the screen. Huarong is opened by a link in the piece metric: the map measures
    distances in pieces moved (81 at the start; a change of metric making a new map:
    tests/test_midend_views.py). Then the sliding puzzle, by its tab: arrow keys walk the map to a
    neighbour, Enter puts it on the board (its distance said, one undoable step), both still on the
    screen."""
    page = open_game("?game=huarong&metric=piece&lang=en", "desktop")
    fig = page.open_map(NAMES["en"]["map"])
    expect(fig).to_have_attribute("aria-label", re.compile(r"25,955 .*\b81\b"))
    expect(fig).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    board = page.locator(BOARD_IDS["huarong"])
    assert in_view(page, fig), "the map is on the screen: %r" % fig.bounding_box()
    assert in_view(page, board), "and the board beside it: %r" % board.bounding_box()
    fig.scroll_into_view_if_needed()
    box = page.locator("#huarong-map-figure canvas").bounding_box()
    focus_line = page.locator("#huarong-map-focus")
    # sweep a line across the map until a position is under the pointer
    found = None
    for k in range(1, 40):
        x, y = box["x"] + box["width"] * k / 40, box["y"] + box["height"] * 0.5
        page.mouse.move(x, y)
        page.wait_for_timeout(30)
        if focus_line.text_content().startswith("Position"):
            found = (x, y)
            break
    assert found, "no position under the pointer along the map's middle"
    said = int(re.search(r": (\d+) moves from the goal", focus_line.text_content()).group(1))
    page.mouse.click(*found)
    expect(page.status()).to_contain_text("Put on the board from the map: %d moves" % said)
    assert huarong_distance(page.board(), "piece") == said
    assert page.move_count() == 0  # a jump is not a move
    # a position picked by the keyboard goes onto the board too, both still in view
    before = page.board()
    fig.focus()
    expect(fig).to_have_attribute("data-distance", re.compile(r"\d"))
    changed = "(b) => JSON.stringify(gameHandler.getBoard()) !== JSON.stringify(b)"
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):  # to a neighbour on the map
        page.keyboard.press(key)
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        if page.evaluate(changed, before):
            break
    assert page.evaluate(changed, before), "a position picked on the map is on the board"
    assert in_view(page, board) and in_view(page, fig), "both still on the screen"

    # the sliding puzzle's map, walked by the keyboard
    page = page.show("sliding")  # its default 2 x 3 board: 360 positions
    fig = page.open_map(NAMES["en"]["map"])
    expect(fig).to_have_attribute("aria-label", re.compile(r"\b360 positions"))
    expect(fig).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
    board = page.locator(BOARD_IDS["sliding"])
    assert in_view(page, fig), "the map is on the screen: %r" % fig.bounding_box()
    assert in_view(page, board), "and the board beside it: %r" % board.bounding_box()
    before = page.board()
    start = distance_in(fig)
    fig.focus()
    focus_line = page.locator("#sliding-map-focus")
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
        old = focus_line.text_content()
        fig.press(key)
        expect(focus_line).not_to_have_text(old)
        if focus_line.text_content().startswith("Position"):
            break
    expect(focus_line).to_contain_text("Position")
    said = int(re.search(r": (\d+) moves from the goal", focus_line.text_content()).group(1))
    fig.press("Enter")
    expect(page.status()).to_contain_text("Put on the board from the map: %d moves" % said)
    after = page.board()
    assert after != before
    assert len(sliding_solver.solve(sliding.Board.from_grid(after)).moves) == said
    # a neighbour: one slide apart, and one distance step at most
    diff = [i for i, (a, b) in enumerate(zip(sum(before, []), sum(after, []))) if a != b]
    assert len(diff) == 2 and abs(said - start) <= 1
    expect(fig).to_have_attribute("aria-label", re.compile(r"\b%d moves from the goal" % said))
    assert in_view(page, board) and in_view(page, fig), "both still on the screen"
    # one undoable step
    page.undo()
    assert page.board() == before
    expect(fig).to_have_attribute("aria-label", re.compile(r"\b%d moves from the goal" % start))


def test_stop_mapping_then_a_new_board_makes_a_new_map(open_game):
    board = json.dumps(SLIDING_3X3).replace(" ", "")
    page = open_game("?game=sliding&lang=en&board=%s" % quote(board))
    panel = page.panel
    map_button = panel.get_by_role("button", name="Map", exact=True)
    map_button.click()
    panel.get_by_role("button", name="Stop mapping").click()
    expect(panel.locator("#sliding-map-line")).to_have_text("Map stopped.")
    fig = page.map_figure()
    expect(fig).to_have_attribute("aria-label", "State map, not made yet")
    expect(map_button).to_have_attribute("aria-expanded", "true")
    # another board, of another shape: the map is made for it (opening it again after a Stop makes one
    # too: tests/test_midend_views.py)
    page.paste_board("[[4,1,2],[5,0,3]]")
    expect(fig).to_have_attribute("aria-label", re.compile(r"State map of 360 positions; .* 5 moves"), timeout=60_000)


# ---------------------------------------------------------------- what the 3 × 3 map says while it is drawn
LINE_TEXTS = """(id) => { window.__lines = []; const line = document.getElementById(id);
  new MutationObserver(() => window.__lines.push(line.textContent)).observe(line, {childList: true, subtree: true,
  characterData: true}); }"""


FIGURE_NAMES = """(id) => { window.__names = []; const fig = document.getElementById(id);
  new MutationObserver(() => window.__names.push([fig.getAttribute('aria-label'), fig.dataset.drawnMs || '',
    document.getElementById(fig.getAttribute('aria-describedby').split(' ')[0]).textContent]))
  .observe(fig, {attributes: true, attributeFilter: ['aria-label', 'data-drawn-ms']}); }"""


# ---------------------------------------------------------------- the map in view, beside the board
def test_on_a_2x_phone_the_map_comes_into_view_passes_axe_and_the_3x3_map_says_what_it_does(open_game, server_url):
    """In 中文, then, after the language switch, closed and opened again by its English names. Opened, the
    map comes into view; Back to the board brings the board and its status back; a move while it is open
    is followed. With the map open (中文), scrolled to the top: the board is on the screen, the map at least
    300 px wide below, and axe finds nothing serious; the switch to English says the map's name in it.
    Then the sliding puzzle's tab, a 3 x 3 board 31 slides from the goal pasted: the 3 x 3 map's 181,440
    positions on this 2x screen (whose drawing once took 16-80 s): while it is drawn, its line says what it
    does (placing, then painting); before any move, from the moment the map is drawn, its name and its
    description say the board's distance to the goal (the solver's, run here), the drawing worker indexing
    the positions a while after the first picture; the map is in view. Its text alternative, a table named
    in the page's language, has one row per distance, adding up to every position, in English and after a
    switch to 中文. (The same rules in 中文 while it is drawn, on the panel: tests/test_midend_views.py.)"""
    page = open_game("?game=huarong&lang=zh", "phone-2x", solver=False)
    page.wait_for_selector("html[data-solver-state=idle]", timeout=60_000)
    panel = page.panel
    figure = page.locator("#huarong-map-figure")
    moved = None  # the board's distance after the move made with the map open
    for lang in ("zh", "en"):
        name = "Map" if lang == "en" else "状态图"
        if lang == "en":
            page.get_by_role("button", name="Switch to English").click()
            english = re.compile(r"State map of 25,955 positions.*\b%d moves" % moved)
            expect(figure).to_have_attribute("aria-label", english)
            panel.get_by_role("button", name=name).click()  # closes the map
            expect(figure).to_be_hidden()
        panel.get_by_role("button", name=name).click()
        expect(figure).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
        expect(figure).to_be_visible()
        assert in_view(page, figure), "the map came into view: %r" % figure.bounding_box()
        panel.get_by_role("button", name="Back to the board" if lang == "en" else "回到棋盘").click()
        assert in_view(page, page.locator("#hr-board")), "back at the board"
        expect(panel.get_by_role("status")).to_be_in_viewport()
        if lang == "zh":
            expect(figure).to_have_attribute("aria-label", re.compile(r"25,955 个局面.*116"))
            page.evaluate("window.scrollTo(0, 0)")
            assert_in_viewport(page, "#hr-board")
            figure.scroll_into_view_if_needed()
            assert figure.bounding_box()["width"] >= 300
            assert axe_serious(page, server_url) == []
            assert page.evaluate("gameHandler.move(10, 'left')")  # a move: the map follows, still open, below
            moved = huarong_distance(page.board())
            expect(figure).to_have_attribute("aria-label", re.compile(r"25,955 个局面.*\b%d\b" % moved))
            expect(figure).to_be_visible()

    # the sliding puzzle's tab, a board 31 slides from the goal pasted: its 3 x 3 map drawn on this 2x screen
    page = page.show("sliding")
    page.paste_board(json.dumps(SLIDING_3X3))
    page.wait_for_function("async (b) => JSON.stringify(await gameHandler.getBoard()) === JSON.stringify(b)",
                           arg=SLIDING_3X3)
    assert page.evaluate("devicePixelRatio") == 2
    page.evaluate(LINE_TEXTS, "sliding-map-line")
    page.evaluate(FIGURE_NAMES, "sliding-map-figure")
    fig = page.open_map(NAMES["en"]["map"])
    expect(fig).to_have_attribute("data-positions", "181440")
    said = page.evaluate("window.__lines")
    painting = r"^Drawing the map… painting 181,440 positions and [\d,]+ moves$"
    placing = "Drawing the map… placing 181,440 positions"
    assert placing in said and any(re.match(painting, t) for t in said), said[-6:]
    expected = len(sliding_solver.solve(sliding.Board.from_grid(SLIDING_3X3)).moves)
    far = "%d moves from the goal" % expected
    expect(fig).to_have_attribute("aria-label", re.compile("181,440 .*" + far))
    names = page.evaluate("window.__names")
    drawn = [(name, said) for name, ms, said in names if ms]
    assert drawn, names
    for name, said in drawn:  # every state of the figure once it is on screen
        assert re.search("181,440 .*" + far, name), names
        assert far in said, names
    assert_in_viewport(page, "#sliding-map-figure")
    # the text alternative: one row per distance, adding up to every position
    panel = page.panel
    panel.get_by_text(NAMES["en"]["table"], exact=True).first.click()
    for lang in ("en", "zh"):
        if lang == "zh":
            page.switch_language()
        table = panel.get_by_role("table", name=NAMES[lang]["table"])
        counts = [int(c.replace(",", "")) for c in table.locator("tbody td").all_text_contents()]
        assert sum(counts) == 181_440 and len(counts) == expected + 1 and counts[0] == 1
