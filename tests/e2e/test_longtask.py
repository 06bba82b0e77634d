"""The page never freezes while a solver works or a solution plays:
no main-thread task of more than 50 ms from a click until the outcome is on
the board.

A task's length is the CPU time the page's main thread spent in it, read from
Chromium's own trace (its thread time): on this shared 2-core machine a task's
wall clock mostly measures the scheduler (a 6 ms task stretched to 100-280 ms
while other programs run; tests/e2e/test_code_paste.py), so these tests run
among the others (tools/test.sh). The browser's own ``longtask`` entries (wall
clock) are still gathered.

The tours of a game's controls that switch the language hold our code to the
same 50 ms through the script entries' CPU (an event's handler, a timer, a
promise's callback): the first switch to 中文 (or back) makes the browser lay
every label out again, on top of our 15-30 ms, inside the same task."""

import json
import re
import warnings
from urllib.parse import quote

import pytest
from pages import TRACES
from playwright.sync_api import expect

from benchlib import TRACE_CATEGORIES, Trace, renderer_scripts, renderer_tasks
from puzzles import sliding
from puzzles.games import NAMES

pytestmark = [pytest.mark.e2e, pytest.mark.longtask]

WATCH = """() => {
    window.__longTasks = [];
    window.__scripts = [];
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({type: 'longtask'});
    new PerformanceObserver(list => {
        for (const frame of list.getEntries())
            for (const s of frame.scripts) window.__scripts.push([Math.round(s.duration), s.invoker]);
    }).observe({type: 'long-animation-frame'});
}"""


def watch(page):
    """Start measuring: once every game is built (the games whose tabs are closed, and the panels a
    click opens, are built after the open one is playable, a task each: the start-up, not what is
    measured here) the page sets ``window.__startupDone``; then :data:`WATCH` and Chromium's trace."""
    page.wait_for_function("[...document.querySelectorAll('[role=tabpanel]')].every(p => p.childElementCount)")
    page.wait_for_function("window.__startupDone === true")
    page.evaluate(WATCH)
    pw = getattr(page, "page", page)
    running = TRACES.pop(id(pw), None)
    if running is not None:
        running.stop()
    TRACES[id(pw)] = Trace(pw)


def trace_events(page) -> list:
    """The trace's events since :func:`watch` (or the last call: measuring goes on from here)."""
    pw = getattr(page, "page", page)
    page.wait_for_timeout(400)  # a task ending now is traced a moment later
    events = TRACES.pop(id(pw)).stop()
    TRACES[id(pw)] = Trace(pw)
    assert renderer_tasks(events), "the trace saw the page's tasks"
    return events


def long_tasks(page, events: "list | None" = None) -> list:
    """The CPU ms of the main-thread tasks over 50 ms since :func:`watch` (or the last reading)."""
    return [round(cpu) for cpu, _ in renderer_tasks(events or trace_events(page)) if cpu > 50]


def long_scripts(page, events: "list | None" = None) -> list:
    """Our scripts (event handlers, timers, promise callbacks: the Python they run) that ran over
    50 ms of CPU at a stretch since :func:`watch` (or the last reading), with what entered them."""
    return [[round(cpu), name] for cpu, _, name in renderer_scripts(events or trace_events(page)) if cpu > 50]


def over_50_ms_twice(run, runs: int = 2) -> None:
    """``run()`` plays a scenario from a fresh visit and returns its tasks (or our scripts)
    over 50 ms. On this shared 2-core machine such a task is either ours, and comes back
    on every run (a slow handler, a playback batch too long), or another program taking
    the core for a moment, which does not come back at the same place: a scenario that
    finds one is played again, up to ``runs`` times, and the test fails when every run finds
    one. Each run's figures are reported as a warning."""
    found = []
    for _ in range(runs):
        over = run()
        if not over:
            return
        found.append(over)
        warnings.warn("over 50 ms on a run (played again): %r" % (over,), stacklevel=2)
    raise AssertionError("over 50 ms on %d runs: %r" % (runs, found))


