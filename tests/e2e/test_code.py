"""The Code panel: the learner's own Python, typed into the editor, run in a worker of
its own and played on the board; Check against the exact solver's answers; Stop; errors marking
their line; the code kept over a reload; the output pane; the panel on a phone. Tests that open the same
page (game, device) share it, their parts in turn (each page start, and each learner's worker, costs the
suite CPU). Every solution here is written in this file or tools/course_programs.py, independent of the
project's solvers."""


import re

import pytest
from pages import assert_in_viewport, axe_serious
from playwright.sync_api import expect

from app.i18n import t
from code_programs import (
    SLIDES_ONE,
    SLIDING_BFS,
    connect_with,
)
from course_programs import LEETCODE_773
from helpers import check_cases, numbered
from puzzles.messages import render

pytestmark = pytest.mark.e2e

# A helper a program can call to take time without using a core: the worker's thread waits on a buffer
# nothing writes (Pyodide's time.sleep and a busy loop both spin). The page's time limit counts seconds on
# the clock, so for the limit, the clock, Keep going and Stop such a program is a long run like any other;
# a spinning one would take a core from the tests beside it for a whole minute. A spinning runaway is
# Stop's timed test below (test_stop_ends_a_runaway_program...).
IDLE = """import js


def idle(seconds):
    js.Atomics.wait(js.Int32Array.new(js.SharedArrayBuffer.new(4)), 0, 0, seconds * 1000)
"""


def time_limit(page) -> int:
    """The seconds a program runs before the page offers Keep going (the panel states it)."""
    return int(page.panel.locator(".code-panel").get_attribute("data-time-limit"))


# The page's clock, made able to jump: ``performance.now()`` (what the Code panel's clock and time limit
# read) answers the real time plus what ``window.__clockJump(ms)`` added. Timers run as usual.
JUMPING_CLOCK = """(() => {
    const now = performance.now.bind(performance);
    let skew = 0;
    performance.now = () => now() + skew;
    window.__clockJump = (ms) => { skew += ms; };
})()"""


def clocked(open_game, query: str, device: str = "laptop"):
    """``query`` opened in a page whose clock the test may move on (:data:`JUMPING_CLOCK`), so a test of
    the time limit waits for no minute of it: the worker's program runs on, only the page's clock jumps."""
    page = open_game.blank(device)
    page.add_init_script(JUMPING_CLOCK)
    return page.open(query)


def past_the_limit(page, code, lang: str, after_s: int = 0) -> None:
    """Once the program runs (the status says so) and, with ``after_s``, its clock has shown that many
    seconds, the page's clock jumps past the time limit."""
    expect(code.status()).to_have_text(numbered("code_running", lang, s=None), timeout=60_000)
    if after_s:
        clock = page.panel.get_by_role("timer")
        expect(clock).to_have_text(t("code_clock", lang, s=after_s, limit=time_limit(page)), timeout=60_000)
    page.evaluate("window.__clockJump(%d)" % ((time_limit(page) + 1) * 1000))


def learner(code: str, name: str):
    """The learner's function, as CPython runs it here (to pick the pairs a test clicks)."""
    ns = {}
    exec(code, ns)
    return ns[name]


def use_my_connect_joins(page, code, lang: str, program: str, pairs: int) -> None:
    """With Use my connect, ``pairs`` clicked pairs (each one ``program``'s connect joins) are removed."""
    page.get_by_role("checkbox", name=t("code_use_connect", lang)).check()
    mine = learner(program, "connect")
    tiles_before = sum(1 for row in page.board() for v in row if v)
    for _ in range(pairs):
        board = page.board()
        cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v]
        a, b = next((p, q) for p in cells for q in cells if p < q and mine(board, *p, *q))
        page.tile(*a).click()
        page.tile(*b).click()
        expect(code.status()).to_have_text(t("code_connect_joined", lang), timeout=30_000)
        page.wait_for_function("gameHandler.getBoard().flat()[%d] === 0" % (a[0] * len(board[0]) + a[1]))
    assert sum(1 for row in page.board() for v in row if v) == tiles_before - 2 * pairs


