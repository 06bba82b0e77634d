"""The Code panel: the learner's own Python, typed into the editor, run in a worker of
its own and played on the board; Check against the exact solver's answers; Stop; errors marking
their line; the code kept over a reload and carried by a shared link. Every solution here is
written in this file, independent of the project's solvers."""


import re

import pytest
from pages import assert_in_viewport, axe_serious
from playwright.sync_api import expect

from app.i18n import t
from course_programs import COURSE_HUARONG
from puzzles import PuzzleError, quote
from puzzles.code_check import AnswerError
from puzzles.games import GAMES

pytestmark = pytest.mark.e2e

# A plain breadth-first search over whole boards (pieces of one shape are interchangeable in
# the visited set), moving one cell at a time: the cell metric's fewest moves.
HUARONG_BFS = '''from collections import deque

STEP = {'up': (-1, 0), 'down': (1, 0), 'left': (0, -1), 'right': (0, 1)}


def solve(board):
    rows, cols = len(board), len(board[0])
    start = tuple(v for row in board for v in row)
    spans = {}
    for i, v in enumerate(start):
        if v:
            spans.setdefault(v, []).append(i)
    kind = {0: 0}
    for pid, cs in spans.items():
        kind[pid] = (cs[-1] // cols - cs[0] // cols + 1) * 4 + (cs[-1] % cols - cs[0] % cols + 1)

    def key(s):
        return bytes(kind[v] for v in s)

    corner = (rows - 2) * cols + cols // 2 - 1
    seen = {key(start): None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s[corner] == 1 and s[corner + cols + 1] == 1:
            path = []
            k = key(s)
            while seen[k] is not None:
                parent, move = seen[k]
                path.append(move)
                k = key(parent)
            for pid, d in reversed(path):
                gameHandler.move(pid, d)
            return
        where = {}
        for i, v in enumerate(s):
            if v:
                where.setdefault(v, []).append(i)
        for pid, cs in where.items():
            for d, (dr, dc) in STEP.items():
                moved = []
                for i in cs:
                    r, c = i // cols + dr, i % cols + dc
                    if not (0 <= r < rows and 0 <= c < cols) or s[r * cols + c] not in (0, pid):
                        break
                    moved.append(r * cols + c)
                else:
                    t = list(s)
                    for i in cs:
                        t[i] = 0
                    for i in moved:
                        t[i] = pid
                    t = tuple(t)
                    k = key(t)
                    if k not in seen:
                        seen[k] = (s, (pid, d))
                        queue.append(t)
'''

# Link-up's connect: a breadth-first search over (cell, heading) that counts turns (0-1 BFS),
# through empty cells and the ring; MAX_TURNS = 3 makes the wrong one (it forgets the ring's turns).
CONNECT = '''from collections import deque

MAX_TURNS = 2
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def connect(board, r1, c1, r2, c2):
    rows, cols = len(board), len(board[0])
    if (r1, c1) == (r2, c2) or not board[r1][c1] or board[r1][c1] != board[r2][c2]:
        return []

    def open_cell(r, c):
        if (r, c) == (r2, c2):
            return True
        if not (-1 <= r <= rows and -1 <= c <= cols):
            return False
        return not (0 <= r < rows and 0 <= c < cols) or board[r][c] == 0

    turns = {}
    came = {}
    queue = deque()
    for d in range(4):
        turns[(r1, c1, d)] = 0
        came[(r1, c1, d)] = None
        queue.append((r1, c1, d))
    while queue:
        r, c, d = queue.popleft()
        k = turns[(r, c, d)]
        if (r, c) == (r2, c2):
            path = []
            state = (r, c, d)
            while state is not None:
                cell = [state[0], state[1]]
                if not path or path[-1] != cell:
                    path.append(cell)
                state = came[state]
            return path[::-1]
        for nd in range(4):
            if nd == d:
                nxt, cost = (r + STEPS[d][0], c + STEPS[d][1], d), k
                if not open_cell(nxt[0], nxt[1]):
                    continue
            else:
                nxt, cost = (r, c, nd), k + 1
            if cost > MAX_TURNS or turns.get(nxt, 99) <= cost:
                continue
            turns[nxt] = cost
            came[nxt] = (r, c, d)
            if cost == k:
                queue.appendleft(nxt)
            else:
                queue.append(nxt)
    return []
'''
SLIDING_BFS = '''from collections import deque


def slidingPuzzle(board):
    rows, cols = len(board), len(board[0])
    start = tuple(v for row in board for v in row)
    goal = tuple(list(range(1, rows * cols)) + [0])
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        z = s.index(0)
        r, c = divmod(z, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                t = list(s)
                j = (r + dr) * cols + c + dc
                t[z], t[j] = t[j], t[z]
                t = tuple(t)
                if t not in seen:
                    seen[t] = seen[s] + 1
                    queue.append(t)
    return -1
'''

