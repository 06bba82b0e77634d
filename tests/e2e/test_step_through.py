"""Step through (逐步执行): a learner's program typed into the Code panel, recorded in its worker and
stepped on the page — the Step slider and its keys, the editor's line of the step, the Variables
region, the board's marks (Link-up's queue, visited and current cells; Huarong's and Sliding's board
of the program drawn in place of the game's: Huarong's on the recording tests/e2e/test_step_cost.py times),
the game's board unchanged, Esc and Back to the game."""

import re

import pytest
from pages import assert_in_viewport, axe_serious
from playwright.sync_api import expect

from app.i18n import t
from course_programs import LEETCODE_773, LINKUP_BFS
from puzzles.sliding.cases import LEETCODE_773 as CASES_773

pytestmark = pytest.mark.e2e

BOARD = "JSON.stringify(gameHandler.getBoard())"


def slider(page, lang="en"):
    return page.page.get_by_role("slider", name=t("step_slider", lang))


def step_through(page, program, lang="en", timeout=90_000):
    code = page.code_panel().open()
    code.write(program)
    code.button("code_step").click()
    s = slider(page, lang)
    expect(s).to_be_visible(timeout=timeout)
    expect(s).to_have_attribute("aria-valuenow", "1")
    return code, s


def now(s) -> int:
    return int(s.get_attribute("aria-valuenow"))


def marked(page):
    """The editor's line of the step shown (its element carries aria-current="step")."""
    return page.page.locator('.cm-content [aria-current="step"]')


def press(page, s, key, want):
    s.press(key)
    expect(s).to_have_attribute("aria-valuenow", str(want))


def test_leetcode_773_steps_on_a_phone_in_chinese_and_a_failing_case_of_check_on_its_own_board(open_game):
    """One sliding page on a phone. In 中文: LeetCode 773's BFS stepped on a pasted board, the program's board
    drawn in place of the game's and changing with the steps, the slider and the board in view, the
    Variables, the game's board unchanged, 返回游戏. Then in English: Check's failing cases each offer Step
    through this case: the program is recorded on that case's board (drawn as the program's board), the
    table stays."""
    page = open_game("?game=sliding&lang=zh", "phone")
    page.paste_board("[[4,1,2],[5,0,3]]")
    before = page.evaluate(BOARD)
    code, s = step_through(page, LEETCODE_773, "zh")
    n = int(s.get_attribute("aria-valuemax"))
    assert 30 < n < 10000
    expect(s).to_have_attribute("aria-valuetext", re.compile(r"^第 \d+ 行$"))
    state = page.locator('[data-trace="state"]')
    press(page, s, "PageUp", 11)
    expect(state.locator("figcaption")).to_have_text(re.compile(r"^第 \d+ 步时程序中的棋盘$"))
    first = [c.text_content() for c in state.locator(".trace-cell").all()]
    press(page, s, "End", n)
    expect(state.locator(".trace-cell")).to_have_count(6)
    expect(state.locator(".trace-sizes")).to_have_text(re.compile(r"^队列 \d+ · 已访问 \d+$"))
    last = [c.text_content() for c in state.locator(".trace-cell").all()]
    assert first != last, "the program's board changes with the steps"
    assert_in_viewport(page.page, "#panel-sliding .step-slider")
    assert_in_viewport(page.page, '[data-trace="state"]')
    variables = page.page.get_by_role("region", name="变量")
    expect(variables.get_by_role("row").filter(has_text=re.compile(r"^queue\s*deque, \d+ items?"))).to_have_count(1)
    assert page.evaluate(BOARD) == before
    page.page.get_by_role("button", name="返回游戏").click()
    expect(state).to_be_hidden()
    assert page.evaluate(BOARD) == before

    # a failing Check, in English now, in the Code panel still open
    code.switch_language()
    code.write("def slidingPuzzle(board):\n    b = board\n    return 0\n")
    code.check()
    code.checked(180_000)
    first = page.panel.locator(".code-table tbody tr.fail").first
    label = first.locator("td").first.text_content()
    first.get_by_role("button", name="Step through this case").click()
    s = slider(page)
    expect(s).to_be_visible(timeout=60_000)
    expect(page.panel.locator(".step-note")).to_contain_text("Stepping the case ")
    press(page, s, "End", int(s.get_attribute("aria-valuemax")))
    cells = [int(c.text_content() or 0) for c in page.locator('[data-trace="state"] .trace-cell').all()]
    k = int(re.search(r"LeetCode 773 #(\d+)", label).group(1))
    assert cells == [v for row in CASES_773[k - 1][0] for v in row], "the case's own board"
    expect(page.panel.locator(".code-table")).to_be_visible()