def test_link_up_check_passes_a_correct_connect_use_my_connect_joins_with_it_and_refuses_three_turns(open_game):
    """One desktop page, two programs in turn:

    * a correct connect: Check in 中文, then the page in English: the verdict follows; Use my connect plays
      in English (three clicked pairs joined and removed);
    * a three-turn connect, the page in 中文 again: Use my connect refuses a three-turn path, removing nothing.
      (Its Check failing, the failing case drawn and the table in either language, axe with both on screen:
      the phone's test below.)"""
    page = open_game("?game=linkup&lang=zh", "desktop")
    code = page.code_panel().open()
    code.write(connect_with(2))
    code.check()
    passed, n = code.checked()
    assert passed == n >= 200, "a correct connect passes every case"
    expect(code.status()).to_contain_text(t("code_all_passed", "zh", n=n))
    lang = code.switch_language()
    expect(code.status()).to_contain_text(t("code_all_passed", lang, n=n))
    use_my_connect_joins(page, code, lang, connect_with(2), 3)

    code.write(connect_with(3))
    lang = code.switch_language()
    # Use my connect refuses a three-turn path, removing nothing
    page.get_by_role("checkbox", name=t("code_use_connect", lang)).check()
    mine = learner(connect_with(3), "connect")
    board = page.board()
    cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v]
    found = [(p, q) for p in cells for q in cells if p < q and board[p[0]][p[1]] == board[q[0]][q[1]]
             and len(mine(board, *p, *q)) > 0 and not learner(connect_with(2), "connect")(board, *p, *q)]
    if found:
        a, b = found[0]
        page.tile(*a).click()
        page.tile(*b).click()
        expect(code.status()).to_contain_text(t("code_connect_refused", lang, why="")[:12], timeout=30_000)
        assert page.board() == board


# Words of Check's table split over two lines: in English each run of letters and digits, in 中文 each
# heading, in both a Link-up case's "seed 3" and its pair "(6,17)-(7,1)"; (the table's text, the word) for each.
BROKEN_WORDS = r"""() => {
  const out = [];
  const zh = document.documentElement.lang.startsWith("zh");
  for (const cell of document.querySelectorAll(".code-table th, .code-table td")) {
    const node = cell.firstChild;
    if (!node || node.nodeType !== 3) continue;
    const word = /(seed|种子)[ \u00a0]\d+|\(\d+,\d+\)[-\u2011]\(\d+,\d+\)|[A-Za-z0-9.]+/g;
    const re = zh && cell.tagName === "TH" ? /.+/g : word;
    for (const m of node.textContent.matchAll(re)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push([cell.textContent, m[0]]);
    }
  }
  return out;
}"""


# The editor on a phone: a long indented line, and where its wrapped part starts
LONG_LINE = "def f():\n        x = [" + ", ".join(str(i) for i in range(40)) + "]\n"
WRAPS = """() => {
    const line = [...document.querySelectorAll('.cm-line')].find((l) => l.textContent.includes('x = ['));
    const all = document.createRange();
    all.selectNodeContents(line);
    const rects = [...all.getClientRects()].filter((r) => r.width > 0);
    const top = Math.min(...rects.map((r) => r.top));
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    let node, code = null;
    while ((node = walker.nextNode())) {
        const i = node.textContent.search(/\\S/);
        if (i >= 0) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            code = r.getBoundingClientRect().left;
            break;
        }
    }
    const rest = rects.filter((r) => r.top > top + 4).map((r) => r.left);
    return {code, rest: rest.length ? Math.min(...rest) : null};
}"""


# The output pane (role=log) with nothing in it: a quiet "No output" line in the page's colours, not an empty
# dark box; what the pane shows: its background, and the text its ::before draws when it is empty
SILENT = "def slidingPuzzle(board):\n    return -1\n"
LOOK = """(el) => [getComputedStyle(el).backgroundColor,
  getComputedStyle(el, '::before').content, el.getBoundingClientRect().height]"""
DARK = "rgb(31, 26, 20)"


def quiet_pane(log, lang: str) -> None:
    """The empty output pane shows its quiet line in ``lang``, one line high, not the dark pane."""
    background, said, height = log.evaluate(LOOK)
    assert background != DARK and said == '"%s"' % t("code_no_output", lang) and height < 40, (background, said,
                                                                                               height)


