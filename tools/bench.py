"""Benchmarks (not tests): print medians over several runs.

    .venv/bin/python tools/bench.py engine   # Huarong solver in CPython, the paper's six layouts
    .venv/bin/python tools/bench.py browser  # start-up and Solve in headless Chromium, with CPython ratios
    .venv/bin/python tools/bench.py linkup   # Link-up solver on 100 seeded random 18x8 boards, CPython
    .venv/bin/python tools/bench.py sliding  # optimal 4x4 on Korf's instances 1-5: CPython and the browser

Run tools/setup.sh test first (it installs Chromium and the .venv).
"""

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from puzzles.huarong_layouts import PAPER_SIX, find_layout  # noqa: E402
from puzzles.huarong_solver import solve  # noqa: E402


def engine_times(runs: int) -> dict:
    out = {}
    for name in PAPER_SIX:
        board = find_layout(name).board
        for metric in ("cell", "piece"):
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                sol = solve(board, metric)
                times.append(time.perf_counter() - t0)
            out[(name, metric)] = (statistics.median(times), sol)
    return out


def bench_engine(runs: int) -> None:
    print("Huarong solver, CPython %s, median of %d runs" % (sys.version.split()[0], runs))
    print("%-10s %-6s %6s %9s %9s" % ("layout", "metric", "steps", "explored", "seconds"))
    for (name, metric), (sec, sol) in engine_times(runs).items():
        steps = sol.steps if sol.steps is not None else "none"
        print("%-10s %-6s %6s %9d %9.4f" % (name, metric, steps, sol.positions, sec))


def bench_browser(runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from serve import make_server

    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    args = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"]
    ready, solver = [], []
    with sync_playwright() as p:
        for _ in range(runs):  # cold: a new browser with a fresh profile every run
            with tempfile.TemporaryDirectory() as profile:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", headless=True, args=args
                )
                page = ctx.new_page()
                page.goto(base + "?lang=en", wait_until="commit")
                page.wait_for_selector("html[data-app-state=ready]", timeout=60_000)
                page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
                marks = page.evaluate(
                    """() => ({nav: performance.timeOrigin,
                         ready: window.__readyAt, solver: window.__solverAt})"""
                )
                ready.append(marks["ready"] / 1000)
                solver.append(marks["solver"] / 1000)
                ctx.close()
        print("Start-up in headless Chromium, cold (fresh profile), median of %d runs" % runs)
        print(
            "  navigation -> board playable (data-app-state=ready): %.2f s  (runs: %s)"
            % (statistics.median(ready), ", ".join("%.2f" % x for x in ready))
        )
        print(
            "  navigation -> solver ready (data-solver-state=idle): %.2f s  (runs: %s)"
            % (statistics.median(solver), ", ".join("%.2f" % x for x in solver))
        )

        cpython = engine_times(runs)
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
        page = browser.new_page()
        page.goto(base + "?lang=en&speed=0")
        page.wait_for_selector("html[data-solver-state=idle]", timeout=120_000)
        print("\nSolve in the browser (click -> status), median of %d runs, vs the same solve in CPython" % runs)
        print("%-10s %-6s %9s %9s %7s" % ("layout", "metric", "browser s", "CPython s", "ratio"))
        for name in PAPER_SIX:
            lay = find_layout(name)
            for metric in ("cell", "piece"):
                page.select_option("#huarong-metric", metric)
                times = []
                for _ in range(runs):
                    page.select_option("#hr-layout", str(lay.index))
                    page.wait_for_function("gameHandler.moveCount === 0")
                    t = page.evaluate(
                        """async () => {
                            const status = document.getElementById('hr-status');
                            const t0 = performance.now();
                            document.querySelector('.btn.primary').click();
                            await new Promise(res => {
                                const done = () => /^(Solved|No solution)/.test(status.textContent);
                                const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); res(); } });
                                obs.observe(status, {childList: true, characterData: true, subtree: true});
                            });
                            return (performance.now() - t0) / 1000;
                        }"""
                    )
                    times.append(t)
                    page.wait_for_selector("html[data-solver-state=idle]")
                b = statistics.median(times)
                c = cpython[(name, metric)][0]
                print("%-10s %-6s %9.3f %9.4f %6.1fx" % (name, metric, b, c, b / c))
        browser.close()
    server.shutdown()


def bench_linkup(boards: int = 100, budget: int = 100_000) -> None:
    from puzzles import Rng
    from puzzles.linkup import Board
    from puzzles.linkup_solver import solve as lu_solve

    times, statuses = [], {}
    for seed in range(boards):
        kinds = [i // 4 + 1 for i in range(144)]
        Rng(seed).shuffle(kinds)  # random, not generated-clearable: 36 kinds x 4 over 8 x 18
        t0 = time.perf_counter()
        result = lu_solve(Board(8, 18, kinds), budget=budget)
        times.append(time.perf_counter() - t0)
        statuses[result.status] = statuses.get(result.status, 0) + 1
    times.sort()
    p90 = times[int(0.9 * len(times)) - 1]
    decided = statuses.get("solved", 0) + statuses.get("unsolvable", 0)
    print(
        "Link-up solver, CPython %s, %d seeded random 8x18 boards (36 kinds x 4), budget %d nodes"
        % (sys.version.split()[0], boards, budget)
    )
    print("  median %.3f s   p90 %.3f s   max %.3f s" % (statistics.median(times), p90, times[-1]))
    print("  decided %d of %d: %s" % (decided, boards, ", ".join("%s %d" % kv for kv in sorted(statuses.items()))))


KORF = ROOT / "tests" / "data" / "korf-instances.json"


def bench_sliding(runs: int) -> None:
    """Each Korf instance solved optimally: CPython (median of ``runs``) and the browser (median of ``runs``,
    click on Solve -> "Solved: N moves", the worker's pattern tables already loaded)."""
    import json

    from playwright.sync_api import sync_playwright

    from puzzles import sliding, sliding_solver
    from serve import make_server

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

    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    args = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--no-first-run"]
    browser_times = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=args)
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
                        const status = document.getElementById('sp-status');
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
    server.shutdown()

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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["engine", "browser", "linkup", "sliding"])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    if a.what == "engine":
        bench_engine(a.runs)
    elif a.what == "linkup":
        bench_linkup()
    elif a.what == "sliding":
        bench_sliding(a.runs)
    else:
        bench_browser(a.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
