"""The Code panel's logic run in CPython: the real panel (py/app/code_panel.py) in a game's real view on the
fake page (tests/fake_page.py), its editor and learner's worker faked by tests/fake_code.py, the learner's
program run by the real py/code_runner.py in this process and Check's cases and exact answers by the
solver's own jobs (``worker_jobs``). Checked here without a browser: verdicts and status texts in both
languages, errors and their lines, moves played and stopped at an illegal or unknown move, runs interrupted
or overtaken by the player, Check's table and its failing case drawn, the course's own Huarong BFS passing
every case of Check, Check stopped, the time limit and Keep going, the run after a forged answer, a link's
code as a draft or opened unrun, Share's link, Restore starter and its undo, code over the limit. What only
a browser shows (keys, focus, layout, the real worker's timing and Stop, what code.js and the editor's bundle
do themselves: a hostile worker's messages, a damaged or too long link) stays in tests/e2e/test_code.py and
tests/e2e/test_code_learner.py."""

import asyncio
import functools
import json
import re
import time
from unittest import mock

import pytest

import fake_code
import fake_page
from code_programs import (
    HUARONG_BFS,
    SLIDES_ONE,
    SLIDING_BFS,
    SLIDING_PARITY_BFS,
    connect_with,
    long_program,
    moves_of,
    replaying,
)
from course_programs import COURSE_HUARONG, LEETCODE_773
from helpers import numbered
from puzzles import PuzzleError, quote
from puzzles.code_check import AnswerError
from puzzles.code_link import pack
from puzzles.games import GAMES


@pytest.fixture
def page(monkeypatch):
    fake = fake_page.install()
    fake.code = fake_code.install(fake, monkeypatch)
    yield fake
    fake_page.uninstall()


def t(key: str, lang: str, **values: object) -> str:
    return fake_page.page_module("app.i18n").t(key, lang, **values)


def make_view(game: str, params: "dict | None" = None, lang: str = "en") -> object:
    """The game's real view as the shell builds it, its words in ``lang``, Solve's worker the in-process one."""
    spec = GAMES[game]
    module = fake_page.page_module(spec.view)
    shell = mock.MagicMock(name="shell")
    shell.game, shell.params, shell.lang = game, dict(params or {}), lang
    shell.t.side_effect = lambda key, **values: t(key, shell.lang, **values)
    shell.records = fake_page.page_module("app.records").Records()
    shell.solver.run = fake_page.run_job_here
    view = module.View(shell, fake_page.Element(), spec)
    view.start()
    return view


async def opened(page: object, game: str, params: "dict | None" = None, lang: str = "en") -> tuple:
    """The game's view and its Code panel (built as the shell does, after the board), opened: Code pressed,
    the editor mounted."""
    view = make_view(game, params, lang)
    await view.build_later()
    panel = view.code
    await press(page, panel.toggle)
    assert panel.editor is not None
    return view, panel


def click(node: object) -> None:
    for listener in node.listeners["click"]:
        listener(mock.MagicMock(name="click"))


def start(node: object) -> set:
    """A click on ``node``; the tasks it started (an async handler runs as a task, guarded)."""
    before = asyncio.all_tasks()
    click(node)
    return asyncio.all_tasks() - before


async def drive(page: object, done: object, limit_s: float = 20.0) -> None:
    """:func:`fake_page.drive`, without its pause after a turn in which timers ran (a worker's messages come
    one a timer: hundreds of them in a Check)."""
    end = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < end, "the page did not settle in %s s" % limit_s
        await asyncio.sleep(0 if page.window.timers.fire() else 0.001)


async def press(page: object, node: object, limit_s: float = 20.0) -> None:
    """A click on ``node``, the page run until what it started has ended; nothing went wrong on the page."""
    tasks = start(node)
    await drive(page, lambda: all(x.done() for x in tasks), limit_s)
    assert not page.window.console.warn.called, page.window.console.warn.call_args


def labelled(view: object, key: str) -> object:
    """The element the page labelled with ``key`` (``shell.text(element, key)``)."""
    return next(c.args[0] for c in view.shell.text.call_args_list if c.args[1:2] == (key,))


def write(panel: object, code: str, page: object = None) -> None:
    """``code`` typed into the editor; with ``page``, typing has paused (the editor handed it over)."""
    panel.editor.type(code)
    if page is not None:
        page.window.timers.fire(ignore_delay=True)


def switch_language(view: object, lang: str) -> None:
    """The header's language switch: the shell's language changes, then every part's relabel hook."""
    view.shell.lang = lang
    for call in view.shell.on_lang.call_args_list:
        call.args[0]()


def said(panel: object) -> str:
    return str(panel.status.textContent)


def log(panel: object) -> str:
    return fake_code.text_of(panel.log)


def rows(panel: object) -> list:
    """Check's table: each row's cells' texts."""
    tables = [e for e in panel.results.walk() if e.tagName == "TABLE"]
    if not tables:
        return []
    body = next(e for e in tables[0].children if e.tagName == "TBODY")
    return [[str(td.textContent) for td in tr.children] for tr in body.children]


def run(body: object) -> None:
    asyncio.run(body())


# ---------------------------------------------------------------------------------------- errors


