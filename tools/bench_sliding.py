"""Sliding: the optimal 4 x 4 search on Korf's instances 1-5, in CPython and in
the page (click on Solve -> "Solved: N moves", the worker's tables loaded).

The working tree only: issue #11's sliding work (tables for the other shapes,
pruning, walking distance) has not landed, so there is no "after" to set
against the baseline yet; this prints the figures the issue's table quotes.
"""

import statistics
import sys
import time

from benchlib import ROOT, Tree, launch

sys.path.insert(0, str(ROOT / "py"))

KORF = ROOT / "tests" / "data" / "korf-instances.json"


def bench(runs: int) -> None:
    """Each Korf instance solved optimally: CPython (median of ``runs``) and the browser (median of ``runs``,
    click on Solve -> "Solved: N moves", the worker's pattern tables already loaded)."""
    import json

    from playwright.sync_api import sync_playwright

    from puzzles import sliding, sliding_solver

    instances = json.loads(KORF.read_text())["instances"]
    t0 = time.perf_counter()
    with open(sliding_solver.table_path(), "rb") as f:
        sliding_solver.install_tables(f.read())
    print("4x4 pattern tables %s: loaded in %.2f s (CPython)" % (sliding_solver.GROUPS_4X4, time.perf_counter() - t0))
    cpython = {}
    for inst in instances:
        board = sliding.Board.from_grid(inst["board"])
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            sol = sliding_solver.solve(board)
            times.append(time.perf_counter() - t0)
        assert len(sol.moves) == inst["optimal"] and board.play(sol.moves).is_solved()
        cpython[inst["korf_id"]] = (statistics.median(times), sol.positions)

    browser_times = {}
    with Tree("after", ROOT).serve() as base, sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        page.goto(base + "?game=sliding&lang=en&speed=0")
        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
        first = None
        for inst in instances:
            times, nodes = [], None
            for _ in range(runs):
                page.get_by_role("tabpanel").locator("details.paste").evaluate("d => d.open = true")
                page.fill("#sliding-board-input", json.dumps(inst["board"]))
                page.get_by_role("tabpanel").get_by_role("button", name="Load").click()
                page.wait_for_function("gameHandler.moveCount === 0 && !gameHandler.isSolved()")
                t, nodes = page.evaluate(
                    """async () => {
                        const status = document.getElementById('sliding-status');
                        const t0 = performance.now();
                        document.querySelector('#panel-sliding .btn.primary').click();
                        await new Promise(res => {
                            const done = () => /^Solved: \\d+ moves$/.test(status.textContent);
                            const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); res(); } });
                            obs.observe(status, {childList: true, characterData: true, subtree: true});
                        });
                        return [(performance.now() - t0) / 1000, Number(status.dataset.positions)];
                    }"""
                )
                page.wait_for_function("gameHandler.isSolved()")
                if first is None:
                    first = t  # includes fetching and loading the tables into the worker
                else:
                    times.append(t)
            browser_times[inst["korf_id"]] = (statistics.median(times) if times else first, nodes)
        browser.close()

    print("\nOptimal 4x4 (IDA*, 6-6-3 pattern tables + reflection), median of %d runs" % runs)
    print("first browser solve, tables fetched and loaded included: %.2f s" % first)
    print(
        "%-6s %8s %11s %11s %10s %11s %7s" % ("korf", "optimal", "nodes", "CPython s", "browser s", "b. nodes", "ratio")
    )
    for inst in instances:
        k = inst["korf_id"]
        c, cn = cpython[k]
        b, bn = browser_times[k]
        print("%-6d %8d %11d %11.2f %10.2f %11d %6.1fx" % (k, inst["optimal"], cn, c, b, bn, b / c))
    bs = [browser_times[i["korf_id"]][0] for i in instances]
    cs = [cpython[i["korf_id"]][0] for i in instances]
    print(
        "median: CPython %.2f s, browser %.2f s; slowest in the browser %.2f s"
        % (statistics.median(cs), statistics.median(bs), max(bs))
    )
