"""The Code panel (#23): Run -> the first move of the learner's program on the board, in the page.

Cold: a fresh page (new browser context) with the learner's program already saved, Code opened and
Run pressed at once: the time includes the learner's worker starting Pyodide (it starts when the
panel opens). Warm: the same page, the board reset, Run again (the worker is up). The learner's
program makes one move and computes nothing, so the figures are the panel's own cost; the goals
(issue #23): cold <= 2 s, warm <= 150 ms. Also the longest main-thread task during each Run.
There is no "before": the tree at benchlib.BASELINE has no Code panel.
"""

import json

from playwright.sync_api import sync_playwright

from benchlib import ROOT, Tree, launch, median, table

PROGRAM = "def solve(board):\n    gameHandler.move(10, 'left')\n"
RUN_TO_FIRST_MOVE = """async () => {
    const longest = [0];
    const obs = new PerformanceObserver(list => {
        for (const e of list.getEntries()) longest[0] = Math.max(longest[0], e.duration);
    });
    obs.observe({type: 'longtask'});
    const before = window.gameHandler.moveCount;
    const t0 = performance.now();
    document.querySelector('#huarong-code .code-buttons .btn.primary').click();
    await new Promise(res => {
        const tick = () => window.gameHandler.moveCount > before ? res() : setTimeout(tick, 2);
        tick();
    });
    const t = (performance.now() - t0) / 1000;
    await new Promise(res => setTimeout(res, 300));
    obs.disconnect();
    return [t, longest[0]];
}"""


def bench(runs: int) -> None:
    tree = Tree("after", ROOT)
    cold, warm, tasks_cold, tasks_warm, starts = [], [], [], [], []
    with tree.serve() as base, sync_playwright() as p:
        browser = launch(p)
        for _ in range(runs):
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(base + "static/favicon.svg")
            page.evaluate("(code) => localStorage.setItem('bfs-puzzles.code.huarong', code)", PROGRAM)
            page.goto(base + "?game=huarong&lang=en&speed=0")
            page.wait_for_selector("html[data-app-state=ready]", timeout=60_000)
            page.get_by_role("button", name="Code", exact=True).click()
            page.wait_for_selector("#huarong-code .cm-content", timeout=60_000)
            t, task = page.evaluate(RUN_TO_FIRST_MOVE)
            cold.append(t)
            tasks_cold.append(task)
            starts.append(int(page.get_attribute("#huarong-code", "data-worker-ms") or 0) / 1000)
            for _ in range(3):
                page.wait_for_selector("#huarong-code[data-running='']")
                page.get_by_role("button", name="Reset", exact=True).click()
                page.wait_for_function("gameHandler.moveCount === 0")
                t, task = page.evaluate(RUN_TO_FIRST_MOVE)
                warm.append(t)
                tasks_warm.append(task)
            ctx.close()
        browser.close()
    table(
        "Code panel: Run -> first move on the board (medians; cold over %d pages, warm over %d runs)"
        % (runs, len(warm)),
        ["", "seconds", "goal", "longest task ms"],
        [["cold (first Run after opening)", "%.3f" % median(cold), "<= 2", "%.0f" % max(tasks_cold)],
         ["  of which the worker's Pyodide start", "%.3f" % median(starts), "", ""],
         ["warm", "%.3f" % median(warm), "<= 0.150", "%.0f" % max(tasks_warm)]],
    )
    print(json.dumps({"cold": cold, "warm": warm, "worker_start": starts}))
