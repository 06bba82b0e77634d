"""The page: 横刀立马, click on Solve -> the board solved (``speed=0``), both
metrics, before -> after, with the longest main-thread task seen meanwhile
(a ``PerformanceObserver('longtask')``: tasks of 50 ms and more).

Each tree is served and opened in Debian's Chromium; after the solver is
ready, the default layout (横刀立马) is reopened and solved ``runs`` times per
metric. The time runs from the click to the moment the status says the
outcome *and* ``gameHandler.isSolved()`` holds: the search in the worker, the
answer's trip to the page and the whole playback.
"""

import sys

from playwright.sync_api import sync_playwright

from benchlib import ROOT, launch, median, ratio, table, trees

sys.path.insert(0, str(ROOT / "py"))
from puzzles.huarong_layouts import find_layout  # noqa: E402

CLICK_TO_SOLVED = """async () => {
    const status = document.getElementById('huarong-status');
    const longest = [0];
    const obs = new PerformanceObserver(list => {
        for (const e of list.getEntries()) longest[0] = Math.max(longest[0], e.duration);
    });
    obs.observe({type: 'longtask'});
    const t0 = performance.now();
    document.querySelector('#panel-huarong .btn.primary').click();
    await new Promise(res => {
        const done = () => /^Solved/.test(status.textContent) && window.gameHandler.isSolved();
        const tick = () => done() ? res() : setTimeout(tick, 2);
        tick();
    });
    const t = (performance.now() - t0) / 1000;
    await new Promise(res => setTimeout(res, 300));  // a long task ending now is reported a little later
    obs.disconnect();
    return [t, longest[0]];
}"""


def _measure(tree: object, p: object, runs: int) -> dict:
    out = {}
    with tree.serve() as base:
        browser = launch(p)
        page = browser.new_page()
        page.goto(base + "?lang=en&speed=0")
        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
        for metric in ("cell", "piece"):
            page.select_option("#huarong-metric", metric)
            times, tasks = [], []
            for _ in range(runs):
                page.select_option("#hr-layout", str(find_layout("横刀立马").index))
                page.wait_for_function("gameHandler.moveCount === 0 && !gameHandler.isSolved()")
                page.wait_for_timeout(300)  # the page may look ahead while idle: that is the point
                t, task = page.evaluate(CLICK_TO_SOLVED)
                times.append(t)
                tasks.append(task)
                page.wait_for_selector("html[data-solver-state=idle]")
            out[metric] = (median(times), max(tasks))
        browser.close()
    return out


def bench(runs: int) -> None:
    with sync_playwright() as p:
        sides = {tree.name: _measure(tree, p, runs) for tree in trees()}
    rows = []
    for metric in ("cell", "piece"):
        (b, bt), (a, at) = sides["before"][metric], sides["after"][metric]
        rows.append([metric, "%.3f" % b, "%.3f" % a, ratio(b, a), "%.0f" % bt, "%.0f" % at])
    table(
        "横刀立马 in the page, click on Solve -> solved (speed=0), median of %d runs; longest main-thread task "
        "(ms, 0 = none of 50 ms or more) over all runs" % runs,
        ["metric", "before s", "after s", "ratio", "longest task before", "after"],
        rows,
    )
