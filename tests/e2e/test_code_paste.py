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

from benchlib import main_thread_tasks, traced

pytestmark = [pytest.mark.e2e, pytest.mark.longtask]

LIMIT_MS = 50


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
