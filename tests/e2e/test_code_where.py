"""Where a slow program was: a learner's Huarong BFS that tells same-shaped pieces apart (its visited set
meets millions of boards on 横刀立马) is stopped by Stop, and reaches the time limit; the page, cross-origin
isolated, asks the program where it is and says its line and the sizes of its containers, in English and
中文, and marks that line in the editor; then how many positions the exact search of that board meets."""

import json
import re

import pytest
from playwright.sync_api import expect
from test_code import JUMPING_CLOCK, past_the_limit, time_limit
from test_offline import installed

from app.code_where import grouped
from app.i18n import t
from helpers import numbered
from puzzles import huarong, run
from puzzles.statespace import map_job

pytestmark = pytest.mark.e2e

# An honest BFS whose states are the whole grids of ids: the four generals (and the four soldiers) told
# apart, so the search is far too big to end within the limit.
DISTINCT_BFS = '''from collections import deque


def neighbours(state):
    rows, cols = len(state), len(state[0])
    out = []
    for pid in sorted(set(v for row in state for v in row if v)):
        cells = [(r, c) for r in range(rows) for c in range(cols) if state[r][c] == pid]
        for d, dr, dc in (('up', -1, 0), ('down', 1, 0), ('left', 0, -1), ('right', 0, 1)):
            if all(0 <= r + dr < rows and 0 <= c + dc < cols and state[r + dr][c + dc] in (0, pid)
                   for r, c in cells):
                grid = [list(row) for row in state]
                for r, c in cells:
                    grid[r][c] = 0
                for r, c in cells:
                    grid[r + dr][c + dc] = pid
                out.append((pid, d, tuple(map(tuple, grid))))
    return out


def solve(board):
    start = tuple(map(tuple, board))
    visited = {start: None}
    q = deque([start])
    while q:
        state = q.popleft()
        if state[3][1] == 1 and state[4][2] == 1:
            break
        for pid, d, nxt in neighbours(state):
            if nxt not in visited:
                visited[nxt] = (state, pid, d)
                q.append(nxt)
    path = []
    while visited[state] is not None:
        state, pid, d = visited[state]
        path.append((pid, d))
    for pid, d in reversed(path):
        gameHandler.move(pid, d)
'''
LINES = len(DISTINCT_BFS.splitlines())


def said(lang: str) -> re.Pattern:
    """The sample as the page says it: a line of the program, then ``visited`` (the largest) and ``q``
    (groups 1, 2, 3; no named groups: the pattern runs as JavaScript's too)."""
    held = re.escape(t("code_where_held", lang, name="visited", n="@")).replace("@", r"([\d,]+)")
    q = re.escape(t("code_where_size", lang, name="q", n="@")).replace("@", r"([\d,]+)")
    line = re.escape(t("code_where_line", lang, line="@")).replace("@", r"(\d+)")
    return re.compile(line + re.escape(t("code_where_sep", lang)) + held + re.escape(t("code_where_list", lang))
                      + q)


def check_sample(page, lang: str, timeout: int = 10_000) -> None:
    """The sample is shown and true to the program: its line is one of the program's, marked in the editor,
    and ``visited`` is larger than ``q`` (every board queued was visited)."""
    where = page.panel.locator(".code-where")
    expect(where).to_have_text(said(lang), timeout=timeout)  # line, visited, q (a search: more may follow)
    got = said(lang).search(where.text_content())
    line, visited, q = int(got[1]), int(got[2].replace(",", "")), int(got[3].replace(",", ""))
    assert 1 <= line <= LINES
    assert visited > 1000 and 0 < q <= visited, (visited, q)
    marked = page.panel.locator(".cm-error-line")
    expect(marked).to_have_count(1)
    assert marked.text_content().strip() == DISTINCT_BFS.splitlines()[line - 1].strip()


def test_a_static_host_is_isolated_by_the_service_worker_and_the_page_says_where_the_program_is(
        open_game, static_url):
    """A static host sends no isolation headers: the first visit is not isolated, and Stop stops as it
    always did (nothing said of where). From the next load the service worker's answers isolate the page
    (its clock able to jump), and the page asks the program where it is, in English: at the time limit
    (where it waits for the answer), and the program goes on; Keep going clears that, and Stop samples it
    again, larger (Stop waits 0.3 s, which a loaded machine's garbage collection may outlast); the stopped
    status, Run enabled, no move made; then the size of the exact search of the same board, after the sample.
    After a switch to 中文, the stopped run's sample and the exact search's size are said in 中文. (That the
    serve command isolates the page: tests/e2e/test_code.py.)"""
    lang = "en"
    page = installed(open_game, "?game=huarong&lang=%s" % lang, base=static_url)
    assert page.evaluate("crossOriginIsolated") is False
    code = page.code_panel().open()
    code.write(DISTINCT_BFS)
    code.run()  # running is enough to stop: where it is is asked for only when isolated
    expect(code.status()).to_have_text(numbered("code_running", lang, s=None), timeout=60_000)
    code.stop()
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"[\d.]+")))
    expect(page.panel.locator(".code-where")).to_be_hidden()

    page.add_init_script(JUMPING_CLOCK)
    page.reload(True)
    assert page.evaluate("crossOriginIsolated") is True, "the service worker isolates the page"
    code = page.code_panel().open()
    limit = time_limit(page)
    code.write(DISTINCT_BFS)
    code.run()
    keep = code.button("code_keep_going")
    past_the_limit(page, code, lang, after_s=4)  # a search of some thousand boards by then
    expect(keep).to_be_visible()
    past = re.escape(t("code_clock_over", lang, s=900001, limit=limit)).replace("900001", r"\d+")
    expect(page.panel.get_by_role("timer")).to_have_text(re.compile("^" + past + "$"))  # its time, past the limit
    # the answer comes when the program next checks for signals: a garbage collection of a million boards
    # on a loaded machine may hold it for seconds
    check_sample(page, lang, 60_000)
    first = int(said(lang).search(page.panel.locator(".code-where").text_content())[2].replace(",", ""))
    keep.click()  # the program went on after the sample: Keep going clears it, Stop samples it again, larger
    expect(page.panel.locator(".code-where")).to_be_hidden()
    page.wait_for_timeout(2000)
    code.stop()
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"[\d.]+")))
    check_sample(page, lang)
    again = int(said(lang).search(page.panel.locator(".code-where").text_content())[2].replace(",", ""))
    assert again > first, (first, again)
    expect(code.button("code_run")).to_be_enabled()
    assert page.move_count() == 0
    # then the size of the exact search of the same board, as the solver's worker counts it (25,955: the
    # published count for 横刀立马; told apart, as the map's job in CPython counts them)
    board = huarong.Board.parse(json.dumps(page.evaluate("gameHandler.getBoard()")))
    merged = grouped(int(run(map_job(board, {}, {"count": True})).merged_digits))
    reach = t("code_where_reach_merged", lang, n="25,955", m=merged)
    expect(page.panel.locator(".code-where")).to_contain_text(reach, timeout=30_000)
    check_sample(page, lang)  # still the sample, before it
    lang = code.switch_language()
    expect(code.status()).to_have_text(re.compile(re.escape(t("code_stopped", lang, s="@")).replace("@", r"[\d.]+")))
    check_sample(page, lang)
    expect(page.panel.locator(".code-where")).to_contain_text(t("code_where_reach_merged", lang, n="25,955", m=merged))
