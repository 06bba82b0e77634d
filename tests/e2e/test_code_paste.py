"""Pasting a 60-line program into the Code panel's editor, then typing after it, never holds the page's
main thread 50 ms: every task the browser's main thread runs meanwhile, timed by Chromium's own trace.

A task's length here is the main thread's CPU time in it (the trace's thread time), not the wall clock:
on this shared 2-core machine, with a load of 20-40, the scheduler stretches a task of 10 ms of work
to 100-700 ms of wall clock, whatever the page does (the ``longtask`` entries of the same runs are
reported as a warning, for the record). The CPU time is what the page's code decides: the editor's
paste, its parse of the program, the page's Python taking the text (once typing pauses) and storing it."""

import json
import warnings

import pytest
from playwright.sync_api import expect
from test_code_typing import PASTE, sixty_lines
from test_longtask import WATCH

pytestmark = [pytest.mark.e2e, pytest.mark.longtask]

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,toplevel"
LIMIT_MS = 50


def traced(page, act) -> list:
    """Run ``act()`` with Chromium tracing this page; answer the trace's events."""
    cdp = page.context.new_cdp_session(page)
    events: list = []
    done: list = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    try:
        act()
    finally:
        cdp.send("Tracing.end")
        page.wait_for_timeout(200)
        for _ in range(100):
            if done:
                break
            page.wait_for_timeout(100)
        cdp.detach()
    return events


def main_thread_tasks(events: list, kind: str = "paste") -> list:
    """``(CPU ms, wall ms)`` of every task of the renderer's main thread that handled an event of ``kind``
    (``"paste"``, ``"click"``, ``"keydown"``: what tells the page's main thread from the others')."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    handled = {(e["pid"], e["tid"]) for e in events
               if e.get("name") == "EventDispatch" and e.get("args", {}).get("data", {}).get("type") == kind}
    main = {key for key in handled if names.get(key) == "CrRendererMain"}
    assert len(main) == 1, "the %s was not found in the trace: %r" % (kind, handled)
    return [(e.get("tdur", 0) / 1000, e["dur"] / 1000) for e in events
            if e.get("name") == "RunTask" and (e["pid"], e["tid"]) in main and "dur" in e]


def test_pasting_a_60_line_program_and_typing_holds_no_task_of_50_ms(open_game):
    program = sixty_lines()
    assert program.count("\n") == 60
    page = open_game("?game=huarong&lang=en")
    code = page.code_panel().open()
    code.editor().click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.wait_for_function("(localStorage.getItem('bfs-puzzles.code.huarong') ?? 'x') === ''")
    page.wait_for_timeout(300)
    page.evaluate(WATCH)

    def act() -> None:
        page.evaluate(PASTE, program)
        expect(code.editor()).to_contain_text(program.splitlines()[-1])
        page.keyboard.press("Control+End")
        page.keyboard.type("# typed after the paste\n", delay=20)
        page.wait_for_function("localStorage.getItem('bfs-puzzles.code.huarong').endsWith('paste\\n')")
        page.wait_for_timeout(500)  # the editor's parse in idle time, the last frames

    tasks = main_thread_tasks(traced(page.page, act))
    assert page.evaluate("localStorage.getItem('bfs-puzzles.code.huarong')") == program + "# typed after the paste\n"
    assert len(tasks) > 20  # the paste, its frames, the keys: the trace saw the scenario's tasks
    longest = max(tasks)
    wall = [ms for ms in page.evaluate("window.__longTasks") if ms > LIMIT_MS]
    warnings.warn("longest task %.1f ms of CPU (%.0f ms wall); wall-clock long tasks %s"
                  % (longest[0], longest[1], json.dumps(wall)), stacklevel=1)
    assert longest[0] < LIMIT_MS, "a task held the main thread %.1f ms of CPU (%.0f ms wall)" % longest