def test_on_a_phone_the_editor_the_time_limit_the_output_pane_a_runs_board_and_a_failing_checks_table(
        open_game, server_url):
    """One phone page, its clock able to jump (:data:`JUMPING_CLOCK`), in turn:

    * the editor, in 中文 then in English: a long indented line wraps on a 390 px phone, its continuation
      further in than the line's code, never at column 0 (where it read as dedented); the help says what to do
      by touch, not Esc/Tab (a laptop's help, which speaks of keys: the laptop's test below);
    * the time limit, in 中文: the page states it; at the limit a runaway program is not ended behind the
      learner's back: Keep going is offered, and Stop ends it (the clock and Keep going go with it); nothing
      wider than the screen;
    * in English, a run brings the board back into view: the panel is under the board, and its moves (one
      made by ``gameHandler.move``, one printed as the course's line) play where the player can see them;
    * Sliding's output pane (role=log): named in the page's language; with nothing in it, before any run and
      after a run that printed nothing, a quiet "No output" line one line high in the page's colours, not an
      empty dark box; a run that only answers (LeetCode 773's number): its verdict, under the editor, comes
      into sight; after a switch to 中文 the pane's name and quiet line follow, in the high-contrast theme
      too; printed output in the dark pane;
    * Link-up's Check of a three-turn connect: it fails; the first failing case drawn (the learner's path a
      line), a pair the course cannot join expected "none", the table's headings, each in the page's language,
      in English and again in 中文 after a switch; the results table: no word split over two lines, in English
      (not "Expecte / d", "Tim / e", "over 10 / s") and in 中文 (not "应 / 得" in the headings); a case's seed
      in the page's words (in 中文 not "seed"), "seed 2" and "(6,11)-(6,7)" each on one line; axe finds
      nothing serious with the table and the failing case on screen, in either."""
    lang = "zh"
    page = clocked(open_game, "?game=huarong&lang=%s" % lang, "phone")
    code = page.code_panel().open()
    code.write(LONG_LINE)
    found = page.evaluate(WRAPS)
    assert found["rest"] is not None, "the line wraps on a phone"
    assert found["rest"] > found["code"] + 4, found
    expect(page.panel.get_by_text(t("code_touch", lang))).to_be_visible()
    expect(page.panel.get_by_text(t("code_keys", lang))).to_be_hidden()

    limit = time_limit(page)
    assert limit >= 20
    expect(page.panel.locator(".code-panel")).to_contain_text(t("code_limits", lang, s=limit, n=10000))
    code.write(IDLE + "\n\ndef solve(board):\n    while True:\n        idle(3600)\n")
    code.run()
    keep = code.button("code_keep_going")
    past_the_limit(page, code, lang)
    expect(keep).to_be_visible()
    expect(code.status()).to_have_text(t("code_limit_reached", lang, s=limit, more=limit))
    expect(page.panel.get_by_role("timer")).to_have_text(numbered("code_clock_over", lang, s=None, limit=limit))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "at the limit, nothing scrolls sideways"
    # scrolled to by the page's own call, without Playwright's wait for drawn frames (a headless page under the
    # suite's load may hold them back); then Keep going is checked still offered, the status quoted if not
    keep.evaluate("(b) => b.scrollIntoView({block: 'nearest'})")
    expect(keep, "Keep going still offered (%s)" % code.status().text_content()).to_be_visible()
    assert_in_viewport(page, "#huarong-code .code-clock")
    code.stop()
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"[\d.]+")))
    expect(code.button("code_run")).to_be_enabled()
    expect(keep).to_be_hidden()
    expect(page.panel.get_by_role("timer")).to_be_hidden()

    lang = code.switch_language()
    expect(page.panel.get_by_text(t("code_touch", lang))).to_be_visible()
    expect(page.panel.get_by_text(t("code_keys", lang))).to_be_hidden()
    code.write("def solve(board):\n    gameHandler.move(10, 'left')\n    print(\"gameHandler.move(7, 'down')\")\n")
    page.get_by_role("button", name="Run").scroll_into_view_if_needed()
    code.run()
    page.wait_for_function("gameHandler.moveCount === 2", timeout=60_000)
    assert_in_viewport(page, "#hr-board")

    page = page.show("sliding")
    code = page.code_panel().open()
    log = code.log()
    expect(log).to_have_accessible_name(t("code_output", lang))
    quiet_pane(log, lang)  # before any run
    code.write(SILENT)
    code.run()
    code.wait_idle()
    expect(code.status()).not_to_be_empty()
    quiet_pane(log, lang)  # a run that printed nothing
    expect(log).to_have_text("")
    code.write(SLIDING_BFS)  # a run that only answers, and prints nothing: its verdict comes into sight
    page.get_by_role("button", name=t("code_run", lang), exact=True).evaluate("b => b.scrollIntoView(false)")
    expect(code.status()).not_to_be_in_viewport()  # Run at the screen's foot
    code.run()
    ok = re.compile(re.escape(t("code_sliding_answer_ok", lang, yours="@")).replace("@", r"\d+"))
    expect(code.status()).to_have_text(ok, timeout=60_000)
    expect(code.status()).to_be_in_viewport(ratio=1)
    lang = code.switch_language()
    expect(log).to_have_accessible_name(t("code_output", lang))
    quiet_pane(log, lang)  # follows the language
    page.page.emulate_media(forced_colors="active")
    assert log.evaluate(LOOK)[1] == '"%s"' % t("code_no_output", lang), "the high-contrast theme's quiet line"
    page.page.emulate_media(forced_colors="none")
    code.write(SILENT + "print('hello from the learner')\n")
    code.run()
    expect(log).to_contain_text("hello from the learner")
    background, said, _ = log.evaluate(LOOK)
    assert background == DARK and said in ("none", "normal"), (background, said)

    page = page.show("linkup")
    code = page.code_panel().open()
    code.write(connect_with(3))
    code.check()
    passed, total = code.checked()
    assert total >= 200 and passed < total, "a three-turn connect fails Check"
    for lang in ("en", "zh"):
        if lang != code.lang:
            code.switch_language()
        figure = page.panel.get_by_role("img", name=re.compile(re.escape(t("code_first_fail", lang, label=""))))
        expect(figure).to_be_visible()
        expect(figure.locator(".lu-case-lines polyline.yours")).to_have_count(1)  # the learner's path, a line
        # a pair the course cannot join, which three turns joined: "none" expected, in the page's language
        expect(page.panel.locator(".code-table tr.fail td:nth-child(2)", has_text=t("code_none", lang)).first
               ).to_be_visible()
        expect(page.panel.locator(".code-table th").first).to_have_text(t("code_case", lang))
        expect(page.panel.locator(".code-table td").first).to_contain_text(t("code_seed", lang, n=3))
        assert page.evaluate(BROKEN_WORDS) == [], lang
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "Check's table scrolls nothing sideways"
        assert axe_serious(page.page, server_url) == [], lang