# The same BFS by a learner who knows the parity rule: an unsolvable board answers -1 without searching
# (the plain BFS walks all 181,440 positions of a 3 × 3 board first, seconds each in the worker).
SLIDING_PARITY_BFS = SLIDING_BFS.replace(
    "    seen = {start: 0}",
    """    inversions = sum(1 for i, a in enumerate(start) for b in start[i + 1:] if a and b and a > b)
    blank_row = start.index(0) // cols
    if (inversions + (0 if cols % 2 else rows - 1 - blank_row)) % 2:
        return -1
    seen = {start: 0}""",
)


SLIDES_ONE = """
_fewest = slidingPuzzle


def slidingPuzzle(board):
    cols = len(board[0])
    flat = [v for row in board for v in row]
    z = flat.index(0)
    gameHandler.move(flat[z - 1] if z % cols else flat[z + 1])  # a tile beside the blank
    return _fewest(board)
"""


# A helper a program can call to take time without using a core: the worker's thread waits on a buffer
# nothing writes (Pyodide's time.sleep and a busy loop both spin). The page's time limit counts seconds on
# the clock, so for the limit, the clock, Keep going and Stop such a program is a long run like any other;
# a spinning one would take a core from the tests beside it for a whole minute. A spinning runaway is
# Stop's timed test below (test_stop_ends_a_runaway_program...).
IDLE = """import js


def idle(seconds):
    js.Atomics.wait(js.Int32Array.new(js.SharedArrayBuffer.new(4)), 0, 0, seconds * 1000)
"""


def connect_with(turns: int) -> str:
    return CONNECT.replace("MAX_TURNS = 2", "MAX_TURNS = %d" % turns)


def moves_of(program: str, board: list) -> list:
    """The moves a Huarong ``solve`` makes on ``board``, as CPython runs it here (its ``gameHandler.move``
    calls recorded)."""
    made = []
    ns = {"gameHandler": type("Recorder", (), {"move": staticmethod(lambda pid, d: made.append([pid, d]))})}
    exec(program, ns)
    ns["solve"](board)
    return made


def replaying(moves: list) -> str:
    """A learner's ``solve`` that makes ``moves``, worked out beforehand, one by one (no search in the worker)."""
    return "MOVES = %r\n\n\ndef solve(board):\n    for pid, d in MOVES:\n        gameHandler.move(pid, d)\n" % moves


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


# How long (real seconds) a slow program of a ``clocked`` page idles in its worker: longer than the test takes
# to move the page's clock past the limit and press Keep going on a loaded machine.
SLOW_S = 20


def past_the_limit(page, code, lang: str, after_s: int = 0) -> None:
    """Once the program runs (the status says so) and, with ``after_s``, its clock has shown that many
    seconds, the page's clock jumps past the time limit."""
    expect(code.status()).to_have_text(numbered("code_running", lang, s=None), timeout=60_000)
    if after_s:
        clock = page.panel.get_by_role("timer")
        expect(clock).to_have_text(t("code_clock", lang, s=after_s, limit=time_limit(page)), timeout=60_000)
    page.evaluate("window.__clockJump(%d)" % ((time_limit(page) + 1) * 1000))


def numbered(key: str, lang: str, **values: object):
    """``key``'s text as a pattern, each value given as ``None`` matching any whole number."""
    marks = {k: (v if v is not None else 900001 + i) for i, (k, v) in enumerate(values.items())}
    text = re.escape(t(key, lang, **marks))
    for k, v in values.items():
        if v is None:
            text = text.replace(str(marks[k]), r"(\d+)")
    return re.compile("^" + text + "$")


