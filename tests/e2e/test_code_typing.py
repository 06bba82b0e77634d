"""Sharing a long program keeps the page's main thread free: no task over 50 ms of CPU (Chromium's trace,
tests/e2e/test_longtask.py's ``long_tasks``). The 60-line program pasted, then typed after, is timed the
same way on the page's main thread by tests/e2e/test_code_paste.py (with :data:`PASTE` and
:func:`sixty_lines`, here)."""

import pytest
from playwright.sync_api import expect
from test_longtask import long_tasks, over_50_ms_twice, watch

from code_programs import HUARONG_BFS

pytestmark = [pytest.mark.e2e, pytest.mark.longtask]

PASTE = """(text) => {
    const content = [...document.querySelectorAll('.cm-content')].find((e) => e.offsetParent);
    const data = new DataTransfer();
    data.setData('text/plain', text);
    content.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def sixty_lines() -> str:
    lines = HUARONG_BFS.splitlines()
    lines += ["# line %d of the learner's notes: a queue, a visited set, a path" % i for i in range(60 - len(lines))]
    return "\n".join(lines[:60]) + "\n"


def test_sharing_a_long_program_makes_no_task_over_50_ms(open_game):
    """Share packs 8,686 characters with Chinese comments without holding the main thread (packing them
    in the page's MicroPython takes about 0.5 s, so the editor's bundle packs them)."""
    import re

    from test_code_learner import long_program

    def run():
        page = open_game("?game=huarong&lang=en")
        code = page.code_panel().open()
        code.write(long_program())
        page.wait_for_function("(localStorage.getItem('bfs-puzzles.code.huarong') || '').length === 8686")
        watch(page)
        code.button("code_share").click()
        expect(page.panel.locator("#huarong-code-link")).to_have_value(re.compile("#code="))
        return long_tasks(page)

    over_50_ms_twice(run)