def test_on_a_laptop_keys_a_sliding_run_that_moves_and_the_usual_leetcode_773_answer(open_game):
    """One Sliding page in English, three parts:

    * the editor's own keys: letters the board also takes are typed; Tab and Shift+Tab indent; Restore
      starter is one change of the editor's history, which Ctrl+Z undoes (the code back, saved, the undo
      button and the status line gone: the button's undo is tests/test_code_panel_page.py's); Esc then Tab
      leaves the editor;
    * a LeetCode 773 answer from a program that also slides a tile: the move plays on the board, then the
      answer is judged against the exact one. (Runs and Check of other programs, in both languages, are
      tests/test_code_panel_page.py's);
    * Check is fair to the exercise as stated: the usual 2 x 3-only solution passes every counted case; the
      3 x 3 boards are named apart and never counted, in English and, after a switch, in 中文."""
    page = open_game("?game=sliding&lang=en")
    code = page.code_panel().open()
    page.evaluate("gameHandler.move(5)")  # a move to undo, were a key taken for the board's undo
    code.write("")
    page.keyboard.type("ruR U")  # typed, not taken as the board's undo (u) and redo (r)
    expect(code.editor()).to_have_text("ruR U")
    assert page.move_count() == 1
    code.write("x = 1")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    expect(code.editor()).to_have_text("    x = 1")
    page.keyboard.press("Shift+Tab")
    expect(code.editor()).to_have_text("x = 1")
    code.button("code_starter").click()
    expect(code.status()).to_have_text(t("code_starter_restored", "en"))
    expect(code.editor()).not_to_have_text("x = 1")
    code.editor().click()
    page.keyboard.press("Control+z")
    expect(code.editor()).to_have_text("x = 1")
    page.wait_for_function("localStorage.getItem('bfs-puzzles.code.sliding') === 'x = 1'")
    expect(code.button("code_starter_undo")).to_be_hidden()
    expect(code.status()).to_have_text("")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(code.button("code_run")).to_be_focused()
    code.write(SLIDING_BFS + SLIDES_ONE)
    code.run()
    page.wait_for_function("gameHandler.moveCount === 2", timeout=60_000)  # the key test's move, then the run's
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_sliding_answer_ok", code.lang, yours="@"))
                                                  .replace("@", r"\d+")), timeout=60_000)

    code.write(LEETCODE_773)
    code.check()
    passed, n = code.checked(180_000)
    assert passed == n >= 48
    expect(code.status()).to_have_text(t("code_all_passed", "en", n=n))
    beyond = page.panel.locator(".code-beyond")
    said = re.escape(t("code_beyond_passed", "en", p=8, n=9)).replace("8", r"\d").replace("9", r"\d")
    expect(beyond).to_have_text(re.compile(said))
    rows = page.panel.locator(".code-table tbody tr")
    expect(rows.filter(has_text=t("code_beyond_case", "en", n=1))).to_have_count(1)
    lang = code.switch_language()
    expect(code.status()).to_have_text(t("code_all_passed", lang, n=n))
    expect(beyond).to_contain_text(t("code_beyond_passed", lang, p=0, n=9)[:10])
    expect(rows.filter(has_text=t("code_beyond_case", lang, n=1))).to_have_count(1)