# Every text the Code panel's status line shows, kept in the page as it changes (one said only in passing
# is caught too): ``code.status().evaluate(WATCH_SAID)``, then ``page.evaluate("window.__codeSaid")``.
WATCH_SAID = """(node) => {
    window.__codeSaid = [];
    new MutationObserver(() => window.__codeSaid.push(node.textContent))
        .observe(node, {childList: true, characterData: true, subtree: true});
}"""


def learner(code: str, name: str):
    """The learner's function, as CPython runs it here (to pick the pairs a test clicks)."""
    ns = {}
    exec(code, ns)
    return ns[name]


def test_a_typed_bfs_solves_the_course_board_in_116_moves(open_game):
    """The course's exercise typed in Python solves 横刀立马 in the page; the verdict in either language."""
    page = open_game("?game=huarong&lang=en&speed=0")
    code = page.code_panel().open()
    code.write(HUARONG_BFS)
    code.run()
    expect(code.status()).to_have_text(t("code_solved_in", "en", n=116, m=116), timeout=90_000)
    assert page.is_solved() and page.move_count() == 116
    lang = code.switch_language()
    expect(code.status()).to_have_text(t("code_solved_in", lang, n=116, m=116))


def test_a_correct_connect_passes_check_then_clears_pairs(open_game):
    """Check in 中文, then the page in English: the verdict follows; Use my connect plays in English."""
    page = open_game("?game=linkup&lang=zh")
    code = page.code_panel().open()
    code.write(connect_with(2))
    code.check()
    passed, n = code.checked()
    assert passed == n >= 200
    expect(code.status()).to_contain_text(t("code_all_passed", "zh", n=n))
    lang = code.switch_language()
    expect(code.status()).to_contain_text(t("code_all_passed", lang, n=n))
    # Use my connect: each clicked pair is joined by the learner's connect
    page.get_by_role("checkbox", name=t("code_use_connect", lang)).check()
    mine = learner(connect_with(2), "connect")
    tiles_before = sum(1 for row in page.board() for v in row if v)
    for _ in range(3):
        board = page.board()
        cells = [(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if v]
        a, b = next((p, q) for p in cells for q in cells if p < q and mine(board, *p, *q))
        page.tile(*a).click()
        page.tile(*b).click()
        expect(code.status()).to_have_text(t("code_connect_joined", lang), timeout=30_000)
        page.wait_for_function("gameHandler.getBoard().flat()[%d] === 0" % (a[0] * len(board[0]) + a[1]))
    assert sum(1 for row in page.board() for v in row if v) == tiles_before - 6


def test_a_three_turn_connect_fails_check_and_the_case_is_drawn(open_game, server_url):
    """The failing case drawn, its table in the page's language, and again in the other after a switch;
    on a desktop, axe finds nothing serious with the table and the failing case on screen, in either."""
    page = open_game("?game=linkup&lang=en", "desktop")
    code = page.code_panel().open()
    code.write(connect_with(3))
    code.check()
    passed, total = code.checked()
    assert total >= 200 and passed < total
    for lang in ("en", "zh"):
        if lang != code.lang:
            code.switch_language()
        figure = page.panel.get_by_role("img", name=re.compile(re.escape(t("code_first_fail", lang, label=""))))
        expect(figure).to_be_visible()
        expect(figure.locator(".lu-case-lines polyline.yours")).to_have_count(1)  # the learner's path, a line
        expect(page.panel.locator(".code-table th").first).to_have_text(t("code_case", lang))
        # a pair the course cannot join, which three turns joined: "none" expected, in the page's language
        expect(page.panel.locator(".code-table tr.fail td:nth-child(2)", has_text=t("code_none", lang)).first
               ).to_be_visible()
        assert axe_serious(page.page, server_url) == [], lang
    # and Use my connect refuses a three-turn path, removing nothing
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


def test_on_a_phone_checks_table_breaks_no_word(open_game, server_url):
    """Check's results table on a phone: no word split over two lines, in English (not "Expecte / d", "Tim / e",
    "over 10 / s") and in 中文 (not "应 / 得" in the headings); a case's seed in the page's words (in 中文
    not "seed"), "seed 2" and "(6,11)-(6,7)" each on one line; axe finds nothing serious, in either."""
    page = open_game("?game=linkup&lang=en", "phone")
    code = page.code_panel().open()
    code.write(connect_with(3))
    code.check()
    code.checked()
    for lang in ("en", "zh"):
        if lang != code.lang:
            code.switch_language()
        expect(page.panel.locator(".code-table th").first).to_have_text(t("code_case", lang))
        expect(page.panel.locator(".code-table td").first).to_contain_text(t("code_seed", lang, n=3))
        assert page.evaluate(BROKEN_WORDS) == [], lang
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing scrolls sideways"
        assert axe_serious(page.page, server_url) == [], lang


def test_a_correct_leetcode_773_passes_its_cases(open_game):
    """A plain BFS's Run (English), then, the page switched to 中文, one that knows the parity rule passes
    LeetCode 773's cases and its Run too; each Run's answer on the board on screen is compared with the
    exact one. (The usual plain BFS passing Check is tests/e2e/test_code_learner.py's.)"""
    page = open_game("?game=sliding&lang=en")
    code = page.code_panel().open()
    for program in (SLIDING_BFS, SLIDING_PARITY_BFS):
        code.write(program)
        if program is SLIDING_PARITY_BFS:
            code.check()
            passed, n = code.checked(180_000)
            assert passed == n >= 48
            expect(code.status()).to_contain_text(t("code_all_passed", code.lang, n=n))
        code.run()
        expect(code.status()).to_have_text(re.compile(re.escape(t("code_sliding_answer_ok", code.lang, yours="@"))
                                                      .replace("@", r"\d+")), timeout=60_000)
        if program is SLIDING_BFS:
            code.switch_language()
    # the same answer from a program that also slides a tile: the verdict comes once the move has played
    code.write(SLIDING_BFS + SLIDES_ONE)
    code.run()
    page.wait_for_function("gameHandler.moveCount === 1", timeout=60_000)
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_sliding_answer_ok", code.lang, yours="@"))
                                                  .replace("@", r"\d+")))