def start_up_tasks(page, query: str) -> list:
    """The CPU ms of each main-thread task of ``query``'s start, from the board playable (the
    ``app:playable`` mark, after the first screen's one task) until the start-up's work is over."""
    pw = getattr(page, "page", page)
    trace = Trace(pw, TRACE_CATEGORIES + ",blink.user_timing")
    try:
        page.open(query)  # ready: the solver idle and the start-up's work over (window.__startupDone)
        page.wait_for_timeout(400)  # a task ending now is traced a moment later
    finally:
        events = trace.stop()
    return [cpu for cpu, _ in renderer_tasks(events, after="app:playable")]


def test_once_the_board_is_playable_the_start_up_holds_no_task_of_50_ms(open_game):
    """What the start-up does after the first screen (the open game's Map and Code panels, the closed
    tabs' games, the records panel, the modules a click needs compiled) is done a step per task, in each
    game: none of 50 ms of CPU, so a player's first click never waits on it."""
    def run():
        page = open_game.blank()
        over = []
        for game in NAMES:
            tasks = start_up_tasks(page, "?game=%s&lang=en" % game)
            assert len(tasks) > 10, tasks  # the start-up's steps were traced
            over += ["%s: %d ms" % (game, round(cpu)) for cpu in tasks if cpu > 50]
        return over

    over_50_ms_twice(run)


def test_huarong_solve_and_playback_at_once_and_a_hint(open_game):
    """In the piece metric (the link's), then, after Reset, in the cell metric (the picker's): a Hint, then
    Solve."""
    def run():
        page = open_game("?lang=en&speed=0&metric=piece")
        watch(page)
        page.solve()
        expect(page.status()).to_have_text("Solved: 81 moves", timeout=30_000)
        page.wait_for_function("gameHandler.isSolved()")
        page.button("Reset", exact=True).click()
        page.panel.get_by_label("Count").select_option("cell")
        page.hint()
        expect(page.status()).to_have_text(re.compile("116"), timeout=30_000)
        page.solve()
        expect(page.status()).to_have_text("Solved: 116 moves", timeout=30_000)
        page.wait_for_function("gameHandler.isSolved()")
        return long_tasks(page)

    over_50_ms_twice(run)


def test_linkup_solve_and_playback_at_once(open_game):
    def run():
        page = open_game("?game=linkup&lang=en&speed=0")
        watch(page)
        page.solve()
        expect(page.status()).to_have_text(re.compile(r"^Cleared: \d+ pairs$"), timeout=60_000)
        page.wait_for_function("gameHandler.isCleared()")
        return long_tasks(page)

    over_50_ms_twice(run)


def test_sliding_solve_and_playback_at_once_then_a_long_playback_in_batches(open_game):
    """A 3 × 3 board farthest from the goal solved and played at speed 0. Then a 5 × 5 board pasted and
    solved in the fast mode (picked) plays a few hundred moves at speed 0: in batches, each its own task
    (MicroPython's asyncio runs every ready task in one JavaScript task, so a batch must wait on a timer,
    not on ``sleep(0)``)."""
    board = sliding.shuffled(5, 5, 3)
    five = [list(board.cells[r * 5 : (r + 1) * 5]) for r in range(5)]

    def run():
        grid = [[8, 6, 7], [2, 5, 4], [3, 0, 1]]  # one of the two 3 x 3 positions farthest from the goal
        page = open_game("?game=sliding&lang=en&speed=0&board=" + quote(json.dumps(grid)))
        watch(page)
        page.solve()
        expect(page.status()).to_have_text("Solved: 31 moves", timeout=30_000)
        page.wait_for_function("gameHandler.isSolved()")
        page.paste_board(json.dumps(five))
        expect(page.status()).not_to_have_text("Solved: 31 moves")
        page.panel.locator("#sliding-mode").select_option("fast")
        page.solve()
        expect(page.status()).to_have_text(re.compile(r"^Solved: \d{3,} moves"), timeout=60_000)
        page.wait_for_function("gameHandler.isSolved()", timeout=60_000)
        return long_tasks(page)

    over_50_ms_twice(run)


def test_sliding_4x4_search_split_between_two_workers(open_game):
    """A hard 4 × 4 board: the tables load, the helper starts, both workers search, the answer merges."""
    korf3 = sliding.Board.from_grid([[1, 15, 10, 13], [0, 11, 4, 7], [12, 6, 5, 3], [14, 8, 9, 2]])

    def run():
        page = open_game("?game=sliding&lang=en&speed=0&board=" + korf3.to_code())
        watch(page)
        page.solve()
        expect(page.status()).to_have_text(re.compile(r"^Solved: \d+ moves$"), timeout=120_000)
        page.wait_for_function("gameHandler.isSolved()")
        assert page.evaluate("window.solverWorkers.all.filter((w) => w.helper).length") == 1
        return long_tasks(page)

    over_50_ms_twice(run)


