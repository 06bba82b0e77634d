"""Recording a learner's search and stepping through it never hold the page's main thread 50 ms: the
course's Huarong BFS recorded to the 10,000-step cap, then stepped by keys; Link-up's Show the search
animated to its end. (What the Huarong recording's steps show is checked on it too, after the timing.)
Each task's length is the main thread's CPU time in it, read from Chromium's own trace
(tests/e2e/test_code_paste.py says why the wall clock measures the scheduler on this machine)."""

import json
import re
import warnings

import pytest
from playwright.sync_api import expect
from test_code_paste import LIMIT_MS
from test_longtask import WATCH
from test_show_search import gone, marks, pick_the_far_pair
from test_step_through import BOARD, press, slider

from app.i18n import t
from benchlib import main_thread_tasks, traced
from course_programs import COURSE_HUARONG

pytestmark = [pytest.mark.e2e, pytest.mark.longtask]


def _longest(page, tasks: list, what: str) -> tuple:
    assert len(tasks) > 20, "the trace saw the scenario's tasks"
    longest = max(tasks)
    wall = [ms for ms in page.evaluate("window.__longTasks") if ms > LIMIT_MS]
    warnings.warn("%s: longest task %.1f ms of CPU (%.0f ms wall); wall-clock long tasks %s"
                  % (what, longest[0], longest[1], json.dumps(wall)), stacklevel=2)
    return longest


def test_recording_10000_steps_of_a_huarong_bfs_and_stepping_hold_no_task_of_50_ms_and_its_boards_drawn(open_game):
    """The course's BFS recorded up to the cap of 10,000 steps and stepped by keys, timed; then, on that
    recording, what the steps show: the cap said, its moves listed (none), its boards drawn in place of the
    game's (ten pieces, the 2 × 2 one spanning four cells, two empty cells) with the sizes of the program's
    queue and visited set at a step of solve, its Variables; the game's board unchanged, and back by Back to
    the game. (Link-up's and Sliding's steps: tests/e2e/test_step_through.py.)"""
    page = open_game("?game=huarong&lang=en")
    before = page.evaluate(BOARD)
    code = page.code_panel().open()
    code.write(COURSE_HUARONG)
    page.wait_for_timeout(500)
    page.evaluate(WATCH)
    s = slider(page)

    def act() -> None:
        code.button("code_step").click()
        expect(s).to_have_attribute("aria-valuemax", "10000", timeout=120_000)
        expect(s).to_have_attribute("aria-valuenow", "1")
        for key, want in (("ArrowRight", 2), ("PageUp", 12), ("End", 10000), ("PageDown", 9990), ("Home", 1)):
            s.press(key)
            expect(s).to_have_attribute("aria-valuenow", str(want))
        page.wait_for_timeout(500)  # the last step drawn, its frames

    events = traced(page.page, act)
    longest = _longest(page, main_thread_tasks(events, "keydown"), "record and step")
    assert longest[0] < LIMIT_MS, "a task held the main thread %.1f ms of CPU (%.0f ms wall)" % longest

    # what the steps show, on that recording
    expect(s).to_have_attribute("aria-valuemax", "10000")
    expect(page.panel.locator(".step-note")).to_contain_text(t("step_capped", "en", n=10000))
    expect(page.panel.locator(".step-moves")).to_have_text(t("step_no_moves", "en"))
    state = page.locator('[data-trace="state"]')
    press(page, s, "End", 10000)
    expect(state).to_be_visible()
    expect(page.locator("#hr-board")).to_be_hidden()
    caption = state.locator("figcaption")
    expect(caption).to_have_text(re.compile(r"^Your program's board at step \d+$"))
    at_end = caption.text_content()
    # drawn as the game draws it: ten pieces (the 2 × 2 one spanning four cells) and two empty cells
    expect(state.locator(".trace-cell")).to_have_count(12)
    spans = state.locator(".trace-cell").evaluate_all("cells => cells.map(c => c.style.gridArea)")
    assert sum(1 for a in spans if a.endswith("span 2 / span 2")) == 1, spans
    # beside it, the sizes of the program's queue (q, a deque) and visited set at a step of solve (whose
    # locals they are; in a helper the board shows none)
    sizes = state.locator(".trace-sizes")
    at = 10000
    while "in solve" not in page.panel.locator(".step-where").text_content():
        assert at > 9000, "a step of solve near the end"
        at -= 10
        press(page, s, "PageDown", at)
    expect(sizes).to_have_text(re.compile(r"^queue \d+ · visited \d+$"))
    big = [int(x) for x in re.findall(r"\d+", sizes.text_content())]
    assert big[1] > 1, "the visited set has grown"
    press(page, s, "End", 10000)
    press(page, s, "PageDown", 9990)
    press(page, s, "Home", 1)
    expect(caption).not_to_have_text(at_end)
    expect(state.locator(".trace-sizes")).not_to_have_text("queue %d · visited %d" % tuple(big))
    variables = page.page.get_by_role("region", name="Variables")
    press(page, s, "End", 10000)
    expect(variables.get_by_role("row").filter(has_text=re.compile(r"^\w+\s*list, \d+ items")).first).to_be_visible()
    assert page.evaluate(BOARD) == before
    page.page.get_by_role("button", name="Back to the game").click()
    expect(state).to_be_hidden()
    expect(page.locator("#hr-board")).to_be_visible()
    assert page.evaluate(BOARD) == before


def test_show_the_search_animates_with_no_task_of_50_ms(open_game):
    page = open_game("?game=linkup&lang=en")
    page.evaluate(WATCH)

    def act() -> None:
        pick_the_far_pair(page)
        gone(page, 0, 0)
        expect(marks(page, "path")).to_have_count(17)
        page.wait_for_timeout(300)

    events = traced(page.page, act)
    longest = _longest(page, main_thread_tasks(events, "click"), "show the search")
    assert longest[0] < LIMIT_MS, "a task held the main thread %.1f ms of CPU (%.0f ms wall)" % longest