@pytest.mark.longtask
def test_stop_ends_a_runaway_program_within_a_second_and_the_next_run_works(open_game):
    """Stopped in English, then again after a switch to 中文 (which puts the stopped run's words in 中文 too)."""
    from test_longtask import long_tasks, over_50_ms_twice, watch

    def stopped(lang):
        return re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"\d+\.\d"))

    def run():
        page = open_game("?game=huarong&lang=en")
        code = page.code_panel().open()
        # loops for ever on the course's board; once soldier 10 has moved, prints and ends
        code.write("def solve(board):\n    if board[4] == [9, 0, 0, 10]:\n        while True:\n            pass\n"
                   "    print('again')\n")
        watch(page)
        for lang in ("en", "zh"):
            code.run()
            expect(code.status()).to_have_text(t("code_running", lang, s=time_limit(page)), timeout=60_000)
            expect(code.button("code_run")).to_be_disabled()
            page.wait_for_timeout(300)  # the loop has begun: Stop ends it there
            code.stop()
            expect(code.button("code_run")).to_be_enabled(timeout=1000)  # stopped within 1 s
            expect(code.status()).to_have_text(stopped(lang))
            if lang == "en":  # the switch itself is held to 50 ms by the tours of test_longtask
                seen = long_tasks(page)
                code.switch_language()
                expect(code.status()).to_have_text(stopped("zh"))
                watch(page)
        page.move(10, "left")
        code.run()
        expect(code.log()).to_have_text("again\n", timeout=60_000)
        expect(code.status()).to_have_text(t("code_no_moves", "zh"))
        return seen + long_tasks(page)

    over_50_ms_twice(run)


def knowing_the_answers() -> "tuple[str, int]":
    """A fast correct Huarong program for Check: each of Check's boards (the cases the solver's ``cases`` job
    makes from the game's folder, as the page's Check sends them) answered by moves worked out here
    beforehand by the game's own solver in CPython, so the learner's worker searches nothing; it prints how
    many moves it makes. ``(the program, the moves it makes on the first case)``."""
    from puzzles.games import GAMES

    spec = GAMES["huarong"]
    solver = __import__(spec.solver, None, None, ["solve"])
    boards, cases = check_cases("huarong")
    known = {}
    for case in cases:
        board = boards[case["board"]]
        if case["expected"] is not None:  # a board with no solution: no moves, as the program makes for it
            known[tuple(map(tuple, board))] = [tuple(m) for m in solver.solve(spec.board.from_grid(board)).moves]
    first = len(known[tuple(map(tuple, boards[cases[0]["board"]]))])
    return ("KNOWN = %r\n\n\ndef solve(board):\n    moves = KNOWN.get(tuple(map(tuple, board)), [])\n"
            "    print('making %%d moves' %% len(moves))\n    for pid, d in moves:\n        gameHandler.move(pid, d)\n"
            % known), first