def test_a_check_stopped_midway_says_so(open_game):
    """Stop during Check: the status says the check was stopped, and how many cases ran; the case
    running says "stopped", none "over the limit" as if the time limit had ended it (the 48 counted cases:
    LeetCode 773's 2 x 3 boards)."""
    page = open_game("?game=sliding&lang=en")
    code = page.code_panel().open()
    code.write(SLIDING_BFS)
    code.check()
    expect(code.status()).to_contain_text(re.compile("Running|Checking"), timeout=60_000)
    code.button("code_stop").click()
    # the status names the case it was in (the one that would hang, had it hung)
    stopped = re.compile(r"Stopped after [\d.]+ s in case \S.*: \d+ / \d+ passed; \d+ of 48 cases not run\.")
    expect(code.status()).to_have_text(stopped)
    rows = page.panel.locator(".code-table tbody tr")
    expect(rows.filter(has_text=t("code_stopped_case", "en")).first).to_be_visible()
    expect(rows.filter(has_text=t("code_timeout_case", "en", s=time_limit(page)))).to_have_count(0)
    # Stop at once, while the hidden cases are still being made (or the first ones run): said too
    code.check()
    code.button("code_stop").click()
    stopped_early = re.compile(r"Stopped after [\d.]+ s(\.|( in case \S.*)?: \d+ / \d+ passed; "
                               r"\d+ of 48 cases not run\.)")
    expect(code.status()).to_have_text(stopped_early)


def test_errors_mark_their_line(open_game):
    """A syntax error in English, then (the page switched) a runtime error in 中文: each names its line."""
    page = open_game("?game=huarong&lang=en")
    code = page.code_panel().open()
    code.write("def solve(board):\n    x = 1\n    if x = 2:\n        pass\n")
    code.run()
    expect(code.status()).to_have_text(t("code_error_at", "en", line=3), timeout=60_000)
    expect(code.marked_line()).to_have_text("    if x = 2:")
    expect(code.log()).to_contain_text("SyntaxError")
    code.check()  # no case ran: the status names the syntax error once, no table of cases
    expect(code.status()).to_have_text(t("code_error_at", "en", line=3), timeout=60_000)
    expect(page.panel.locator(".code-table")).to_have_count(0)
    expect(code.marked_line()).to_have_text("    if x = 2:")
    lang = code.switch_language()
    expect(code.status()).to_have_text(t("code_error_at", lang, line=3))
    code.write("def helper(board):\n    return board[99]\n\n\ndef solve(board):\n    helper(board)\n")
    code.run()
    expect(code.status()).to_have_text(t("code_error_at", lang, line=2), timeout=60_000)
    expect(code.marked_line()).to_have_text("    return board[99]")
    expect(code.log()).to_contain_text("IndexError")
    expect(code.log()).to_contain_text('File "solution.py", line 6, in solve')