def test_linkup_bfs_connect_and_a_failing_case_stepped_in_one_page(open_game, server_url):
    """One Link-up page, two programs stepped in turn.
    The course's BFS connect, stepped on a pasted board: the slider's keys, the marked line, the queue, visited
    and current cells marked on the board, the Variables, the board unchanged, Esc; then with a tile selected,
    the pair it joins is stepped, said so.
    A connect that turns at most once (and joins any two kinds) fails Check: the first failing case is drawn
    with the game's tiles and the paths as lines; Step through this case records it on that case's board,
    drawn in place of the game's with its cells marked; then Step through alone steps that case again (no
    tile selected), said so.
    (Huarong's course BFS recorded to the cap of 10,000 steps and its boards drawn: tests/e2e/test_step_cost.py,
    on the recording it times.)"""
    page = open_game("?game=linkup&lang=en")
    page.paste_board("[[1,2,0,0],[0,0,0,1],[2,0,0,0]]")
    before = page.evaluate(BOARD)
    code, s = step_through(page, LINKUP_BFS)
    n = int(s.get_attribute("aria-valuemax"))
    assert s.get_attribute("aria-valuemin") == "1" and n > 30
    expect(code.status()).to_contain_text(t("step_ready", "en", n=n)[:20])
    expect(page.panel.locator(".step-note")).to_contain_text("connect(board, ")
    expect(page.panel.locator(".step-note")).to_contain_text("a pair the solver picked")  # no tile selected
    lines = set()
    for key, want in (("ArrowRight", 2), ("PageUp", 12), ("PageUp", 22), ("ArrowLeft", 21), ("End", n)):
        press(page, s, key, want)
        expect(s).to_have_attribute("aria-valuetext", re.compile(r"^line \d+$"))
        line = int(s.get_attribute("aria-valuetext").split()[1])
        expect(marked(page)).to_have_count(1)
        lines.add(line)
    assert len(lines) >= 3, "the marked line moves with the steps"
    press(page, s, "PageDown", n - 10)
    press(page, s, "Home", 1)
    # somewhere in the search: the queue, the visited dict and the state just taken are on the board
    press(page, s, "PageUp", 11)
    press(page, s, "PageUp", 21)
    board = page.locator("#lu-board")
    seen = {}
    for i in range(21, min(n, 60)):
        counts = tuple(board.locator('[data-trace="%s"]' % k).count() for k in ("queue", "seen", "current"))
        seen[counts] = i
        if len(seen) >= 3 and all(c[2] for c in seen if c[0]):
            break
        press(page, s, "ArrowRight", i + 1)
    assert len(seen) >= 2, "the marks change with the steps"
    assert any(c[0] and c[1] for c in seen), "queue and visited cells marked"
    assert any(c[2] for c in seen), "the state just taken marked"
    variables = page.page.get_by_role("region", name="Variables")
    expect(variables.get_by_role("row").filter(has_text=re.compile(r"^q\s*deque, \d+ items?"))).to_have_count(1)
    expect(variables.get_by_role("row").filter(has_text=re.compile(r"^seen\s*dict, \d+ items?"))).to_have_count(1)
    assert page.evaluate(BOARD) == before, "stepping never changes the game's board"
    assert not axe_serious(page.page, server_url), "the steps' view: nothing serious for axe"
    page.keyboard.press("Escape")
    expect(s).to_be_hidden()
    expect(board.locator("[data-trace]")).to_have_count(0)
    expect(marked(page)).to_have_count(0)
    assert page.evaluate(BOARD) == before
    page.tile(2, 0).click()  # a tile selected: the pair it joins is stepped, said so
    code.button("code_step").click()
    expect(s).to_be_visible(timeout=60_000)
    expect(page.panel.locator(".step-note")).to_contain_text(
        t("lu_step_selected", "en", r1=0, c1=1, r2=2, c2=0).split(".")[0] + ".", timeout=30_000)
    page.keyboard.press("Escape")
    expect(s).to_be_hidden()
    page.tile(2, 0).click()  # the tile chosen again: none selected
    expect(page.tile(2, 0)).to_have_attribute("aria-pressed", "false")

    # a connect that turns at most once, checked, in the Code panel still open
    before = page.evaluate(BOARD)
    code.write(LINKUP_BFS.replace("if nt > 2 or", "if nt > 1 or"))
    code.check()
    code.checked(180_000)
    fig = page.panel.locator("figure.code-case")
    expect(fig.locator(".lu-case .lu-case-tile").first).to_be_visible()
    expect(fig.locator("polyline").first).to_be_attached()
    first = page.panel.locator(".code-table tbody tr.fail").first
    label = first.locator("td").first.text_content()[2:].replace(t("step_this_case", "en"), "")
    first.get_by_role("button", name="Step through this case").click()
    s = slider(page)
    expect(s).to_be_visible(timeout=60_000)
    expect(page.panel.locator(".step-note")).to_contain_text("Stepping the case " + label)
    case = page.locator(".lu-trace-case")
    expect(case).to_be_visible()
    expect(page.locator("#lu-board")).to_be_hidden()
    n = int(s.get_attribute("aria-valuemax"))
    seen = set()
    for i in range(1, min(n, 40)):
        seen.add(case.locator("[data-trace]").count())
        press(page, s, "ArrowRight", i + 1)
    assert len(seen) >= 3, "the case's cells marked, changing with the steps"
    size = re.search(r"(\d+)x(\d+)", label)
    expect(case.locator(".cg:not(.lab)")).to_have_count((int(size.group(1)) + 2) * (int(size.group(2)) + 2))
    assert not axe_serious(page.page, server_url)
    page.keyboard.press("Escape")
    expect(case).to_have_count(0)
    expect(page.locator("#lu-board")).to_be_visible()
    code.button("code_step").click()  # nothing selected: the last Check's first failing case again
    expect(s).to_be_visible(timeout=60_000)
    expect(page.panel.locator(".step-note")).to_contain_text(t("step_case_last", "en", label=label))
    expect(case).to_be_visible()
    assert page.evaluate(BOARD) == before
    page.keyboard.press("Escape")
    expect(case).to_have_count(0)