def test_errors_mark_their_line_in_run_and_in_check_in_either_language(page):
    """A syntax error: Run names its line (status, marked line, the traceback in the output); Check says it
    once, with no table of cases; the page switched to 中文, it is said in 中文. A runtime error in a helper:
    the line that raised is named and marked, the traceback names the learner's file and calling line."""
    async def body():
        view, panel = await opened(page, "huarong")
        write(panel, "def solve(board):\n    x = 1\n    if x = 2:\n        pass\n")
        await press(page, panel.run_btn)
        assert said(panel) == t("code_error_at", "en", line=3)
        assert panel.editor.marked == 3 and "SyntaxError" in log(panel)
        await press(page, panel.check_btn)
        assert said(panel) == t("code_error_at", "en", line=3)
        assert rows(panel) == [] and panel.editor.marked == 3
        switch_language(view, "zh")
        assert said(panel) == t("code_error_at", "zh", line=3)
        write(panel, "def helper(board):\n    return board[99]\n\n\ndef solve(board):\n    helper(board)\n")
        await press(page, panel.run_btn)
        assert said(panel) == t("code_error_at", "zh", line=2) and panel.editor.marked == 2
        assert "IndexError" in log(panel) and 'File "solution.py", line 6, in solve' in log(panel)

    run(body)


def _refusal(board: object, pid: int, d: str, lang: str) -> str:
    """What the rules say, in ``lang``, of moving piece ``pid`` toward ``d`` on ``board`` (refused)."""
    try:
        board.move(pid, d)
    except PuzzleError as e:
        return e.text(lang)
    raise AssertionError("the move was legal")