def test_on_a_laptop_errors_forged_messages_the_code_kept_and_a_fast_programs_passing_check(open_game):
    """One Huarong page in 中文, on a laptop, served isolated by the serve command, in turn:

    * the help speaks of keys, not touch (a phone's: the phone's test above);
    * a syntax error: the status names its line, the editor marks that line, the output has the traceback
      (errors in Check, in either language, and a runtime error's line are tests/test_code_panel_page.py's);
    * the learner's program can post to the page itself (Pyodide's ``js``): a huge message is dropped, text
      that is not JSON ignored, a forged answer's moves refused by the game's rules, the board kept;
    * the code written is kept by a reload of the page (Share's link in the page's language, and a link's code
      opened without running: tests/test_code_panel_page.py's and tests/e2e/test_code_learner.py's);
    * a correct program's Check in the learner's worker (Pyodide): every case passes, 横刀立马 the first, Keep
      going never offered; what it prints is shown. The program knows each case's moves beforehand
      (:func:`knowing_the_answers`), so it costs no search. That the course's own algorithm as a learner
      translates it (tools/course_programs.py's ``COURSE_HUARONG``) passes every case of Check, its output
      shown, is tests/test_code_panel_page.py's (the real code runner and checker, in CPython); that it does so
      within the time limit in Pyodide is a speed claim, measured by ``tools/bench_code.py --course`` (each
      case's seconds against ``code_panel.TIME_LIMIT_S``). (A run's moves played on the board: the other
      tests here, and tests/test_code_panel_page.py's typed BFS on the course board.)"""
    lang = "zh"
    page = open_game("?game=huarong&lang=%s&speed=0" % lang)
    assert page.evaluate("crossOriginIsolated"), "the serve command isolates the page"
    board = page.board()
    code = page.code_panel().open()
    expect(page.panel.get_by_text(t("code_keys", lang))).to_be_visible()
    expect(page.panel.get_by_text(t("code_touch", lang))).to_be_hidden()

    code.write("def solve(board):\n    x = 1\n    if x = 2:\n        pass\n")
    code.run()
    expect(code.status()).to_have_text(t("code_error_at", lang, line=3), timeout=60_000)
    expect(code.marked_line()).to_have_text("    if x = 2:")
    expect(code.log()).to_contain_text("SyntaxError")

    forged = ("import js, json\n\njs.postMessage('x' * (5 * 1024 * 1024))\njs.postMessage('<b>not json</b>')\n\n\n"
              "def solve(board):\n    for rid in range(1, 5):\n        js.postMessage(json.dumps({'type': 'done', "
              "'id': rid, 'moves': [[[1, 'fly'], 3]], 'answer': None, 'ms': 1, 'error': None}))\n"
              "    while True:\n        pass\n")
    code.write(forged)
    code.run()
    refused = render("code_bad_answer", lang, {"text": "@"}).split("@")[1]  # the move's text aside
    expect(code.status()).to_contain_text(refused, timeout=60_000)
    assert page.move_count() == 0 and page.board() == board
    assert page.panel.locator("b").count() == 0

    mine = "def solve(board):\n    print('ran')\n    gameHandler.move(10, 'left')\n"
    code.write(mine)
    page.reload()
    code = page.code_panel().open()
    expect(code.editor()).to_have_text(mine.replace("\n", ""))

    program, first = knowing_the_answers()
    code.write(program)
    page.panel.locator(".code-buttons").evaluate(
        "(bar, name) => new MutationObserver(() => { for (const b of bar.querySelectorAll('button')) "
        "if (!b.hidden && b.textContent === name) window.__keepOffered = true; })"
        ".observe(bar, {attributes: true, subtree: true})", t("code_keep_going", lang))
    code.check()
    passed, n = code.checked(120_000)
    assert passed == n >= 10
    expect(code.log()).to_contain_text("making %d moves" % first)
    assert page.evaluate("window.__keepOffered === undefined"), "Keep going was offered to a correct solution"