def test_on_a_phone_a_run_brings_the_board_back_into_view(open_game):
    """The panel is under the board on a phone: its moves play where the player can see them."""
    page = open_game("?game=huarong&lang=en", "phone")
    code = page.code_panel().open()
    code.write("def solve(board):\n    gameHandler.move(10, 'left')\n    gameHandler.move(7, 'down')\n")
    page.get_by_role("button", name="Run").scroll_into_view_if_needed()
    code.run()
    page.wait_for_function("gameHandler.moveCount === 2", timeout=60_000)
    assert_in_viewport(page, "#hr-board")
    # a run that only answers (LeetCode 773's number): its verdict, under the editor, comes into sight
    page = page.show("sliding")
    code = page.code_panel().open()
    code.write(SLIDING_BFS)
    page.get_by_role("button", name="Run").evaluate("b => b.scrollIntoView(false)")  # Run at the screen's foot
    expect(code.status()).not_to_be_in_viewport()
    code.run()
    ok = re.compile(re.escape(t("code_sliding_answer_ok", "en", yours="@")).replace("@", r"\d+"))
    expect(code.status()).to_have_text(ok, timeout=60_000)
    expect(code.status()).to_be_in_viewport(ratio=1)


def test_an_illegal_huarong_move_stops_playback_with_its_number(open_game):
    """The move the rules refuse is named by its number and line, the rules' reason with it, in the
    page's language; a language switch says all of it in the other (the reason once stayed English)."""
    lang = "zh"
    page = open_game("?game=huarong&lang=%s&speed=0" % lang)
    code = page.code_panel().open()
    code.write("def solve(board):\n    gameHandler.move(10, 'left')\n    gameHandler.move(10, 'left')\n"
               "    print(\"gameHandler.move(10, 'left')\")\n    gameHandler.move(7, 'down')\n")
    code.run()
    reason = GAMES["huarong"].default().move(10, "left").move(10, "left")
    for now in (lang, "zh" if lang == "en" else "en"):
        msg = _refusal(reason, 10, "left", now)
        expect(code.status()).to_have_text(t("code_illegal", now, i=3, line=4, msg=msg), timeout=60_000)
        page.switch_language()
    expect(code.marked_line()).to_have_text("    print(\"gameHandler.move(10, 'left')\")")
    assert page.move_count() == 2
    assert page.board()[4] == [9, 10, 0, 0]


def _refusal(board, pid: int, d: str, lang: str) -> str:
    """What the rules say, in ``lang``, of moving piece ``pid`` toward ``d`` on ``board`` (refused)."""
    try:
        board.move(pid, d)
    except PuzzleError as e:
        return e.text(lang)
    raise AssertionError("the move was legal")


def test_the_code_survives_a_reload_and_a_shared_link_opens_without_running(open_game):
    """Written in English, kept by a reload; shared after a switch to 中文, the link opens in 中文."""
    page = open_game("?game=huarong&lang=en")
    code = page.code_panel().open()
    mine = "def solve(board):\n    print('ran')\n    gameHandler.move(10, 'left')\n"
    code.write(mine)
    page.reload()
    code = page.code_panel().open()
    expect(code.editor()).to_have_text(mine.replace("\n", ""))
    lang = code.switch_language()
    code.button("code_share").click()
    link = page.panel.get_by_role("textbox", name=re.compile(re.escape(t("code_share_label", lang)[:10])))
    url = link.input_value()
    assert "code=" in url
    other = page.open_link(url)
    shared = other.code_panel()
    expect(shared.editor()).to_be_visible(timeout=30_000)
    expect(shared.editor()).to_have_text(mine.replace("\n", ""))
    expect(shared.status()).to_have_text(t("code_from_link", lang))
    other.wait_for_timeout(1500)
    assert other.move_count() == 0 and shared.log().text_content() == ""
    expect(shared.button("code_run")).to_be_enabled()


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
            page.wait_for_timeout(1000)
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


