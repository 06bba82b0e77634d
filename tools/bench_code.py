"""The Code panel: Run -> the first move of the learner's program on the board, in the page; and the
course's own Huarong BFS (``--course``), the program the time limit is set from.

Cold: a fresh page (new browser context) with the learner's program already saved, Code opened and
Run pressed at once: the time includes the learner's worker starting Pyodide (it starts when the
panel opens). Warm: the same page, the board reset, Run again (the worker is up). The learner's
program makes one move and computes nothing, so the figures are the panel's own cost; the goals:
cold <= 2 s, warm <= 150 ms. Also the longest main-thread task during each Run.
There is no "before": the tree at benchlib.BASELINE has no Code panel.

``--course`` (``.venv/bin/python tools/bench_code.py --course [--runs 5] [--phone]``): the course's Huarong
BFS as a learner translates it (``tools/course_programs.py``) Run on 横刀立马 in the page, five times, each
in a fresh page: the program's own seconds in its worker (``data-run-ms``), Run -> its first move on the
board, and the machine's load average; then one Check of it: each of its 11 cases' seconds (the Time
column). ``--phone`` opens the page as the 390 x 844 phone of the tests. The panel's
``code_panel.TIME_LIMIT_S`` is a wide margin over the slowest of these.
"""

import argparse
import json
import os
import re
import sys

from playwright.sync_api import sync_playwright

from benchlib import ROOT, Tree, launch, median, table
from course_programs import COURSE_HUARONG

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


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RUN_TO_END = """async () => {
    const sec = document.querySelector('#huarong-code');
    sec.removeAttribute('data-run-ms');
    const before = window.gameHandler.moveCount;
    const t0 = performance.now();
    document.querySelector('#huarong-code .code-buttons .btn.primary').click();
    let first = null;
    await new Promise(res => {
        const tick = () => {
            if (first === null && window.gameHandler.moveCount > before) first = performance.now() - t0;
            if (sec.dataset.runMs !== undefined && first !== null) res(); else setTimeout(tick, 5);
        };
        tick();
    });
    return [Number(sec.dataset.runMs) / 1000, first / 1000, window.gameHandler.moveCount - before];
}"""


def _load() -> str:
    return "%.2f %.2f %.2f" % os.getloadavg()


def course(runs: int, phone: bool, throttle: float = 1) -> dict:
    """The course's Huarong BFS in the page: ``runs`` Runs (each in a fresh page) and one Check."""
    tree = Tree("after", ROOT)
    own, first, loads = [], [], []
    cases = []
    with tree.serve() as base, sync_playwright() as p:
        browser = launch(p)
        for i in range(runs + 1):
            ctx = browser.new_context(**(PHONE if phone else {}))
            page = ctx.new_page()
            if throttle != 1:  # Chromium's CPU throttling (DevTools' "slowdown"), a phone's slower CPU
                ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            page.goto(base + "static/favicon.svg")
            page.evaluate("(code) => localStorage.setItem('bfs-puzzles.code.huarong', code)", COURSE_HUARONG)
            page.goto(base + "?game=huarong&lang=en&speed=0")
            page.wait_for_selector("html[data-app-state=ready]", timeout=120_000)
            page.get_by_role("button", name="Code", exact=True).click()
            page.wait_for_selector("#huarong-code .cm-content", timeout=60_000)
            page.wait_for_selector("#huarong-code[data-worker-ms]", timeout=120_000)  # the worker is up
            if i < runs:
                loads.append(_load())
                t_own, t_first, n = page.evaluate(RUN_TO_END)
                own.append(t_own)
                first.append(t_first)
                print("run %d: program %.2f s, Run -> first move %.2f s, %d moves, load %s"
                      % (i + 1, t_own, t_first, n, loads[-1]), file=sys.stderr)
            else:  # Check: each case's time from its row
                loads.append(_load())
                page.get_by_role("button", name="Check", exact=True).click()
                page.wait_for_function("/passed/.test(document.querySelector('#huarong-code-status').textContent)",
                                       timeout=600_000)
                for row in page.locator("#huarong-code .code-table tbody tr").all():
                    cells = row.locator("td").all_text_contents()
                    m = re.match(r"([\d.]+) ms", cells[-1])
                    cases.append((cells[0], float(m.group(1)) / 1000 if m else None))
                print("check: %s, load %s" % (page.text_content("#huarong-code-status"), loads[-1]), file=sys.stderr)
            ctx.close()
        browser.close()
    timed = [c for c in cases if c[1] is not None]
    table(
        "The course's Huarong BFS in the page (%s%s; %d Runs on 横刀立马, each in a fresh page)"
        % ("phone 390 x 844" if phone else "laptop", ", CPU slowed %gx" % throttle if throttle != 1 else "", runs),
        ["", "median s", "slowest s"],
        [["the program in its worker", "%.2f" % median(own), "%.2f" % max(own)],
         ["Run -> first move on the board", "%.2f" % median(first), "%.2f" % max(first)],
         ["Check: one case (%d)" % len(timed), "%.2f" % median([c[1] for c in timed]),
          "%.2f" % max(c[1] for c in timed)]],
    )
    print("load average (1, 5, 15 min) at each Run: %s" % "; ".join(loads))
    print("cores: %d" % os.cpu_count())
    out = {"own": own, "first": first, "cases": cases, "loads": loads}
    print(json.dumps(out, ensure_ascii=False))
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--course", action="store_true", help="the course's Huarong BFS (else Run -> first move)")
    ap.add_argument("--phone", action="store_true", help="--course on the tests' 390 x 844 phone")
    ap.add_argument("--throttle", type=float, default=1, help="--course: Chromium's CPU slowdown (e.g. 4)")
    args = ap.parse_args()
    course(args.runs, args.phone, args.throttle) if args.course else bench(args.runs)