def test_linkup_new_board_shuffle_undo_and_the_language_switch(open_game):
    def run():
        page = open_game("?game=linkup&lang=en")
        watch(page)
        page.get_by_role("button", name="New board").click()
        expect(page.status()).to_contain_text("New board: seed", timeout=30_000)
        page.get_by_role("button", name="Shuffle").click()
        expect(page.status()).to_have_text("Shuffled.")
        page.hint()
        expect(page.locator("#lu-board .hinted")).to_have_count(2, timeout=30_000)
        page.locator("#lu-board .hinted").first.click()
        page.locator("#lu-board .hinted").last.click()
        page.undo()
        page.redo()
        page.get_by_role("button", name="切换到中文").click()
        expect(page.status()).not_to_have_text(re.compile("^[A-Za-z]"))
        page.get_by_role("button", name="Switch to English").click()
        return long_scripts(page)

    over_50_ms_twice(run)


def test_huarong_layouts_moves_undo_redo_language_and_the_map(open_game):
    def run():
        page = open_game("?lang=en&speed=0")
        watch(page)
        for index in ("3", "12", "0"):
            page.select_option("#hr-layout", index)
        for pid, d in ((10, "left"), (9, "right"), (10, "right")):
            page.evaluate("([p, d]) => gameHandler.move(p, d)", [pid, d])
        for _ in range(3):
            page.undo()
        for _ in range(3):
            page.redo()
        page.get_by_role("button", name="切换到中文").click()
        page.get_by_role("button", name="Switch to English").click()
        page.get_by_role("button", name="Map", exact=True).click()
        figure = page.locator("#huarong-map-figure")
        expect(figure).to_have_attribute("data-drawn-ms", re.compile(r"\d"), timeout=60_000)
        page.get_by_text("Positions per distance to the goal", exact=True).first.click()
        page.solve()
        page.wait_for_function("gameHandler.isSolved()", timeout=60_000)
        return long_scripts(page)

    over_50_ms_twice(run)


def test_sliding_shuffle_sizes_and_the_4x4_tables(open_game):
    def run():
        page = open_game("?game=sliding&lang=en&speed=0")
        watch(page)
        for size in ("5x5", "2x3", "3x3"):
            page.get_by_role("combobox", name="Size").select_option(size)
            page.get_by_role("button", name="Shuffle").click()
        # the 4 x 4 pattern tables (3 MB) load into the worker before the first optimal 4 x 4 solve
        one_off = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]
        page.paste_board(json.dumps(one_off))
        page.wait_for_function("async (b) => JSON.stringify(await gameHandler.getBoard()) === JSON.stringify(b)",
                               arg=one_off)
        page.solve()
        expect(page.status()).to_have_text("Solved: 1 moves", timeout=60_000)
        return long_tasks(page)

    over_50_ms_twice(run)


def test_a_task_of_ours_over_50_ms_fails_the_check_on_every_run(open_game):
    """The check above is no looser than one run: a click handler of about 200 ms of CPU (ours, on
    every run: a fixed amount of work, not a wall-clock wait a loaded machine would pre-empt) fails it,
    though a second run is played (the same page, its board loaded again)."""
    busy = """() => document.querySelector('#panel-sliding .buttons .primary').addEventListener('click', () => {
        let x = 0; for (let i = 0; i < 5e7; i++) x = (x * 31 + i) | 0; window.__busy = x; })"""
    page = open_game("?game=sliding&lang=en&speed=0&board=2x3-412503")
    page.evaluate(busy)
    runs = []

    def run():
        if runs:
            page.paste_board("2x3-412503")
            expect(page.status()).not_to_have_text("Solved: 5 moves")
        runs.append(1)
        watch(page)
        page.solve()
        expect(page.status()).to_have_text("Solved: 5 moves", timeout=30_000)
        return long_tasks(page)

    with pytest.warns(UserWarning, match="over 50 ms on a run"), pytest.raises(AssertionError, match="on 2 runs"):
        over_50_ms_twice(run)
    assert len(runs) == 2