def test_tab_indents_and_esc_then_tab_leaves_the_editor(open_game):
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
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(code.button("code_run")).to_be_focused()


def test_a_run_has_a_time_limit_the_page_states_and_stop_ends_it_there(open_game):
    """At the limit a runaway program is not ended behind the learner's back: Keep going is offered, and
    Stop ends it (the clock and Keep going go with it); on a phone in 中文, nothing wider than the screen."""
    lang = "zh"
    page = clocked(open_game, "?game=huarong&lang=%s" % lang, "phone")
    code = page.code_panel().open()
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
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing scrolls sideways"
    keep.scroll_into_view_if_needed()
    assert_in_viewport(page, "#huarong-code .code-clock")
    code.stop()
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"[\d.]+")))
    expect(code.button("code_run")).to_be_enabled()
    expect(keep).to_be_hidden()
    expect(page.panel.get_by_role("timer")).to_be_hidden()


def test_the_panel_speaks_the_pages_language(open_game):
    page = open_game("?game=linkup&lang=en")
    code = page.code_panel().open()
    expect(code.editor()).to_contain_text("# Link-up: connect(board, r1, c1, r2, c2)")
    page.switch_language()
    zh = page.code_panel()
    expect(zh.editor()).to_contain_text("# 连连看：connect(board, r1, c1, r2, c2)")  # the untouched starter
    expect(zh.button("code_run")).to_be_visible()
    zh.write("def connect(board, r1, c1, r2, c2):\n    return []\n")
    page.switch_language()
    expect(code.editor()).to_have_text("def connect(board, r1, c1, r2, c2):    return []")  # the learner's stays


def test_what_the_learners_worker_sends_is_input(open_game):
    """The learner's program can post to the page itself (Pyodide's ``js``): a huge message is dropped,
    text that is not JSON ignored, a forged answer's moves refused by the game's rules, the board kept."""
    page = open_game("?game=huarong&lang=en&speed=0")
    board = page.board()
    code = page.code_panel().open()
    forged = ("import js, json\n\njs.postMessage('x' * (5 * 1024 * 1024))\njs.postMessage('<b>not json</b>')\n\n\n"
              "def solve(board):\n    for rid in range(1, 5):\n        js.postMessage(json.dumps({'type': 'done', "
              "'id': rid, 'moves': [[[1, 'fly'], 3]], 'answer': None, 'ms': 1, 'error': None}))\n"
              "    while True:\n        pass\n")
    code.write(forged)
    code.run()
    expect(code.status()).to_contain_text("which is not a move of this game", timeout=60_000)  # code_bad_answer
    assert page.move_count() == 0 and page.board() == board
    assert page.panel.locator("b").count() == 0


def test_huarong_check_names_its_layouts_in_the_pages_language(open_game):
    """The cases are the course's layouts: named as the Layout menu names them (the worker sends 横刀立马)."""
    page = open_game("?game=huarong&lang=en")
    code = page.code_panel().open()
    code.check()
    code.checked()
    table = page.panel.locator(".code-table")
    expect(table).to_contain_text("Across the Blade, Astride the Horse")
    assert "横刀立马" not in table.text_content()


def test_the_courses_own_huarong_bfs_passes_run_and_check(open_game):
    """The course's algorithm as a learner translates it (a path list per board, boards copied, a visited set
    of strings with pieces of one shape as one) solves 横刀立马 and passes every case of Check, within the time
    limit (Keep going never needed), on a machine the tests load."""
    page = open_game("?game=huarong&lang=zh&speed=0")
    code = page.code_panel().open()
    code.write(COURSE_HUARONG)
    page.panel.locator(".code-buttons").evaluate(
        "(bar, name) => new MutationObserver(() => { for (const b of bar.querySelectorAll('button')) "
        "if (!b.hidden && b.textContent === name) window.__keepOffered = true; })"
        ".observe(bar, {attributes: true, subtree: true})", t("code_keep_going", "zh"))
    code.run()
    expect(code.status()).to_have_text(t("code_solved_in", "zh", n=116, m=116), timeout=180_000)
    expect(code.log()).to_contain_text("BFS steps: 1, current level states count: 1")
    code.check()
    passed, n = code.checked(600_000)
    assert passed == n >= 10
    assert page.evaluate("window.__keepOffered === undefined"), "Keep going was offered to a correct solution"