def test_an_illegal_huarong_move_stops_the_runs_moves_with_its_number_line_and_reason(page):
    """A run's third move (a printed course line) refused by the rules: the two before it play, the status
    names it by number and line with the rules' reason in the page's language (中文), all of it in English
    after a switch; its line is marked."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"}, "zh")
        write(panel, "def solve(board):\n    gameHandler.move(10, 'left')\n    gameHandler.move(10, 'left')\n"
                     "    print(\"gameHandler.move(10, 'left')\")\n    gameHandler.move(7, 'down')\n")
        await press(page, panel.run_btn)
        reason = GAMES["huarong"].default().move(10, "left").move(10, "left")
        for lang in ("zh", "en"):
            switch_language(view, lang)
            assert said(panel) == t("code_illegal", lang, i=3, line=4, msg=_refusal(reason, 10, "left", lang))
        assert panel.editor.line(panel.editor.marked) == "    print(\"gameHandler.move(10, 'left')\")"
        assert view.session.cursor == 2 and view.session.state.grid()[4] == [9, 10, 0, 0]

    run(body)


def test_an_unknown_move_plays_the_moves_before_it_and_is_named_like_an_illegal_one(page):
    """gameHandler.move(7, 'sideways'): the two moves before it play, and it is named like an illegal move
    (its number, the learner's line, the move quoted), in English and, the page switched, in 中文."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"})
        write(panel, "def solve(board):\n    gameHandler.move(10, 'left')\n    gameHandler.move(9, 'right')\n"
                     "    gameHandler.move(7, 'sideways')\n    gameHandler.move(7, 'down')\n")
        await press(page, panel.run_btn)
        for lang in ("en", "zh"):
            switch_language(view, lang)
            msg = AnswerError("code_bad_answer", text=quote("[7, 'sideways']")).text(lang)
            assert said(panel) == t("code_illegal", lang, i=3, line=4, msg=msg)
        assert said(panel)[0] == "第"
        assert panel.editor.line(panel.editor.marked) == "    gameHandler.move(7, 'sideways')"
        assert view.session.cursor == 2 and view.session.state.grid()[4] == [0, 9, 10, 0]

    run(body)


# ---------------------------------------------------------------------------------------- a run's moves


def test_a_typed_bfs_solves_the_course_board_and_the_verdict_follows_the_language(page):
    """The course's exercise typed in Python (a plain BFS) solves 横刀立马: its 116 moves play and the status
    says solved in 116 of the fewest 116, in English and, the page switched, in 中文."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"})
        write(panel, HUARONG_BFS)
        await press(page, panel.run_btn)
        assert said(panel) == t("code_solved_in", "en", n=116, m=116)
        assert view.session.state.is_solved() and view.session.cursor == 116
        switch_language(view, "zh")
        assert said(panel) == t("code_solved_in", "zh", n=116, m=116)

    run(body)


def test_a_move_while_the_program_runs_is_said_in_the_panels_words(page):
    """The player moves while the learner's program works: its moves, made for the board before, are not
    played, and the panel says the board changed in its own words (not the solver's), in either language."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"})
        write(panel, "def solve(board):\n    gameHandler.move(10, 'left')\n")
        page.code.workers[-1].held = True  # the program runs on, as far as the page can tell
        tasks = start(panel.run_btn)
        await drive(page, lambda: page.code.workers[-1].requests)
        assert numbered("code_running", "en", s=None).match(said(panel))
        assert view.play((7, "down"))
        page.code.workers[-1].release()
        await drive(page, lambda: all(x.done() for x in tasks))
        assert said(panel) == t("code_board_changed", "en")
        switch_language(view, "zh")
        assert said(panel) == t("code_board_changed", "zh")
        assert view.session.cursor == 1 and view.session.state.grid()[4] == [9, 7, 0, 10]

    run(body)


@functools.lru_cache(maxsize=1)
def course_moves() -> list:
    """The typed BFS's 116 moves on 横刀立马, searched once here rather than by each run."""
    return moves_of(HUARONG_BFS, GAMES["huarong"].default().grid())


def _press_select(select: object, value: str) -> None:
    select.value = value
    event = mock.MagicMock(name="change")
    event.target.value = value
    for listener in select.listeners["change"]:
        listener(event)


@pytest.mark.parametrize("action, lang", [("reset", "en"), ("solve", "zh"), ("undo", "zh"), ("move", "en"),
                                          ("layout", "en")])
def test_a_runs_moves_interrupted_say_how_many_played(page, action, lang):
    """A correct solution's 116 moves playing, then Reset, Solve, Undo, a move (refused by the rules) or
    another layout: the status says how many of them played before the board was taken, in the page's
    language, never that the board is not solved yet."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "1"}, lang)
        write(panel, replaying(course_moves()))
        tasks = start(panel.run_btn)
        await drive(page, lambda: view.session.cursor >= 5)
        if action == "move":
            view.play((1, "up"))
        elif action == "layout":
            from puzzles.huarong.layouts import find_layout

            _press_select(view.layout_select, str(find_layout("勇闯五关").index))
        else:
            click(getattr(view, action + "_btn"))
        await drive(page, lambda: all(x.done() for x in tasks))
        got = numbered("code_interrupted", lang, i=None, n=116).match(said(panel))
        assert got and 5 <= int(got.group(1)) < 116, said(panel)

    run(body)


def test_run_while_a_solve_plays_stops_it_and_plays_the_learners_moves_from_there(page):
    """Run pressed while Solve's answer plays: the answer stops where it is, the learner's program runs on that
    board and its moves play to the goal, said solved with the fewest from there; the solver's "board changed"
    is never said."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "1"}, "zh")
        write(panel, HUARONG_BFS)
        heard = []
        real_say = panel.say
        panel.say = lambda key, **values: (heard.append(key), real_say(key, **values))
        click(view.solve_btn)
        await drive(page, lambda: view.session.cursor >= 10)
        tasks = start(panel.run_btn)
        await drive(page, lambda: panel.running == "run")
        from_here = view.session.cursor
        assert view.player.playback is None and 10 <= from_here < 116  # Solve's answer stopped where it was
        await drive(page, lambda: all(x.done() for x in tasks))
        assert view.session.state.is_solved()
        got = numbered("code_solved_in", "zh", n=None, m=None).match(said(panel))
        assert got and got.group(1) == got.group(2), said(panel)
        assert "code_board_changed" not in heard and view.frame.status_key[0] != "changed"

    run(body)


# ---------------------------------------------------------------------------------------- answers and Check

ANSWER_OK = {lang: numbered("code_sliding_answer_ok", lang, yours=None) for lang in ("en", "zh")}


def test_a_correct_leetcode_773_run_and_check_pass_and_a_run_that_slides_a_tile_is_judged_after_it(page):
    """A plain BFS's Run: its answer on the board on screen is the exact one (English); the page switched to
    中文, one that knows the parity rule passes Check's cases and its Run too; a program that also slides a
    tile: the move plays, then the verdict."""
    async def body():
        view, panel = await opened(page, "sliding")
        write(panel, SLIDING_BFS)
        await press(page, panel.run_btn)
        assert ANSWER_OK["en"].match(said(panel)), said(panel)
        switch_language(view, "zh")
        write(panel, SLIDING_PARITY_BFS)
        await press(page, panel.check_btn)
        passed = numbered("code_all_passed", "zh", n=None).match(said(panel))
        assert passed and int(passed.group(1)) >= 48, said(panel)
        await press(page, panel.run_btn)
        assert ANSWER_OK["zh"].match(said(panel)), said(panel)
        write(panel, SLIDING_BFS + SLIDES_ONE)
        before = view.session.cursor
        await press(page, panel.run_btn)
        assert view.session.cursor == before + 1 and ANSWER_OK["zh"].match(said(panel)), said(panel)

    run(body)


def test_an_answer_that_is_not_plain_data_is_said_as_the_learner_wrote_it(page):
    """slidingPuzzle returning a set or a number too big to pass as one (the runner sends its text): Run's
    verdict and Check's table say the value as Python shows it, never the form it travelled in."""
    async def body():
        view, panel = await opened(page, "sliding")
        for value, text in (("{1, 2}", "{1, 2}"), ("10 ** 20", str(10 ** 20))):
            write(panel, "def slidingPuzzle(board):\n    return %s\n" % value)
            await press(page, panel.run_btn)
            assert said(panel) == t("code_sliding_answer", "en", yours=text, exact=5), said(panel)
        write(panel, "def slidingPuzzle(board):\n    return {1, 2}\n")
        await press(page, panel.check_btn)
        assert {row[2] for row in rows(panel)} == {quote("{1, 2}")}, rows(panel)[:2]

    run(body)


# Forged answers (tests/e2e/test_code_worker.py's FORGED_FIELDS) as static/code.js passes them on: a time
# that is not a number of ms, a huge number (JSON's 10**400 is Infinity) or a list is null; moves that are not
# a list are none, said as bad; an error code keeps its name only; an error line that is not one is null, a
# text that is not one empty; an answer that is not plain data is its repr.
FORGED_AS_PASSED = [
    {"answer": 1, "ms": None},
    {"answer": 1, "ms": None, "bad_moves": True},
    {"answer": 1, "ms": 1, "error": {"code": "code_no_function", "values": {"name": "solve"}}},
    {"answer": 1, "ms": 1, "error": {"line": None, "text": ""}},
    {"answer": {"repr": "Infinity"}, "ms": 1},
]


def test_the_run_after_a_forged_answer_is_an_ordinary_one(page):
    """Each forged answer in turn: its run ends, nothing goes wrong on the page, and the next run is an
    ordinary one (the default board's answer, judged)."""
    async def body():
        view, panel = await opened(page, "sliding")
        for forged in FORGED_AS_PASSED:
            write(panel, "def slidingPuzzle(board):\n    return 0\n")
            page.code.workers[-1].forged = forged
            await press(page, panel.run_btn)
            assert not panel.run_btn.disabled and str(view.frame.alert.textContent) == "", forged  # the run ended
            assert not ANSWER_OK["en"].match(said(panel)), (forged, said(panel))  # said of the forged answer
            write(panel, SLIDING_PARITY_BFS)
            await press(page, panel.run_btn)
            assert ANSWER_OK["en"].match(said(panel)), (forged, said(panel))

    run(body)


def test_a_check_stopped_midway_says_where_and_what_ran(page):
    """Stop during Check: the status says the check was stopped in the case it was in, how many passed of
    those that ran and how many of the 48 counted cases did not run; that case's row says "stopped", none
    "over the limit". Stop at once, while the hidden cases are still being made: said too."""
    async def body():
        view, panel = await opened(page, "sliding")
        write(panel, LEETCODE_773)
        tasks = start(panel.check_btn)
        await drive(page, lambda: len(panel.cases_in) >= 3)
        await press(page, panel.stop_btn)
        await drive(page, lambda: all(x.done() for x in tasks))
        stopped = re.compile(r"Stopped after [\d.]+ s in case \S.*: \d+ / \d+ passed; \d+ of 48 cases not run\.")
        assert stopped.fullmatch(said(panel)), said(panel)
        table = rows(panel)
        assert sum(1 for r in table if r[2] == t("code_stopped_case", "en")) == 1
        assert not any(r[2] == t("code_timeout_case", "en", s=60) for r in table)
        assert any(r[0].startswith("✓") for r in table)
        making = asyncio.Event()  # the solver's worker makes the cases until the test lets it go on

        async def cases_made_later(*args: object) -> dict:
            await making.wait()
            return await fake_page.run_job_here(*args)

        view.shell.solver.run = cases_made_later
        tasks = start(panel.check_btn)
        await drive(page, lambda: panel.running == "check")
        await press(page, panel.stop_btn)
        making.set()
        await drive(page, lambda: all(x.done() for x in tasks))
        assert re.fullmatch(r"Stopped after [\d.]+ s\.", said(panel)), said(panel)
        assert panel.run_btn.disabled is False and panel.stop_btn.disabled is True

    run(body)


def test_a_check_stopped_midway_marks_the_cases_never_reached_not_run_never_failed_in_chinese(page):
    """Stop during Check, the page in 中文: the cases never reached are "not run" (未运行), never failed, and
    the status says how many passed of those that ran and how many of the 48 counted cases (LeetCode 773's
    2 x 3 boards) did not run."""
    async def body():
        view, panel = await opened(page, "sliding", lang="zh")
        # the first ten cases answered by a BFS, the rest at once (this worker runs every case before the
        # page hears of one; Stop comes after the third)
        write(panel, SLIDING_PARITY_BFS + "\n\n_bfs = slidingPuzzle\nCALLS = [0]\n\n\ndef slidingPuzzle(board):\n"
                     "    CALLS[0] += 1\n    return _bfs(board) if CALLS[0] <= 10 else -2\n")
        tasks = start(panel.check_btn)
        await drive(page, lambda: len(panel.cases_in) >= 3)
        await press(page, panel.stop_btn)
        await drive(page, lambda: all(x.done() for x in tasks))
        done = re.compile(r"已在 [\d.]+ 秒后停止，停在用例 \S.*：通过 (\d+) / (\d+)；48 个用例中有 (\d+) 个未运行。")
        got = done.fullmatch(said(panel))
        assert got, said(panel)
        p, n, k = (int(x) for x in got.groups())
        assert p == n and n + k == 48 and k > 40, (p, n, k)
        table = rows(panel)
        assert any(t("code_not_run_case", "zh") in " ".join(r) for r in table)
        assert not any("✗" in " ".join(r) for r in table)

    run(body)


def test_an_exception_in_check_names_and_marks_the_line_that_raised(page):
    """A Link-up connect whose helper raises: Check's output shows the first exception, its traceback naming
    the learner's file and the calling line, and the editor marks the helper's line that raised; then a
    program that does not compile: Check says so, and the last Check's table is gone."""
    async def body():
        view, panel = await opened(page, "linkup")
        write(panel, "def kind(board, r, c):\n    return board[r][c]\n\n\n"
                     "def connect(board, r1, c1, r2, c2):\n    kind(board, r1 + 30, c1)\n    return []\n")
        await press(page, panel.check_btn)
        assert numbered("code_passed", "en", p=None, n=None).search(said(panel)), said(panel)
        assert "IndexError" in log(panel) and 'File "solution.py", line 6, in connect' in log(panel)
        assert panel.editor.marked == 2 and rows(panel)
        write(panel, "def connect(board, r1, c1, r2, c2)\n    return []\n")  # then one that does not compile
        await press(page, panel.check_btn)
        assert said(panel) == t("code_error_at", "en", line=1) and "SyntaxError" in log(panel)
        assert rows(panel) == [], "the last Check's table is gone"

    run(body)


def test_huarong_check_names_its_layouts_in_the_pages_language(page):
    """The cases are the course's layouts, named in the table as the Layout menu names them: in English
    "Across the Blade, Astride the Horse" (the worker sends 横刀立马), in 中文 after a switch."""
    async def body():
        view, panel = await opened(page, "huarong")
        await press(page, panel.check_btn)
        names = [r[0] for r in rows(panel)]
        assert any("Across the Blade, Astride the Horse" in x for x in names), names
        assert not any("横刀立马" in x for x in names)
        switch_language(view, "zh")
        assert any("横刀立马" in r[0] for r in rows(panel))

    run(body)


@pytest.mark.heavy
def test_the_courses_own_huarong_bfs_passes_every_case_of_check_and_what_it_prints_is_shown(page):
    """The course's algorithm as a learner translates it (tools/course_programs.py: a path list per board,
    boards copied, a visited set of strings with pieces of one shape as one), Checked in 中文 by the real
    code runner and checker: every one of Check's Huarong cases (those the solver's ``cases`` job makes
    from the game's folder, 横刀立马 the first) is sent and passes, and what the program prints ("BFS steps:
    1, current level states count: 1") is in the output pane. Whether it passes within the page's time limit
    in Pyodide (Keep going never needed) is a speed claim: ``tools/bench_code.py --course`` times each case
    against ``code_panel.TIME_LIMIT_S`` (here the fake worker runs every case before the page hears of one,
    so the page's clock says nothing of it); a fast program's Check in the browser, Keep going never
    offered, is tests/e2e/test_code.py's."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"}, "zh")
        write(panel, COURSE_HUARONG)
        await press(page, panel.check_btn, limit_s=300)  # about 15 s of CPU
        cases, boards, judged = panel.table_args  # as the solver's cases job made them
        sent = [r for w in page.code.workers for r in w.requests]
        assert len(sent) == 1, "every case in one request: none over the limit, none crashed"
        assert sent[0]["kind"] == "check" and sent[0]["source"] == COURSE_HUARONG
        assert sent[0]["cases"] == [{"board": boards[c["board"]], "args": c["args"]} for c in cases]
        assert len(cases) >= 10 and cases[0]["expected"] == {"cell": 116, "piece": 81}
        assert said(panel) == t("code_all_passed", "zh", n=len(cases))
        assert len(judged) == len(cases) and all(r["ok"] and r["ran"] for r in judged), judged
        assert "BFS steps: 1, current level states count: 1" in log(panel)

    run(body)


# ---------------------------------------------------------------------------------------- the time limit


def hidden(node: object) -> bool:
    return node.getAttribute("hidden") is not None


def test_a_long_run_shows_its_clock_and_keep_going_gives_it_more_time(page):
    """A program still running at the limit is not lost: a clock counts the seconds (a timer, not read out at
    each tick: the status says the run once), at the limit the status says so and offers Keep going (the page
    switched to 中文 meanwhile), which gives it the limit again from now, focus staying in the panel's row
    (on Stop); its move then plays and the clock goes."""
    async def body():
        view, panel = await opened(page, "huarong", {"speed": "0"})
        limit = int(panel.section.getAttribute("data-time-limit"))
        write(panel, "def solve(board):\n    gameHandler.move(10, 'left')\n")
        worker = page.code.workers[-1]
        worker.held = True
        tasks = start(panel.run_btn)
        await drive(page, lambda: worker.requests)
        clock = panel.clock
        assert clock.getAttribute("role") == "timer" and clock.getAttribute("aria-live") == "off"
        heard = []
        real_say = panel.say
        panel.say = lambda key, **values: (heard.append(key), real_say(key, **values))
        page.code.jump(2)
        await drive(page, lambda: clock.textContent == t("code_clock", "en", s=2, limit=limit))
        page.code.jump(2)
        await drive(page, lambda: clock.textContent == t("code_clock", "en", s=4, limit=limit))
        assert said(panel) == t("code_running", "en", s=limit) and heard == [], "said once, not at each tick"
        switch_language(view, "zh")
        assert numbered("code_clock", "zh", s=None, limit=limit).match(clock.textContent)
        page.code.jump(limit)
        await drive(page, lambda: not hidden(panel.keep_btn))
        assert said(panel) == t("code_limit_reached", "zh", s=limit, more=limit)
        assert numbered("code_clock_over", "zh", s=None, limit=limit).match(clock.textContent)
        assert view.session.cursor == 0
        await press(page, panel.keep_btn)
        assert hidden(panel.keep_btn) and panel.stop_btn.focus.called
        extended = numbered("code_running", "zh", s=None).match(said(panel))
        assert extended and int(extended.group(1)) >= 2 * limit
        await drive(page, lambda: clock.textContent != "" and numbered(
            "code_clock", "zh", s=None, limit=int(extended.group(1))).match(clock.textContent))
        worker.release()
        await drive(page, lambda: all(x.done() for x in tasks))
        assert view.session.cursor == 1 and view.session.state.grid()[4] == [9, 0, 10, 0]
        assert panel.run_btn.disabled is False and hidden(clock)

    run(body)


def test_past_the_limit_an_unanswered_sample_is_asked_for_again_until_one_comes(page):
    """At the limit the page asks the program where it is; a request the program has not answered within
    RESAMPLE_S is made again (one request missed never leaves the line empty), and once a
    sample is shown, no more are asked for."""
    from app.code_panel import RESAMPLE_S

    async def body():
        view, panel = await opened(page, "huarong")
        limit = int(panel.section.getAttribute("data-time-limit"))
        write(panel, "def solve(board):\n    gameHandler.move(10, 'left')\n")
        worker = page.code.workers[-1]
        worker.held, worker.sampling = True, True
        tasks = start(panel.run_btn)
        await drive(page, lambda: worker.requests)
        page.code.jump(limit + 1)
        await drive(page, lambda: not hidden(panel.keep_btn))
        assert worker.samples == 1
        page.code.jump(RESAMPLE_S / 2)
        await drive(page, lambda: panel.elapsed >= limit + 1 + RESAMPLE_S / 2)
        assert worker.samples == 1, "asked again before its time"
        page.code.jump(RESAMPLE_S)
        await drive(page, lambda: worker.samples == 2)
        worker.on_message(json.dumps({"type": "where", "id": worker.current["id"], "line": 2, "fn": "solve",
                                      "sizes": [["board", 5]]}))  # the sample, while the program runs on
        await drive(page, lambda: not hidden(panel.where.el))
        page.code.jump(3 * RESAMPLE_S)
        await drive(page, lambda: panel.elapsed >= limit + 1 + 3.5 * RESAMPLE_S)
        assert worker.samples == 2 and not hidden(panel.where.el)
        worker.release()
        await drive(page, lambda: all(x.done() for x in tasks))

    run(body)


def test_a_check_case_past_the_limit_is_not_lost(page):
    """Check's case still running at the limit: Keep going is offered and the worker runs on; once that case
    answers, Keep going goes and Check carries on through every case (none lost to the limit)."""
    async def body():
        view, panel = await opened(page, "linkup")
        limit = int(panel.section.getAttribute("data-time-limit"))
        write(panel, connect_with(2))
        worker = page.code.workers[-1]
        worker.held = True
        tasks = start(panel.check_btn)
        await drive(page, lambda: worker.requests)
        assert said(panel) == t("code_running", "en", s=limit)
        page.code.jump(limit + 1)
        await drive(page, lambda: not hidden(panel.keep_btn))
        assert said(panel) == t("code_limit_reached", "en", s=limit, more=limit)
        worker.release()
        await drive(page, lambda: panel.cases_in)
        worker.held = True  # the first case answered; the rest not yet
        await drive(page, lambda: hidden(panel.keep_btn))
        assert panel.running == "check" and said(panel) == t("code_checking", "en", i=1, n=len(panel.req["cases"]))
        worker.release()
        await drive(page, lambda: all(x.done() for x in tasks))
        passed = numbered("code_all_passed", "en", n=None).match(said(panel))
        assert passed and int(passed.group(1)) >= 200, said(panel)
        assert not any(r[2] == t("code_timeout_case", "en", s=limit) for r in rows(panel))

    run(body)


# ---------------------------------------------------------------------------------------- the learner's code


def saved_code(page: object, game: str) -> "str | None":
    return page.window.safeStorage.get("bfs-puzzles.code." + game)


def test_the_untouched_starter_follows_the_pages_language_and_the_learners_code_stays(page):
    """The editor opens on the game's starter in the page's language; a switch to 中文 puts the 中文 starter in
    (it is untouched); the learner's own code stays as written through a switch back; the editor's name
    follows the language."""
    async def body():
        view, panel = await opened(page, "linkup")
        assert "# Link-up: connect(board, r1, c1, r2, c2)" in panel.editor.doc
        switch_language(view, "zh")
        assert "# 连连看：connect(board, r1, c1, r2, c2)" in panel.editor.doc
        assert panel.editor.aria_label == t("code_editor_label", "zh", game=t("tab_linkup", "zh"))
        mine = "def connect(board, r1, c1, r2, c2):\n    return []\n"
        write(panel, mine)
        switch_language(view, "en")
        assert panel.editor.doc == mine and panel.text == mine and saved_code(page, "linkup") == mine

    run(body)


def test_restore_starter_is_one_change_its_button_undoes(page):
    """Restore starter puts the starter of the page's language in, saved, and says so; its undo button (what
    a phone has for Ctrl+Z) brings the learner's code back, saved, and goes with the status line; in English,
    then in 中文."""
    from app.code_starters import starter

    async def body():
        view, panel = await opened(page, "huarong")
        mine = "def solve(board):\n    gameHandler.move(10, 'left')  # my own search goes here\n"
        write(panel, mine, page)
        assert saved_code(page, "huarong") == mine
        for lang in ("en", "zh"):
            switch_language(view, lang)
            await press(page, labelled(view, "code_starter"))
            assert said(panel) == t("code_starter_restored", lang)
            assert panel.editor.doc == starter("huarong", lang) == saved_code(page, "huarong")
            assert not hidden(panel.undo_starter)
            await press(page, panel.undo_starter)
            assert panel.editor.doc == mine == saved_code(page, "huarong")
            assert hidden(panel.undo_starter) and said(panel) == ""

    run(body)


def test_code_over_the_limit_is_said_not_silently_cut(page):
    """Typed or pasted past 20,000 characters: the panel says how much is kept (English, then 中文), and says
    nothing more once the code is back under the limit."""
    async def body():
        view, panel = await opened(page, "sliding")
        write(panel, "#" * 20001, page)
        assert said(panel) == t("code_too_long", "en", n=20001, max=20000)
        assert saved_code(page, "sliding") == "#" * 20000
        switch_language(view, "zh")
        assert said(panel) == t("code_too_long", "zh", n=20001, max=20000)
        write(panel, "#" * 20000, page)
        assert said(panel) == ""

    run(body)


def link_opened(page: object, game: str, code: str, lang: str) -> "asyncio.Future":
    """``game``'s page opened on a link whose fragment carries ``code`` packed (Share's form)."""
    page.window.location.hash = "#code=" + pack(code)
    return opened(page, game, lang=lang)


@pytest.mark.parametrize("lang, choice", [("en", "code_discard"), ("zh", "code_keep")])
def test_a_shared_links_code_is_a_draft_that_never_overwrites_the_saved_code(page, lang, choice):
    """A link's packed code (a program of 8,686 characters with Chinese comments) opened where the learner has
    code of their own: a draft, said so, the saved code untouched, also after a reload and while the draft is
    edited; Discard brings the learner's code back, Keep replaces it with the draft as edited; either drops the
    code from the address; in English, then in 中文."""
    async def body():
        mine = "def solve(board):\n    gameHandler.move(10, 'left')  # mine\n"
        shared = long_program()
        page.window.safeStorage.set("bfs-puzzles.code.huarong", mine)
        for _reload in range(2 if choice == "code_discard" else 1):
            view, panel = await link_opened(page, "huarong", shared, lang)
            await drive(page, lambda p=panel: p.status_key is not None)
            assert said(panel) == t("code_from_link_draft", lang)
            assert panel.editor.doc == shared and saved_code(page, "huarong") == mine
            assert not hidden(panel.draft_bar)
        tried = shared + "\n# tried\n"
        write(panel, tried, page)
        assert saved_code(page, "huarong") == mine
        await press(page, labelled(view, choice))
        assert hidden(panel.draft_bar) and view.shell.drop_code_param.called
        if choice == "code_discard":
            assert said(panel) == t("code_discarded", lang)
            assert panel.editor.doc == mine == saved_code(page, "huarong")
        else:
            assert said(panel) == t("code_kept", lang) and saved_code(page, "huarong") == tried

    run(body)


@pytest.mark.parametrize("lang, cut, said_key", [
    ("en", True, "code_link_damaged"),  # the fragment cut on the way
    ("zh", False, "code_link_too_long"),  # whole, but over the panel's MAX_CODE
], ids=["damaged-en", "too-long-zh"])
def test_a_shared_link_that_cannot_be_opened_says_why_and_the_saved_code_stays(page, lang, cut, said_key):
    """A link's packed code that cannot be opened: cut on the way (its last 12 characters lost), or whole but
    longer than 20,000 characters: the panel says why, in the page's language, and shows the learner's saved
    code, untouched, with no draft."""
    async def body():
        mine = "def solve(board):\n    gameHandler.move(10, 'left')  # mine\n"
        page.window.safeStorage.set("bfs-puzzles.code.huarong", mine)
        code = long_program() if cut else "x" * 20001
        page.window.location.hash = "#code=" + (pack(code)[:-12] if cut else pack(code))
        view, panel = await opened(page, "huarong", lang=lang)
        await drive(page, lambda: panel.status_key is not None)
        expected = t(said_key, lang) if cut else t(said_key, lang, n=20001, max=20000)
        assert said(panel) == expected
        assert panel.editor.doc == mine == saved_code(page, "huarong")
        assert hidden(panel.draft_bar)

    run(body)


# ---------------------------------------------------------------------------------------- a failing case drawn


def swapped_connect() -> str:
    """A connect that finds the right paths but returns each cell as (col, row)."""
    return connect_with(2) + (
        "\n\n_right = connect\n\n\ndef connect(board, r1, c1, r2, c2):\n"
        "    return [[c, r] for r, c in _right(board, r1, c1, r2, c2)]\n"
    )


def texted(view: object, node: object) -> tuple:
    """What the page last wrote into ``node`` through ``shell.text``: ``(key, values)``."""
    call = [c for c in view.shell.text.call_args_list if c.args[0] is node][-1]
    return call.args[1], call.kwargs


def test_a_failing_linkup_case_is_drawn_with_kinds_labels_from_0_and_the_answer_as_returned(page):
    """A connect answering in (col, row) order fails Check: the first failing case is drawn with its tiles'
    kinds and faces, rows and columns numbered as the program numbers them (the ring -1 and the size), the
    solver's path and the learner's as two lines told apart by their corner marks and named in the drawing's
    text alternative, the answer as returned and why it was refused; the help says once that cells count
    from 0; all of it drawn again in 中文 after a switch."""
    from app.faces import face

    async def body():
        view, panel = await opened(page, "linkup")
        write(panel, swapped_connect())
        await press(page, panel.check_btn)
        got = numbered("code_passed", "en", p=None, n=None).match(said(panel))
        assert got and int(got.group(1)) < int(got.group(2)), said(panel)
        assert [c.args[1] for c in view.shell.text.call_args_list].count("code_linkup_coords") == 1
        for lang in ("en", "zh"):
            switch_language(view, lang)
            fig = panel.results.children[0]
            assert fig.tagName == "FIGURE" and fig.className == "code-case"
            label = texted(view, fig.children[0])[1]["label"]
            r1, c1, r2, c2 = (int(x) for x in re.search(r"\((\d+),(\d+)\).\((\d+),(\d+)\)", label).groups())
            rows_, cols = (int(x) for x in re.search(r"(\d+)x(\d+)", label).groups())
            grid = next(e for e in fig.walk() if e.getAttribute("role") == "img")
            heads = [str(e.textContent) for e in grid.children if e.className == "cg lab"]
            assert heads[: cols + 3] == [""] + [str(c) for c in range(-1, cols + 1)]
            assert heads[cols + 3:] == [str(r) for r in range(-1, rows_ + 1)]
            cells = {(e.getAttribute("data-r"), e.getAttribute("data-c")): e for e in grid.children
                     if e.getAttribute("data-r") is not None}
            for r, c in ((r1, c1), (r2, c2)):  # the two tiles: the game's face, their kind's number
                tile = cells[(str(r), str(c))].children[0]
                kind = int(tile.getAttribute("data-kind"))
                assert tile.className == "lu-case-tile" and tile.textContent == face(kind)[0]
            marks = [e.getAttribute("class") for e in grid.walk() if e.tagName in ("POLYLINE", "CIRCLE", "RECT")]
            assert marks.count("expected") == 1 and marks.count("yours") == 1
            assert "expected-corner" in marks and "yours-corner" in marks
            alt = re.escape(t("lu_case_alt", lang, name="@N@", expected="@E@", yours="@Y@"))
            alt = alt.replace("@N@", ".+").replace("@E@", r"\(%d,%d\) → .*" % (r1, c1)).replace("@Y@", r"\(.+")
            assert re.fullmatch(alt, grid.getAttribute("aria-label")), grid.getAttribute("aria-label")
            answers = [e for e in fig.children if e.className == "code-answer"]
            key, values = texted(view, answers[0])
            assert key == "code_answer_as_returned" and re.match(r"\[\[%d, ?%d\]" % (c1, r1), values["answer"])
            assert answers[1].textContent == t("code_answer_why", lang, why=t("code_path_ends", lang))

    run(body)


# ---------------------------------------------------------------------------------------- Share and links


def test_a_link_with_the_saved_code_opens_it_says_so_and_runs_nothing(page):
    """A link whose code is the learner's own saved code: it opens in the editor with no draft, said in the
    page's language (中文); nothing is run (no request to the learner's worker, no move, no output), Run is
    ready."""
    async def body():
        mine = "def solve(board):\n    print('ran')\n    gameHandler.move(10, 'left')\n"
        page.window.safeStorage.set("bfs-puzzles.code.huarong", mine)
        view, panel = await link_opened(page, "huarong", mine, "zh")
        await drive(page, lambda: panel.status_key is not None)
        for _ in range(20):  # the page goes on a while: still nothing runs
            page.window.timers.fire(ignore_delay=True)
            await asyncio.sleep(0.002)
        assert said(panel) == t("code_from_link", "zh") and hidden(panel.draft_bar)
        assert panel.editor.doc == mine == saved_code(page, "huarong")
        assert not any(w.requests for w in page.code.workers) and panel.running is None
        assert view.session.cursor == 0 and log(panel) == "" and panel.run_btn.disabled is False

    run(body)


def test_share_puts_the_code_packed_into_a_link_in_the_pages_language(page):
    """Share (the page switched to 中文): the box shows a link to this page, game and language, the code
    packed in its fragment (which the browser never sends to a server)."""
    from puzzles.code_link import unpack

    async def body():
        view, panel = await opened(page, "huarong")
        mine = "def solve(board):\n    print('ran')  # 中文注释\n"
        write(panel, mine, page)
        switch_language(view, "zh")
        assert hidden(panel.share_box)
        await press(page, labelled(view, "code_share"))
        url = str(panel.share_input.value)
        head, packed = url.split("#code=")
        assert head == "http://page/?game=huarong&lang=zh" and unpack(packed) == mine
        assert not hidden(panel.share_box)

    run(body)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_starter_follows_a_language_switch_made_before_the_panel_is_first_opened(page, game):
    """The panel is built after the board, its editor only when Code is first pressed: a switch of language
    in between gives the starter (untouched) in the new language, as a switch with the editor open does."""
    starter = fake_page.page_module("app.code_starters").starter

    async def body():
        view = make_view(game, None, "en")
        await view.build_later()
        panel = view.code
        assert panel.editor is None and panel.text == starter(game, "en")
        switch_language(view, "zh")
        await press(page, panel.toggle)
        assert panel.editor.doc == starter(game, "zh") != starter(game, "en")

    run(body)


def test_closing_the_panel_while_stepping_brings_the_games_board_back(page):
    """A Step through's record shown (the program's board drawn in place of the game's, the slider's bar
    up), then Code pressed again: the steps go with the panel, the game's board is back and stays when the
    panel opens again; the status that told how to move through them goes. Stepping again, then a board
    opened, or Edit pressed: the steps go too (they are of the board they were recorded on); while the board
    editor is open its draft stands in place of the program's board."""
    page.code.stepAt = lambda key, n: json.dumps({"line": 2, "fn": "f", "vars": [],
                                                  "board": [[1, 2, 3], [4, 0, 5]], "boardStep": n})

    async def body():
        view, panel = await opened(page, "sliding")
        panel.say("step_ready", n=3)  # as Step through says it
        panel.steps.open(1, 3, False, [], None)
        await drive(page, lambda: not panel.steps.pending)
        shadow = view.shadow.box
        assert not hidden(shadow) and view.board_el.hasAttribute("data-trace-hidden")
        assert not hidden(panel.steps.bar)
        await press(page, panel.toggle)
        assert hidden(panel.section) and not panel.steps.shown
        assert said(panel) == "", "no word of a slider that is gone"
        assert hidden(shadow) and not view.board_el.hasAttribute("data-trace-hidden")
        assert page.window.document.body.classList.remove.call_args == mock.call("stepping")
        await press(page, panel.toggle)
        assert not hidden(panel.section) and hidden(panel.steps.bar) and hidden(shadow)
        panel.steps.open(1, 3, False, [], None)
        await drive(page, lambda: not panel.steps.pending)
        assert not hidden(shadow) and "play-only" in shadow.className.split()  # the editor's draft in its place
        view.life.load(view.session.start, "ed_loaded")  # a board opened (the editor's Play this board)
        assert not panel.steps.shown and hidden(shadow) and hidden(panel.steps.bar)
        panel.say("code_no_moves")
        panel.steps.open(1, 3, False, [], None)
        await drive(page, lambda: not panel.steps.pending)
        click(view.editor.edit_btn)  # Edit: the editor's draft replaces the board the steps are of
        assert view.editor.editing and not panel.steps.shown and hidden(panel.steps.bar) and hidden(shadow)
        assert said(panel) == t("code_no_moves", "en"), "a status of something else stays"

    run(body)