def test_a_long_run_shows_its_clock_and_keep_going_gives_it_more_time(open_game):
    """A program still running at the limit is not lost: a clock counts the seconds (a timer, not read out
    at each tick: the status says the run once), at the limit the status says so and offers Keep going
    (继续运行, the page switched to 中文 meanwhile), which gives it more time; its move then plays."""
    page = clocked(open_game, "?game=huarong&lang=en&speed=0")
    code = page.code_panel().open()
    limit = time_limit(page)
    code.write(IDLE + "\n\ndef solve(board):\n    idle(%d)\n    gameHandler.move(10, 'left')\n" % SLOW_S)
    code.run()
    clock = page.panel.get_by_role("timer")
    expect(clock).to_have_text(t("code_clock", "en", s=2, limit=limit), timeout=60_000)
    expect(clock).to_have_attribute("aria-live", "off")
    code.status().evaluate(WATCH_SAID)
    expect(clock).to_have_text(t("code_clock", "en", s=4, limit=limit))
    expect(code.status()).to_have_text(t("code_running", "en", s=limit))
    assert page.evaluate("window.__codeSaid") == [], "the status is not said again at each tick"
    lang = code.switch_language()
    expect(clock).to_have_text(numbered("code_clock", lang, s=None, limit=limit))
    keep = code.button("code_keep_going")
    past_the_limit(page, code, lang)
    expect(keep).to_be_visible()
    expect(code.status()).to_have_text(t("code_limit_reached", lang, s=limit, more=limit))
    assert page.move_count() == 0
    keep.click()
    expect(keep).to_be_hidden()
    expect(code.button("code_stop")).to_be_focused()
    expect(code.status()).to_have_text(numbered("code_running", lang, s=None))
    extended = int(numbered("code_running", lang, s=None).match(code.status().text_content()).group(1))
    assert extended >= 2 * limit
    expect(clock).to_have_text(numbered("code_clock", lang, s=None, limit=extended))
    page.wait_for_function("gameHandler.moveCount === 1", timeout=60_000)
    assert page.board()[4] == [9, 0, 10, 0]
    expect(code.button("code_run")).to_be_enabled()
    expect(clock).to_be_hidden()


def test_a_runs_moves_interrupted_say_so(open_game):
    """A correct solution's 116 moves playing, then Reset, Solve, Undo, a move or another layout: the status
    says how many of them played before the board was taken, in the page's language, never that the board
    is not solved yet."""
    page = open_game("?game=huarong&lang=en&speed=150")
    code = page.code_panel().open()
    # the typed BFS's 116 moves, searched once here rather than in the worker at each of the five Runs
    code.write(replaying(moves_of(HUARONG_BFS, page.board())))
    for action, lang in (("reset", "en"), ("solve", "zh"), ("undo", "zh"), ("move", "en"), ("layout", "en")):
        if lang != code.lang:
            code.switch_language()
        if page.move_count() or page.playing():
            page.button(t("reset", lang), exact=True).click()
        page.wait_for_function("gameHandler.moveCount === 0 && !document.querySelector('[data-playing]')")
        code.run()
        page.wait_playing(at=5)
        if action == "move":
            page.move(1, "up")  # refused by the rules, but the player has taken the board
        elif action == "layout":
            page.choose_layout("勇闯五关")
        else:
            page.button(t(action, lang), exact=True).click()
        said = numbered("code_interrupted", lang, i=None, n=116)
        expect(code.status()).to_have_text(said)
        played = int(said.match(code.status().text_content()).group(1))
        assert 5 <= played < 116, action
        expect(code.status()).not_to_have_text(numbered("code_not_solved", lang, n=None))


def test_run_while_a_solve_plays_stops_it_and_plays_the_learners_moves(open_game):
    """Run pressed while Solve's answer plays: the answer stops where it is, the learner's program runs on that
    board and its moves play to the goal; the solver's "board changed" never shows in the panel."""
    page = open_game("?game=huarong&lang=zh&speed=150")
    code = page.code_panel().open()
    code.write(HUARONG_BFS)
    code.status().evaluate(WATCH_SAID)
    page.button(t("solve", "zh"), exact=True).click()
    page.wait_playing(at=10)
    code.run()
    page.wait_for_function("!document.querySelector('#hr-moves[data-playing]')")  # Solve's playback stopped
    from_here = page.move_count()
    assert 10 <= from_here < 116
    solved = re.compile(re.escape(t("code_solved_in", "zh", n=900001, m=900002))
                        .replace("900001", r"(\d+)").replace("900002", r"\1"))
    expect(code.status()).to_have_text(solved, timeout=120_000)
    assert page.is_solved()
    said = page.evaluate("window.__codeSaid")
    assert t("changed", "zh") not in said and t("code_board_changed", "zh") not in said


def test_an_unknown_move_plays_the_moves_before_it_and_stops_there(open_game):
    """gameHandler.move(7, 'sideways'): the two moves before it play, and it is named like an illegal move
    (its number, the learner's line, capitalised), in English and, the page switched, in 中文."""
    page = open_game("?game=huarong&lang=en&speed=0")
    code = page.code_panel().open()
    code.write("def solve(board):\n    gameHandler.move(10, 'left')\n    gameHandler.move(9, 'right')\n"
               "    gameHandler.move(7, 'sideways')\n    gameHandler.move(7, 'down')\n")
    code.run()
    for lang in ("en", "zh"):
        if lang != code.lang:
            code.switch_language()
        msg = AnswerError("code_bad_answer", text=quote("[7, 'sideways']")).text(lang)
        expect(code.status()).to_have_text(t("code_illegal", lang, i=3, line=4, msg=msg), timeout=60_000)
    assert code.status().text_content()[0] == "第"
    expect(code.marked_line()).to_have_text("    gameHandler.move(7, 'sideways')")
    assert page.move_count() == 2
    assert page.board()[4] == [0, 9, 10, 0]


def test_a_move_while_the_program_runs_is_said_in_the_panels_words(open_game):
    """The player moves while the learner's program works: its moves, made for the board before, are not
    played, and the panel says so in its own words (the solver's "press Solve again" is not the panel's)."""
    page = open_game("?game=huarong&lang=en&speed=0")
    code = page.code_panel().open()
    code.write(IDLE + "\n\ndef solve(board):\n    idle(4)\n    gameHandler.move(10, 'left')\n")
    code.run()
    expect(code.status()).to_have_text(numbered("code_running", "en", s=None), timeout=60_000)
    assert page.move(7, "down") is True
    expect(code.status()).to_have_text(t("code_board_changed", "en"), timeout=30_000)
    lang = code.switch_language()
    expect(code.status()).to_have_text(t("code_board_changed", lang))
    assert page.move_count() == 1 and page.board()[4] == [9, 7, 0, 10]


def test_a_check_case_past_the_limit_is_not_lost(open_game):
    """Check's case still running at the limit: Keep going is offered and the worker runs on; once that case
    answers, Keep going goes and Check carries on through every case (none lost to the limit). In Link-up,
    whose cases are quick: the first one alone is slow."""
    page = clocked(open_game, "?game=linkup&lang=en")
    code = page.code_panel().open()
    limit = time_limit(page)
    slow_first = connect_with(2) + "\n\n" + IDLE + (
        "\n\n_connect, _slow = connect, [True]\n\n\ndef connect(board, r1, c1, r2, c2):\n    if _slow:\n"
        "        _slow.pop()\n        idle(%d)\n    return _connect(board, r1, c1, r2, c2)\n" % SLOW_S)
    code.write(slow_first)
    code.check()
    keep = code.button("code_keep_going")
    past_the_limit(page, code, "en")
    expect(keep).to_be_visible()
    expect(code.status()).to_have_text(t("code_limit_reached", "en", s=limit, more=limit))
    expect(keep).to_be_hidden(timeout=60_000)
    passed, n = code.checked(300_000)
    assert passed == n >= 200
